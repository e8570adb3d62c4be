"""Omi's own events (the shared ones are in game/core/events.py)."""

from __future__ import annotations

import dataclasses

from game.core.events import Event


@dataclasses.dataclass(frozen=True)
class HandStarted(Event):
    number: int
    dealer: int
    trump_maker: int
    cutter: int


@dataclasses.dataclass(frozen=True)
class DeckCut(Event):
    seat: int
    depth: int


@dataclasses.dataclass(frozen=True)
class TrumpNamed(Event):
    seat: int
    suit: str


@dataclasses.dataclass(frozen=True)
class TrickTaken(Event):
    """The trick in ``cards`` (play order from ``leader``) goes to ``winner``'s team pile."""

    leader: int
    cards: tuple[str, ...]
    winner: int
    tricks: tuple[int, int]  # tricks won by team 0 / team 1 this hand, after this one


@dataclasses.dataclass(frozen=True)
class KapothiProposed(Event):
    team: int
    seat: int


@dataclasses.dataclass(frozen=True)
class KapothiAnswered(Event):
    seat: int
    accepted: bool


@dataclasses.dataclass(frozen=True)
class HandScored(Event):
    """The hand's result: tricks per team, tokens awarded (carry included) and the capped totals."""

    tricks: tuple[int, int]
    tokens: tuple[int, int]
    score: tuple[int, int]
    carry: int  # the 4–4 bonus now waiting for the next decided hand
    result: str
