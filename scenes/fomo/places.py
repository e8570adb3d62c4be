"""Where the FOMO table's words lie beside its cards: the piles' counts, and a seat's caption
("Plot Twist", "Ghosted!", "too slow") beside that seat's hidden set, clear of the piles and their
labels, every set and hand, the plates, the buttons, the message line and a lesson's note. The kit's caption
spot lies between the middle and the seat, where FOMO keeps its piles."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.fomo.cards import SET_SIZE
from scenes import theme
from scenes.table.layout import card_box
from scenes.table.reflex import WINDOW_BAR_TOP, banner_rect, window_bar_box

if TYPE_CHECKING:
    from scenes.fomo.turn import FomoScreen

CAPTION_SCALE = 0.8  # the kit draws a caption at this share of the table's scale
Label = tuple[str, int, tuple[float, float], str]  # text, size, where, anchored by


def pile_labels(table: FomoScreen) -> list[Label]:
    """The count beside each pile, outside it so nothing covers it, and the browse key."""
    s = table.layout.scale
    w = table.layout.card_size[0] * 0.9
    labels: list[Label] = []
    for zone, word, side, anchor in (
        ("draw", "Draw", -1, "midright"),
        ("discard", "Discard", 1, "midleft"),
    ):
        spot = table.spot_for(zone, 0, 1)
        pos = (spot.x + side * (w * 0.5 + 14 * s), spot.y)
        labels.append((f"{word} {len(table.presenter.zone(zone))}", round(20 * s), pos, anchor))
        if zone == "discard":
            labels.append(("P: browse", round(17 * s), (pos[0], pos[1] + 20 * s), anchor))
    return labels


def pile_label_rects(table: FomoScreen) -> list[pygame.Rect]:
    rects = []
    for text, size, pos, anchor in pile_labels(table):
        rect = theme.text(text, size, theme.INK_DIM).get_rect()
        setattr(rect, anchor, (round(pos[0]), round(pos[1])))
        rects.append(rect)
    return rects


def _boxes(
    table: FomoScreen, zone: str, indices: range | list[int], count: int
) -> list[pygame.Rect]:
    w, h = table.layout.card_size
    scale = table.scale_for(zone)
    return [card_box(table.spot_for(zone, i, count), (w * scale, h * scale)) for i in indices]


def pile_rects(table: FomoScreen) -> list[pygame.Rect]:
    """Each pile at rest, from its bottom card to its top one (a card lands there)."""
    rects = []
    for zone in ("draw", "discard"):
        count = max(1, len(table.presenter.zone(zone)))
        ends = _boxes(table, zone, [0, count - 1], count)
        rects.append(ends[0].union(ends[1]))
    return rects


def set_rect(table: FomoScreen, seat: int) -> pygame.Rect:
    """A seat's four hidden slots at rest (where they lie even when empty)."""
    boxes = [_boxes(table, f"set:{seat}:{slot}", [0], 1)[0] for slot in range(SET_SIZE)]
    return boxes[0].unionall(boxes[1:])


def _hand_rect(table: FomoScreen, seat: int) -> pygame.Rect | None:
    zone = f"hand:{seat}"
    count = len(table.presenter.zone(zone))
    boxes = _boxes(table, zone, range(count), count)
    return boxes[0].unionall(boxes[1:]) if boxes else None


def seat_rects(table: FomoScreen, seat: int) -> list[pygame.Rect]:
    """A seat's hidden set and its hand, at rest."""
    hand = _hand_rect(table, seat)
    return [set_rect(table, seat)] + ([hand] if hand is not None else [])


class Resting:
    """The seats' cards at rest (their boxes, and their shapes turned as they lie), kept while
    the layout and every zone's count stand: the message line's room and the captions ask
    each frame (worked out afresh it cost 1.5 ms a frame at six seats, a shapes mask 10 ms)."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] = ()
        self.rects: dict[int, list[pygame.Rect]] = {}
        self.mask: pygame.mask.Mask | None = None
        self.card_boxes: list[pygame.Rect] | None = None

    def _fresh(self, table: FomoScreen) -> None:
        zones = table.presenter.zones
        key = (table.layout, tuple((zone, len(sprites)) for zone, sprites in zones.items()))
        if key != self.key:
            self.key, self.rects, self.mask, self.card_boxes = key, {}, None, None

    def seat_rects(self, table: FomoScreen, seat: int) -> list[pygame.Rect]:
        self._fresh(table)
        if seat not in self.rects:
            self.rects[seat] = seat_rects(table, seat)
        return self.rects[seat]

    def boxes(self, table: FomoScreen) -> list[pygame.Rect]:
        """Every card of the seats' sets and hands, its box at rest."""
        self._fresh(table)
        if self.card_boxes is None:
            self.card_boxes = [
                box
                for zone, sprites in table.presenter.zones.items()
                if zone.startswith(("set:", "hand:"))
                for box in _boxes(table, zone, range(len(sprites)), len(sprites))
            ]
        return self.card_boxes

    def shapes(self, table: FomoScreen) -> pygame.mask.Mask:
        self._fresh(table)
        if self.mask is None:
            self.mask = card_shapes(table)
        return self.mask


def card_shapes(table: FomoScreen) -> pygame.mask.Mask:
    """Every seat's hidden set and hand at rest, each card turned as it lies (a turned card
    leaves the corners of its box free)."""
    shapes = pygame.Surface(table.layout.size, pygame.SRCALPHA)
    w, h = table.layout.card_size
    for zone, sprites in table.presenter.zones.items():
        if not zone.startswith(("set:", "hand:")):
            continue
        scale = table.scale_for(zone)
        for index in range(max(1, len(sprites)) if zone.startswith("set:") else len(sprites)):
            spot = table.spot_for(zone, index, len(sprites))
            turn, half_w, half_h = math.radians(spot.angle), w * scale / 2, h * scale / 2
            cos, sin = math.cos(turn), math.sin(turn)
            corners = [
                (spot.x + dx * cos + dy * sin, spot.y - dx * sin + dy * cos)
                for dx, dy in (
                    (-half_w, -half_h),
                    (half_w, -half_h),
                    (half_w, half_h),
                    (-half_w, half_h),
                )
            ]
            pygame.draw.polygon(shapes, (255, 255, 255), corners)
    return pygame.mask.from_surface(shapes)


def _covered(rect: pygame.Rect, cards: pygame.mask.Mask, keep: list[pygame.Rect]) -> int:
    """How much of ``rect`` lies on anything in ``keep``, else on a card (square pixels)."""
    on_boxes = sum(rect.clip(other).width * rect.clip(other).height for other in keep)
    if on_boxes:
        return on_boxes
    return cards.overlap_area(pygame.mask.Mask(rect.size, fill=True), rect.topleft)


def _keep_clear(table: FomoScreen) -> list[pygame.Rect]:
    """What a caption must not cover, but for the seats' cards (``card_shapes``)."""
    s = table.layout.scale
    keep = pile_rects(table) + pile_label_rects(table)
    keep += list(table.plate_rects().values())
    keep += [button.rect for button in getattr(table.turn_input, "buttons", []) if button.rect.w]
    keep.append(table.message.rect(table.message_pos(), s, table.message_room()))
    if table.coach is not None and table.coach.box.width:  # a lesson's note
        keep.append(table.coach.box)
    return keep


def _candidates(
    table: FomoScreen, resting: Resting, seat: int, size: tuple[int, int]
) -> list[pygame.Rect]:
    """Beside the seat's hidden set, then beside its hand, then its plate: on the side towards
    the middle, then at either end, then on the far side; centred on that side, then flush with
    either corner."""
    cx, cy = table.layout.centre
    gap = round(8 * table.layout.scale)
    rects = []
    for home in resting.seat_rects(table, seat) + [table.plate_rects()[seat]]:
        dx, dy = cx - home.centerx, cy - home.centery
        if abs(dx) > abs(dy):
            inner, ends = ("right" if dx > 0 else "left"), ("top", "bottom")
        else:
            inner, ends = ("bottom" if dy > 0 else "top"), ("left", "right")
        outer = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}[inner]
        for away in (gap, gap + size[1]):  # close by, then a row further out
            for side in (inner, *ends, outer):
                for along in (0.5, 0.0, 1.0):
                    rects.append(_beside(home, side, along, size, away))
    return rects


def _beside(
    home: pygame.Rect, side: str, along: float, size: tuple[int, int], gap: int
) -> pygame.Rect:
    """A box of ``size`` just off ``side`` of ``home``, ``along`` that side (0: its start)."""
    rect = pygame.Rect((0, 0), size)
    if side in ("left", "right"):
        rect.centery = round(home.top + size[1] / 2 + (home.height - size[1]) * along)
        if side == "left":
            rect.right = home.left - gap
        else:
            rect.left = home.right + gap
    else:
        rect.centerx = round(home.left + size[0] / 2 + (home.width - size[0]) * along)
        if side == "top":
            rect.bottom = home.top - gap
        else:
            rect.top = home.bottom + gap
    return rect


class CaptionPlaces:
    """Every shown caption placed at once, in seat order, each clear of the ones before it; kept
    until the captions, the cards' counts or the plates change (the kit asks seat by seat,
    every frame a caption shows)."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] = ()
        self.spots: dict[int, tuple[int, int]] = {}
        self.resting = Resting()

    def spot(self, table: FomoScreen, seat: int) -> tuple[int, int]:
        key = (
            tuple(sorted((s, text) for s, (text, _) in table.captions.items())),
            table.layout,
            tuple((zone, len(sprites)) for zone, sprites in table.presenter.zones.items()),
            tuple(map(tuple, table.plate_rects().values())),
            table.message.text,
            None if table.coach is None else tuple(table.coach.box),
        )
        if key != self.key:
            self.key, self.spots = key, self._place(table)
        return self.spots.get(seat) or self._place(table, seat)[seat]

    def _place(self, table: FomoScreen, only: int | None = None) -> dict[int, tuple[int, int]]:
        scale = table.layout.scale * CAPTION_SCALE
        screen = pygame.Rect((0, 0), table.layout.size)
        keep, cards = _keep_clear(table), self.resting.shapes(table)
        spots = {}
        seats = sorted(table.captions) if only is None else [only]
        for seat in seats:
            size = banner_rect((0, 0), scale, table.captions.get(seat, ("", 0.0))[0]).size
            best: tuple[int, pygame.Rect] | None = None
            for rect in _candidates(table, self.resting, seat, size):
                rect.clamp_ip(screen)
                cost = _covered(rect, cards, keep)
                if best is None or cost < best[0]:
                    best = (cost, rect)
                if cost == 0:
                    break  # the first place that covers nothing, else the one covering least
            assert best is not None
            rect = best[1] if best[0] == 0 else _nudged(best[1], cards, keep, screen, scale)
            spots[seat] = rect.center
            keep.append(rect)
        return spots


def _nudged(
    rect: pygame.Rect,
    cards: pygame.mask.Mask,
    keep: list[pygame.Rect],
    screen: pygame.Rect,
    scale: float,
) -> pygame.Rect:
    """The nearest place a few steps off ``rect`` that covers nothing (a corner of a turned card
    grazed), else ``rect``."""
    step = max(2, round(5 * scale))
    for reach in range(1, 9):
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)):
            moved = rect.move(dx * step * reach, dy * step * reach)
            if screen.contains(moved) and _covered(moved, cards, keep) == 0:
                return moved
    return rect


def caption_rect(table: FomoScreen, seat: int) -> pygame.Rect:
    """The box ``seat``'s caption fills where it is drawn."""
    text = table.captions.get(seat, ("", 0.0))[0]
    return banner_rect(table.caption_spot(seat), table.layout.scale * CAPTION_SCALE, text)


def clear_of_the_bar(
    table: FomoScreen, plates: dict[int, pygame.Rect], resting: Resting
) -> dict[int, pygame.Rect]:
    """The seat plates, any that a Canceled window's countdown bar would cover moved beside
    the bar (right of it, left of it, below it): the nearest place clear of every card, pile,
    button and other plate, else where it was (the bar hid the top seat's name through every
    window, though that seat is often the one it names)."""
    s = table.layout.scale
    bar = window_bar_box(table.layout.size[0] / 2, WINDOW_BAR_TOP * s, s)
    under = [seat for seat, rect in plates.items() if rect.colliderect(bar)]
    if not under:
        return plates
    moved = dict(plates)
    screen = pygame.Rect((0, 0), table.layout.size)
    gap = round(6 * s)
    # Clear of each card's whole box, as the kit keeps its plates (not only its turned shape).
    fixed = pile_rects(table) + [b.rect for b in getattr(table.turn_input, "buttons", [])]
    fixed += resting.boxes(table)
    for seat in under:
        rect = plates[seat]
        others = fixed + [other for s2, other in moved.items() if s2 != seat]
        places = []
        for x in (bar.right + gap, bar.left - gap - rect.width):
            for y in (rect.y, gap, bar.bottom + gap):  # level, at the top edge, lower
                places.append(pygame.Rect((x, y), rect.size))
        places.append(rect.move(0, bar.bottom + gap - rect.y))
        # The nearest first: beside the bar on the far side, a plate reads as another seat's.
        places.sort(key=lambda place: math.dist(place.center, rect.center))
        for place in places:
            room = place.inflate(2 * gap, 2 * gap)
            if screen.contains(place) and room.collidelist(others) < 0:
                moved[seat] = place
                break
    return moved
