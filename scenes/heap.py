"""Freed memory given back to the system now and then (glibc only; elsewhere nothing to do).

The table's surface caches are bounded in bytes, but they churn: cards in flight are turned and
scaled into images that are made, evicted and made again. glibc keeps the freed pages of those
small allocations in its heap, so over an evening the process's resident memory creeps up while
the live bytes stay flat. ``malloc_trim(0)`` hands the free pages back; it takes ~1 ms after a
minute of play (~10 ms after freeing a hundred megabytes), so the app asks once a minute.

Between those minutes ``tune_allocator`` (once, at start) keeps the churn from piling up: every
allocation of ``MMAP_THRESHOLD`` bytes or more (a card-sized surface's pixels and up) gets pages of
its own, handed back the moment the surface is freed. glibc's default threshold starts at 128 KiB
and rises to the largest block freed so far (up to 32 MiB): after one full-window surface is freed
every card image came from the heap, where freed pages stay until the next trim.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable

TRIM_EVERY_MS = 60_000
MMAP_THRESHOLD = 32 * 1024  # card images at 1280×720 are 35–50 KiB (rotated ones more)
_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter numbers (malloc.h)
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


def tune_allocator() -> bool:
    """Give blocks of ``MMAP_THRESHOLD`` bytes and up pages of their own (glibc); False where
    the C library has no such setting."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        mallopt = ctypes.CDLL("libc.so.6").mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))


def give_back_free_memory() -> bool:
    """Return the heap's free pages to the system; False where the C library cannot."""
    global _trim
    if _trim is _UNLOADED:  # looked up on first use: start-up does not pay for it
        _trim = _find_trim()
    if _trim is None:
        return False
    _trim(0)
    return True
