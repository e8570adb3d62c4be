"""What OMG's HUD draws over the cards (after the play layer): a clash as it resolves, step by
step, and the zoomed card with its full text."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.core.narration import sentence
from scenes import theme
from scenes.omg.faces import full_text
from scenes.omg.hud import ADVANTAGE_WORDS, HudTable


def draw_omg_hud(table: HudTable, surface: pygame.Surface, zoom: str | None) -> None:
    """Over the cards (after the play layer): the clash as it resolves, the ``zoom`` card."""
    s = table.layout.scale
    _clash(table, surface, s)
    _zoom(table, surface, s, zoom)


def _clash(table: HudTable, surface: pygame.Surface, s: float) -> None:
    """A clash resolving: the powers, then the type advantage, then who is destroyed."""
    hud = table.hud
    event = hud.clash
    if event is None:
        return
    board = table.board
    box = pygame.Rect(0, 0, round(430 * s), round(112 * s))
    box.center = (round(board.cx), round((board.row_y[0] + board.row_y[1]) / 2))
    theme.panel(surface, box, alpha=240)
    stage = 3 if table.presenter.time_scale == 0 else 1 + int(hud.clash_ms // 450)
    attacker, defender = hud.clash_names
    lines = [f"{attacker} {event.attack_power}  vs  {defender} {event.defense_power}"]
    if stage >= 2:
        adv = event.advantage
        if event.blocked or table.hud.attack and table.hud.attack.target is not None:
            lines.append(
                f"Type: {ADVANTAGE_WORDS[adv]}"
                + (" (strong)" if adv > 0 else " (weak)" if adv < 0 else " (neutral)")
            )
        else:
            lines.append("A defence pool: no type advantage")
    if stage >= 3:
        lines.append(
            {
                "attacker": f"{attacker} wins",
                "defender": sentence(f"{defender} holds"),
                "tie": "A tie: nothing is destroyed",
            }[event.result]
        )
    y = box.y + round(10 * s)
    for i, line in enumerate(lines):
        theme.blit_text(
            surface,
            line,
            round((24 if i == 0 else 21) * s),
            (box.centerx, y),
            theme.GOLD if i == 2 else theme.INK,
            "midtop",
            bold=i != 1,
        )
        y += round(32 * s)


def _zoom(table: HudTable, surface: pygame.Surface, s: float, card: str | None) -> None:
    """The hovered or selected card, large, with its full text."""
    if card is None:
        return
    rect = table.board.zoom_rect()
    surface.blit(table.faces.get(card, rect.size), rect)
    size = round(15 * s)
    lines = _zoom_lines(card, size, rect.width - 8)
    box = pygame.Rect(rect.x, rect.bottom + 6, rect.width, len(lines) * (size - 1) + 10)
    box.bottom = min(box.bottom, surface.get_height() - 4)

    def paint(layer: pygame.Surface) -> None:
        theme.panel(layer, layer.get_rect(), alpha=235, radius=round(8 * s))
        y = 5
        for line in lines:
            theme.blit_text(layer, line, size, (5, y), theme.INK)
            y += size - 1

    surface.blit(theme.memo_layer(("omg-zoom", card, s), box.size, paint), box)


@lru_cache(maxsize=64)
def _zoom_lines(card: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(part for line in full_text(card) for part in theme.wrap(line, size, width))
