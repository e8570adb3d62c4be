"""Tweens: objects that move a value from A to B over a duration, advanced by dt.

No clock is read: ``Tweens.update(dt_ms)`` moves everything, so tests step them exactly.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a card snapping back into the hand."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2)


class Tween:
    """Moves the float attributes ``fields`` of ``target`` to ``goal`` over ``duration_ms``,
    after ``delay_ms``. Start values are read when the delay ends, so tweens chain naturally."""

    def __init__(
        self,
        target: Any,
        goal: dict[str, float],
        duration_ms: float,
        easing: Easing = ease_in_out_cubic,
        delay_ms: float = 0.0,
        on_start: Callable[[], None] | None = None,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        self.target = target
        self.goal = goal
        self.duration_ms = max(0.0, duration_ms)
        self.easing = easing
        self.delay_ms = max(0.0, delay_ms)
        self.elapsed_ms = 0.0
        self.start: dict[str, float] | None = None
        self.on_start = on_start
        self.on_done = on_done
        self.done = False

    def update(self, dt_ms: float) -> float:
        """Advance; returns the time left over after finishing (for chaining within one step)."""
        if self.done:
            return dt_ms
        if self.delay_ms > 0:
            used = min(self.delay_ms, dt_ms)
            self.delay_ms -= used
            dt_ms -= used
            if self.delay_ms > 0:
                return 0.0
        if self.start is None:
            self.start = {name: float(getattr(self.target, name)) for name in self.goal}
            if self.on_start:
                self.on_start()
        self.elapsed_ms += dt_ms
        t = 1.0 if self.duration_ms == 0 else min(1.0, self.elapsed_ms / self.duration_ms)
        eased = self.easing(t)
        for name, end in self.goal.items():
            begin = self.start[name]
            setattr(self.target, name, begin + (end - begin) * eased)
        if t >= 1.0:
            self.done = True
            if self.on_done:
                self.on_done()
            return max(0.0, self.elapsed_ms - self.duration_ms)
        return 0.0

    def finish(self) -> None:
        """Jump to the end (instant animation, or a scene that must settle now)."""
        if self.done:
            return
        self.delay_ms = 0.0
        self.update(self.duration_ms + 1.0)


class Tweens:
    """All running tweens; at most one moves a (target, field) — the one added last.

    A tween takes its fields over from the target's earlier tweens when it starts: one that
    waits out a delay leaves the move it replaces running until then (a card sent on after a
    pause first finishes its flight instead of freezing in the air where it was).

    Tweens are also kept per target, so starting one looks only at that target's others: a
    settle of a few zones starts dozens at once, and scanning every running tween for each
    was most of the slowest frames' work."""

    def __init__(self) -> None:
        self.active: list[Tween] = []
        self._of: dict[int, list[Tween]] = {}  # id(target) -> its tweens, in the order added

    def add(self, tween: Tween) -> Tween:
        self._of.setdefault(id(tween.target), []).append(tween)
        self.active.append(tween)
        return tween

    def _take_over(self, tween: Tween) -> None:
        """``tween`` starts: it takes its fields from the target's tweens added before it and
        leaves to those added after it that have started the fields they move (one still
        waiting takes them when it starts)."""
        mine = self._of[id(tween.target)]
        at = mine.index(tween)
        for later in mine[at + 1 :]:
            if later.start is not None:
                _give_up(tween, set(later.goal))
        for earlier in mine[:at]:
            _give_up(earlier, set(tween.goal))
            if not earlier.goal and not earlier.on_done:
                mine.remove(earlier)
                self.active.remove(earlier)

    def update(self, dt_ms: float) -> None:
        for tween in list(self.active):
            waiting = tween.start is None
            tween.update(dt_ms)
            if waiting and tween.start is not None:
                self._take_over(tween)
        self._forget_done()

    def _forget_done(self) -> None:
        if any(t.done for t in self.active):
            self.active = [t for t in self.active if not t.done]
            self._of = {}
            for tween in self.active:
                self._of.setdefault(id(tween.target), []).append(tween)

    def stop(self, target: Any) -> None:
        """Drop ``target``'s tweens where they are (a card picked up mid-flight), running their
        ``on_done`` so bookkeeping such as a raised z is undone."""
        for tween in list(self._of.get(id(target), ())):
            tween.done = True
            if tween.start is not None and tween.on_done:
                tween.on_done()
        self._forget_done()

    def finish_all(self) -> None:
        while self.active:
            for tween in list(self.active):
                tween.finish()
            self._forget_done()

    def heading(self, target: Any) -> dict[str, float]:
        """Where ``target``'s running and waiting tweens take its fields (by field)."""
        goal: dict[str, float] = {}
        for tween in self._of.get(id(target), ()):
            goal.update(tween.goal)
        return goal

    def busy(self, target: Any | None = None) -> bool:
        if target is None:
            return bool(self.active)
        return bool(self._of.get(id(target)))


def _give_up(tween: Tween, fields: set[str]) -> None:
    """``tween`` no longer moves ``fields`` (another tween moves them now)."""
    for name in fields & set(tween.goal):
        tween.goal.pop(name)
        if tween.start:
            tween.start.pop(name, None)
