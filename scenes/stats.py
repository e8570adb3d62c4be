"""The statistics scene: per game, per person (a human seat's name) and per bot level.

Left: who played (matches, wins, win rate, streaks), the chosen one's figures (each named by the
game: per match and in all) and latest results. Right: win rate per person and level as bars,
and one figure of the chosen one over the kept history with wins marked. Left/right change the
game (or click its tab), Tab (or a click on a row) the person, up/down the charted figure, Esc
goes back. Every text is fitted to its column and panel, and recorded in ``drawn`` (tests
measure it at every window size).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.registry import all_games, find_game
from game.store.stats import YOU, GameStats, figure_label, is_bot
from scenes import theme
from scenes.scene import Scene
from scenes.stats_chart import draw_history
from scenes.stats_tables import draw_tables, draw_win_bars, fit

if TYPE_CHECKING:
    from collections.abc import Mapping

    from game.store.stats import Statistics
    from scenes.scene import AppPort


def kind_order(stats: GameStats, bot_levels: tuple[str, ...]) -> list[str]:
    """You first, other people by matches played, then bots from the easiest level up."""
    levels = {f"bot:{level}": i for i, level in enumerate(bot_levels)}

    def key(kind: str) -> tuple[int, int, int, str]:
        if not is_bot(kind):
            return (0, kind != YOU, -stats.kinds[kind].played, kind)
        return (1, levels.get(kind, len(levels)), 0, kind)

    return sorted(stats.kinds, key=key)


class StatsScene(Scene):
    name = "stats"

    def __init__(self, app: AppPort, stats: Statistics, game_id: str | None = None) -> None:
        super().__init__(app)
        self.stats = stats
        # Every game, in the registry's order (one not yet played says so); ``game_id`` first
        # shown (the game just played), else the game of the latest match kept.
        self.game_ids = [g.info.id for g in all_games()]
        first = game_id or stats.last_played()
        self.index = self.game_ids.index(first) if first in self.game_ids else 0
        self.figure = 0
        self.who_index = 0
        self.tab_rects: list[pygame.Rect] = []
        self.row_rects: list[tuple[pygame.Rect, int]] = []  # who-played rows: click to choose
        # Every text drawn and the box it must stay in; every panel and the screen.
        self.drawn: list[tuple[pygame.Rect, pygame.Rect, str]] = []
        self.panels: list[pygame.Rect] = []

    # --- state --------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.game_ids[self.index % len(self.game_ids)]

    def current(self) -> GameStats:
        return self.stats.game(self.game_id)

    def labels(self) -> Mapping[str, str]:
        return find_game(self.game_id).stat_labels

    def figures(self) -> list[str]:
        return self.current().figure_names(self.labels())

    def kinds(self) -> list[str]:
        return kind_order(self.current(), find_game(self.game_id).info.bot_levels)

    def charted_kind(self) -> str | None:
        """The person (or bot level) whose figures are shown: You first, Tab for the next."""
        kinds = self.kinds()
        return kinds[self.who_index % len(kinds)] if kinds else None

    def _choose_game(self, index: int) -> None:
        self.index, self.figure, self.who_index = index % len(self.game_ids), 0, 0

    # --- input --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        intent = self.app.intent(event)
        if intent == "back":
            self.app.pop()
            return True
        if intent in ("left", "right"):
            self._choose_game(self.index + (1 if intent == "right" else -1))
            return True
        if intent in ("up", "down") and self.figures():
            self.figure = (self.figure + (1 if intent == "down" else -1)) % len(self.figures())
            return True
        if (
            intent in ("look", "ready")
            or event.type == pygame.KEYDOWN
            and event.key == pygame.K_TAB
        ) and self.kinds():
            self.who_index = (self.who_index + 1) % len(self.kinds())
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self.tab_rects):
                if rect.collidepoint(event.pos):
                    self._choose_game(index)
                    return True
            for rect, who in self.row_rects:
                if rect.collidepoint(event.pos):
                    self.who_index = who
                    return True
        return False

    # --- drawing ------------------------------------------------------------------------------
    def text(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        content: str,
        size: int,
        pos: tuple[float, float],
        colour: tuple[int, int, int] = theme.INK,
        anchor: str = "topleft",
        bold: bool = False,
        width: float | None = None,
    ) -> pygame.Rect:
        """Draw ``content`` cut to ``width`` (or to what is left of ``box`` from ``pos``)."""
        if width is None:
            x = pos[0]
            width = (
                box.right - x if "left" in anchor else x - box.x if "right" in anchor else box.width
            )
        shown = fit(content, size, max(0.0, width), bold)
        rect = theme.blit_text(surface, shown, size, pos, colour, anchor, bold)
        if shown:
            self.drawn.append((rect, box, shown))
        return rect

    def panel(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        theme.panel(surface, box)
        self.panels.append(box.copy())

    def draw(self, surface: pygame.Surface) -> None:
        self.drawn, self.panels, self.row_rects = [], [], []
        width, height = surface.get_size()
        screen = surface.get_rect()
        scale = theme.scale_for((width, height))
        title_size = round(52 * scale)
        top = 8 * scale + theme.font(title_size, True).get_height() / 2  # the title's top at 8
        title = theme.header(surface, "Statistics", size=52, centre_y=top)
        self.drawn.append((title, screen, "Statistics"))
        tabs_top = round(14 * scale) + theme.font(title_size, True).get_linesize()
        tabs_bottom = self._draw_tabs(surface, scale, tabs_top)
        hint_size = max(11, round(20 * scale))
        hint_top = height - round(8 * scale) - theme.font(hint_size).get_linesize()
        hint = "Left/Right: game    Tab: whose figures    Up/Down: charted figure    Esc: back"
        self.text(
            surface,
            screen,
            hint,
            hint_size,
            (width / 2, height - 8 * scale),
            theme.INK_DIM,
            "midbottom",
        )
        margin = round(24 * scale)
        top, bottom = tabs_bottom + round(12 * scale), hint_top - round(8 * scale)
        stats = self.current()
        if not stats.kinds:
            self._draw_empty(
                surface, scale, pygame.Rect(margin, top, width - 2 * margin, bottom - top)
            )
            return
        left = pygame.Rect(margin, top, round(width * 0.52) - margin * 3 // 2, bottom - top)
        right = pygame.Rect(left.right + margin, top, width - left.right - 2 * margin, bottom - top)
        self._draw_tables(surface, left, stats, scale)
        kinds = len(stats.kinds)
        row = theme.font(max(11, round(22 * scale))).get_linesize() + round(8 * scale)
        bars_height = min(round(right.height * 0.42), round(48 * scale) + row * kinds)
        self._draw_win_bars(
            surface, pygame.Rect(right.x, right.y, right.width, bars_height), stats, scale
        )
        chart = pygame.Rect(
            right.x,
            right.y + bars_height + margin // 2,
            right.width,
            right.height - bars_height - margin // 2,
        )
        self.panel(surface, chart)
        kind, figures = self.charted_kind(), self.figures()
        if kind is not None and figures:
            figure = figures[self.figure % len(figures)]
            draw_history(
                self,
                surface,
                chart,
                stats,
                kind,
                figure,
                figure_label(figure, self.labels()),
                scale,
            )

    def _draw_empty(self, surface: pygame.Surface, scale: float, area: pygame.Rect) -> None:
        box = pygame.Rect(
            0, 0, min(area.width, round(640 * scale)), min(area.height, round(120 * scale))
        )
        box.center = area.center
        self.panel(surface, box)
        title = find_game(self.game_id).info.title
        size = round(28 * scale)
        self.text(
            surface,
            box,
            f"No finished matches of {title} yet.",
            size,
            (box.centerx, box.centery - 4 * scale),
            theme.INK,
            "midbottom",
            True,
        )
        self.text(
            surface,
            box,
            "Play one to the end and it will be counted here.",
            round(22 * scale),
            (box.centerx, box.centery + 4 * scale),
            theme.INK_DIM,
            "midtop",
        )

    def _draw_tabs(self, surface: pygame.Surface, scale: float, y: int) -> int:
        """The game tabs in one row (smaller type if they would not fit); their bottom."""
        titles = [find_game(g).info.title for g in self.game_ids]
        gap, size = round(10 * scale), round(26 * scale)
        while True:
            pad = round(size * 0.7)
            widths = [theme.font(size, True).size(t)[0] + 2 * pad for t in titles]
            if sum(widths) + gap * (len(widths) - 1) <= surface.get_width() - 2 * gap or size <= 10:
                break
            size -= 1
        x = (surface.get_width() - sum(widths) - gap * (len(widths) - 1)) / 2
        height = theme.font(size, True).get_linesize() + round(8 * scale)
        self.tab_rects = []
        for index, (title, w) in enumerate(zip(titles, widths, strict=True)):
            rect = pygame.Rect(round(x), y, w, height)
            chosen = index == self.index % len(self.game_ids)
            radius = round(8 * scale)
            pygame.draw.rect(
                surface, theme.BUTTON_HOVER if chosen else theme.BUTTON, rect, border_radius=radius
            )
            if chosen:
                pygame.draw.rect(
                    surface, theme.FOCUS, rect, width=max(2, round(2 * scale)), border_radius=radius
                )
            colour = theme.INK if chosen else theme.INK_DIM
            self.text(surface, rect, title, size, rect.center, colour, "center", True)
            self.tab_rects.append(rect)
            x += w + gap
        return y + height

    def _draw_tables(
        self, surface: pygame.Surface, box: pygame.Rect, stats: GameStats, scale: float
    ) -> None:
        self.panel(surface, box)
        draw_tables(self, surface, box, stats, scale)

    def _draw_win_bars(
        self, surface: pygame.Surface, box: pygame.Rect, stats: GameStats, scale: float
    ) -> None:
        self.panel(surface, box)
        draw_win_bars(self, surface, box, stats, scale)
