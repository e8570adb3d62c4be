"""The bounds of a bot's thinking, wherever its settings come from (issue 19).

A bot's ``budget_ms`` (CPU time per decision) and ``iterations`` arrive from the command line,
and also from files: an autosave or a replay carries each seat's bot settings, and a damaged or
hostile one may hold ``budget_ms: 999999999`` (a bot that never answers) or a string. The bounds
live here, beside the bots rather than in the argument parser, and are applied three times:
``Seat.from_json`` refuses such a save (it is set aside like any damaged file), ``build_bot``
refuses such settings from any caller, and the search's ``Budget`` clamps whatever reaches it.
"""

from __future__ import annotations

import contextlib
import contextvars
import math
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from game.core.errors import OptionError

MAX_BUDGET_MS = 60_000  # a minute of thinking per decision
MAX_ITERATIONS = 1_000_000

# setting -> (largest value, unit for the message)
BOUNDED_SETTINGS: dict[str, tuple[int, str]] = {
    "budget_ms": (MAX_BUDGET_MS, "ms of CPU time"),
    "iterations": (MAX_ITERATIONS, "iterations"),
}


def checked_bot_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """``settings`` as a dict if every bounded one is a finite number within its bounds
    (``iterations`` may be None: no fixed count); else ``OptionError`` naming the setting, the
    bound and the value."""
    if not isinstance(settings, Mapping):
        raise OptionError(f"bot settings must be a mapping, not {type(settings).__name__}")
    for name, (high, unit) in BOUNDED_SETTINGS.items():
        if name not in settings or (name == "iterations" and settings[name] is None):
            continue
        value = settings[name]
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise OptionError(f"bot setting {name} must be a number, not {value!r:.40}")
        if not math.isfinite(value) or not 0 <= value <= high:
            raise OptionError(f"bot setting {name} must be 0–{high} {unit}, not {value:g}")
    return dict(settings)


def capped_ms(cpu_ms: float) -> float:
    """``cpu_ms`` within 0..MAX_BUDGET_MS (NaN: 0, no thinking beyond the minimum)."""
    if cpu_ms != cpu_ms:
        return 0.0
    return min(max(float(cpu_ms), 0.0), float(MAX_BUDGET_MS))


def capped_iterations(iterations: float) -> int:
    """``iterations`` within 0..MAX_ITERATIONS (an infinite count: the cap)."""
    if iterations != iterations:
        return 0
    if math.isinf(iterations):
        return MAX_ITERATIONS if iterations > 0 else 0
    return min(max(int(iterations), 0), MAX_ITERATIONS)


_deadline: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "search_deadline", default=None
)


@contextlib.contextmanager
def wall_deadline(seconds: float) -> Iterator[None]:
    """Every search run inside stops by ``seconds`` of wall time from now, after one iteration
    at least (even a bot's minimum gives way; a fixed count of iterations ignores clocks): a
    hint answers in time whatever its bot's own budget, on however busy a machine."""
    token = _deadline.set(time.perf_counter() + seconds)
    try:
        yield
    finally:
        _deadline.reset(token)


def search_deadline() -> float | None:
    """The ``time.perf_counter()`` by which a search must stop (None: its own budget rules)."""
    return _deadline.get()


def _never() -> bool:
    return False


def deadline_passed(share: float = 1.0) -> Callable[[], bool]:
    """A test ``late()`` for inside one sample of a search (between its moves, between a
    sampler's redraws): has the deadline of the enclosing ``wall_deadline`` passed? Never outside
    one, so a bot's search runs as before. A search stops between samples; a hint due in the
    middle of one on a starved worker would otherwise wait for the rest of it. ``share``: late
    once that share of the time left from now has passed (work before a search leaves it the
    rest)."""
    deadline = _deadline.get()
    if deadline is None:
        return _never
    now = time.perf_counter()
    due = now + share * max(0.0, deadline - now)
    return lambda: time.perf_counter() >= due
