"""The OMG table's picks and where the keys' focus and the mouse stand among them (``FocusRing``):
where a new mode starts the focus (on the safe choice) and where an arrow key moves it (the
nearest pick that way on screen)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame

from scenes.table.sprites import CardSprite


@dataclasses.dataclass
class Pick:
    """A thing the person may pick on the table: a card, a lane, a target or a button."""

    rect: pygame.Rect
    label: str  # what picking it does (or why it cannot be picked)
    action: Callable[[], object]
    sprite: CardSprite | None = None
    good: bool = True
    kind: str = ""  # "hand", "lane", "enemy", "life", "abyss", "button"
    payload: Any = None
    risky: bool = False  # the keys never start on it (displacing your own Being)
    look: bool = False  # a look, not a move (the Abyss): the keys start on it last
    asked: bool = False  # the move the prompt asks for ("End turn (E)"): the keys start on it


class FocusRing:
    """The picks on screen now, the one the keys point at (``focus``; -1: a mode just entered)
    and where the mouse is (``hover``)."""

    def __init__(self) -> None:
        self.picks: list[Pick] = []
        self.focus = -1
        self.hover: tuple[int, int] = (-1, -1)

    def show(self, picks: list[Pick]) -> None:
        """New picks on screen: the focus stays, or starts, where ``first_focus`` says."""
        self.picks = picks
        self.focus = first_focus(picks, self.focus)

    def clear(self) -> None:
        self.picks, self.focus = [], -1

    def focused(self) -> Pick | None:
        return self.picks[self.focus] if 0 <= self.focus < len(self.picks) else None

    def walk(self, intent: str) -> None:
        """Move the focus to the next pick on screen in that direction."""
        self.focus = walk([p.rect for p in self.picks], self.focus, intent)

    def of(self, sprite: CardSprite | None) -> Pick | None:
        """The pick that is this card."""
        return next((p for p in self.picks if p.sprite is not None and p.sprite is sprite), None)

    def at(self, pos: tuple[int, int], hit: CardSprite | None) -> Pick | None:
        """The pick under ``pos``: cards first (they lie over lanes; ``hit`` is the topmost card
        there), then a place or a button."""
        pick = self.of(hit) if hit is not None else None
        if pick is not None:
            return pick
        return next((p for p in self.picks if p.sprite is None and p.rect.collidepoint(pos)), None)


def first_focus(picks: list[Pick], focus: int) -> int:
    """Where the focus stands among new picks: where it was, on a pick that can be picked; a
    mode just entered (``focus`` < 0), or a focus left on a pick that no longer can be, starts
    on the move the prompt asks for, else the most likely one: a safe pick that is not a button
    (Enter there never displaces a Being; a displacement still asks first), then a button that
    moves, a look (the Abyss) last; else its first pick."""
    if not picks:
        return -1
    if 0 <= focus < len(picks) and picks[focus].good:
        return focus
    good = [i for i, p in enumerate(picks) if p.good]
    rank = lambda i: (  # noqa: E731
        not picks[i].asked,
        picks[i].look,
        picks[i].kind == "button",
        picks[i].risky,
        i,
    )
    return min(good, key=rank) if good else min(max(focus, 0), len(picks) - 1)


def walk(rects: list[pygame.Rect], focus: int, intent: str) -> int:
    """Where an arrow key (``intent``) moves the focus among picks lying at ``rects``: the
    nearest one that way (sideways distance counts thrice), else round along the row."""
    focus = focus if 0 <= focus < len(rects) else 0
    here = rects[focus].center
    dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[intent]
    best, best_score = None, None
    for i, rect in enumerate(rects):
        x, y = rect.centerx - here[0], rect.centery - here[1]
        along = x * dx + y * dy
        if i == focus or along <= 0:
            continue
        score = along + 3 * abs(x * dy + y * dx)
        if best_score is None or score < best_score:
            best, best_score = i, score
    if best is None:  # wrap round along the row
        row = sorted(range(len(rects)), key=lambda i: (rects[i].centery, rects[i].centerx))
        best = row[(row.index(focus) + (1 if dx + dy > 0 else -1)) % len(row)]
    return best
