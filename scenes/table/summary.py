"""A round's summary on the table: the kit's one panel between hands or rounds (issue 31).

A table opens it with its own content (``TableScene.open_summary``: a hand's score, a round's
rows); the kit then holds the table (``blocked``) until Ready, Play or a click
(``panel_input`` → ``close_summary``), or until its countdown runs out at a table that goes on
by itself (no person seated, a demo). The table fills the panel: its ``summary_page()`` gives
the title, the body's size and a painter for it, and what comes next; ``draw_summary`` draws
the frame around it (the panel, the title, how the table goes on), the same at every table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from scenes import theme


class Summary:
    """The open summary's content (None: closed) and the time it has left at a table that goes
    on by itself."""

    def __init__(self) -> None:
        self.content: Any = None
        self.ms = 0.0

    @property
    def open(self) -> bool:
        return self.content is not None

    def show(self, content: object, ms: float) -> None:
        self.content, self.ms = content, ms

    def count_down(self, dt_ms: float) -> bool:
        """Spend ``dt_ms`` of its time; True when it has run out."""
        self.ms -= dt_ms
        return self.ms <= 0


@dataclass(frozen=True)
class SummaryPage:
    """What a table's open summary shows: the kit draws the frame, the table its body."""

    title: str
    body: tuple[int, int]  # the body's width and height at scale 1
    paint: Callable[[pygame.Surface, pygame.Rect, float], None]  # (surface, body rect, scale)
    then: str  # what comes after it: "the next hand", "the results"


# The frame at scale 1: the title's band above the body, the note's below it.
TITLE_BAND, NOTE_BAND = 62, 44


def summary_box(window: tuple[int, int], s: float, page: SummaryPage) -> pygame.Rect:
    """Where the panel lies: a little above the middle of the window (clear of the hand)."""
    width, height = page.body
    box = pygame.Rect(0, 0, round(width * s), round((TITLE_BAND + height + NOTE_BAND) * s))
    box.center = (window[0] // 2, round(window[1] * 0.45))
    return box


def summary_note(ready: str, auto: bool, then: str) -> str:
    """How the table goes on: by itself in a moment, or on the player's Ready key or a click
    (``ready`` as the player reads it: the key follows rebinding)."""
    return f"On to {then}…" if auto else f"{ready[:1].upper()}{ready[1:]} or click: {then}"


def draw_summary(
    surface: pygame.Surface, s: float, page: SummaryPage, ready: str, auto: bool
) -> pygame.Rect:
    """The summary panel: the frame the kit owns around the table's body."""
    box = summary_box(surface.get_size(), s, page)
    theme.panel(surface, box, 246, round(14 * s))
    title_at = (box.centerx, box.y + 14 * s)
    theme.blit_text(surface, page.title, round(34 * s), title_at, theme.GOLD, "midtop", True)
    body = pygame.Rect(box.x, round(box.y + TITLE_BAND * s), box.width, round(page.body[1] * s))
    page.paint(surface, body, s)
    note = summary_note(ready, auto, page.then)
    at = (box.centerx, box.bottom - 14 * s)
    theme.blit_text(surface, note, round(20 * s), at, theme.INK_DIM, "midbottom")
    return box
