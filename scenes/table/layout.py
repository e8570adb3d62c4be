"""Where things go on the table for 2–6 seats, scaled to the window.

The viewer's seat is at the bottom; the others follow evenly around an ellipse in the game's own
direction of play: counter-clockwise on screen (play goes to the right, Omi's way) or clockwise
(to the left, OMYN's and FOMO's). A seat's cards are rotated so their bottoms face that seat:
``360 * k / players`` degrees (negative clockwise) for the seat ``k`` places after the viewer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from scenes import theme
from scenes.table.zones import CentrePlace, SeatPlace, ZoneName, ZoneSpec

# Steps between neighbouring cards, in card widths: a fan overlaps, slots stand apart.
FAN_STEP_OTHERS = 0.34
SLOT_STEP = 1.08
PILE_STEP = (0.3, 0.45)  # pixels per card below the top, so a pile looks thick
PILE_DEPTH = 24  # cards beyond this add no more thickness
STACK_STEP = 0.22  # card heights between the cards of a stack


@dataclass(frozen=True)
class Spot:
    x: float
    y: float
    angle: float = 0.0


class TableLayout:
    def __init__(
        self, size: tuple[int, int], players: int, bottom_seat: int = 0, clockwise: bool = False
    ) -> None:
        if not 2 <= players <= 6:
            raise ValueError(f"the table seats 2–6 players, not {players}")
        self.size = size
        self.players = players
        self.bottom_seat = bottom_seat
        self.turn = -1 if clockwise else 1  # the way round the next seat sits, on screen
        width, height = size
        self.scale = theme.scale_for(size)
        card_h = round(min(height * 0.2, width * 0.16))
        self.card_size = (round(card_h * 0.7), card_h)
        self.other_scale = 0.62  # other seats' cards are drawn smaller
        self.centre = (width / 2, height * 0.47)
        self.radius = (
            width / 2 - self.card_size[1] * 0.55,
            height * 0.47 - self.card_size[1] * 0.48,
        )

    # --- seats --------------------------------------------------------------------------------
    def place(self, seat: int) -> int:
        """0 for the bottom seat, then in the order of play."""
        return (seat - self.bottom_seat) % self.players

    def direction(self, seat: int) -> float:
        """Angle (radians, screen coordinates with y down) from the centre towards ``seat``."""
        return math.pi / 2 - self.turn * 2 * math.pi * self.place(seat) / self.players

    def rotation(self, seat: int) -> float:
        return (self.turn * 360.0 * self.place(seat) / self.players) % 360

    def anchor(self, seat: int) -> Spot:
        """The middle of ``seat``'s hand."""
        theta = self.direction(seat)
        cx, cy = self.centre
        rx, ry = self.radius
        if self.place(seat) == 0:
            return Spot(cx, self.size[1] - self.card_size[1] * 0.62, 0.0)
        return Spot(cx + rx * math.cos(theta), cy + ry * math.sin(theta), self.rotation(seat))

    def card_scale(self, seat: int) -> float:
        return 1.0 if self.place(seat) == 0 else self.other_scale

    def hand(self, seat: int, count: int) -> list[Spot]:
        """A fan of ``count`` cards for ``seat``, left to right as that player holds them."""
        if count == 0:
            return []
        mine = self.place(seat) == 0
        card_w = self.card_size[0] * self.card_scale(seat)
        if mine:
            available = self.size[0] * 0.62
            step = min(card_w * 0.78, (available - card_w) / max(1, count - 1))
        else:
            step = card_w * 0.34
        anchor = self.anchor(seat)
        angle = math.radians(anchor.angle)
        ux, uy = math.cos(angle), -math.sin(angle)  # the fan runs along the rotated x-axis
        spots = []
        for i in range(count):
            offset = (i - (count - 1) / 2) * step
            spots.append(Spot(anchor.x + ux * offset, anchor.y + uy * offset, anchor.angle))
        return spots

    def label(self, seat: int) -> tuple[tuple[float, float], str]:
        """Where the seat's name goes and how it is anchored."""
        anchor = self.anchor(seat)
        place = self.place(seat)
        h = self.card_size[1]
        if place == 0:
            return (self.size[0] * 0.2 - 10 * self.scale, self.size[1] - 0.3 * h), "midright"
        # Beyond the end of a full hand, on the other side from the seat's won tricks.
        angle = math.radians(anchor.angle)
        ux, uy = math.cos(angle), -math.sin(angle)
        card_w = self.card_size[0] * self.other_scale
        reach = 3.5 * card_w * 0.34 + card_w * 0.5 + 12 * self.scale
        x, y = anchor.x - ux * reach, anchor.y - uy * reach
        if abs(ux) >= abs(uy):
            return (x, y), "midleft" if ux < 0 else "midright"
        return (x, y), "midtop" if uy < 0 else "midbottom"

    # --- the middle ---------------------------------------------------------------------------
    def near_centre(self, seat: int) -> Spot:
        """Between the centre and ``seat``: where a card played by that seat lands."""
        theta = self.direction(seat)
        cx, cy = self.centre
        w, h = self.card_size
        return Spot(cx + math.cos(theta) * w * 0.95, cy + math.sin(theta) * h * 0.42, 0.0)

    def trick_area(self) -> pygame.Rect:
        """Where a dragged card may be dropped to play it."""
        w, h = self.card_size
        rect = pygame.Rect(0, 0, round(w * 3.6), round(h * 2.3))
        rect.center = (round(self.centre[0]), round(self.centre[1]))
        return rect

    def in_front_of(self, seat: int) -> Spot:
        """Half way from the centre to ``seat`` (a pack in front of its dealer)."""
        anchor = self.anchor(seat)
        cx, cy = self.centre
        return Spot(cx + (anchor.x - cx) * 0.55, cy + (anchor.y - cy) * 0.55, 0.0)

    def beside_hand(self, seat: int, index: int) -> Spot:
        """The ``index``-th small pile beside ``seat``'s hand (won tricks), turned a quarter."""
        anchor = self.anchor(seat)
        angle = math.radians(anchor.angle)
        ux, uy = math.cos(angle), -math.sin(angle)
        vx, vy = -uy, ux  # towards the centre... rotated x-axis turned a quarter
        h = self.card_size[1] * self.card_scale(seat)
        along = (
            (self.size[0] * 0.31 + self.card_size[0] * 0.5) if self.place(seat) == 0 else h * 1.55
        )
        spread = index * h * 0.12
        return Spot(
            anchor.x + ux * (along + spread) - vx * 0.0,
            anchor.y + uy * (along + spread) - vy * 0.0,
            anchor.angle + 90.0,
        )

    # --- zones as data ------------------------------------------------------------------------
    def zone_scale(self, spec: ZoneSpec, seat: int | None) -> float:
        """Card scale in a zone: the spec's, and smaller for zones that lie at another seat."""
        if spec.owned and seat is not None and isinstance(spec.place, SeatPlace):
            return spec.scale * self.card_scale(seat)  # beside a far seat, cards shrink with it
        return spec.scale

    def place_origin(self, place: SeatPlace | CentrePlace, seat: int | None) -> Spot:
        """Where a zone's middle lies: near its seat (rotated with it) or near the centre."""
        w, h = self.card_size
        if isinstance(place, CentrePlace) or seat is None:
            x = place.x if isinstance(place, CentrePlace) else 0.0
            y = place.y if isinstance(place, CentrePlace) else 0.0
            return Spot(self.centre[0] + x * w, self.centre[1] + y * h, 0.0)
        anchor = self.anchor(seat)
        scale = self.card_scale(seat)
        angle = math.radians(anchor.angle)
        ux, uy = math.cos(angle), -math.sin(angle)  # the seat's "right", as it sees it
        ix, iy = uy, -ux  # the seat's "forward": towards the centre
        if self.place(seat) == 0:
            ix, iy = 0.0, -1.0
        dx = ux * place.along * w * scale + ix * place.inward * h * scale
        dy = uy * place.along * w * scale + iy * place.inward * h * scale
        return Spot(anchor.x + dx, anchor.y + dy, anchor.angle)

    def zone_spot(
        self, spec: ZoneSpec, name: ZoneName, index: int, count: int, slots: int = 1
    ) -> Spot:
        """The resting spot of card ``index`` of ``count`` in a zone laid out by its spec
        (``slots``: how many slots the zone's row has, for the slots kind)."""
        if spec.place is None:
            raise ValueError(f"zone {name} is placed by its table, not by the kit")
        seat = name.seat if spec.owned else None
        origin = self.place_origin(spec.place, seat)
        scale = self.zone_scale(spec, seat)
        w, h = self.card_size[0] * scale, self.card_size[1] * scale
        angle = math.radians(origin.angle)
        ux, uy = math.cos(angle), -math.sin(angle)
        mine = seat is not None and self.place(seat) == 0
        if spec.kind == "fan":
            if mine:
                available = self.size[0] * 0.62
                step = min(w * 0.78, (available - w) / max(1, count - 1))
            else:
                step = w * FAN_STEP_OTHERS
            offset = (index - (count - 1) / 2) * step * spec.spread
            return Spot(origin.x + ux * offset, origin.y + uy * offset, origin.angle)
        if spec.kind == "slots":
            slot = name.slot if name.slot is not None else index
            # A long row (penalty cards) closes up rather than running off the table.
            room = self.size[0] * (0.66 if mine else 0.3)
            step = min(w * SLOT_STEP * spec.spread, room / max(1, slots))
            offset = (slot - (max(1, slots) - 1) / 2) * step
            return Spot(origin.x + ux * offset, origin.y + uy * offset, origin.angle)
        if spec.kind == "pile":
            depth = min(index, PILE_DEPTH)
            return Spot(
                origin.x - depth * PILE_STEP[0] * spec.spread,
                origin.y - depth * PILE_STEP[1] * spec.spread,
                origin.angle,
            )
        if spec.kind == "stack":
            # Towards the viewer of the stack: each card lower down shows a strip of the one below.
            vx, vy = -uy, ux
            offset = index * h * STACK_STEP * spec.spread
            return Spot(origin.x + vx * offset, origin.y + vy * offset, origin.angle)
        raise ValueError(f"zone {name}: a {spec.kind} is placed by its table")


# --- seat plates ------------------------------------------------------------------------------
def card_box(spot: Spot, size: tuple[float, float]) -> pygame.Rect:
    """The screen box a card of ``size`` covers at ``spot`` (turned by its angle)."""
    turn = math.radians(spot.angle)
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    width, height = size
    box = pygame.Rect(
        0, 0, math.ceil(width * cos + height * sin), math.ceil(width * sin + height * cos)
    )
    box.center = (round(spot.x), round(spot.y))
    return box


class PlateSpots:
    """Where each seat's name plate goes: beside that seat's cards and clear of every card on the
    table and of the other plates, on screen. A seat tries, in order: the seat ring's spot
    (``TableLayout.label``), then beyond the left end of its cards (as it sees them), beyond the
    right end, behind them, in front of them; on each side centred on the cards, then flush with
    either end, then between, close by and then a little further out. A plate stays where it is while it is still clear (a
    shrinking hand does not drag it along); a card landing on it, a new layout or a plate grown
    too big for its place moves the plates."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] = ()
        self.rects: dict[int, pygame.Rect] = {}

    def place(
        self,
        layout: TableLayout,
        sizes: dict[int, tuple[int, int]],
        own: dict[int, list[pygame.Rect]],
        cards: list[pygame.Rect],
    ) -> dict[int, pygame.Rect]:
        """``sizes``: each seat's plate; ``own``: the boxes of each seat's cards; ``cards``: the
        box of every card on the table and of anything else a plate must not cover (buttons)."""
        key = (layout.size, layout.players, layout.bottom_seat)
        if key == self.key and self._still_clear(layout, sizes, cards):
            return self.rects
        self.key = key
        self.rects = {}
        # Placed round the screen the same way whichever way play goes (bottom, then to the
        # right): the greedy placement leaves the same room for the same screen.
        for seat in sorted(sizes, key=lambda s: layout.turn * layout.place(s) % layout.players):
            self.rects[seat] = self._best(layout, seat, sizes[seat], own.get(seat, []), cards)
        return self.rects

    def _still_clear(
        self, layout: TableLayout, sizes: dict[int, tuple[int, int]], cards: list[pygame.Rect]
    ) -> bool:
        screen = pygame.Rect((0, 0), layout.size)
        for seat, size in sizes.items():
            old = self.rects.get(seat)
            if old is None:
                return False
            if old.size != size:
                rect = pygame.Rect(old.topleft, size)
                rect.center = old.center
                self.rects[seat] = rect
            rect = self.rects[seat]
            others = [r for s, r in self.rects.items() if s != seat]
            if not screen.contains(rect) or _overlap(rect, cards, others, layout.scale):
                return False
        return True

    def _best(
        self,
        layout: TableLayout,
        seat: int,
        size: tuple[int, int],
        own: list[pygame.Rect],
        cards: list[pygame.Rect],
    ) -> pygame.Rect:
        screen = pygame.Rect((0, 0), layout.size)
        placed = list(self.rects.values())
        best: tuple[int, pygame.Rect] | None = None
        for rect in _candidates(layout, seat, size, own):
            rect.clamp_ip(screen)
            cost = _overlap(rect, cards, placed, layout.scale)
            if cost == 0:
                return rect
            if best is None or cost < best[0]:
                best = (cost, rect)
        assert best is not None
        return best[1]


def _overlap(
    rect: pygame.Rect, cards: list[pygame.Rect], plates: list[pygame.Rect], scale: float
) -> int:
    """How much of ``rect`` lies on cards or other plates (in square pixels, with a margin)."""
    gap = round(4 * scale)
    room = rect.inflate(2 * gap, 2 * gap)
    total = 0
    for other in (*cards, *plates):
        clip = room.clip(other)
        total += clip.width * clip.height
    return total


def _candidates(
    layout: TableLayout, seat: int, size: tuple[int, int], own: list[pygame.Rect]
) -> list[pygame.Rect]:
    """Plate rects around the seat's cards, best first (see ``PlateSpots``). Only the seat's
    cards nearer its hand than the middle count (a card it played to the trick does not)."""
    anchor, (cx, cy) = layout.anchor(seat), layout.centre
    own = [
        box
        for box in own
        if math.dist(box.center, (anchor.x, anchor.y)) < math.dist(box.center, (cx, cy))
    ]
    if own:
        box = own[0].unionall(own[1:])
    else:  # no cards yet: where a hand of eight would lie
        w, h = layout.card_size
        scale = layout.card_scale(seat)
        box = card_box(layout.hand(seat, 8)[0], (w * scale, h * scale)).unionall(
            [card_box(spot, (w * scale, h * scale)) for spot in layout.hand(seat, 8)[1:]]
        )
    angle = math.radians(anchor.angle)
    ux, uy = math.cos(angle), -math.sin(angle)  # the seat's right, as it sees it
    ix, iy = (0.0, -1.0) if layout.place(seat) == 0 else (uy, -ux)  # towards the centre
    gap = round(10 * layout.scale)
    pos, spot_anchor = layout.label(seat)  # the seat ring's own spot first, while it is clear
    first = pygame.Rect((0, 0), size)
    setattr(first, spot_anchor, (round(pos[0]), round(pos[1])))
    rects = [first]
    for dx, dy in ((-ux, -uy), (ux, uy), (-ix, -iy), (ix, iy)):
        for away in (gap, gap + size[1] * 2):
            for along in (0.5, 0.0, 1.0, 0.25, 0.75):  # where on that side of the cards
                rect = pygame.Rect((0, 0), size)
                if abs(dx) >= abs(dy):  # beside the cards, left or right
                    if dx < 0:
                        rect.right = box.left - away
                    else:
                        rect.left = box.right + away
                    rect.centery = round(box.top + size[1] / 2 + (box.height - size[1]) * along)
                else:  # above or below them
                    if dy < 0:
                        rect.bottom = box.top - away
                    else:
                        rect.top = box.bottom + away
                    rect.centerx = round(box.left + size[0] / 2 + (box.width - size[0]) * along)
                rects.append(rect)
    return rects
