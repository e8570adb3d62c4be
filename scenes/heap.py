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
faults), trimming every 10 s while forgetting once a minute, no fastbins or tcache. At 1920×1080
on a real window (issue 32) a threshold fixed at 128 KiB (``GLIBC_TUNABLES``) kept the big
surfaces out of the brk heap but left the RSS where it was (15-minute soaks side by side: per-
minute medians within ±4 MiB on Omi, 1–5 MiB lower on OMG): after each trim the RSS is the live
bytes plus a constant, and the live bytes are the surface caches' (``OMNIBUS_HEAP_LOG=FILE``
logs them every sweep).
"""

from __future__ import annotations

import ctypes
import json
import os
import sys
import time
from collections.abc import Callable

TRIM_EVERY_MS = 20_000
_UNLOADED: Callable[[int], int] = lambda pad: 0  # noqa: E731  (a marker: not looked up yet)
_trim: Callable[[int], int] | None = _UNLOADED


def _find_trim() -> Callable[[int], int] | None:
    # By its soname, not ctypes.util.find_library (which runs ldconfig in a subprocess).
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc (musl): nothing to give back
        return None


def give_back_free_memory() -> bool:
    """Return the heap's free pages to the system; False where the C library cannot."""
    global _trim
    if _trim is _UNLOADED:  # looked up on first use: start-up does not pay for it
        _trim = _find_trim()
    if _trim is None:
        return False
    log = os.environ.get(LOG_ENV)
    before = heap_numbers() if log else {}
    _trim(0)
    if log:
        _log_sweep(log, before)
    return True


# What each sweep leaves, one JSON line a sweep, for the memory benches (bench/soak.py --heap-log):
# the process's resident memory by kind, glibc's count of its heap before and after the trim,
# Python's live blocks and each surface cache's bytes, so a climb can be pinned on its holder.
LOG_ENV = "OMNIBUS_HEAP_LOG"
_started = time.monotonic()


class _MallInfo2(ctypes.Structure):
    _fields_ = [
        (name, ctypes.c_size_t)
        for name in "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost"
        .split()
    ]  # fmt: skip


def heap_numbers() -> dict[str, int]:
    """glibc's mallinfo2 (bytes; empty where there is none) and RSS by kind (KiB, /proc)."""
    numbers: dict[str, int] = {}
    try:
        mallinfo2 = ctypes.CDLL("libc.so.6").mallinfo2
        mallinfo2.restype = _MallInfo2
        info = mallinfo2()
        numbers = {
            name: getattr(info, name)
            for name in ("arena", "hblks", "hblkhd", "uordblks", "fordblks", "ordblks")
        }
    except (OSError, AttributeError):
        pass
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(("VmRSS:", "RssAnon:", "RssFile:", "RssShmem:")):
                    numbers[line.split(":")[0]] = int(line.split()[1])
    except OSError:
        pass
    return numbers


def _log_sweep(path: str, before: dict[str, int]) -> None:
    from scenes import surface_cache

    caches: dict[str, list[int]] = {}
    for cache in surface_cache._ALL:
        name = cache.owner
        while name in caches:
            name += "+"
        caches[name] = [cache.bytes, len(cache), cache.budget, cache.hits, cache.misses]
    theme = sys.modules.get("scenes.theme")
    line = {
        "t": round(time.monotonic() - _started, 1),
        "before": before,
        "after": heap_numbers(),
        "py_blocks": sys.getallocatedblocks(),
        "caches": caches,
        "fonts": len(getattr(theme, "_fonts", ())),
    }
    with open(path, "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
