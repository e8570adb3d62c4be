"""Building Omi positions for scenario tests: chosen hands, trumps, tricks already won."""

from __future__ import annotations

from typing import Any

from game.omi import GAME
from game.omi.state import OmiState
from game.omi.view import TrickRecord


def position(
    hands: list[list[str]],
    *,
    dealer: int = 3,
    trump: str = "S",
    tricks_won: tuple[int, int] = (0, 0),
    score: tuple[int, int] = (0, 0),
    carry: int = 0,
    leader: int | None = None,
    **options: Any,
) -> OmiState:
    """A hand in play: seat ``dealer + 1`` made ``trump``; ``tricks_won`` were taken before."""
    state = GAME.new_state(4, 0, options)
    state.advance(0)  # deal, then replace the cards with the chosen ones
    state.dealer = dealer
    state.hand_number = 1
    state.trump = trump
    state.hands = [list(h) for h in hands]
    state.deck = []
    state.phase = "play"
    state.leader = state.turn = state.trump_maker if leader is None else leader
    state.tricks_won = list(tricks_won)
    state.tricks = [TrickRecord(0, (), 0) for _ in range(sum(tricks_won))]
    state.score = list(score)
    state.carry = carry
    state.history = [
        {
            "dealer": dealer,
            "trump_maker": state.trump_maker,
            "trump": trump,
            "deal": [list(h) for h in hands],
            "tricks": [],
        }
    ]
    return state


def play(state: OmiState, *cards: str) -> None:
    """Play ``cards`` in turn order from whoever is to act."""
    from game.omi.actions import PlayCard

    for card in cards:
        (seat,) = state.to_act()
        state.apply(PlayCard(seat, card))
