"""OMG's log panel: the match in the table's words, newest at the bottom, wrapped to the panel
(only new entries are wrapped); the wheel or Page Up/Down scroll it back."""

from __future__ import annotations

import pygame

from scenes import theme
from scenes.omg.hud import HudTable, OmgHud, on_felt


def draw_log(table: HudTable, surface: pygame.Surface, s: float) -> None:
    """The match log, newest at the bottom; the wheel or Page Up/Down scroll it back."""
    hud = table.hud
    rect = table.board.log_rect()
    size = round(16 * s)
    inner_w = rect.width - round(14 * s)
    wrapped = wrapped_log(hud, size, inner_w)
    rows = max(1, (rect.height - round(12 * s) - round(20 * s)) // size)
    hud.log_scroll = max(0, min(hud.log_scroll, len(wrapped) - rows))
    end = len(wrapped) - hud.log_scroll
    shown = tuple(wrapped[max(0, end - rows) : end])

    def paint(layer: pygame.Surface) -> None:
        theme.panel(layer, layer.get_rect(), alpha=200)
        inner = layer.get_rect().inflate(-round(14 * s), -round(12 * s))
        title = "Log (wheel, PgUp/PgDn)"
        theme.blit_text(layer, title, round(15 * s), inner.topleft, theme.GOLD, bold=True)
        y = inner.y + round(20 * s)
        for line, heading in shown:
            colour = theme.GOLD if heading else theme.INK
            theme.blit_text(layer, line, size, (inner.x, y), colour, bold=heading)
            y += size
        if hud.log_scroll:
            more = f"{hud.log_scroll} newer lines below"
            theme.blit_text(
                layer, more, round(14 * s), inner.bottomright, theme.WARN, "bottomright"
            )

    on_felt(surface, rect, ("omg-log", shown, hud.log_scroll, s), paint)


def wrapped_log(hud: OmgHud, size: int, width: int) -> list[tuple[str, bool]]:
    """The log broken into screen lines (kept between frames: only new entries are wrapped)."""
    cache = hud.wrap_cache
    if cache.get("key") != (size, width):
        cache.clear()
        cache["key"] = (size, width)
        cache["lines"] = []
        cache["count"] = 0
        cache["first"] = None
    lines: list[tuple[str, bool]] = cache["lines"]
    first = hud.log[0] if hud.log else None
    if cache["first"] != first or cache["count"] > len(hud.log):
        lines.clear()  # the oldest entries were dropped: wrap afresh
        cache["count"] = 0
        cache["first"] = first
    for text, heading in hud.log[cache["count"] :]:
        lines.extend((line, heading) for line in theme.wrap(text, size, width, bold=heading))
    cache["count"] = len(hud.log)
    return lines
