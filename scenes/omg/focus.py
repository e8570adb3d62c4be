"""Where the keys' focus stands among the OMG table's picks: where a new mode starts it (on the
safe choice) and where an arrow key moves it (the nearest pick that way on screen)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from scenes.omg.picks import Pick


def first_focus(picks: list[Pick], focus: int) -> int:
    """Where the focus stands among new picks: where it was, on a pick that can be picked; a
    mode just entered (``focus`` < 0) starts on its first safe pick that is not a button
    (Enter there never displaces a Being; a displacement still asks first), else its first
    pick that can be picked."""
    if not picks:
        return -1
    if focus < 0:
        good = [i for i, p in enumerate(picks) if p.good]
        ranked = sorted(good, key=lambda i: (picks[i].kind == "button", picks[i].risky, i))
        return ranked[0] if ranked else 0
    focus = min(focus, len(picks) - 1)
    if not picks[focus].good:
        focus = next((i for i, p in enumerate(picks) if p.good), focus)
    return focus


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
