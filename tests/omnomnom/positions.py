"""Building Om Nom Nom positions for scenario tests: chosen dice, then chosen picks."""

from __future__ import annotations

from game.core.events import Event
from game.omnomnom import GAME, OmNomNomState, Pick
from game.omnomnom.cards import DICE_COUNT, FACES

# Where the dice nobody should touch in a scenario are parked: the fly space under the pond.
PARKING = "fly"


def table(
    players: int, solo: int = 0, seed: int = 0, parking: str = "", **dice: int
) -> OmNomNomState:
    """A fresh match whose first round has exactly ``dice`` on the spaces; the rest are parked
    on ``parking`` (default: ``fly``, or ``cheese`` when ``fly`` is given)."""
    state = GAME.new_state(players, seed, {"solo": solo})
    parking = parking or (PARKING if "fly" not in dice else "cheese")
    spaces = {face: dice.get(face, 0) for face in FACES}
    spaces[parking] += DICE_COUNT - sum(dice.values())
    state.set_dice(spaces)
    return state


def reveal(state: OmNomNomState, *animals: str) -> list[Event]:
    """Every (non-virtual) seat picks in seat order; returns the events of the last pick."""
    events: list[Event] = []
    for seat, animal in enumerate(animals):
        events = list(state.apply(Pick(seat, animal)))
    return events
