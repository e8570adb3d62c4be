"""Building OMG positions for scenario tests: hands, boards, Gems and Life as the test says."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.omg import GAME
from game.omg.board import Stack
from game.omg.cards import deck_cards
from game.omg.state import OmgState


def stack(*cards: str, rested: bool = False, entered: int = 1) -> Stack:
    """A Being in play, played on turn ``entered`` (long ago by default: no sickness)."""
    return Stack(list(cards), rested=rested, entered_turn=entered)


def position(
    *,
    decks: str = "dawn,dusk",
    turn: int = 0,
    turn_number: int = 5,
    first: int = 0,
    hands: Sequence[Sequence[str]] = ((), ()),
    boards: Sequence[Mapping[int, Stack]] = ({}, {}),
    gems: Sequence[int] = (8, 8),
    life: Sequence[int] = (3, 3),
    deck_size: Sequence[int | None] = (None, None),
    abyss: Sequence[Sequence[str]] = ((), ()),
    options: Mapping[str, Any] | None = None,
) -> OmgState:
    """A match in the Advancement phase of ``turn``'s turn, with everything else in the deck.

    Cards not placed go to the deck (``deck_size`` keeps only that many there and puts the rest
    in the Abyss after ``abyss``), then Life takes ``life`` of them.
    """
    state = GAME.new_state(2, 1, {"decks": decks, **(options or {})})
    for seat, side in enumerate(state.sides):
        rest = deck_cards(side.beings)
        placed = list(hands[seat]) + list(abyss[seat])
        for s in boards[seat].values():
            placed += s.cards
        for card in placed:
            rest.remove(card)  # raises if the card is not in this seat's deck
        side.hand = list(hands[seat])
        side.locations = [boards[seat].get(j) for j in range(3)]
        side.life = [rest.pop() for _ in range(life[seat])]
        side.abyss = list(abyss[seat])
        if deck_size[seat] is not None:
            keep = int(deck_size[seat] or 0)
            side.abyss += rest[keep:]
            rest = rest[:keep]
        side.deck = rest
        side.gems_active, side.gems_rested, side.gem_deck = gems[seat], 0, 8 - gems[seat]
        side.mulligan_done = True
        side.known_hand = []
    state.phase = "main"
    state.turn_seat = turn
    state.turn_number = turn_number
    state.first_player = first
    return state


def power(state: OmgState, seat: int, loc: int) -> int:
    return state.power(seat, loc)
