"""Events: what happened, for the table to animate. Redacted per viewer by ``seen_by``.

A viewer is a seat number, or ``None`` for the all-cards-open observer (records, open replays).
The base rule: an event is public. Events that carry a hidden card override ``seen_by``.
"""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True)
class Event:
    def seen_by(self, viewer: int | None) -> Event | None:
        """This event as ``viewer`` perceives it, or None if they perceive nothing."""
        return self

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        for key, value in data.items():
            if isinstance(value, frozenset):
                data[key] = sorted(value)
        return {"event": type(self).__name__, **data}


def _knows(known_to: frozenset[int] | None, viewer: int | None) -> bool:
    return viewer is None or known_to is None or viewer in known_to


@dataclasses.dataclass(frozen=True)
class CardMoved(Event):
    """A card went from one zone to another. ``card`` is None for those who may not see it.

    Zones are strings the table understands: ``"deck"``, ``"hand:2"``, ``"trick"``,
    ``"row:1:3"`` (seat 1, slot 3), ``"pile"``... ``known_to`` None means everyone sees the face.
    """

    card: str | None
    src: str
    dst: str
    known_to: frozenset[int] | None = None
    face_up: bool = False

    def seen_by(self, viewer: int | None) -> Event | None:
        if _knows(self.known_to, viewer):
            return self
        return dataclasses.replace(self, card=None)


@dataclasses.dataclass(frozen=True)
class CardRevealed(Event):
    """A card at ``zone`` was shown to ``known_to`` (None: to everyone)."""

    card: str
    zone: str
    known_to: frozenset[int] | None = None

    def seen_by(self, viewer: int | None) -> Event | None:
        if _knows(self.known_to, viewer):
            return self
        if self.known_to is not None and viewer is not None:
            # Others see that somebody looked, not what.
            return Looked(zone=self.zone, by=frozenset(self.known_to))
        return None


@dataclasses.dataclass(frozen=True)
class Looked(Event):
    """Somebody looked at a hidden card: everyone at the table sees the glance, not the face."""

    zone: str
    by: frozenset[int]


@dataclasses.dataclass(frozen=True)
class Shuffled(Event):
    zone: str
    count: int


@dataclasses.dataclass(frozen=True)
class TurnStarted(Event):
    seat: int


@dataclasses.dataclass(frozen=True)
class WindowOpened(Event):
    kind: str
    opened_ms: int
    closes_ms: int
    eligible: frozenset[int]


@dataclasses.dataclass(frozen=True)
class WindowClosed(Event):
    kind: str
    at_ms: int


@dataclasses.dataclass(frozen=True)
class Said(Event):
    """A public announcement (a call, a named trump, a proposal), shown as a caption."""

    seat: int
    what: str
    detail: str = ""


@dataclasses.dataclass(frozen=True)
class Scored(Event):
    """Points or tokens changed. ``deltas`` and ``totals`` are per seat or per team (see ``unit``)."""

    unit: str
    deltas: tuple[int, ...]
    totals: tuple[int, ...]
    reason: str = ""


@dataclasses.dataclass(frozen=True)
class GameOver(Event):
    winners: tuple[int, ...]
    summary: str
