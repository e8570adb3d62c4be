"""Python's cycle collector kept out of the frames of a match.

CPython's collector walks every tracked object on a full (oldest-generation) collection. A table
keeps ~28,000 of them (the match, its log, sprites, caches' wrappers), and a full collection took
12–16 ms on an idle core and 24–43 ms under load: one came every two minutes or so of an OMYN or
FOMO demo, each a dropped frame, and over 16.7 ms while a hard bot thinks. At a table's start
(the seats screen has just gone, so nobody sees a pause) the objects alive then are collected
once and frozen (``gc.freeze``: moved to a generation the collector never walks), so the full
collections of the match walk only what the match made since. The freeze of the match before is
lifted first, so its cycles are collected then and do not outlive it.
"""

from __future__ import annotations

import gc


def collect_and_freeze() -> None:
    """Collect every cycle now, then keep the survivors out of later collections."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
