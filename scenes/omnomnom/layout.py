"""Where everything lies on the Om Nom Nom table, for 2–6 seats, scaled to the window.

The three boards fill the middle, each a food chain of three levels (top predator, middle
animal, bottom food). The person at the bottom holds full-size cards with a pick spot to their
left; every other seat sits in a box around the boards (its plate, its cards upright in slots,
then what it has won). Hands are slots, one per animal, so keys 1–6 always name the same card.
"""

from __future__ import annotations

import pygame

from game.omnomnom.cards import ANIMALS, BOARDS
from scenes import theme
from scenes.table.layout import Spot, TableLayout

# Where the other seats' boxes go, in play order from the bottom seat (counter-clockwise on
# screen: the right side first), as fractions of the window.
SEAT_SLOTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.105),),
    3: ((0.885, 0.32), (0.115, 0.32)),
    4: ((0.885, 0.46), (0.5, 0.105), (0.115, 0.46)),
    5: ((0.885, 0.6), (0.7, 0.105), (0.3, 0.105), (0.115, 0.6)),
    6: ((0.885, 0.66), (0.885, 0.31), (0.5, 0.105), (0.115, 0.31), (0.115, 0.66)),
}
LEVELS = ("top", "middle", "bottom")

# Piece sizes as fractions of the layout's card (the bottom seat's cards are 1.0).
OTHER_HAND = 0.5
BOARD_CARD = 0.4
FRONT_CARD = 0.3
BOARD_DIE = 0.22  # of the card's width: dice are square
FRONT_DIE = 0.18


class Geometry:
    def __init__(self, layout: TableLayout) -> None:
        self.layout = layout
        self.size = layout.size
        self.players = layout.players
        self.bottom = layout.bottom_seat
        self.cw, self.ch = layout.card_size
        width, height = self.size
        sides = self.players > 2
        left, right = (0.22, 0.78) if sides else (0.14, 0.86)
        self.board_area = pygame.Rect(
            round(width * left),
            round(height * 0.215),
            round(width * (right - left)),
            round(height * 0.48),
        )
        self.hand_y = layout.anchor(self.bottom).y
        # A caption banner's height (the kit draws them at 0.8 of the table's scale).
        self.caption_h = theme.font(round(24 * layout.scale), True).get_linesize() + round(
            11 * layout.scale
        )
        self.hand_step = self.cw * 0.92
        self.hand_x = width * 0.52
        self._fit_boards()

    def _fit_boards(self) -> None:
        """Keep the boards clear of the seats' boxes (a small window squeezes them)."""
        area = self.board_area
        left, right, top = area.left, area.right, area.top
        gap = round(self.cw * 0.1)
        for seat in range(self.players):
            if self.is_bottom(seat):
                continue
            box = self.box(seat)
            if box.centery < area.top:  # a seat above: its caption goes between
                top = max(top, box.bottom + self.caption_h + gap // 2)
            elif box.centerx < self.size[0] / 2:
                left = max(left, box.right + gap)
            else:
                right = min(right, box.left - gap)
        # The message line has its own room between the boards and the hand (it covered the
        # boards' bottom edge, where the kit puts it on other tables).
        line = self.message_spot()[1] - self.message_height()
        bottom = min(area.bottom, round(line - gap - 4))  # (the boards are drawn 4 px wider)
        self.board_area = pygame.Rect(left, top, max(60, right - left), max(60, bottom - top))

    def message_height(self) -> int:
        """The message line's height with its backing (``MessageLine``: 25 px type, 10 px)."""
        scale = self.layout.scale
        return theme.font(round(25 * scale)).get_height() + round(10 * scale)

    def message_spot(self) -> tuple[float, float]:
        """The message line's midbottom: just above the bottom hand, clear of a card lifted out
        of it (0.12 of a card) and of the pick spot (its backing reaches 5 px below)."""
        lifted = self.hand_y - self.ch * (0.5 + 0.12)
        return self.size[0] / 2, min(lifted, self.pick_area().top) - 3 - 5 * self.layout.scale

    # --- seats --------------------------------------------------------------------------------
    def place(self, seat: int) -> int:
        return (seat - self.bottom) % self.players

    def is_bottom(self, seat: int) -> bool:
        return self.place(seat) == 0

    def above_boards(self, seat: int) -> bool:
        return not self.is_bottom(seat) and self.box(seat).bottom <= self.board_area.top

    def box(self, seat: int) -> pygame.Rect:
        """The box of a seat other than the bottom one: plate, cards, winnings."""
        fx, fy = SEAT_SLOTS[self.players][self.place(seat) - 1]
        box = pygame.Rect(0, 0, round(self.cw * 2.6), round(self.ch * 1.04))
        box.center = (round(self.size[0] * fx), round(self.size[1] * fy))
        return box.clamp(pygame.Rect(0, 0, *self.size).inflate(-8, -8))

    def hand_scale(self, seat: int) -> float:
        return 1.0 if self.is_bottom(seat) else OTHER_HAND

    def hand_left(self) -> float:
        return self.hand_x - 2.5 * self.hand_step - self.cw / 2

    def hand_spot(self, seat: int, slot: int) -> Spot:
        if self.is_bottom(seat):
            return Spot(self.hand_x + (slot - 2.5) * self.hand_step, self.hand_y)
        box = self.box(seat)
        step = self.cw * 0.42
        return Spot(box.centerx + (slot - 2.5) * step, box.y + self.ch * 0.2 + self.ch * 0.25)

    def pick_spot(self, seat: int) -> Spot:
        """Where a seat's face-down card lies (for the person at the bottom: the pick spot)."""
        if self.is_bottom(seat):
            return Spot(self.hand_left() - self.cw * 0.72, self.hand_y - self.ch * 0.08)
        box = self.box(seat)
        hand = self.hand_spot(seat, 0)
        if self.above_boards(seat):  # beside the box: below it are its caption and the boards
            return Spot(box.left - self.cw * (OTHER_HAND / 2 + 0.12), hand.y)
        cx, cy = self.board_area.center
        dx, dy = cx - box.centerx, cy - box.centery
        norm = max(1.0, (dx * dx + dy * dy) ** 0.5)
        reach = self.ch * 0.62
        return Spot(box.centerx + dx / norm * reach, hand.y + dy / norm * reach)

    def pick_area(self) -> pygame.Rect:
        """The drop target for the bottom seat's pick."""
        spot = self.pick_spot(self.bottom)
        rect = pygame.Rect(0, 0, round(self.cw * 1.14), round(self.ch * 1.1))
        rect.center = (round(spot.x), round(spot.y))
        return rect

    def plate(self, seat: int) -> tuple[tuple[float, float], str]:
        if self.is_bottom(seat):
            area = self.pick_area()
            return (area.left - 8, self.hand_y + self.ch * 0.3), "midright"
        box = self.box(seat)
        return (box.centerx, box.top), "midtop"

    def caption(self, seat: int) -> tuple[float, float]:
        if self.is_bottom(seat):
            return (self.hand_x, self.hand_y - self.ch * 0.75)
        box = self.box(seat)
        return (box.centerx, box.bottom + 2 + self.caption_h / 2)

    def stack_spot(self, seat: int, index: int) -> Spot:
        hand = self.hand_spot(seat, 0)
        return Spot(hand.x + self.cw * 0.15 - index * 0.6, hand.y - index * 0.9)

    def front_row(self, seat: int) -> tuple[float, float, float]:
        """(left x, centre y, width) of the row of what a seat has won this round."""
        if self.is_bottom(seat):
            left = self.hand_x + 2.5 * self.hand_step + self.cw * 0.62
            return left, self.hand_y, self.size[0] - 8 - left
        box = self.box(seat)
        return box.left + 6, box.bottom - self.ch * 0.15, box.width - 12

    def front_card_spot(self, seat: int, index: int, count: int) -> Spot:
        left, y, width = self.front_row(seat)
        w = self.cw * FRONT_CARD
        step = min(w * 0.55, (width * 0.45 - w) / max(1, count - 1))
        dy = -self.ch * 0.12 if self.is_bottom(seat) else 0.0
        return Spot(left + w / 2 + index * step, y + dy)

    def front_die_spot(self, seat: int, index: int, count: int) -> Spot:
        left, y, width = self.front_row(seat)
        side = self.cw * FRONT_DIE * 1.12
        x0 = left + width * 0.5
        cols = max(1, int(width * 0.5 // side))
        rows = 4 if self.is_bottom(seat) else 2
        row, col = divmod(index, cols)
        top = y - (rows - 1) * side / 2 - (self.ch * 0.12 if self.is_bottom(seat) else 0)
        return Spot(x0 + side / 2 + col * side, top + min(row, rows - 1) * side)

    # --- boards -------------------------------------------------------------------------------
    def board_rect(self, board: int) -> pygame.Rect:
        area = self.board_area
        gap = round(self.cw * 0.16)
        width = (area.width - 2 * gap) // 3
        return pygame.Rect(area.x + board * (width + gap), area.y, width, area.height)

    def title_height(self) -> int:
        return round(self.ch * 0.15)

    def level_rect(self, board: int, level: int) -> pygame.Rect:
        rect = self.board_rect(board)
        top = rect.y + self.title_height()
        height = (rect.bottom - top) // 3
        return pygame.Rect(rect.x, top + level * height, rect.width, height)

    def label_width(self) -> int:
        return round(self.cw * 0.46)

    def board_card_spot(self, board: int, level: str, index: int, count: int) -> Spot:
        rect = self.level_rect(board, LEVELS.index(level))
        left: float = rect.x + self.label_width()
        width: float = rect.right - left - 4
        if level == "middle":
            width = width * 0.5  # the middle level's dice lie to the right
        w = self.cw * BOARD_CARD
        step = min(w * 1.05, (width - w) / max(1, count - 1))
        span = w + step * (count - 1)
        return Spot(left + (width - span) / 2 + w / 2 + index * step, rect.centery)

    def space_spot(self, face: str, index: int, count: int) -> Spot:
        board = next(i for i, b in enumerate(BOARDS) if face in (b.middle, b.bottom))
        middle = BOARDS[board].middle == face
        rect = self.level_rect(board, 1 if middle else 2)
        left: float = rect.x + self.label_width()
        width: float = rect.right - left - 4
        if middle:
            left, width = left + width * 0.5, width * 0.5
        side = self.cw * BOARD_DIE * 1.14
        cols = max(1, int(width // side))
        rows = max(1, -(-count // cols))
        row, col = divmod(index, cols)
        in_row = min(cols, count - row * cols)
        x0 = left + (width - in_row * side) / 2 + side / 2
        y0 = rect.centery - (rows - 1) * side / 2
        return Spot(x0 + col * side, y0 + row * side)

    def pool_spot(self, index: int) -> Spot:
        """Dice gathered in the middle before a roll: a loose heap."""
        cx, cy = self.board_area.center
        side = self.cw * BOARD_DIE
        col, row = index % 5, index // 5
        return Spot(cx + (col - 2) * side * 0.8, cy + (row - 1) * side * 0.8, (index * 37) % 90)

    def discard_spot(self, index: int, count: int) -> Spot:
        w = self.cw * FRONT_CARD
        step = min(w * 0.5, (self.size[0] * 0.16 - w) / max(1, count - 1))
        return Spot(8 + w / 2 + index * step, self.ch * 0.5)

    def hand_slot_of(self, card: str) -> int:
        return ANIMALS.index(card.split("/")[0])
