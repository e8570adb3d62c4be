"""The pile browser: the discard pile laid out face up, to look through or to pick from."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import pygame

from game.fomo.cards import ACTIONS, NUMBERS, card_name
from scenes import theme

if TYPE_CHECKING:
    from scenes.fomo.ports import FomoTablePort

LIT_FOCUS = (255, 214, 102)
ORDER = {card: i for i, card in enumerate(NUMBERS + ACTIONS)}


class PileBrowser:
    """The discard pile laid out face up, one card per kind with its count; with ``pick`` the
    person chooses one (Throwback)."""

    def __init__(
        self, title: str, below: Counter[str], top: str | None, pick: bool = False
    ) -> None:
        self.title = title
        self.cards = sorted(below, key=lambda c: ORDER.get(c, 99))
        self.counts = below
        self.top = top
        self.pick = pick
        self.focus = 0
        self.rects: list[pygame.Rect] = []
        self.box = pygame.Rect(0, 0, 0, 0)

    def handle(self, event: pygame.event.Event, intent: str | None) -> str | None:
        """The card picked, "close", or None."""
        if event.type == pygame.KEYDOWN:
            if pygame.key.name(event.key) == "p" and not self.pick:
                return "close"
            if self.cards and intent in ("left", "right", "up", "down"):
                step = 1 if intent in ("right", "down") else -1
                self.focus = (self.focus + step) % len(self.cards)
                return None
            if intent == "play" and self.cards:
                return self.cards[self.focus % len(self.cards)] if self.pick else "close"
        if event.type == pygame.MOUSEMOTION:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos):
                    self.focus = i
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for card, rect in zip(self.cards, self.rects, strict=False):
                if rect.collidepoint(event.pos):
                    return card if self.pick else None
            if not self.pick and not self.box.collidepoint(event.pos):
                return "close"
        return None

    def draw(self, table: FomoTablePort, surface: pygame.Surface) -> None:
        s = table.layout.scale
        w, h = round(table.layout.card_size[0] * 0.62), round(table.layout.card_size[1] * 0.62)
        per_row = max(1, min(8, len(self.cards)))
        rows = max(1, (len(self.cards) + per_row - 1) // per_row)
        gap = round(14 * s)
        width = max(round(560 * s), per_row * (w + gap) + gap)
        self.box = pygame.Rect(0, 0, width, round(110 * s) + rows * (h + round(30 * s)))
        self.box.center = (round(table.layout.centre[0]), round(table.layout.centre[1]))
        theme.panel(surface, self.box, alpha=245)
        top = f" — on top: {card_name(self.top)}" if self.top else ""
        theme.blit_text(
            surface,
            self.title + top,
            round(26 * s),
            (self.box.centerx, self.box.y + 14 * s),
            theme.GOLD,
            "midtop",
            True,
        )
        note = (
            "Under the top, in no known order. Click one, or Left/Right and Enter."
            if self.pick
            else "What may lie under the top (order unknown). P or a click outside closes."
        )
        theme.blit_text(
            surface,
            note,
            round(19 * s),
            (self.box.centerx, self.box.y + 44 * s),
            theme.INK_DIM,
            "midtop",
        )
        self.rects = []
        if not self.cards:
            theme.blit_text(
                surface,
                "Nothing lies under the top card.",
                round(22 * s),
                self.box.center,
                theme.INK,
                "center",
            )
        for i, card in enumerate(self.cards):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(self.cards) - row * per_row)
            x0 = self.box.centerx - (in_row * (w + gap) - gap) / 2
            rect = pygame.Rect(
                round(x0 + col * (w + gap)), round(self.box.y + 76 * s + row * (h + 30 * s)), w, h
            )
            self.rects.append(rect)
            surface.blit(table.faces.get(card, (w, h)), rect)
            if self.pick and i == self.focus % len(self.cards):
                pygame.draw.rect(surface, LIT_FOCUS, rect.inflate(8, 8), 4, border_radius=8)
            count = self.counts[card]
            if count > 1:
                theme.blit_text(
                    surface,
                    f"×{count}",
                    round(20 * s),
                    (rect.centerx, rect.bottom + 3 * s),
                    theme.INK,
                    "midtop",
                    True,
                )
