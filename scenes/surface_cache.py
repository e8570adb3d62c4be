"""A cache of drawn surfaces with a budget in bytes, least recently used first out.

Every surface the table makes once and draws many times (card faces and their rotations, card
shadows, rendered text, HUD panels) is kept in one of these, so a long evening of play holds a
fixed amount of pixels: a count limit would not (a HUD panel is 100 times a line of text), and
clearing a full cache wholesale makes memory climb and fall in a saw-tooth the allocator does not
give back.

A budget bounds the worst case, but a least-recently-used cache left alone fills to it over an
evening (faces of cards seen once, text of old scores), so memory would climb long after the first
minute. Every 20 s the app calls ``forget_unused`` (``heap.TRIM_EVERY_MS``): what was not drawn
since the call before goes, and each cache holds what the table has drawn in the last 20–40 s.
Other caches keyed by size (theme's fonts) forget on the same sweep through ``on_sweep``.

A budget grown for a big window's surfaces (faces, shadows) goes back to its floor when the window
changes size (``window_resized``): a visit to fullscreen must not leave a 1280×720 table room for
three times its faces (issue 32).
"""

from __future__ import annotations

import sys
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

import pygame

K = TypeVar("K", bound=Hashable)

MIB = 1024 * 1024


def surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


class SurfaceCache(Generic[K]):
    def __init__(self, budget_bytes: int) -> None:
        self.budget = self.floor = budget_bytes  # the budget grows for big windows, never below
        self.bytes = 0
        self.evictions = 0  # pushed out by the budget
        self.expired = 0  # dropped by forget_unused
        self.hits = self.misses = 0
        self._entries: OrderedDict[K, pygame.Surface] = OrderedDict()
        self._used: dict[K, int] = {}  # the sweep (see forget_unused) in which each was drawn
        self.owner = sys._getframe(1).f_globals.get("__name__", "?")  # the heap log names it
        _ALL.add(self)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: K) -> bool:
        return key in self._entries

    def get(self, key: K) -> pygame.Surface | None:
        """The surface kept under ``key`` (now the most recently used), or None."""
        surface = self._entries.get(key)
        if surface is None:
            self.misses += 1
            return None
        self._entries.move_to_end(key)
        self._used[key] = _sweep
        self.hits += 1
        return surface

    def put(self, key: K, surface: pygame.Surface) -> pygame.Surface:
        """Keep ``surface``; older ones go while the budget is exceeded (never the newest)."""
        old = self._entries.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._entries[key] = surface
        self._used[key] = _sweep
        self.bytes += surface_bytes(surface)
        while self.bytes > self.budget and len(self._entries) > 1:
            self._drop_oldest()
            self.evictions += 1
        return surface

    def _drop_oldest(self) -> None:
        gone, surface = self._entries.popitem(last=False)
        del self._used[gone]
        self.bytes -= surface_bytes(surface)

    def forget_unused(self, since: int) -> None:
        """Drop the surfaces last drawn before sweep ``since`` (the oldest come first in LRU
        order, so this stops at the first one drawn since)."""
        while self._entries and self._used[next(iter(self._entries))] < since:
            self._drop_oldest()
            self.expired += 1

    def shrink_to_floor(self) -> None:
        self.budget = self.floor
        while self.bytes > self.budget and len(self._entries) > 1:
            self._drop_oldest()
            self.evictions += 1

    def make(self, key: K, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The kept surface, or ``build()`` kept under ``key``."""
        surface = self.get(key)
        return surface if surface is not None else self.put(key, build())

    def clear(self) -> None:
        self._entries.clear()
        self._used.clear()
        self.bytes = 0


_ALL: weakref.WeakSet[SurfaceCache[Any]] = weakref.WeakSet()


_sweep = 0  # forget_unused calls so far: each surface is stamped with it when drawn
_sweepers: list[Callable[[int], None]] = []  # other caches' forgetting, given the sweep


def current_sweep() -> int:
    return _sweep


def on_sweep(forget: Callable[[int], None]) -> None:
    """Have ``forget(since)`` drop what was last used before sweep ``since``, at each sweep."""
    _sweepers.append(forget)


def forget_unused() -> None:
    """Drop every cached surface not drawn since the call before this one (the app calls it every
    ``heap.TRIM_EVERY_MS``, so what goes has not been drawn for one to two of those)."""
    global _sweep
    for cache in list(_ALL):
        cache.forget_unused(_sweep)
    for forget in _sweepers:
        forget(_sweep)
    _sweep += 1


def window_resized() -> None:
    """Every budget back to its floor (the surfaces of the old size are mostly dead now)."""
    for cache in list(_ALL):
        cache.shrink_to_floor()


def clear_all() -> None:
    """Empty every surface cache (a new window: surfaces made for the old one's pixel format)."""
    for cache in list(_ALL):
        cache.clear()
