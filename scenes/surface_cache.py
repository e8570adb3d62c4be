"""A cache of drawn surfaces with a budget in bytes, least recently used first out.

Every surface the table makes once and draws many times (card faces and their rotations, card
shadows, rendered text, HUD panels) is kept in one of these, so a long evening of play holds a
fixed amount of pixels: a count limit would not (a HUD panel is 100 times a line of text), and
clearing a full cache wholesale makes memory climb and fall in a saw-tooth the allocator does not
give back.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

import pygame

K = TypeVar("K", bound=Hashable)

MIB = 1024 * 1024


def surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


class SurfaceCache(Generic[K]):
    def __init__(self, budget_bytes: int) -> None:
        self.budget = budget_bytes
        self.bytes = 0
        self.evictions = 0
        self._entries: OrderedDict[K, pygame.Surface] = OrderedDict()
        _ALL.add(self)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, key: K) -> bool:
        return key in self._entries

    def get(self, key: K) -> pygame.Surface | None:
        """The surface kept under ``key`` (now the most recently used), or None."""
        surface = self._entries.get(key)
        if surface is not None:
            self._entries.move_to_end(key)
        return surface

    def put(self, key: K, surface: pygame.Surface) -> pygame.Surface:
        """Keep ``surface``; older ones go while the budget is exceeded (never the newest)."""
        old = self._entries.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._entries[key] = surface
        self.bytes += surface_bytes(surface)
        while self.bytes > self.budget and len(self._entries) > 1:
            _, evicted = self._entries.popitem(last=False)
            self.bytes -= surface_bytes(evicted)
            self.evictions += 1
        return surface

    def make(self, key: K, build: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The kept surface, or ``build()`` kept under ``key``."""
        surface = self.get(key)
        return surface if surface is not None else self.put(key, build())

    def clear(self) -> None:
        self._entries.clear()
        self.bytes = 0


_ALL: weakref.WeakSet[SurfaceCache[object]] = weakref.WeakSet()


def clear_all() -> None:
    """Empty every surface cache (a new window: surfaces made for the old one's pixel format)."""
    for cache in list(_ALL):
        cache.clear()
