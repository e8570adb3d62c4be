"""The rules reader: a game's rules as Omnibus plays them (``RULINGS.md``) and the original rule
text, laid out in pages that fit the window. ←/→ or PgUp/PgDn turn pages; Esc goes back."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.registry import find_game
from scenes import theme
from scenes.resources import resource_path
from scenes.scene import Scene

if TYPE_CHECKING:
    from scenes.app_port import AppPort


@dataclass(frozen=True)
class Line:
    text: str
    style: str  # "h1", "h2", "body", "table", "gap"


def rulings_section(markdown: str, title: str) -> str:
    """The ``## <title> ...`` section of RULINGS.md plus its general principles."""
    sections = re.split(r"^(?=## )", markdown, flags=re.MULTILINE)
    principles = ""
    intro = sections[0]
    if "Principles for every game" in intro:
        principles = (
            "## Principles for every game\n" + intro.split("Principles for every game", 1)[1]
        )
    for section in sections[1:]:
        heading = section.splitlines()[0][3:].strip()
        name = heading.split(" (")[0].split(":")[0].strip()
        if name.lower() == title.lower() or heading.lower().startswith(title.lower() + " "):
            return section.rstrip("-\n ") + "\n\n" + principles.rstrip("-\n ")
    return principles


def parse_markdown(markdown: str) -> list[Line]:
    lines: list[Line] = []
    for raw in markdown.splitlines():
        text = raw.rstrip()
        if not text.strip() or set(text.strip()) <= {"-"}:
            if lines and lines[-1].style != "gap":
                lines.append(Line("", "gap"))
            continue
        text = re.sub(r"\*\*(.+?)\*\*", r"\1", text)
        text = re.sub(r"\*(.+?)\*", r"\1", text).replace("`", "")
        if text.startswith("## ") or text.startswith("# "):
            lines.append(Line(text.lstrip("# "), "h1"))
        elif text.startswith("|"):
            cells = [c.strip() for c in text.strip("|").split("|")]
            if all(set(c) <= {"-", ":", " "} for c in cells):
                continue
            lines.append(Line("\t".join(cells), "table"))
        elif text.isupper() or text.rstrip(":").istitle() and len(text) < 40:
            lines.append(Line(text, "h2"))
        elif (
            lines
            and lines[-1].style == "body"
            and not _starts_item(raw)
            and not raw.lstrip().startswith("*")
        ):
            # Source lines are hard-wrapped: join them into one paragraph to wrap to the page.
            lines[-1] = Line(lines[-1].text + " " + text.strip(), "body")
        else:
            lines.append(Line(text.strip() if not _starts_item(text) else text, "body"))
    return lines


def _starts_item(text: str) -> bool:
    stripped = text.lstrip()
    return stripped.startswith(("- ", "* ")) or bool(re.match(r"\d+\. ", stripped))


def rules_text(game_id: str) -> list[Line]:
    """Our rulings first (what the program enforces), then the rule text we were given."""
    game = find_game(game_id)
    rulings = resource_path("assets", "rules", "RULINGS.md").read_text(encoding="utf-8")
    lines = parse_markdown(rulings_section(rulings, game.info.title))
    original = resource_path("assets", "rules", f"{game_id}.txt")
    if original.exists():
        lines.append(Line("", "gap"))
        lines.append(Line(f"The original rule text of {game.info.title}", "h1"))
        for paragraph in original.read_text(encoding="utf-8").splitlines():
            paragraph = paragraph.strip()
            if not paragraph:
                continue
            if ":" in paragraph[:30] and paragraph.split(":")[0].isupper():
                head, rest = paragraph.split(":", 1)
                lines.append(Line(head.title(), "h2"))
                paragraph = rest.strip()
            lines.append(Line(paragraph, "body"))
    return lines


STYLE_SIZE = {"h1": 34, "h2": 27, "body": 24, "table": 23, "gap": 12}
STYLE_COLOUR = {
    "h1": theme.GOLD,
    "h2": theme.GOLD,
    "body": theme.INK,
    "table": theme.INK,
    "gap": theme.INK,
}


def paginate(
    lines: list[Line], width: int, height: int, scale: float
) -> list[list[tuple[str, str]]]:
    """Wrap to ``width`` and cut into pages of ``height`` pixels; a heading never ends a page."""
    pages: list[list[tuple[str, str]]] = [[]]
    used = 0.0
    for line in lines:
        size = round(STYLE_SIZE[line.style] * scale)
        if line.style == "table" or not line.text:
            wrapped = [line.text]
        else:
            wrapped = theme.wrap(line.text, size, width, bold=line.style in ("h1", "h2"))
        for i, piece in enumerate(wrapped):
            step = size * (1.0 if line.style != "gap" else 0.6) + 4 * scale
            need = step * (3 if line.style in ("h1", "h2") else 1)
            if used + need > height and pages[-1]:
                pages.append([])
                used = 0.0
            if not pages[-1] and line.style == "gap":
                continue
            pages[-1].append((piece, line.style if i == 0 or line.style != "h1" else "h1"))
            used += step
    return [page for page in pages if page]


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app: AppPort, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.title = find_game(game_id).info.title
        self.lines = rules_text(game_id)
        self.page = 0
        self.pages: list[list[tuple[str, str]]] = []
        self.box = pygame.Rect(0, 0, 0, 0)

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        scale = theme.scale_for(size)
        margin = round(60 * scale)
        self.box = pygame.Rect(
            margin, round(90 * scale), size[0] - 2 * margin, size[1] - round(160 * scale)
        )
        inner = self.box.inflate(-round(48 * scale), -round(40 * scale))
        self.pages = paginate(self.lines, inner.width, inner.height, scale)
        self.page = min(self.page, len(self.pages) - 1)

    def turn(self, delta: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + delta))

    def handle(self, event: pygame.event.Event) -> bool:
        intent = self.app.intent(event)
        if intent == "back":
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN:
            if intent in ("left", "up") or event.key == pygame.K_PAGEUP:
                self.turn(-1)
                return True
            if intent in ("right", "down", "ready", "play") or event.key == pygame.K_PAGEDOWN:
                self.turn(1)
                return True
            if event.key == pygame.K_HOME:
                self.page = 0
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.turn(-1 if event.pos[0] < self.app.size[0] // 3 else 1)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-event.y)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        width, height = surface.get_size()
        scale = theme.scale_for((width, height))
        theme.blit_text(
            surface,
            f"{self.title}: the rules",
            round(48 * scale),
            (width / 2, 48 * scale),
            theme.GOLD,
            "center",
            bold=True,
        )
        theme.panel(surface, self.box, alpha=235)
        x = self.box.x + 24 * scale
        y = self.box.y + 20 * scale
        for text, style in self.pages[self.page] if self.pages else []:
            size = round(STYLE_SIZE[style] * scale)
            if style == "table":
                cells = text.split("\t")
                column = (self.box.width - 48 * scale) / max(1, len(cells))
                for i, cell in enumerate(cells):
                    theme.blit_text(surface, cell, size, (x + i * column, y), STYLE_COLOUR[style])
            elif text:
                theme.blit_text(
                    surface, text, size, (x, y), STYLE_COLOUR[style], bold=style in ("h1", "h2")
                )
            y += size * (1.0 if style != "gap" else 0.6) + 4 * scale
        footer = f"Page {self.page + 1} of {max(1, len(self.pages))}   ·   Left/Right or click to turn   ·   Esc to go back"
        theme.blit_text(
            surface,
            footer,
            round(22 * scale),
            (width / 2, height - 30 * scale),
            theme.INK_DIM,
            "center",
        )
