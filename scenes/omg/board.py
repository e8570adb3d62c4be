"""Where OMG's zones lie: the 3×2 lane grid in the middle (the bottom seat's lanes below, the
opponent's above, location i facing i), each side's deck and Life cards to the left of its
lanes, its Abyss to the right, the hands at the top and bottom edges, the log panel at the right
edge and room for the zoomed card at the left edge. Sizes follow the window.
"""

from __future__ import annotations

import pygame

from scenes.table.layout import Spot

STACK_STEP = 0.17  # card heights each lower level of a stack shows above the one on top of it
LANE_STEP = 1.45  # card widths between the centres of neighbouring lanes


def pile_depth(index: int) -> int:
    """How far up a pile card ``index`` lies: in steps of three, so three cards lie squared on
    one spot and the layer draws only the top one of them (a pile of 30 costs nine cards)."""
    return min(index, 24) // 3 * 3


class BoardLayout:
    def __init__(self, size: tuple[int, int], bottom: int) -> None:
        self.size = size
        self.bottom = bottom
        width, height = size
        self.card_h = round(min(height * 0.165, width * 0.09))
        self.card_w = round(self.card_h * 0.7)
        self.cx = width * 0.47
        self.row_y = (height * 0.315, height * 0.585)  # the top side's lanes, the bottom's
        self.hand_scale = 0.98
        self.other_hand_scale = 0.5

    # --- sides --------------------------------------------------------------------------------
    def is_bottom(self, seat: int) -> bool:
        return seat == self.bottom

    def row(self, seat: int) -> float:
        return self.row_y[1] if self.is_bottom(seat) else self.row_y[0]

    def lane_x(self, loc: int) -> float:
        return self.cx + (loc - 1) * LANE_STEP * self.card_w

    def lane(self, seat: int, loc: int, index: int = 0, count: int = 1) -> Spot:
        """Card ``index`` of ``count`` in a stack: the top card at the lane's spot, each level
        beneath showing a strip above it, so the levels read top down."""
        below = count - 1 - index
        return Spot(self.lane_x(loc), self.row(seat) - below * STACK_STEP * self.card_h)

    def lane_rect(self, seat: int, loc: int) -> pygame.Rect:
        """The drop area of a lane (a little larger than a card, room for its strips above),
        ending just below the card: the labels under it stay clear of its light and outline."""
        rect = pygame.Rect(0, 0, round(self.card_w * 1.3), round(self.card_h * 1.385))
        rect.midbottom = (round(self.lane_x(loc)), round(self.row(seat) + self.card_h * 0.535))
        return rect

    def hand(self, seat: int, index: int, count: int) -> Spot:
        width, height = self.size
        if self.is_bottom(seat):
            w = self.card_w * self.hand_scale
            step = min(w * 1.02, (width * 0.5 - w) / max(1, count - 1))
            y = height - self.card_h * self.hand_scale * 0.56
        else:
            w = self.card_w * self.other_hand_scale
            step = w * 0.45
            y = self.card_h * self.other_hand_scale * 0.62
        return Spot(self.cx + (index - (count - 1) / 2) * step, y)

    def deck(self, seat: int, index: int) -> Spot:
        depth = pile_depth(index)
        return Spot(self.cx - 4.6 * self.card_w - depth * 0.3, self.row(seat) - depth * 0.45)

    def life(self, seat: int, index: int, count: int) -> Spot:
        step = self.card_w * 0.3
        return Spot(self.cx - 3.15 * self.card_w + (index - (count - 1) / 2) * step, self.row(seat))

    def life_rect(self, seat: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, round(self.card_w * 1.8), round(self.card_h * 1.1))
        rect.center = (round(self.cx - 3.15 * self.card_w), round(self.row(seat)))
        return rect

    def abyss(self, seat: int, index: int) -> Spot:
        depth = pile_depth(index)
        return Spot(self.cx + 3.0 * self.card_w - depth * 0.3, self.row(seat) - depth * 0.45)

    def abyss_rect(self, seat: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, round(self.card_w * 0.8), round(self.card_h * 0.8))
        rect.center = (round(self.cx + 3.0 * self.card_w), round(self.row(seat)))
        return rect

    def gems(self, seat: int) -> pygame.Rect:
        """The Gem zone: beside the Abyss, away from the middle."""
        rect = pygame.Rect(0, 0, round(self.card_w * 1.25), round(self.card_h * 0.95))
        rect.midleft = (round(self.cx + 3.55 * self.card_w), round(self.row(seat)))
        return rect

    def defense(self, index: int, count: int) -> Spot:
        """Cards discarded to defend a Life attack: a row by the Life cards, in the gap between
        the two sides' (in the middle of the table they covered the lanes' labels)."""
        step = self.card_w * min(0.3, 1.4 / max(1, count - 1))  # many: closer, clear of the deck
        top = self.row_y[0] + self.card_h * 0.66  # below the top side's Life count
        bottom = self.row_y[1] - self.card_h * 0.44  # above the bottom side's Life cards
        x = self.cx - 3.15 * self.card_w + (index - (count - 1) / 2) * step
        return Spot(x, (top + bottom) / 2)

    # --- panels -------------------------------------------------------------------------------
    def log_rect(self) -> pygame.Rect:
        width, height = self.size
        left = round(self.cx + 5.1 * self.card_w)
        return pygame.Rect(left, round(height * 0.2), width - left - 8, round(height * 0.56))

    def status_rect(self) -> pygame.Rect:
        log = self.log_rect()
        return pygame.Rect(log.x, 8, log.width, log.y - 16)

    def zoom_rect(self) -> pygame.Rect:
        """The zoomed card: at the left edge, as large as fits beside the deck."""
        width, height = self.size
        room = self.cx - 5.15 * self.card_w - 16
        w = max(60, min(room, height * 0.5 * 0.7))
        rect = pygame.Rect(0, 0, round(w), round(w / 0.7))
        rect.midleft = (10, round(height * 0.45))
        return rect

    def message_pos(self) -> tuple[float, float]:
        return (self.cx, self.size[1] - self.card_h * self.hand_scale * 1.3)

    def buttons(self, count: int, scale: float) -> list[pygame.Rect]:
        """Buttons stacked at the lower right, under the log."""
        width, height = self.size
        log = self.log_rect()
        h = round(34 * scale)
        gap = round(6 * scale)
        return [
            pygame.Rect(log.x, height - 8 - (count - i) * (h + gap) + gap, log.width, h)
            for i in range(count)
        ]

    def centre(self) -> tuple[float, float]:
        """The middle between the two rows of lanes (questions, the attack preview)."""
        return (self.cx, sum(self.row_y) / 2)

    def abyss_row(self, count: int) -> list[pygame.Rect]:
        """Gaia's choices: ``count`` Abyss cards in a row over the middle of the table."""
        w, h = round(self.card_w * 0.9), round(self.card_h * 0.9)
        step = min(w + 8, (self.size[0] * 0.6) / max(1, count))
        x0 = self.cx - step * (count - 1) / 2
        rects = []
        for i in range(count):
            rect = pygame.Rect(0, 0, w, h)
            rect.center = (round(x0 + i * step), round(sum(self.row_y) / 2))
            rects.append(rect)
        return rects

    def browser(self, count: int) -> list[pygame.Rect]:
        """An open Abyss's ``count`` cards, laid in rows over the table."""
        w, h = round(self.card_w * 0.8), round(self.card_h * 0.8)
        per_row = max(1, int((self.size[0] * 0.55) // (w + 6)))
        x0 = self.cx - (min(per_row, max(1, count)) * (w + 6)) / 2
        return [
            pygame.Rect(
                round(x0 + (i % per_row) * (w + 6)),
                round(self.size[1] * 0.22 + (i // per_row) * (h + 6)),
                w,
                h,
            )
            for i in range(count)
        ]
