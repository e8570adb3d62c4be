"""What the OMG rules' helpers (abilities, combat, moves, view) may use of a state: the Defense
record and the ``OmgStatePort`` protocol, which ``OmgState`` (state.py) satisfies.

The helpers are called by the state and take it as an argument; typing that argument as the
protocol, written here below them all, keeps state.py out of their imports (no import circle,
even for types).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Protocol

from game.core.events import Event
from game.core.windows import ReactionWindow
from game.omg.board import Side, Stack


@dataclasses.dataclass
class Defense:
    """A Life attack waiting for the defender's answer."""

    attacker: int  # seat
    location: int  # the attacker's location
    blocker: int | None = None
    cards: list[str] = dataclasses.field(default_factory=list)
    # The defender's block window (game/core/windows.py); untimed without ``block_window_ms``.
    window: ReactionWindow | None = None

    def copy(self) -> Defense:
        window = self.window.copy() if self.window is not None else None
        return dataclasses.replace(self, cards=list(self.cards), window=window)

    def to_json(self) -> dict[str, Any]:
        """Plain data for snapshots (the keys OMG's saves were fingerprinted with)."""
        window = self.window
        return {
            "attacker": self.attacker,
            "location": self.location,
            "blocker": self.blocker,
            "cards": list(self.cards),
            "opened_ms": window.opened_ms if window is not None else 0,
            "closes_ms": window.closes_ms if window is not None and window.timed else None,
        }


class OmgStatePort(Protocol):
    options: dict[str, Any]
    sides: list[Side]
    first_player: int
    turn_seat: int
    turn_number: int
    phase: str  # mulligan, main, defense, discard, over
    defense: Defense | None
    pending_discards: int
    clock_ms: int
    winner: int | None
    end_reason: str
    stats: list[dict[str, int]]

    @property
    def defender(self) -> int: ...

    @property
    def defender_wins_ties(self) -> bool: ...

    def to_act(self) -> frozenset[int]: ...

    def power(self, seat: int, loc: int) -> int: ...

    def attack_power(self, seat: int, loc: int, at_life: bool) -> int: ...

    def defense_card_power(self, seat: int, cards: list[str]) -> int: ...

    def block_power(self, seat: int, loc: int, cards: list[str]) -> int: ...

    def may_attack_now(self, seat: int, stack: Stack) -> bool: ...

    def blockers(self, defense: Defense) -> list[int]: ...

    def draw(self, seat: int, count: int) -> list[Event]: ...

    def ready_gems(self, seat: int, count: int) -> list[Event]: ...

    def set_rested(self, seat: int, loc: int, rested: bool) -> list[Event]: ...

    def destroy(self, seat: int, loc: int) -> list[Event]: ...

    def return_to_hand(self, seat: int, card: str) -> list[Event]: ...

    def finish(self, winner: int | None, reason: str) -> list[Event]: ...
