"""The statistics scene's tables and win-rate bars, every column measured from what it holds.

A column is as wide as its widest cell; the names' column takes what is left, and the type
gets smaller (down to 11 px) before a name would have less than its minimum. Rows that do not fit
are left out (the chosen person always stays, "+N more" says how many); no text runs past its
panel.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Protocol

import pygame

from game.store.stats import DRAWN, WON, GameStats, KindResult, KindTotals, figure_label, is_bot
from scenes import theme


class StatsPage(Protocol):
    """What the tables and the chart draw on: the statistics scene, as they see it."""

    row_rects: list[tuple[pygame.Rect, int]]  # who-played rows: click to choose

    def text(
        self,
        surface: pygame.Surface,
        box: pygame.Rect,
        content: str,
        size: int,
        pos: tuple[float, float],
        colour: tuple[int, int, int] = ...,
        anchor: str = ...,
        bold: bool = ...,
        width: float | None = ...,
    ) -> pygame.Rect: ...

    def labels(self) -> Mapping[str, str]: ...

    def figures(self) -> list[str]: ...

    def kinds(self) -> list[str]: ...

    def charted_kind(self) -> str | None: ...


BAR_COLOURS = [(236, 196, 92), (120, 180, 230), (200, 120, 200), (130, 210, 140), (230, 140, 110)]
LOSS = (150, 160, 150)
CHOSEN = (46, 100, 72)
NOTE = (
    "Each match counts once for each person who played it; a bot level counts each of its bots"
    " (three normal bots at a match: three played)."
)
RESULT_WORDS = {WON: "Won", DRAWN: "Drew"}
MIN_SIZE = 11


def fit(content: str, size: int, width: float, bold: bool = False) -> str:
    """``content`` cut with an ellipsis to fit ``width`` pixels."""
    face = theme.font(size, bold)
    if face.size(content)[0] <= width:
        return content
    while content and face.size(content + "…")[0] > width:
        content = content[:-1]
    return content.rstrip() + "…" if content else ""


def possessive(label: str) -> str:
    """ "Your", "Amal's", "Normal bots'"."""
    if label == "You":
        return "Your"
    if label.endswith(" bot"):
        return f"{label}s'"
    return f"{label}'" if label.endswith("s") else f"{label}'s"


def number(value: float) -> str:
    return f"{value:.0f}" if value == round(value) else f"{value:.1f}"


def who_cells(kind: str, t: KindTotals, drew: bool, hinted: bool) -> list[str]:
    """A row of the who-played table. A bot level is counted per bot (three normal bots at a
    match won by one: 3 played, 1 won, 33%), as a person is per match; a run of wins is a
    person's, not a level's."""
    if is_bot(kind):
        played, won = (t.bots, t.bots_won) if t.bots else (t.played, t.won)
        counts = [str(played), str(won), *(["–"] if drew else [])]
        return [*counts, f"{t.bot_rate:.0%}", "–", "–", *(["–"] if hinted else [])]
    counts = [str(t.played), str(t.won), *([str(t.drawn)] if drew else [])]
    cells = [*counts, f"{t.win_rate:.0%}", str(t.streak), str(t.best_streak)]
    return cells + ([str(t.hinted)] if hinted else [])


def result_detail(
    result: KindResult, names: list[str], labels: Mapping[str, str], unit: str = "bots"
) -> str:
    """A latest result's figures: a person's own; for several bots of a level (``unit``
    "bots") or a person typed at several seats ("seats"), how many won and each one's figure
    (once, with "each", where all had the same): never an average such as "Games won 0.3"."""
    shown = [n for n in names if result.figures.get(n)]  # a figure at 0 says nothing
    if result.seats < 2 or not result.each:
        return " · ".join(f"{figure_label(n, labels)} {number(result.figures[n])}" for n in shown)
    parts = [f"{result.seats} {unit}, {result.seats_won} won"]
    for n in shown:
        values = [seat.get(n, 0.0) for seat in result.each]
        same = all(v == values[0] for v in values)
        told = f"{number(values[0])} each" if same else ", ".join(map(number, values))
        parts.append(f"{figure_label(n, labels)} {told}")
    return " · ".join(parts)


def columns(
    headers: list[str], rows: list[list[str]], width: int, size: int, least: int, gap: int
) -> tuple[int, list[int]]:
    """The type size and each column's width (column 0 takes the rest, at least ``least``)."""
    while True:
        face, bold = theme.font(size), theme.font(size, True)
        widths = [
            max([bold.size(h)[0], *(face.size(r[i])[0] for r in rows)]) + gap
            for i, h in enumerate(headers)
        ]
        rest = width - sum(widths)
        if rest >= least or size <= MIN_SIZE:
            return size, [max(0, rest), *widths]
        size -= 1


def shown_rows(count: int, chosen: int, room: int) -> tuple[list[int], int]:
    """Which of ``count`` rows fit in ``room`` lines (``chosen`` always), and how many are left
    out (they take one line: "+N more")."""
    if count <= room:
        return list(range(count)), 0
    keep = max(1, room - 1)
    rows = list(range(keep))
    if chosen not in rows:
        rows[-1] = chosen
    return rows, count - len(rows)


def draw_row(
    scene: StatsPage,
    surface: pygame.Surface,
    box: pygame.Rect,
    x: int,
    y: int,
    widths: list[int],
    cells: list[str],
    size: int,
    colour: tuple[int, int, int],
    bold: bool = False,
) -> None:
    """Cell 0 left-aligned in its column, the others right-aligned in theirs."""
    gap = round(8 * theme.scale_for(surface.get_size()))
    scene.text(surface, box, cells[0], size, (x, y), colour, bold=bold, width=widths[0] - gap)
    right = x + widths[0]
    for cell, width in zip(cells[1:], widths[1:], strict=True):
        right += width
        scene.text(surface, box, cell, size, (right, y), colour, "topright", bold, width - gap)


def draw_tables(
    scene: StatsPage, surface: pygame.Surface, box: pygame.Rect, stats: GameStats, scale: float
) -> None:
    pad, gap = round(14 * scale), round(12 * scale)
    inner = box.inflate(-2 * pad, -2 * pad)
    note_size = max(MIN_SIZE, round(18 * scale))
    note_line = theme.font(note_size).get_linesize()
    note = theme.wrap(NOTE, note_size, inner.width)
    for i, text in enumerate(note):
        y = inner.bottom - (len(note) - i) * note_line
        scene.text(surface, box, text, note_size, (inner.x, y), theme.INK_DIM)
    area = pygame.Rect(inner.x, inner.y, inner.width, inner.height - len(note) * note_line - gap)
    kinds, chosen = scene.kinds(), scene.charted_kind()
    drew = any(t.drawn for t in stats.kinds.values())  # no Drew column where nobody drew
    hinted = any(t.hinted for t in stats.kinds.values())  # matches with a hint shown
    headers = ["Played", "Won", *(["Drew"] if drew else []), "Win %", "Streak", "Best"]
    headers += ["With hints"] if hinted else []
    cells = {kind: who_cells(kind, stats.kinds[kind], drew, hinted) for kind in kinds}
    size, widths = columns(
        headers, list(cells.values()), area.width, round(22 * scale), round(80 * scale), gap
    )
    line = theme.font(size).get_linesize()
    row = line + round(4 * scale)
    y = area.y
    draw_row(
        scene, surface, box, area.x, y, widths, ["Who played", *headers], size, theme.GOLD, True
    )
    y += row
    room = max(1, int(area.height * 0.42) // row - 1)
    chosen_index = kinds.index(chosen) if chosen in kinds else 0
    rows, more = shown_rows(len(kinds), chosen_index, room)
    for index in rows:
        kind = kinds[index]
        rect = pygame.Rect(area.x - pad // 2, y - 1, area.width + pad, row)
        if kind == chosen:
            pygame.draw.rect(surface, CHOSEN, rect, border_radius=round(4 * scale))
        scene.row_rects.append((rect, index))
        draw_row(
            scene,
            surface,
            box,
            area.x,
            y,
            widths,
            [stats.label(kind), *cells[kind]],
            size,
            theme.INK,
            kind == chosen,
        )
        y += row
    if more:
        scene.text(surface, box, f"+{more} more (Tab shows each)", size, (area.x, y), theme.INK_DIM)
        y += row
    if chosen is None:
        return
    who = possessive(stats.label(chosen))
    y = draw_figures(scene, surface, box, area, y + gap, stats, chosen, who, scale)
    draw_latest(scene, surface, box, area, y + gap, stats.results(chosen), who, scale)


def draw_figures(
    scene: StatsPage,
    surface: pygame.Surface,
    box: pygame.Rect,
    area: pygame.Rect,
    y: int,
    stats: GameStats,
    kind: str,
    who: str,
    scale: float,
) -> int:
    """The chosen one's figures, each named by the game: per match and in all."""
    names = scene.figures()
    totals = stats.kinds[kind]
    averages = totals.averages()
    labels = scene.labels()
    rows = [
        [figure_label(n, labels), number(averages[n]), number(totals.sums[n])]
        if n in averages
        else [figure_label(n, labels), "–", "–"]
        for n in names
    ]
    if not rows:
        return y
    headers = [f"{who} figures", "Per bot a match" if is_bot(kind) else "Per match", "In all"]
    size, widths = columns(
        headers[1:],
        [r[1:] for r in rows],
        area.width,
        round(22 * scale),
        round(120 * scale),
        round(12 * scale),
    )
    row = theme.font(size).get_linesize() + round(4 * scale)
    if y + 2 * row > area.bottom:
        return y
    draw_row(scene, surface, box, area.x, y, widths, headers, size, theme.GOLD, True)
    y += row
    for cells in rows:
        if y + row > area.bottom:
            break
        draw_row(scene, surface, box, area.x, y, widths, cells, size, theme.INK)
        y += row
    return y


def draw_latest(
    scene: StatsPage,
    surface: pygame.Surface,
    box: pygame.Rect,
    area: pygame.Rect,
    y: int,
    results: list[KindResult],
    who: str,
    scale: float,
) -> None:
    """The chosen one's latest results, as many as fit: when, how it ended, its figures."""
    size = round(20 * scale) if scale > 0.6 else MIN_SIZE + 1
    row = theme.font(size).get_linesize() + round(3 * scale)
    if not results or y + 2 * row > area.bottom:
        return
    scene.text(surface, box, f"{who} latest results", size, (area.x, y), theme.GOLD, bold=True)
    y += row
    face, gap = theme.font(size), round(12 * scale)
    when_width = face.size("28 Mar 23:59")[0] + gap
    word_width = max(face.size(w)[0] for w in ("Won", "Drew", "Lost")) + gap
    labels = scene.labels()
    unit = "bots" if is_bot(scene.charted_kind() or "") else "seats"
    for result in reversed(results):
        if y + row > area.bottom:
            break
        stamp = time.strftime("%d %b %H:%M", time.localtime(result.finished))
        scene.text(surface, box, stamp, size, (area.x, y), theme.INK_DIM)
        colour = theme.GOLD if result.won else theme.INK if result.result == DRAWN else LOSS
        word = RESULT_WORDS.get(result.result, "Lost")
        scene.text(surface, box, word, size, (area.x + when_width, y), colour, bold=result.won)
        detail = result_detail(result, scene.figures(), labels, unit)
        x = area.x + when_width + word_width
        scene.text(surface, box, detail, size, (x, y), theme.INK_DIM, width=area.right - x)
        y += row


def bar_label(stats: GameStats, kind: str, rate: float) -> str:
    """ "40% of 5" (a person's matches), "33% of 9 bots" (a level's bots)."""
    t = stats.kinds[kind]
    if is_bot(kind) and t.bots:
        return f"{rate:.0%} of {t.bots} bots"
    return f"{rate:.0%} of {t.played}"


def draw_win_bars(
    scene: StatsPage, surface: pygame.Surface, box: pygame.Rect, stats: GameStats, scale: float
) -> None:
    pad = round(14 * scale)
    size = max(MIN_SIZE, round(22 * scale))
    small = max(MIN_SIZE, round(19 * scale))
    heading = theme.font(size, True).get_linesize()
    scene.text(
        surface, box, "Win rate", size, (box.x + pad, box.y + pad // 2), theme.GOLD, bold=True
    )
    kinds, chosen = scene.kinds(), scene.charted_kind()
    top = box.y + pad // 2 + heading + round(4 * scale)
    line = theme.font(size).get_linesize()
    row = line + round(6 * scale)
    room = max(1, (box.bottom - pad // 2 - top) // row)
    rows, more = shown_rows(len(kinds), kinds.index(chosen) if chosen in kinds else 0, room)
    face = theme.font(size, True)  # the chosen one's name is bold: measured so, it fits
    label_width = min(
        max(face.size(stats.label(k))[0] for k in kinds) + pad, round(box.width * 0.34)
    )
    value_width = max(theme.font(small).size(bar_label(stats, k, 1.0))[0] for k in kinds)
    track_x = box.x + pad + label_width
    track_width = box.right - pad - value_width - round(8 * scale) - track_x
    for slot, index in enumerate(rows):
        kind = kinds[index]
        totals = stats.kinds[kind]
        y = top + slot * row
        track = pygame.Rect(
            track_x, y + round(3 * scale), max(0, track_width), line - round(6 * scale)
        )
        scene.text(
            surface,
            box,
            stats.label(kind),
            size,
            (box.x + pad, track.centery),
            theme.INK,
            "midleft",
            kind == chosen,
            label_width - round(8 * scale),
        )
        radius = round(4 * scale)
        pygame.draw.rect(surface, theme.FELT_DARK, track, border_radius=radius)
        filled = track.copy()
        rate = totals.bot_rate if is_bot(kind) else totals.win_rate
        filled.width = round(track.width * rate)
        if filled.width:
            colour = BAR_COLOURS[index % len(BAR_COLOURS)]
            pygame.draw.rect(surface, colour, filled, border_radius=radius)
        half = track.x + track.width // 2
        pygame.draw.line(surface, theme.PANEL_EDGE, (half, track.y - 2), (half, track.bottom + 1))
        label = bar_label(stats, kind, rate)
        scene.text(
            surface,
            box,
            label,
            small,
            (track.right + 8 * scale, track.centery),
            theme.INK_DIM,
            "midleft",
            width=value_width,
        )
    if more:
        y = top + len(rows) * row
        scene.text(surface, box, f"+{more} more", small, (box.x + pad, y), theme.INK_DIM)
