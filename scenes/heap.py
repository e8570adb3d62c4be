"""Freed memory given back to the system now and then (glibc only; elsewhere nothing to do).

The table's surface caches are bounded in bytes, but they churn: cards in flight are turned and
scaled into images that are made, evicted and made again. glibc keeps the freed pages of those
small allocations in its heap, so over an evening the process's resident memory creeps up while
the live bytes stay flat. ``malloc_trim(0)`` hands the free pages back; it takes ~1 ms after a
minute of play (~10 ms after freeing a hundred megabytes), so the app asks once a minute.
Not done: a lower mmap threshold (mallopt M_MMAP_THRESHOLD 32 KiB, so each card image has pages of
its own, handed back when freed) doubled the cost of making one (~70 → ~140 µs a rotation).
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable

TRIM_EVERY_MS = 60_000
_UNLOADED: Callable[[int], int] = lambda pad: 0  # noqa: E731  (a marker: not looked up yet)
_trim: Callable[[int], int] | None = _UNLOADED


def _find_trim() -> Callable[[int], int] | None:
    # By its soname, not ctypes.util.find_library (which runs ldconfig in a subprocess).
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL("libc.so.6").malloc_trim  # type: ignore[no-any-return]
    except (OSError, AttributeError):  # not glibc (musl): nothing to give back
        return None


def give_back_free_memory() -> bool:
    """Return the heap's free pages to the system; False where the C library cannot."""
    global _trim
    if _trim is _UNLOADED:  # looked up on first use: start-up does not pay for it
        _trim = _find_trim()
    if _trim is None:
        return False
    _trim(0)
    return True
