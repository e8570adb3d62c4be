"""Freed memory given back to the system now and then (glibc only; elsewhere nothing to do).

The table's surface caches are bounded in bytes, but they churn: cards in flight are turned and
scaled into images that are made, evicted and made again. glibc keeps the freed pages of those
small allocations in its heap, so over an evening the process's resident memory creeps up while
the live bytes stay flat. ``malloc_trim(0)`` hands the free pages back; it takes ~1 ms after a
minute of play (~10 ms after freeing a hundred megabytes).

The app sweeps every ``TRIM_EVERY_MS``: the surface caches forget what was not drawn since the
sweep before, then the freed pages go back. Every 20 s, not every minute: images drawn for a
moment (a card in flight at one size and turn, a score's text) are kept until the second sweep
after, so the resident memory climbs a tooth between sweeps (~6 MiB a minute on OMYN's table);
a shorter sweep keeps the tooth small (8-minute soaks of OMYN, FOMO, OMG side by side: the end
7.6, 2.6, 2.6 MiB lower). The price is images made again: the face cache's hit rate in process
fell 96.3 → 94.5% on OMYN's table and 89.4 → 77.7% on FOMO's (short matches: a deck's faces
come back after 20–40 s), ~85 more faces and turns a minute at 0.03–0.13 ms each.

Not done (8-minute soaks side by side, under 2 MiB apart, inside the noise): glibc's mmap
threshold fixed at 256 KiB or 32 KiB (32 KiB also doubles the cost of making a card image: page
faults), trimming every 10 s while forgetting once a minute, no fastbins or tcache.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable

TRIM_EVERY_MS = 20_000
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
