"""Timers apart from tweens: "do this in 850 ms" (gather a trick after a pause, fade a caption).

A timer is not an animation: finishing every tween (a resize, a skip) does not drop it, and it
runs exactly once, in the order timers fall due.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(order=True)
class _Timer:
    due_ms: float
    order: int
    action: Callable[[], object] = field(compare=False)


class Timers:
    def __init__(self) -> None:
        self.now_ms = 0.0
        self._pending: list[_Timer] = []
        self._order = itertools.count()

    def after(self, delay_ms: float, action: Callable[[], object]) -> None:
        self._pending.append(_Timer(self.now_ms + max(0.0, delay_ms), next(self._order), action))
        self._pending.sort()

    def update(self, dt_ms: float) -> None:
        self.now_ms += dt_ms
        while self._pending and self._pending[0].due_ms <= self.now_ms:
            self._pending.pop(0).action()  # an action may add timers: re-read the list

    def finish_all(self) -> None:
        """Run every pending timer now, in order (instant animation, skip)."""
        while self._pending:
            timer = self._pending.pop(0)
            self.now_ms = max(self.now_ms, timer.due_ms)
            timer.action()

    def clear(self) -> None:
        self._pending.clear()

    @property
    def busy(self) -> bool:
        return bool(self._pending)
