"""The statistics scene's chart: one figure of the chosen person (or bot level) over the kept
history, wins marked, the average dashed; axis labels and legend measured to stay inside."""

from __future__ import annotations

import pygame

from game.store.stats import GameStats, is_bot
from scenes import theme
from scenes.stats_tables import LOSS, MIN_SIZE, StatsPage, number

HISTORY_SHOWN = 40


def draw_history(
    scene: StatsPage,
    surface: pygame.Surface,
    box: pygame.Rect,
    stats: GameStats,
    kind: str,
    figure: str,
    label: str,
    scale: float,
) -> None:
    pad = round(14 * scale)
    size = max(MIN_SIZE, round(22 * scale))
    small = max(MIN_SIZE, round(18 * scale))
    points = [(r.figures[figure], r.won) for r in stats.results(kind) if figure in r.figures]
    points = points[-HISTORY_SHOWN:]
    values = [v for v, _ in points]
    last = "last match" if len(points) == 1 else f"last {len(points)} matches"
    label += " per bot" if is_bot(kind) else ""  # a level's point: its bots' average
    title = f"{label} · {stats.label(kind)} · {last}"
    if values:
        title += f" · average {sum(values) / len(values):.1f}"
    scene.text(surface, box, title, size, (box.x + pad, box.y + pad // 2), theme.GOLD, bold=True)
    if not points:
        return
    low, high = min(0.0, min(values)), max(0.0, max(values))
    if high == low:
        high = low + 1
    ticks = [(f, number(low + f * (high - low))) for f in (0.0, 0.5, 1.0)]
    axis = max(theme.font(small).size(t)[0] for _, t in ticks)
    small_line = theme.font(small).get_linesize()
    top = box.y + pad // 2 + theme.font(size, True).get_linesize() + small_line // 2 + 2
    plot = pygame.Rect(
        box.x + pad + axis + round(8 * scale),
        top,
        box.right - 2 * pad - axis - round(8 * scale) - box.x,
        box.bottom - pad // 2 - small_line - round(6 * scale) - small_line // 2 - top,
    )
    if plot.height < 8 or plot.width < 8:
        return
    for fraction, tick in ticks:
        y = plot.bottom - fraction * plot.height
        pygame.draw.line(surface, theme.FELT_LIGHT, (plot.x, y), (plot.right, y))
        scene.text(surface, box, tick, small, (plot.x - 6 * scale, y), theme.INK_DIM, "midright")
    step = plot.width / max(1, len(points) - 1)
    xy = [
        (
            plot.x + i * step if len(points) > 1 else plot.centerx,
            plot.bottom - (v - low) / (high - low) * plot.height,
        )
        for i, (v, _) in enumerate(points)
    ]
    mean_y = plot.bottom - (sum(values) / len(values) - low) / (high - low) * plot.height
    for x in range(plot.x, plot.right, max(4, round(12 * scale))):
        pygame.draw.line(
            surface, theme.INK_DIM, (x, mean_y), (min(x + 6 * scale, plot.right), mean_y)
        )
    if len(xy) > 1:
        pygame.draw.aalines(surface, theme.INK, False, xy)
    radius = max(3, round(5 * scale))
    for (px, py), (_, won) in zip(xy, points, strict=True):
        pygame.draw.circle(surface, theme.GOLD if won else LOSS, (round(px), round(py)), radius)
    legend_y = box.bottom - pad // 2 - small_line // 2
    x = plot.x
    for colour, words in ((theme.GOLD, "won"), (LOSS, "not won"), (None, "- - average")):
        if colour is not None:
            pygame.draw.circle(surface, colour, (round(x + radius), legend_y), radius)
            x += 2 * radius + round(5 * scale)
        rect = scene.text(surface, box, words, small, (x, legend_y), theme.INK_DIM, "midleft")
        x = rect.right + round(16 * scale)
