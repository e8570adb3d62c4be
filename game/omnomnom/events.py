"""Om Nom Nom's own events (the shared ones are in game/core/events.py): the dice and the
rhythm of rounds, for the table to animate."""

from __future__ import annotations

import dataclasses

from game.core.events import Event


@dataclasses.dataclass(frozen=True)
class DiceRolled(Event):
    """All 15 dice rolled onto their spaces at the start of ``round`` (1..3)."""

    round: int
    spaces: tuple[tuple[str, int], ...]


@dataclasses.dataclass(frozen=True)
class DiceMoved(Event):
    """``count`` dice showing ``face`` went from ``src`` (``"space:fly"``) to ``dst``."""

    face: str
    count: int
    src: str
    dst: str


@dataclasses.dataclass(frozen=True)
class TurnBegan(Event):
    """Everyone may now pick (``round`` 1..3, ``turn`` 1..6)."""

    round: int
    turn: int


@dataclasses.dataclass(frozen=True)
class RoundCleared(Event):
    """Cleanup: every card goes back to its colour's hand, every die back to the pool."""

    round: int
