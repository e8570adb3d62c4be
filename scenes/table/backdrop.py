"""The table's backdrop: the felt, the marks under the cards and every card at rest below the
moving ones, kept in one opaque image, so a frame starts with one copy of it instead of the felt,
the marks and a blended blit per card (most cards lie still while a few fly).

When cards land or take off, only the screen areas they left or reached are painted again
(clipped: the felt, the marks, the resting cards that touch them), so a card landing does not
cost a whole repaint. The marks are the table's (``draw_under_cards``); the table names them by a
key (``under_cards_key``) and a new key repaints everything. At most one image exists at a time
(shared by the tables of one process: the size of one window, 3.5 MiB at 1280×720).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Iterable
from typing import Any

import pygame

from scenes import theme

Blit = tuple[pygame.Surface, tuple[int, int]]
# At most these many separate areas are painted again (more are painted as one around them
# all), and everything is painted if they cover this much of the window.
MOST_AREAS = 24
MOST_SHARE = 0.45


class Backdrop:
    """One table's backdrop; ``show`` brings it up to date and copies it to the screen."""

    def __init__(self, paint_marks: Callable[[pygame.Surface], None]) -> None:
        self.paint_marks = paint_marks
        self.key: tuple[Hashable, ...] | None = None
        self.blits: list[Blit] = []
        self.enabled = True  # False: the table draws every part every frame (tests compare)
        self.repaints = 0  # whole repaints (tests and benches read them)
        self.patches = 0  # areas painted again

    def show(self, target: pygame.Surface, marks_key: Hashable, blits: list[Blit]) -> None:
        """Copy the felt, the marks (``marks_key``) and ``blits`` (resting cards, in drawing
        order) to ``target``, painting only what changed since the last call."""
        image = _image_for(self, target)
        key = (target.get_size(), marks_key)
        if image is None or key != self.key:
            image = _claim(self, target)
            self._paint(image, None, blits, [])
            self.repaints += 1
        elif blits != self.blits:
            rects = [pygame.Rect(pos, source.get_size()) for source, pos in blits]
            areas = self._changed_areas(blits, rects, image.get_size())
            if areas is None:
                self._paint(image, None, blits, rects)
                self.repaints += 1
            else:
                for area in areas:
                    self._paint(image, area, blits, rects)
                self.patches += len(areas)
        self.key, self.blits = key, blits
        target.blit(image, (0, 0))

    def forget(self) -> None:
        """Paint everything at the next ``show`` (the marks changed without a new key)."""
        self.key = None

    def _paint(
        self,
        image: pygame.Surface,
        area: pygame.Rect | None,
        blits: list[Blit],
        rects: list[pygame.Rect],
    ) -> None:
        image.set_clip(area)
        try:
            image.blit(theme.felt(image.get_size()), (0, 0))
            self.paint_marks(image)
            if area is None:
                image.fblits(blits)
            else:
                image.fblits([blits[i] for i in area.collidelistall(rects)])
        finally:
            image.set_clip(None)

    def _changed_areas(
        self, blits: list[Blit], rects: list[pygame.Rect], size: tuple[int, int]
    ) -> list[pygame.Rect] | None:
        """The screen areas where the old and new resting cards differ (overlapping ones
        joined); None if they cover a big share of the window (a repaint of everything is
        simpler).

        A card that went or came is a changed area; so is a card that stayed but changed its
        place in the drawing order (wherever it overlaps another, the order shows). Outside
        those areas the same cards are drawn in the same order: the old pixels stand."""
        old_ids, new_ids = _identities(self.blits), _identities(blits)
        old, new = set(old_ids), set(new_ids)
        changed = old ^ new
        stayed_old = [i for i in old_ids if i in new]
        stayed_new = [i for i in new_ids if i in old]
        if stayed_old != stayed_new:
            changed.update(a for a, b in zip(stayed_old, stayed_new, strict=True) if a != b)
        areas = [_rect(b) for b, i in zip(self.blits, old_ids, strict=True) if i in changed]
        areas += [rects[n] for n, i in enumerate(new_ids) if i in changed]
        merged: list[pygame.Rect] = []
        for rect in areas:
            for index, other in enumerate(merged):
                if other.colliderect(rect):
                    merged[index] = other.union(rect)
                    break
            else:
                merged.append(rect)
        if len(merged) > MOST_AREAS:  # one area around them all (if it is not too big)
            merged = [merged[0].unionall(merged[1:])]
        if sum(r.width * r.height for r in merged) > MOST_SHARE * size[0] * size[1]:
            return None
        return merged


def _identities(blits: list[Blit]) -> list[tuple[int, tuple[int, int], int]]:
    """Each blit as (image, place, how many times the same image lay there before it): a HUD
    may draw one image twice at one spot (OMG's level tags "L1" of a Being dragged over an
    enemy's), and the second copy is a blit of its own (it darkens a translucent tag)."""
    seen: dict[tuple[int, tuple[int, int]], int] = {}
    out = []
    for source, pos in blits:
        key = (id(source), pos)
        seen[key] = copy = seen.get(key, -1) + 1
        out.append((key[0], pos, copy))
    return out


def _rect(blit: Blit) -> pygame.Rect:
    return pygame.Rect(blit[1], blit[0].get_size())


# The one image, and (weakly: a table left behind is not kept alive) the backdrop that painted
# it last; another table's backdrop repaints it whole.
_shared: dict[str, object] = {}


def _image_for(backdrop: Backdrop, target: pygame.Surface) -> pygame.Surface | None:
    image, owner = _shared.get("image"), _shared.get("owner")
    if not isinstance(owner, weakref.ref) or owner() is not backdrop:
        return None
    if not isinstance(image, pygame.Surface) or image.get_size() != target.get_size():
        return None
    return image


def _claim(backdrop: Backdrop, target: pygame.Surface) -> pygame.Surface:
    image = _shared.get("image")
    if not isinstance(image, pygame.Surface) or image.get_size() != target.get_size():
        image = theme.display_format(pygame.Surface(target.get_size()), alpha=False)
        _shared["image"] = image
    _shared["owner"] = weakref.ref(backdrop)
    return image


def release() -> None:
    """Let the image go (the memory soaks and tests: nothing of it stays)."""
    _shared.clear()


class BlitRecorder:
    """Stands in for the screen while a table draws the parts of its HUD that lie on the felt
    among resting cards (``draw_resting_hud``): the blits are kept, in order, to be drawn over
    the resting cards (into the backdrop), and they are the backdrop's key for those parts."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.blits: list[Blit] = []

    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def get_rect(self, **where: object) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)

    def blit(self, source: pygame.Surface, dest: pygame.Rect | tuple[float, float]) -> pygame.Rect:
        pos = (int(dest[0]), int(dest[1]))
        self.blits.append((source, pos))
        return pygame.Rect(pos, source.get_size())

    def fblits(self, blits: Iterable[tuple[pygame.Surface, Any]]) -> None:
        for source, dest in blits:
            self.blit(source, dest)
