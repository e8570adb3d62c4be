"""The rules reader: a game's rules pages in our own words (``assets/rules/<game>.txt``, parsed by
``rules_pages``), with its cards drawn by the table's own face code.

Pages turn with Left/Right, the Previous/Next buttons or the page numbers (keys 1-9); a page
longer than the window scrolls by whole rows (Up/Down, PgUp/PgDn, the wheel, the scroll bar);
Space and Enter read on (scroll, then the next page). Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.registry import find_game
from scenes import theme
from scenes.rules_layout import Layout, lay_out, stops, text_size, visible
from scenes.rules_pages import Page, rules_pages
from scenes.rules_pictures import Pictures
from scenes.scene import Scene
from scenes.table.reflex import key_label
from scenes.theme import fitted

if TYPE_CHECKING:
    from scenes.scene import AppPort


BUTTON_LABELS = {"previous": "‹ Previous", "next": "Next ›"}


def hint(bindings: dict[str, str]) -> str:
    """The footer's reminder of the keys, as they are bound now."""
    keys = {name: key_label(bindings.get(name, name)) for name in ("left", "right", "up", "down")}
    ready = key_label(bindings.get("ready", "space"))
    return (
        f"{keys['left']}/{keys['right']}: page   {keys['up']}/{keys['down']}, wheel: scroll   "
        f"{ready}: read on   Esc: back"
    )


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app: AppPort, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.title = find_game(game_id).info.title
        self.pages: list[Page] = rules_pages(game_id)
        self.pictures = Pictures(game_id)
        self.page = 0
        self.top = 0  # index into the page's scroll stops
        self.layouts: list[Layout] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.inner = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)  # where the page's rows show (below its title)
        self.buttons: dict[str, pygame.Rect] = {}
        self.chips: list[pygame.Rect] = []
        self.bar = pygame.Rect(0, 0, 0, 0)
        self.dragging: tuple[int, int] | None = None  # (mouse y, stop) when the thumb was taken

    # --- layout ------------------------------------------------------------------------------
    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        scale = theme.scale_for(size)
        margin = max(12, round(50 * scale))
        head = max(40, round(78 * scale))
        foot = max(64, round(104 * scale))
        self.box = pygame.Rect(margin, head, width - 2 * margin, height - head - foot)
        pad = max(12, round(24 * scale))
        self.inner = self.box.inflate(-2 * pad, -2 * pad)
        title_h = theme.font(text_size("title", scale), True).get_linesize() + round(8 * scale)
        bar_w = max(10, round(14 * scale))
        self.view = pygame.Rect(
            self.inner.x,
            self.inner.y + title_h,
            self.inner.width - bar_w - pad // 2,
            self.inner.height - title_h,
        )
        self.bar = pygame.Rect(self.inner.right - bar_w, self.view.y, bar_w, self.view.height)
        self.layouts = [
            lay_out(page, self.pictures, self.view.width, self.view.height, scale)
            for page in self.pages
        ]
        self._place_footer(size, scale)
        self.top = min(self.top, len(self.stops()) - 1)

    def _place_footer(self, size: tuple[int, int], scale: float) -> None:
        width, height = size
        button_h = max(28, round(44 * scale))
        y = self.box.bottom + max(8, round(12 * scale))
        button_w = max(96, round(170 * scale))
        self.buttons = {
            "previous": pygame.Rect(self.box.x, y, button_w, button_h),
            "next": pygame.Rect(self.box.right - button_w, y, button_w, button_h),
        }
        room = self.box.width - 2 * button_w - 2 * max(8, round(12 * scale))
        count = len(self.pages)
        chip = max(24, min(button_h, (room - 4 * (count - 1)) // max(1, count)))
        gap = max(4, round(8 * scale))
        total = count * chip + (count - 1) * gap
        x = size[0] // 2 - total // 2
        self.chips = [
            pygame.Rect(x + i * (chip + gap), y + (button_h - chip) // 2, chip, chip)
            for i in range(count)
        ]

    def stops(self) -> list[int]:
        if not self.layouts:
            return [0]
        return stops(self.layouts[self.page], self.view.height)

    # --- moving about ------------------------------------------------------------------------
    def turn(self, delta: int) -> None:
        self.go(self.page + delta)

    def go(self, page: int) -> None:
        page = max(0, min(len(self.pages) - 1, page))
        if page != self.page:
            self.page, self.top = page, 0

    def scroll(self, delta: int) -> bool:
        """Scroll by ``delta`` rows; False if the page is already at that end."""
        top = max(0, min(len(self.stops()) - 1, self.top + delta))
        moved = top != self.top
        self.top = top
        return moved

    def screen_down(self) -> bool:
        """Scroll so the first row not wholly shown comes to the top; False at the page's end."""
        marks = self.stops()
        if self.top >= len(marks) - 1:
            return False
        layout = self.layouts[self.page]
        shown = visible(layout, marks[self.top], self.view.height)
        bottom = shown[-1].y + shown[-1].height if shown else marks[self.top]
        later = [i for i, y in enumerate(marks) if y >= bottom]
        self.top = later[0] if later else len(marks) - 1
        return True

    def screen_up(self) -> bool:
        marks = self.stops()
        if self.top == 0:
            return False
        target = marks[self.top] - self.view.height
        self.top = next(i for i, y in enumerate(marks) if y >= target)
        return True

    def read_on(self) -> None:
        """Space / Enter: the rest of this page, then the next page."""
        if not self.screen_down():
            self.turn(1)

    def handle(self, event: pygame.event.Event) -> bool:
        intent = self.app.intent(event)
        if intent == "back":
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event, intent)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-2 * event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            start_y, start_top = self.dragging
            marks = self.stops()
            per_stop = self.bar.height / max(1, len(marks))
            self.top = max(
                0, min(len(marks) - 1, start_top + round((event.pos[1] - start_y) / per_stop))
            )
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        return False

    def _key(self, event: pygame.event.Event, intent: str | None) -> bool:
        key = event.key
        if intent == "left":
            self.turn(-1)
        elif intent == "right":
            self.turn(1)
        elif intent == "up":
            self.scroll(-1)
        elif intent == "down":
            self.scroll(1)
        elif intent in ("ready", "play"):
            self.read_on()
        elif key == pygame.K_PAGEDOWN:
            self.screen_down()
        elif key == pygame.K_PAGEUP:
            self.screen_up()
        elif key == pygame.K_HOME:
            self.go(0)
        elif key == pygame.K_END:
            self.go(len(self.pages) - 1)
        elif pygame.K_1 <= key <= pygame.K_9:
            self.go(key - pygame.K_1)
        else:
            return False
        return True

    def _click(self, pos: tuple[int, int]) -> bool:
        if self.buttons["previous"].collidepoint(pos):
            self.turn(-1)
        elif self.buttons["next"].collidepoint(pos):
            self.turn(1)
        elif any(chip.collidepoint(pos) for chip in self.chips):
            self.go(next(i for i, chip in enumerate(self.chips) if chip.collidepoint(pos)))
        elif self.bar.collidepoint(pos) and len(self.stops()) > 1:
            thumb = self.thumb()
            if pos[1] < thumb.top:
                self.screen_up()
            elif pos[1] > thumb.bottom:
                self.screen_down()
            else:
                self.dragging = (pos[1], self.top)
        else:
            return False
        return True

    def thumb(self) -> pygame.Rect:
        marks = self.stops()
        layout = self.layouts[self.page]
        total = max(1, layout.height)
        h = max(self.bar.width * 2, round(self.bar.height * min(1.0, self.view.height / total)))
        travel = self.bar.height - h
        y = self.bar.y + (round(travel * self.top / (len(marks) - 1)) if len(marks) > 1 else 0)
        return pygame.Rect(self.bar.x, y, self.bar.width, h)

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        scale = theme.scale_for((width, height))
        theme.header(surface, f"{self.title}: the rules", size=46, centre_y=self.box.y / 2)
        theme.panel(surface, self.box, alpha=235)
        if not self.pages:
            return
        page = self.pages[self.page]
        title_size = fitted(page.title, text_size("title", scale), self.inner.width, True)
        theme.blit_text(surface, page.title, title_size, self.inner.topleft, theme.GOLD, bold=True)
        self._draw_rows(surface)
        if len(self.stops()) > 1:
            pygame.draw.rect(surface, theme.PANEL_EDGE, self.bar, 1, border_radius=4)
            pygame.draw.rect(surface, theme.GOLD, self.thumb(), border_radius=4)
        self._draw_footer(surface, scale)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        layout = self.layouts[self.page]
        top = self.stops()[self.top]
        for row in visible(layout, top, self.view.height):
            y = self.view.y + row.y - top
            for part in row.parts:
                at = (self.view.x + part.x, y + part.dy)
                if part.card:
                    surface.blit(self.pictures.get(part.card, part.card_height), at)
                else:
                    theme.blit_text(surface, part.text, part.size, at, part.colour, bold=part.bold)

    def _draw_footer(self, surface: pygame.Surface, scale: float) -> None:
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        labels = BUTTON_LABELS
        ends = {"previous": self.page == 0, "next": self.page == len(self.pages) - 1}
        for name, rect in self.buttons.items():
            colour = theme.BUTTON_HOVER if rect.collidepoint(mouse) else theme.BUTTON
            pygame.draw.rect(surface, colour, rect, border_radius=8)
            pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=8)
            ink = theme.INK_DIM if ends[name] else theme.INK
            size = fitted(labels[name], max(16, round(24 * scale)), rect.width - 8)
            theme.blit_text(surface, labels[name], size, rect.center, ink, "center")
        for i, chip in enumerate(self.chips):
            current = i == self.page
            pygame.draw.rect(
                surface, theme.GOLD if current else theme.BUTTON, chip, border_radius=6
            )
            pygame.draw.rect(surface, theme.PANEL_EDGE, chip, 1, border_radius=6)
            ink = theme.PANEL if current else theme.INK
            size = fitted(str(i + 1), round(chip.height * 0.62), chip.width - 4, True)
            theme.blit_text(surface, str(i + 1), size, chip.center, ink, "center", True)
        keys = hint(self.app.settings.bindings)
        size = fitted(keys, max(14, round(20 * scale)), surface.get_width() - 20)
        y = max(b.bottom for b in self.buttons.values()) + max(4, round(8 * scale))
        theme.blit_text(surface, keys, size, (surface.get_width() / 2, y), theme.INK_DIM, "midtop")
