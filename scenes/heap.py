"""Freed memory given back to the system now and then (glibc only; elsewhere nothing to do).

The table's surface caches are bounded in bytes, but they churn: cards in flight are turned and
scaled into images that are made, evicted and made again. glibc keeps the freed pages of those
small allocations in its heap, so over an evening the process's resident memory creeps up while
the live bytes stay flat. ``malloc_trim(0)`` hands the free pages back; it takes ~1 ms after a
minute of play (~10 ms after freeing a hundred megabytes), so the app asks once a minute.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Callable

TRIM_EVERY_MS = 60_000


def _find_trim() -> Callable[[int], int] | None:
    try:
        name = ctypes.util.find_library("c")
        libc = ctypes.CDLL(name) if name else None
        return libc.malloc_trim if libc is not None else None  # type: ignore[no-any-return]
    except (OSError, AttributeError):  # not glibc (macOS, Windows, musl): nothing to give back
        return None


_trim = _find_trim()


def give_back_free_memory() -> bool:
    """Return the heap's free pages to the system; False where the C library cannot."""
    if _trim is None:
        return False
    _trim(0)
    return True
