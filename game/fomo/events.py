"""FOMO's own events (the shared ones are in game/core/events.py).

Zones named in events: ``hand:<seat>``, ``set:<seat>:<slot>``, ``draw``, ``discard``, ``aside:<seat>``.
"""

from __future__ import annotations

import dataclasses

from game.core.events import Event


@dataclasses.dataclass(frozen=True)
class ActionPlayed(Event):
    """``seat`` played action ``card`` naming ``targets`` (and, for Swap, their ``slots``)."""

    seat: int
    card: str
    targets: tuple[int, ...] = ()
    slots: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class ActionBlocked(Event):
    """``by`` played Canceled: ``actor``'s ``card`` has no effect."""

    by: int
    actor: int
    card: str


@dataclasses.dataclass(frozen=True)
class SetsExchanged(Event):
    """Plot Twist: the whole hidden sets of ``first`` and ``second`` changed places."""

    first: int
    second: int


@dataclasses.dataclass(frozen=True)
class FomoCalled(Event):
    """``seat`` shouted FOMO!; ``cards`` is its revealed set and ``correct`` the verdict."""

    seat: int
    cards: tuple[str, ...]
    correct: bool


@dataclasses.dataclass(frozen=True)
class PlayerOut(Event):
    seat: int
    reason: str


@dataclasses.dataclass(frozen=True)
class TurnSkipped(Event):
    """``seat``'s turn was lost (``reason``: "ghosted" or "canceled")."""

    seat: int
    reason: str


@dataclasses.dataclass(frozen=True)
class Passed(Event):
    """Only the passer perceives its own pass: silence tells the table nothing."""

    seat: int

    def seen_by(self, viewer: int | None) -> Event | None:
        return self if viewer is None or viewer == self.seat else None
