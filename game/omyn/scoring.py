"""Scoring after a standing OMYN call (or an exhausted draw pile): Omen value, totals, the
caller's tie, and the five-card tiebreak."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.events import CardRevealed, Event
from game.omyn.cards import is_omen, number
from game.omyn.events import OmenValue, Tiebreak

if TYPE_CHECKING:
    from game.omyn.state_data import OmynData

TIEBREAK_CARDS = 5
MAX_TIEBREAK_ROUNDS = 50


def omen_value(state: OmynData) -> tuple[int, list[Event]]:
    """The top card of the play pile; if the pile is empty, turn the draw pile's top card (an
    Omen turned: turn the next). With nothing to turn, Omens count 0."""
    for card in reversed(state.pile):
        if not is_omen(state.face(card)):
            value = number(state.face(card))
            assert value is not None
            return value, [OmenValue(value, "pile")]
    events: list[Event] = []
    for i, card in enumerate(state.draw):
        events.append(state.show(card, f"draw:{i}", None))
        value = number(state.face(card))
        if value is not None:
            return value, events + [OmenValue(value, "draw")]
    return 0, events + [OmenValue(0, "none")]


def card_value(face: str, omen: int) -> int:
    value = number(face)
    return omen if value is None else value


def score_game(
    state: OmynData, caller: int | None
) -> tuple[list[Event], int, str, tuple[int, ...]]:
    """Reveal every row, total it, and pick the winner. Returns (events, winner, reason, totals)."""
    omen, events = omen_value(state)
    for seat, row in enumerate(state.rows):
        for slot, card in enumerate(row):
            if len(state.known[card]) < state.players:
                events.append(state.show(card, f"row:{seat}:{slot}", None))
    totals = tuple(sum(card_value(state.face(c), omen) for c in row) for row in state.rows)
    low = min(totals)
    lowest = [s for s in range(state.players) if totals[s] == low]
    reason = "lowest"
    if caller is not None and caller in lowest and len(lowest) > 1:
        lowest.remove(caller)  # the caller who ties loses
        reason = "caller_tied"
    if len(lowest) == 1:
        return events, lowest[0], reason, totals
    winner, tiebreak_events = tiebreak(state, lowest, omen)
    return events + tiebreak_events, winner, "tiebreak", totals


def tiebreak(state: OmynData, seats: list[int], omen: int) -> tuple[int, list[Event]]:
    """Each tied seat draws five cards from a shuffle of every card outside the rows (returned
    afterwards, so nothing on the table changes); the lowest sum wins; repeat while tied."""
    stock = [state.face(c) for c in state.draw + state.pile]
    per_seat = min(TIEBREAK_CARDS, len(stock) // max(1, len(seats)))
    events: list[Event] = []
    for round_number in range(1, MAX_TIEBREAK_ROUNDS + 1):
        if per_seat == 0:
            break
        deck = list(stock)
        state.rng.shuffle(deck)
        hands = {
            seat: tuple(deck[i * per_seat : (i + 1) * per_seat]) for i, seat in enumerate(seats)
        }
        sums = {seat: sum(card_value(f, omen) for f in hands[seat]) for seat in seats}
        for seat in seats:
            for i, face in enumerate(hands[seat]):
                events.append(CardRevealed(face, f"tiebreak:{seat}:{i}", None))
        events.append(
            Tiebreak(
                round_number,
                tuple((s, hands[s]) for s in seats),
                tuple((s, sums[s]) for s in seats),
            )
        )
        low = min(sums.values())
        seats = [s for s in seats if sums[s] == low]
        if len(seats) == 1:
            return seats[0], events
    return min(seats), events  # ties that never break (practically impossible): lowest seat
