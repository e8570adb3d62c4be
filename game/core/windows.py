"""Reaction windows: a time span, part of the state, in which named seats may act out of turn."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class Window:
    """``kind`` says what may be done ("chain", "void", "cancel", "block"); times are game ms.

    A window runs its full length even when everyone has passed (RULINGS: closing early would
    tell the table who holds what), unless the game's early-close option says otherwise.
    """

    kind: str
    opened_ms: int
    closes_ms: int
    eligible: frozenset[int]
    subject: str = ""

    def is_open_at(self, now_ms: int) -> bool:
        return self.opened_ms <= now_ms < self.closes_ms

    def remaining_ms(self, now_ms: int) -> int:
        return max(0, self.closes_ms - now_ms)
