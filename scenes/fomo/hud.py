"""Everything drawn around the FOMO cards: pile counts, lit targets, the Canceled! / Pass panels,
the FOMO! confirmation, the pile browser, the Ghosted marker, banners and the help."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.fomo.actions import Discard, PlaceCard
from game.fomo.cards import ACTIONS, GHOSTED, NUMBERS, PLOT_TWIST, SEEN, SET_SIZE, SWAP, card_name
from scenes import theme
from scenes.fomo.browser import LIT_FOCUS
from scenes.fomo.choices import card_of, named_seats
from scenes.fomo.panels import draw_cancel_panels
from scenes.fomo.places import pile_labels
from scenes.table.hud import HudButton

if TYPE_CHECKING:
    from scenes.fomo.ports import Target
    from scenes.fomo.turn import FomoScreen

LIT = (236, 196, 92, 90)
TARGETED = (220, 90, 70, 90)
PICKED = (90, 190, 255, 120)  # the first player or slot picked, until the choice is done
HELP_LINES = (
    "By mouse: drag a card onto the discard pile to discard it (you draw one).",
    "Drag a number onto one of your hidden slots (the card there flips onto the pile).",
    "Drag an action into the middle or onto the player(s) it names.",
    "Click the top discard to take it, then click the card you throw away. Right click: back.",
    "Keys: Left/Right pick a card, D discard, 1–4 hidden slot, Enter play an action.",
    "T take the top discard, {call} call FOMO!, P browse the pile, hold {look} to view what you know.",
    "L the log of every move, Backspace back.",
    "When an action names you: your own key plays Canceled (or passes).",
)


Mark = tuple[tuple[int, int, int, int], tuple[int, int, int, int], int]  # rect, colour, radius


def _glow(marks: list[Mark], rect: pygame.Rect, rgba: tuple[int, int, int, int], s: float) -> None:
    area = rect.inflate(round(14 * s), round(14 * s))
    marks.append((tuple(area), rgba, round(12 * s)))  # type: ignore[arg-type]


def fomo_under_marks(table: FomoScreen) -> tuple[Mark, ...]:
    """What lies on the felt under the cards: greyed seats that are out, lit targets of the
    card in hand, the players an action names (also the key of the kit's backdrop)."""
    s = table.layout.scale
    marks: list[Mark] = []
    for seat in range(table.match.state.players):
        if table.is_out(seat):
            anchor = table.layout.anchor(seat)
            w, h = table.layout.card_size
            veil = pygame.Rect(
                0,
                0,
                round(w * 3.2 * table.layout.card_scale(seat)),
                round(h * 2.4 * table.layout.card_scale(seat)),
            )
            veil.center = (round(anchor.x), round(anchor.y))
            marks.append((tuple(veil), (40, 40, 40, 150), round(20 * s)))  # type: ignore[arg-type]
    turn = table.turn_input
    if turn is None:
        return tuple(marks)
    pending = table.hud.pending
    if pending is not None and table.state.phase == "cancel" and table.open_windows():
        # A Swap names one slot of each: those slots, not the whole sets.
        named: list[Target] = [(seat, None) for seat in pending.targets]
        if pending.card == SWAP and len(pending.slots) == len(pending.targets):
            named = list(zip(pending.targets, pending.slots, strict=True))
        for target in named:
            rect = turn.target_rect(target)
            if rect is not None:
                _glow(marks, rect, TARGETED, s)
    if turn.mode == "target":
        for picked in turn.picks:
            rect = turn.target_rect(picked)
            if rect is not None:
                _glow(marks, rect, PICKED, s)
        for target in turn.lit_targets():
            rect = turn.target_rect(target)
            if rect is not None:
                _glow(marks, rect, LIT, s)
        return tuple(marks)
    card = turn.held_card()
    if turn.mode == "take":
        _glow(marks, turn.discard_rect(), LIT, s)
        return tuple(marks)
    if card is None or not turn.my_turn():
        return tuple(marks)
    # Only what an offered move (in a lesson, its step's) does with the card is lit.
    offered = [a for a in turn.offered() if card_of(a) == card]
    me = turn.me or 0
    if Discard(me, card) in offered:
        _glow(marks, turn.discard_rect(), LIT, s)
    if card in NUMBERS:
        for slot in range(SET_SIZE):
            rect = turn.target_rect((me, slot))
            if rect is not None and PlaceCard(me, card, slot) in offered:
                _glow(marks, rect, LIT, s)
    elif card in (SEEN, PLOT_TWIST, SWAP):
        seats = {seat for a in offered for seat in named_seats(a)}
        for seat in range(table.match.state.players):
            rect = None if table.is_out(seat) else turn.target_rect((seat, None))
            if rect is not None and seat in seats:
                _glow(marks, rect, (236, 196, 92, 55), s)
    played = any(not isinstance(a, Discard) for a in offered)
    if card in ACTIONS and turn.drag.dragging and played:
        area = table.layout.trick_area()
        marks.append((tuple(area), (236, 196, 92, 35), round(24 * s)))  # type: ignore[arg-type]
    return tuple(marks)


def draw_fomo_under_cards(table: FomoScreen, surface: pygame.Surface) -> None:
    """The marks under the cards (``fomo_under_marks``)."""
    for rect, rgba, radius in fomo_under_marks(table):
        surface.blit(theme.rounded(rect[2:], rgba, radius), rect[:2])


def draw_fomo_hud(table: FomoScreen, surface: pygame.Surface) -> None:
    s = table.layout.scale
    turn = table.turn_input
    _pile_labels(table, surface, s)
    _ghost_markers(table, surface, s)
    if turn is None:
        return
    _swapped_slots(table, surface, s)
    if turn.mode == "target":
        _picked_labels(table, surface, s)
        targets = turn.targets()
        if targets:
            rect = turn.target_rect(targets[turn.focus % len(targets)])
            if rect is not None:
                pygame.draw.rect(
                    surface, LIT_FOCUS, rect.inflate(6, 6), max(2, round(4 * s)), border_radius=10
                )
    if not table.replaying and table.humans:
        _buttons(table, turn.buttons, surface, s)
    if turn.show_log and not table.curtain.active:
        _log(table, surface, s)
    draw_cancel_panels(table, surface, s)
    if table.hud.banner:
        _banner(
            surface,
            table.hud.banner,
            (table.layout.centre[0], table.layout.centre[1] - table.layout.card_size[1] * 0.95),
            s,
        )
    if turn.confirm is not None and not table.curtain.active:
        _confirm(table, surface, s)
    if turn.browser is not None and not table.curtain.active:
        turn.browser.draw(table, surface)


def _swapped_slots(table: FomoScreen, surface: pygame.Surface, s: float) -> None:
    """While a Swap's Canceled window runs, its two slots are framed (a glow under a card in a
    row of cards is hard to tell apart)."""
    pending, turn = table.hud.pending, table.turn_input
    if pending is None or pending.card != SWAP or turn is None:
        return
    if table.state.phase != "cancel" or not table.open_windows():
        return
    for target in zip(pending.targets, pending.slots, strict=False):
        rect = turn.target_rect(target)
        if rect is not None:
            frame = rect.inflate(round(6 * s), round(6 * s))
            pygame.draw.rect(surface, TARGETED[:3], frame, max(2, round(4 * s)), border_radius=10)


def _picked_labels(table: FomoScreen, surface: pygame.Surface, s: float) -> None:
    """Words on the marked first pick (the colour is not the only sign)."""
    turn = table.turn_input
    assert turn is not None
    for target in turn.picks:
        rect = turn.target_rect(target)
        if rect is not None:
            frame = rect.inflate(round(6 * s), round(6 * s))
            pygame.draw.rect(surface, PICKED[:3], frame, max(2, round(4 * s)), border_radius=10)
            theme.blit_text(
                surface,
                "picked",
                round(18 * s),
                (rect.centerx, rect.y - round(4 * s)),
                (140, 210, 255),
                "midbottom",
                True,
            )


def _log(table: FomoScreen, surface: pygame.Surface, s: float) -> None:
    """The moves so far, scrolled back with the wheel, Page Up/Down or Up/Down."""
    width, height = surface.get_size()
    box = pygame.Rect(0, 0, min(width - round(40 * s), round(760 * s)), round(height * 0.62))
    box.center = (width // 2, round(height * 0.45))
    title = "Log — wheel, PgUp/PgDn or Up/Down to scroll; L closes"
    table.log.draw(surface, box, s, title)


def _pile_labels(table: FomoScreen, surface: pygame.Surface, s: float) -> None:
    """The count beside each pile (outside it, so nothing covers it)."""
    for text, size, pos, anchor in pile_labels(table):
        theme.blit_text(surface, text, size, pos, theme.INK_DIM, anchor)


def _ghost_markers(table: FomoScreen, surface: pygame.Surface, s: float) -> None:
    """A small Ghosted card beside a seat that will lose its next turn."""
    for seat, why in enumerate(table.hud.skip):
        if not why:
            continue
        spot = table.spot_for(f"set:{seat}:{SET_SIZE - 1}", 0, 1)
        w, h = table.layout.card_size
        size = (round(w * 0.42), round(h * 0.42))
        image = table.faces.get(GHOSTED if why == "ghosted" else "canceled", size)
        cx, cy = table.layout.centre
        x = spot.x + (cx - spot.x) * 0.0 + (w * 0.75 if spot.x <= cx else -w * 0.75)
        surface.blit(image, image.get_rect(center=(round(x), round(spot.y))))


def _buttons(
    table: FomoScreen, buttons: list[HudButton], surface: pygame.Surface, s: float
) -> None:
    """Three columns in the bottom-right corner, clear of every seat's cards: the first six in
    two rows, any more in a row above them from the right (the seat plates keep clear)."""
    width, height = surface.get_size()
    size = (round(124 * s), round(30 * s))
    for i, button in enumerate(buttons):
        row, col = divmod(i, 3) if i < 6 else (-1, 2 - (i - 6))
        button.rect = pygame.Rect(0, 0, *size)
        button.rect.bottomright = (
            width - round(8 * s) - (2 - col) * (size[0] + round(6 * s)),
            height - round(8 * s) - (1 - row) * (size[1] + round(6 * s)),
        )
        button.draw(surface, s)


def _banner(surface: pygame.Surface, text: str, centre: tuple[float, float], s: float) -> None:
    label = theme.text(text, round(30 * s), theme.GOLD, True)
    rect = label.get_rect(center=(round(centre[0]), round(centre[1])))
    back = rect.inflate(round(36 * s), round(20 * s))
    back.clamp_ip(surface.get_rect())
    rect.center = back.center
    surface.blit(theme.rounded(back.size, (0, 0, 0, 205), back.height // 2), back)
    surface.blit(label, rect)


def _confirm(table: FomoScreen, surface: pygame.Surface, s: float) -> None:
    """The FOMO! call asks first, and says what is at stake and what you know of your set."""
    turn = table.turn_input
    assert turn is not None and turn.confirm is not None and turn.me is not None
    bar = turn.confirm
    known = table.view_of(turn.me).sets[turn.me]
    shown = "  ".join(card_name(c) if c not in ("?", "#") else "?" for c in known)
    lines = [
        "Your four hidden cards turn face up for everyone.",
        "Four equal numbers: you win at once. Anything else: you are out.",
        f"What you know of your set: {shown}",
    ]
    box = pygame.Rect(0, 0, round(720 * s), round(96 * s))
    box.midbottom = (bar.box.centerx, bar.box.y - round(6 * s))
    theme.panel(surface, box, alpha=250)
    for i, line in enumerate(lines):
        theme.blit_text(
            surface,
            line,
            round(22 * s),
            (box.centerx, box.y + (12 + 26 * i) * s),
            theme.INK if i < 2 else theme.GOLD,
            "midtop",
            i == 1,
        )
    bar.draw(surface)


def help_lines(keys: dict[str, str]) -> list[str]:
    """Every control of the FOMO table, with its bound keys (``call``, ``look``) filled in (the
    kit draws them in its controls panel)."""
    return [line.format(**keys) for line in HELP_LINES]
