"""The Canceled! / Pass panels: one for each targeted person who has not answered, placed where
it hides no named set (scenes/fomo/hud.py draws the rest of the HUD)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.fomo.actions import PassCancel, PlayCanceled
from scenes import theme
from scenes.fomo.browser import LIT_FOCUS

if TYPE_CHECKING:
    from game.core.windows import Window
    from scenes.fomo.turn import FomoScreen, TurnInput


def draw_cancel_panels(table: FomoScreen, surface: pygame.Surface, s: float) -> None:
    """A large "Canceled! (key) / Pass" for each targeted person who has not answered. The same
    for everyone, whatever they hold: the screen never tells who has a Canceled."""
    turn = table.turn_input
    assert turn is not None
    turn.cancel_rects, turn.cancel_boxes = [], []
    placed: list[pygame.Rect] = []
    for seat, window in table.cancel_panels():
        box = _panel_box(table, seat, window, placed, surface, s)
        placed.append(box)
        theme.panel(surface, box, alpha=240)
        theme.blit_text(
            surface,
            table.seat_name(seat),
            round(22 * s),
            (box.centerx, box.y + 8 * s),
            theme.GOLD,
            "midtop",
            True,
        )
        cancel = pygame.Rect(
            box.x + round(12 * s), box.y + round(36 * s), round(200 * s), round(82 * s)
        )
        pass_ = pygame.Rect(
            cancel.right + round(10 * s),
            cancel.y,
            box.right - cancel.right - round(22 * s),
            cancel.height,
        )
        pygame.draw.rect(surface, theme.RED, cancel, border_radius=round(12 * s))
        pygame.draw.rect(surface, LIT_FOCUS, cancel, 2, border_radius=round(12 * s))
        theme.blit_text(
            surface,
            "Canceled!",
            round(36 * s),
            (cancel.centerx, cancel.y + 10 * s),
            theme.INK,
            "midtop",
            True,
        )
        theme.blit_text(
            surface,
            f"({table.reflex_label(seat)})",
            round(22 * s),
            (cancel.centerx, cancel.bottom - 8 * s),
            theme.INK,
            "midbottom",
        )
        pygame.draw.rect(surface, theme.BUTTON, pass_, border_radius=round(12 * s))
        theme.blit_text(surface, "Pass", round(28 * s), pass_.center, theme.INK, "center", True)
        if table.coach is not None:  # a lesson: the answer its step does not want is dimmed
            offered = table.offered(seat)
            for rect, answer in ((cancel, PlayCanceled(seat)), (pass_, PassCancel(seat))):
                if answer not in offered:
                    veil = theme.rounded(rect.size, (20, 20, 20, 150), round(12 * s))
                    surface.blit(veil, rect)
        turn.cancel_rects += [(cancel, seat, True), (pass_, seat, False)]
        turn.cancel_boxes.append((box, seat))


def _panel_box(
    table: FomoScreen,
    seat: int,
    window: Window,
    placed: list[pygame.Rect],
    surface: pygame.Surface,
    s: float,
) -> pygame.Rect:
    """Where a seat's Canceled! / Pass panel goes: over its hand, or else just beyond its cards
    (above, below, outside, inside), the first place that covers no named set (they glow as
    targets), no pile, no other panel and not the countdown bar; yours left of your hand."""
    turn = table.turn_input
    assert turn is not None
    layout = table.layout
    box = pygame.Rect(0, 0, round(330 * s), round(132 * s))
    spot = layout.anchor(seat)
    if layout.place(seat) == 0:
        box.center = (round(spot.x - layout.size[0] * 0.31 - 100 * s), round(spot.y - 40 * s))
        return box.clamp(surface.get_rect())
    # The kit's countdown bar, and its caption where that is wider than the bar.
    caption = theme.text(table.window_caption(window), round(26 * s), theme.GOLD, True)
    bar = pygame.Rect(0, 0, max(round(540 * s), caption.get_width() + round(20 * s)), 0)
    bar.height = round(96 * s)
    bar.midtop = (surface.get_width() // 2, 0)
    pending = table.hud.pending
    named = [turn.target_rect((t, None)) for t in (pending.targets if pending else ())]
    avoid = [r for r in named if r is not None] + [bar, turn.discard_rect(), *placed]
    cards = [turn.target_rect((seat, None)), turn.hand_rect_of(seat)]
    own = pygame.Rect(round(spot.x), round(spot.y), 0, 0).unionall([r for r in cards if r])
    gap = round(6 * s)
    x, y = round(spot.x), round(spot.y)
    places = [
        ("center", (x, y)),
        ("midbottom", (x, own.top - gap)),
        ("midtop", (x, own.bottom + gap)),
        ("midright", (own.left - gap, y)),
        ("midleft", (own.right + gap, y)),
        ("topright", (bar.left - gap, 0)),
        ("topleft", (bar.right + gap, 0)),
    ]

    # Every other card and the plates count too, less than what must stay in sight.
    others = [
        rect
        for other in range(table.match.state.players)
        if other != seat
        for rect in (turn.target_rect((other, None)), turn.hand_rect_of(other))
        if rect is not None
    ] + list(table.plate_rects().values())

    def covered(rect: pygame.Rect) -> int:
        def area(others: list[pygame.Rect]) -> int:
            return sum(rect.clip(o).width * rect.clip(o).height for o in others)

        return 8 * area(avoid) + area(others)

    candidates = []
    for anchor, pos in places:
        candidate = box.copy()
        setattr(candidate, anchor, pos)
        candidates.append(candidate.clamp(surface.get_rect()))
    return min(candidates, key=covered)  # the first that covers nothing, else the least


def own_panels(turn: TurnInput) -> list[pygame.Rect]:
    """The table's own panels, if open (a lesson's coach keeps clear of them): the Canceled! /
    Pass panels, the FOMO! question and the pile browser."""
    rects = [box for box, _ in turn.cancel_boxes]
    if turn.confirm is not None:
        rects += turn.confirm.rects
    if turn.browser is not None and turn.browser.box.width:
        rects.append(turn.browser.box)
    return rects
