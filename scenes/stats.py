"""The statistics scene: per game, per seat kind (you, each bot level), with charts.

Left: a table of matches played and won, win rate, streaks and the game's own averages (read
from ``Game.match_stats`` by the store, so a new game needs nothing here). Right: win rate per
seat kind as bars, and one figure over the kept history as a line with your wins marked.
Left/right change the game (or click its tab), up/down the charted figure, Esc goes back.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from game.core.registry import all_games, find_game
from game.store.stats import DRAWN, YOU, GameStats, figure_label, kind_label
from scenes import theme
from scenes.scene import Scene

if TYPE_CHECKING:
    from game.store.stats import Statistics
    from scenes.app_port import AppPort

BAR_COLOURS = [(236, 196, 92), (120, 180, 230), (200, 120, 200), (130, 210, 140), (230, 140, 110)]
LOSS = (150, 160, 150)
HISTORY_SHOWN = 40


def kind_order(stats: GameStats, bot_levels: tuple[str, ...]) -> list[str]:
    """You first, then bots from the easiest level up, then anything else."""
    levels = {f"bot:{level}": i for i, level in enumerate(bot_levels)}
    return sorted(stats.kinds, key=lambda k: (k != YOU, levels.get(k, len(levels)), k))


class StatsScene(Scene):
    name = "stats"

    def __init__(self, app: AppPort, stats: Statistics, game_id: str | None = None) -> None:
        super().__init__(app)
        self.stats = stats
        # Every game, in the registry's order (one not yet played says so); ``game_id`` first
        # shown (the game just played).
        self.game_ids = [g.info.id for g in all_games()]
        self.index = self.game_ids.index(game_id) if game_id in self.game_ids else 0
        self.figure = 0
        self.tab_rects: list[pygame.Rect] = []

    # --- state --------------------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.game_ids[self.index % len(self.game_ids)]

    def current(self) -> GameStats:
        return self.stats.game(self.game_id)

    def figures(self) -> list[str]:
        return self.current().figure_names()

    def charted_kind(self) -> str | None:
        kinds = self.current().kinds
        if YOU in kinds:
            return YOU
        return max(kinds, key=lambda k: kinds[k].played) if kinds else None

    # --- input --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        intent = self.app.intent(event)
        if intent == "back":
            self.app.pop()
            return True
        if intent in ("left", "right"):
            self.index = (self.index + (1 if intent == "right" else -1)) % len(self.game_ids)
            self.figure = 0
            return True
        if intent in ("up", "down") and self.figures():
            self.figure = (self.figure + (1 if intent == "down" else -1)) % len(self.figures())
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self.tab_rects):
                if rect.collidepoint(event.pos):
                    self.index, self.figure = index, 0
                    return True
        return False

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        width, height = surface.get_size()
        scale = theme.scale_for((width, height))
        theme.blit_text(
            surface,
            "Statistics",
            round(56 * scale),
            (width / 2, 44 * scale),
            theme.GOLD,
            "center",
            bold=True,
        )
        self._draw_tabs(surface, scale)
        stats = self.current()
        margin = round(30 * scale)
        top = round(130 * scale)
        bottom = height - round(46 * scale)
        if not stats.kinds:
            box = pygame.Rect(0, 0, round(640 * scale), round(120 * scale))
            box.center = (width // 2, (top + bottom) // 2)
            theme.panel(surface, box)
            title = find_game(self.game_id).info.title
            theme.blit_text(
                surface,
                f"No finished matches of {title} yet.",
                round(30 * scale),
                (box.centerx, box.centery - 16 * scale),
                theme.INK,
                "center",
                bold=True,
            )
            theme.blit_text(
                surface,
                "Play one to the end and it will be counted here.",
                round(24 * scale),
                (box.centerx, box.centery + 20 * scale),
                theme.INK_DIM,
                "center",
            )
        else:
            left = pygame.Rect(margin, top, round(width * 0.5) - margin * 3 // 2, bottom - top)
            right = pygame.Rect(
                left.right + margin, top, width - left.right - 2 * margin, bottom - top
            )
            self._draw_tables(surface, left, stats, scale)
            kinds = len(stats.kinds)
            bars_height = min(round(right.height * 0.45), round((52 + 34 * kinds) * scale))
            self._draw_win_bars(
                surface, pygame.Rect(right.x, right.y, right.width, bars_height), stats, scale
            )
            line_box = pygame.Rect(
                right.x,
                right.y + bars_height + margin // 2,
                right.width,
                right.height - bars_height - margin // 2,
            )
            self._draw_history(surface, line_box, stats, scale)
        hint = "Left/Right: game    Up/Down: charted figure    Esc: back"
        theme.blit_text(
            surface,
            hint,
            round(20 * scale),
            (width / 2, height - 14 * scale),
            theme.INK_DIM,
            "midbottom",
        )

    def _draw_tabs(self, surface: pygame.Surface, scale: float) -> None:
        titles = [find_game(g).info.title for g in self.game_ids]
        size = round(26 * scale)
        pad = round(18 * scale)
        widths = [theme.font(size, True).size(t)[0] + 2 * pad for t in titles]
        gap = round(10 * scale)
        x = (surface.get_width() - sum(widths) - gap * (len(widths) - 1)) / 2
        y = round(80 * scale)
        self.tab_rects = []
        for index, (title, w) in enumerate(zip(titles, widths, strict=True)):
            rect = pygame.Rect(round(x), y, w, round(34 * scale))
            chosen = index == self.index % len(self.game_ids)
            pygame.draw.rect(
                surface,
                theme.BUTTON_HOVER if chosen else theme.BUTTON,
                rect,
                border_radius=round(8 * scale),
            )
            if chosen:
                pygame.draw.rect(
                    surface,
                    theme.FOCUS,
                    rect,
                    width=max(2, round(2 * scale)),
                    border_radius=round(8 * scale),
                )
            theme.blit_text(
                surface,
                title,
                size,
                rect.center,
                theme.INK if chosen else theme.INK_DIM,
                "center",
                bold=True,
            )
            self.tab_rects.append(rect)
            x += w + gap

    def _draw_tables(
        self, surface: pygame.Surface, box: pygame.Rect, stats: GameStats, scale: float
    ) -> None:
        theme.panel(surface, box)
        kinds = kind_order(stats, find_game(self.game_id).info.bot_levels)
        figures = stats.figure_names()
        size = round(22 * scale)
        row = round(30 * scale)
        x0 = box.x + round(16 * scale)
        name_width = round(150 * scale)
        y: float = box.y + round(14 * scale)

        def table(headers: list[str], rows: list[tuple[str, list[str]]], y: float) -> float:
            columns = max(1, len(headers))
            column_width = (box.right - round(16 * scale) - x0 - name_width) / columns
            for i, header in enumerate(headers):
                theme.blit_text(
                    surface,
                    header,
                    size,
                    (x0 + name_width + (i + 1) * column_width, y),
                    theme.GOLD,
                    "topright",
                    bold=True,
                )
            y += row
            for name, cells in rows:
                theme.blit_text(surface, name, size, (x0, y), theme.INK, bold=name == "You")
                for i, cell in enumerate(cells):
                    theme.blit_text(
                        surface,
                        cell,
                        size,
                        (x0 + name_width + (i + 1) * column_width, y),
                        theme.INK,
                        "topright",
                    )
                y += row
            return y

        rows = []
        for kind in kinds:
            t = stats.kinds[kind]
            rows.append(
                (
                    kind_label(kind),
                    [
                        str(t.played),
                        str(t.won),
                        str(t.drawn),
                        f"{t.win_rate:.0%}",
                        str(t.streak),
                        str(t.best_streak),
                    ],
                )
            )
        y = table(["Played", "Won", "Drew", "Win %", "Streak", "Best"], rows, y)
        if figures:
            y += row * 0.6
            theme.blit_text(surface, "Averages per match", size, (x0, y), theme.INK_DIM)
            y += row
            rows = []
            for kind in kinds:
                averages = stats.kinds[kind].averages()
                rows.append(
                    (
                        kind_label(kind),
                        [f"{averages[f]:.1f}" if f in averages else "–" for f in figures],
                    )
                )
            y = table([figure_label(f) for f in figures], rows, y)
        charted = self.charted_kind()
        recent = [] if charted is None else list(reversed(stats.results(charted)))
        space = int((box.bottom - round(60 * scale) - y) // row) - 2
        if charted is not None and recent and space > 0:
            y += row * 0.6
            heading = (
                "Your latest results"
                if charted == YOU
                else f"Latest results of the {kind_label(charted).lower()}"
            )
            theme.blit_text(surface, heading, size, (x0, y), theme.INK_DIM)
            y += row
            for entry in recent[:space]:
                stamp = time.strftime("%d %b %H:%M", time.localtime(entry.finished))
                theme.blit_text(surface, stamp, size, (x0, y), theme.INK)
                theme.blit_text(
                    surface,
                    entry.result,
                    size,
                    (x0 + name_width + 40 * scale, y),
                    theme.GOLD if entry.won else theme.INK if entry.result == DRAWN else LOSS,
                    bold=entry.won,
                )
                detail = "   ".join(
                    f"{figure_label(f)} {entry.figures[f]:g}" for f in figures if f in entry.figures
                )
                theme.blit_text(
                    surface, detail, size, (x0 + name_width + 120 * scale, y), theme.INK_DIM
                )
                y += row
        note = (
            "A match counts once per kind of seat: two people (or two normal bots) are one result."
        )
        for i, line in enumerate(
            theme.wrap(note, round(19 * scale), box.width - round(32 * scale))
        ):
            theme.blit_text(
                surface,
                line,
                round(19 * scale),
                (x0, box.bottom - round(12 * scale) - (1 - i) * 20 * scale),
                theme.INK_DIM,
                "bottomleft",
            )

    def _draw_win_bars(
        self, surface: pygame.Surface, box: pygame.Rect, stats: GameStats, scale: float
    ) -> None:
        theme.panel(surface, box)
        size = round(22 * scale)
        theme.blit_text(
            surface,
            "Win rate",
            size,
            (box.x + 16 * scale, box.y + 10 * scale),
            theme.GOLD,
            bold=True,
        )
        kinds = kind_order(stats, find_game(self.game_id).info.bot_levels)
        top = box.y + round(40 * scale)
        space = box.bottom - round(12 * scale) - top
        bar_height = min(round(26 * scale), max(4, space // max(1, len(kinds)) - round(8 * scale)))
        label_width = round(120 * scale)
        track = pygame.Rect(
            box.x + round(16 * scale) + label_width,
            0,
            box.width - label_width - round(130 * scale),
            bar_height,
        )
        for i, kind in enumerate(kinds):
            totals = stats.kinds[kind]
            track.y = top + i * (bar_height + round(8 * scale))
            theme.blit_text(
                surface,
                kind_label(kind),
                size,
                (box.x + 16 * scale, track.centery),
                theme.INK,
                "midleft",
            )
            pygame.draw.rect(surface, theme.FELT_DARK, track, border_radius=round(4 * scale))
            filled = track.copy()
            filled.width = max(0, round(track.width * totals.win_rate))
            if filled.width:
                pygame.draw.rect(
                    surface,
                    BAR_COLOURS[i % len(BAR_COLOURS)],
                    filled,
                    border_radius=round(4 * scale),
                )
            half = track.x + track.width // 2
            pygame.draw.line(
                surface, theme.PANEL_EDGE, (half, track.y - 2), (half, track.bottom + 1)
            )
            label = f"{totals.win_rate:.0%} of {totals.played}"
            theme.blit_text(
                surface,
                label,
                round(20 * scale),
                (track.right + 8 * scale, track.centery),
                theme.INK_DIM,
                "midleft",
            )

    def _draw_history(
        self, surface: pygame.Surface, box: pygame.Rect, stats: GameStats, scale: float
    ) -> None:
        theme.panel(surface, box)
        size = round(22 * scale)
        figures = stats.figure_names()
        kind = self.charted_kind()
        if not figures or kind is None:
            return
        figure = figures[self.figure % len(figures)]
        points = [(r.figures[figure], r.won) for r in stats.results(kind) if figure in r.figures][
            -HISTORY_SHOWN:
        ]
        values = [v for v, _ in points]
        who = "Your" if kind == YOU else f"{kind_label(kind)}'s"
        title = f"{who} {figure_label(figure).lower()}, last {len(points)} matches"
        if values:
            title += f" · average {sum(values) / len(values):.1f}"
        theme.blit_text(
            surface, title, size, (box.x + 16 * scale, box.y + 10 * scale), theme.GOLD, bold=True
        )
        plot = pygame.Rect(
            box.x + round(50 * scale),
            box.y + round(48 * scale),
            box.width - round(70 * scale),
            box.height - round(78 * scale),
        )
        if not points:
            return
        low, high = min(0.0, min(values)), max(values)
        if high == low:
            high = low + 1
        for fraction in (0.0, 0.5, 1.0):
            y = plot.bottom - fraction * plot.height
            pygame.draw.line(surface, theme.FELT_LIGHT, (plot.x, y), (plot.right, y))
            theme.blit_text(
                surface,
                f"{low + fraction * (high - low):g}",
                round(18 * scale),
                (plot.x - 6 * scale, y),
                theme.INK_DIM,
                "midright",
            )
        step = plot.width / max(1, len(points) - 1)
        xy = [
            (
                plot.x + i * step if len(points) > 1 else plot.centerx,
                plot.bottom - (v - low) / (high - low) * plot.height,
            )
            for i, (v, _) in enumerate(points)
        ]
        mean = sum(values) / len(values)
        mean_y = plot.bottom - (mean - low) / (high - low) * plot.height
        for x in range(plot.x, plot.right, round(12 * scale)):
            pygame.draw.line(
                surface, theme.INK_DIM, (x, mean_y), (min(x + 6 * scale, plot.right), mean_y)
            )
        if len(xy) > 1:
            pygame.draw.aalines(surface, theme.INK, False, xy)
        radius = max(3, round(5 * scale))
        for (px, py), (_, won) in zip(xy, points, strict=True):
            pygame.draw.circle(surface, theme.GOLD if won else LOSS, (round(px), round(py)), radius)
        legend_y = box.bottom - round(13 * scale)
        pygame.draw.circle(surface, theme.GOLD, (round(plot.x), legend_y), radius)
        theme.blit_text(
            surface,
            "won",
            round(18 * scale),
            (plot.x + 10 * scale, legend_y),
            theme.INK_DIM,
            "midleft",
        )
        pygame.draw.circle(surface, LOSS, (round(plot.x + 60 * scale), legend_y), radius)
        theme.blit_text(
            surface,
            "not won",
            round(18 * scale),
            (plot.x + 70 * scale, legend_y),
            theme.INK_DIM,
            "midleft",
        )
        theme.blit_text(
            surface,
            "- - average",
            round(18 * scale),
            (plot.x + 150 * scale, legend_y),
            theme.INK_DIM,
            "midleft",
        )
