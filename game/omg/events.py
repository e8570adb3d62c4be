"""OMG's own events (the shared ones are in game/core/events.py)."""

from __future__ import annotations

import dataclasses

from game.core.events import Event


@dataclasses.dataclass(frozen=True)
class AttackDeclared(Event):
    seat: int
    location: int
    target: int | None  # enemy location, or None for Life


@dataclasses.dataclass(frozen=True)
class Clash(Event):
    """A comparison of powers: ``result`` is "attacker", "defender" or "tie" (who won)."""

    attacker: int
    attack_power: int
    defense_power: int
    advantage: int  # +1 strong, -1 weak, 0 neutral (the attacker's power x2 / x0.5)
    blocked: bool
    result: str


@dataclasses.dataclass(frozen=True)
class RestChanged(Event):
    seat: int
    location: int
    rested: bool


@dataclasses.dataclass(frozen=True)
class GemsChanged(Event):
    seat: int
    active: int
    rested: int
    deck: int


@dataclasses.dataclass(frozen=True)
class AbilityUsed(Event):
    seat: int
    location: int
    being: str
    text: str


@dataclasses.dataclass(frozen=True)
class LifeLost(Event):
    seat: int
    remaining: int
