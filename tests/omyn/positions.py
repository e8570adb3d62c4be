"""Building OMYN positions for scenario tests: chosen rows, draw pile and play pile."""

from __future__ import annotations

from typing import Any

from game.core.events import Event
from game.omyn import GAME
from game.omyn.actions import Claim
from game.omyn.cards import FACES
from game.omyn.state import OmynState


def position(
    rows: list[list[str]],
    *,
    draw: list[str] | None = None,
    pile: list[str] | None = None,
    turn: int = 0,
    known: dict[int, list[int]] | None = None,
    exact_draw: bool = False,
    **options: Any,
) -> OmynState:
    """Seat ``turn`` is about to start its turn. ``draw`` lists the top of the draw pile, top
    first; the unused cards go under it (or, with ``exact_draw``, under the play pile).
    ``known``: seat -> its own slots it has seen (default: none)."""
    state = GAME.new_state(len(rows), 7, options)
    state.advance(0)
    pool: dict[str, list[int]] = {}
    for card, face in enumerate(FACES):
        pool.setdefault(face, []).append(card)

    def take(face: str) -> int:
        return pool[face].pop()

    state.rows = [[take(f) for f in row] for row in rows]
    top = [take(f) for f in (draw or [])]
    given_pile = [take(f) for f in (pile or [])]
    rest = [c for cards in pool.values() for c in cards]
    if exact_draw:
        state.draw, state.pile = top, rest + given_pile
    else:
        state.draw, state.pile = top + rest, given_pile
    state.known = [{} for _ in FACES]
    for card in state.pile:
        state.publish(card)
    for seat, slots in (known or {}).items():
        for slot in slots:
            state.learn(seat, state.rows[seat][slot])
    state.peeked = [True] * len(rows)
    state.history[-1]["actions"] = []
    state.begin_turn(turn, 0)
    return state


def claim(state: OmynState, seat: int, slot: int | None) -> Claim:
    """A claim on the window open now."""
    assert state.window is not None
    return Claim(seat, slot, state.window.number)


def faces(state: OmynState, seat: int) -> list[str]:
    return [state.face(c) for c in state.rows[seat]]


def kinds(events: tuple[Event, ...] | list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]
