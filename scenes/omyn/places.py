"""Where the OMYN table puts things around its cards: the piles with your drawn card between
them, smaller rows at six seats, the piles' labels, the message line, every seat's caption, the
reflex window's bar and the choice bar."""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.omyn.cards import card_name
from scenes import theme
from scenes.omyn.hud import numbers_reach
from scenes.table.base import TableScene
from scenes.table.hud import ChoiceBar
from scenes.table.layout import PILE_DEPTH, PILE_STEP, Spot, card_box
from scenes.table.zones import SeatPlace

# The piles lie side by side a little below the middle, your drawn card between them (from the
# deck, to you, to the pile): above them the top row's numbers, then a reflex window's bar and
# the race banner; below them their labels, your caption and the message line.
PILES_X = 1.2  # card widths from the middle: your drawn card fits between the piles
PILES_Y = 0.1  # card heights below the middle
SELECTED_LIFT = 0.08  # card heights a chosen slot rises (its number with it)
SIX_SEATS_ROWS = 0.85  # the other seats' rows, drawn smaller at six seats: their ends touched
LABEL_SIZES = (18, 20)  # the draw pile's label, the play pile's ("Top: 7 (Insight)", bolder)


class OmynPlaces(TableScene):
    choice: ChoiceBar | None  # the table's choice bar, placed clear of cards and plates
    # (the words, the layout, the bottom seat) -> the piles' labels: the last made
    _labels: tuple[tuple[object, ...], list[tuple[pygame.Surface, pygame.Rect]]] | None = None
    _message_at: tuple[tuple[object, ...], tuple[float, float]] | None = None  # per layout
    _smaller_spots: dict[tuple[object, ...], Spot]  # (the kit's spot, seat, layout) -> six seats'

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._smaller_spots = {}
        super().__init__(*args, **kwargs)

    def spot_for(self, zone: str, index: int, count: int) -> Spot:
        """Your drawn card lies between the piles (another seat's, in front of its row). At six
        seats the other rows are drawn smaller (``SIX_SEATS_ROWS``), closed up about their
        middles."""
        cx, cy = self.layout.centre
        if zone == f"drawn:{self.bottom}":
            return Spot(cx, cy + PILES_Y * self.layout.card_size[1], 0.0)
        spot = super().spot_for(zone, index, count)
        if not self.smaller_row(zone):
            return spot
        seat = self.zones.owner(zone)
        assert seat is not None
        key = (spot, seat, self.layout)
        smaller = self._smaller_spots.get(key)
        if smaller is None:
            if len(self._smaller_spots) > 1024:
                self._smaller_spots.clear()
            middle, k = self.layout.place_origin(SeatPlace(), seat), SIX_SEATS_ROWS
            smaller = self._smaller_spots[key] = Spot(
                middle.x + (spot.x - middle.x) * k, middle.y + (spot.y - middle.y) * k, spot.angle
            )
        return smaller

    def scale_for(self, zone: str) -> float:
        scale = super().scale_for(zone)
        return scale * SIX_SEATS_ROWS if self.smaller_row(zone) else scale

    def smaller_row(self, zone: str) -> bool:
        """At six seats the ends of the two rows on each side of the ring lay on each other."""
        if self.layout.players < 6 or not zone.startswith("row:"):
            return False
        seat = self.zones.owner(zone)
        return seat is not None and seat != self.bottom

    def pile_labels(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Under each pile its label ("Draw pile (31)", "Top: 7 (Insight)"), pushed outwards
        where it would reach under your drawn card (your caption goes there)."""
        words = self.pile_label_words()
        if self._labels is not None and self._labels[0] == (words, self.layout, self.bottom):
            return self._labels[1]  # asked several times a frame: made once while they stand
        s = self.layout.scale
        h = self.layout.card_size[1]
        middle = self.middle_column()
        labels = []
        for zone, text, colour, size in zip(
            ("draw", "pile"), words, (theme.INK, theme.GOLD), LABEL_SIZES, strict=True
        ):
            spot = self.spot_for(zone, 0, 1)
            label = theme.text(text, round(size * s), colour, zone == "pile")
            rect = label.get_rect(midtop=(round(spot.x), round(spot.y + h * 0.5 + 4 * s)))
            if zone == "draw":
                rect.right = min(rect.right, middle.left)
            else:
                rect.left = max(rect.left, middle.right)
            labels.append((label, rect))
        self._labels = ((words, self.layout, self.bottom), labels)
        return labels

    def pile_label_words(self) -> tuple[str, str]:
        """The piles' labels, of the cards as they lie on the screen: a card still flying to the
        play pile (or gathered off it by an Omen) is not its top yet."""
        top = next((s.card for s in reversed(self.presenter.zone("pile")) if not s.moving), None)
        return (
            f"Draw pile ({len(self.presenter.zone('draw'))})",
            f"Top: {card_name(top)}" if top else "Play pile (empty)",
        )

    def pile_label_rects(self) -> list[pygame.Rect]:
        """Where the labels under the piles are written."""
        return [rect for _, rect in self.pile_labels()]

    def middle_column(self) -> pygame.Rect:
        """Between the piles, from the top of your drawn card down: the card and your caption."""
        w, h = self.layout.card_size
        drawn = self.spot_for(f"drawn:{self.bottom}", 0, 1)
        gap = round((PILES_X - 1) * w / 2)  # half the room between a pile and your card
        rect = pygame.Rect(0, 0, w + 2 * gap, round(self.layout.size[1] - drawn.y + h / 2))
        rect.midtop = (round(drawn.x), round(drawn.y - h / 2))
        return rect

    def message_pos(self) -> tuple[float, float]:
        """Just above your row's slot numbers, a chosen slot's raised with it (the kit's spot,
        just above the bottom seat's cards, is where those numbers are)."""
        if self._message_at is not None and self._message_at[0] == (self.layout, self.bottom):
            return self._message_at[1]
        h = self.layout.card_size[1] * self.scale_for(f"row:{self.bottom}:0")
        s = self.layout.scale
        cards_top = self.layout.anchor(self.bottom).y - h / 2  # the row lies on its seat's anchor
        numbers_top = cards_top - self.layout.card_size[1] * SELECTED_LIFT - numbers_reach(s)
        spot = (self.layout.size[0] / 2, numbers_top - 4 * s)
        self._message_at = ((self.layout, self.bottom), spot)
        return spot

    def caption_spot(self, seat: int) -> tuple[float, float]:
        """Before a seat has a row (the dealer draw), its captions go where the row will lie:
        beside the middle they would all crowd the draw pile at six seats. Then yours go under
        your drawn card, between the piles' labels; a seat at the side says it beside the pile
        on its side; the seat at the top, beside its row (the window bar and the race banner
        take the room above the piles)."""
        anchor, (cx, cy) = self.layout.anchor(seat), self.layout.centre
        s = self.layout.scale
        if seat == self.bottom:  # the dealer draw too: nearer your row it met the message line
            labels = max(rect.bottom for rect in self.pile_label_rects())
            return self.spot_for(f"drawn:{seat}", 0, 1).x, labels + 22 * s
        row = [s for z, s in self.presenter.zones.items() if z.startswith(f"row:{seat}:") and s]
        text = self.captions.get(seat, ("", 0.0))[0]
        label = theme.text(text, round(24 * s), theme.GOLD, True)
        if not row:  # where the row will lie, or nearer the middle, clear of the plates
            plates = list(self.plate_rects().values())
            for k in (0.0, 0.15, 0.3):
                spot = anchor.x + (cx - anchor.x) * k, anchor.y + (cy - anchor.y) * k
                rect = label.get_rect(center=(round(spot[0]), round(spot[1])))
                rect = rect.inflate(round(30 * s), round(14 * s)).clamp(self.layout_rect())
                if rect.collidelist(plates) == -1:
                    break
            return rect.center
        half = label.get_width() / 2 + 16 * s
        near, w = self.layout.near_centre(seat), self.layout.card_size[0]
        if abs(near.x - cx) > abs(near.y - cy):
            # Beyond the pile on its side, thick edge and all.
            reach = (PILES_X + 0.5) * w + PILE_DEPTH * PILE_STEP[0] + half + 8 * s
            return cx + math.copysign(reach, near.x - cx), near.y
        left = min(self.spot_for(sprites[0].zone, 0, 1).x for sprites in row)
        return left - w * self.scale_for(row[0][0].zone) / 2 - half - 8 * s, anchor.y

    def windows_top(self) -> int:
        """Where a reflex window's bar begins: low enough to leave the top row's numbers clear,
        high enough that the race banner under it stays off the piles (a full pile at its
        tallest)."""
        s = self.layout.scale
        h = self.layout.card_size[1]
        piles_top = self.spot_for("draw", PILE_DEPTH, PILE_DEPTH + 1).y - h / 2
        banner = theme.text("0", round(30 * s), theme.GOLD, True).get_height() + round(14 * s)
        # The kit's bar and banner, top to bottom: the bar (74), a gap (6), the banner's middle
        # 24 below that (reflex.draw_window_bar, drawing.draw_windows); a few more keep it off.
        return max(0, round(piles_top - 4 - 4 * s - banner / 2 - (74 + 6 + 24) * s))

    def place_choice(self) -> None:
        """Where it covers no card and no plate: the bottom right corner beside the person's
        row, else the bottom left, else beside the drawn card; smaller if nothing else fits
        (at six seats the corner holds a side seat's row)."""
        choice = self.choice
        if choice is None:
            return
        width, height = self.layout.size
        size = self.layer.card_size
        taken = [s.rect(size) for s in self.layer.sprites if s.visible]
        taken += list(self.plate_rects().values()) + self.pile_label_rects()
        if self.hints.offered(self) and self.hints.button.rect.width:
            taken.append(self.hints.button.rect)  # the kit's Hint button (placed as drawn)
        taken += [card_box(self.spot_for(zone, 0, 1), size) for zone in ("draw", "pile")]
        taken.append(self.message.rect(self.message_pos(), self.layout.scale))
        drawn = self.spot_for(f"drawn:{self.bottom}", 0, 1)
        pile, deck = self.spot_for("pile", 0, 1), self.spot_for("draw", 0, 1)
        first: tuple[tuple[float, float], float] | None = None
        for factor in (0.78, 0.66, 0.56):
            s = self.layout.scale * factor
            half = (len(choice.options) * 124 * s + 34 * s) / 2
            beside = size[0] * 0.6 + half + 10 * s
            low = drawn.y + size[1] * 0.12  # below the piles' labels, above the message
            for spot in (
                (width - half - 8 * s, height - 100 * s),
                (half + 8 * s, height - 100 * s),
                (drawn.x + beside, drawn.y),
                (drawn.x - beside, drawn.y),
                (drawn.x + beside, low),
                (drawn.x - beside, low),
                (pile.x + beside, pile.y),
                (deck.x - beside, deck.y),
            ):
                choice.layout(spot, s)
                first = first or (spot, s)
                inside = self.layout_rect().contains(choice.box)
                if inside and choice.box.collidelist(taken) == -1:
                    return
        assert first is not None
        choice.layout(*first)

    def choice_clear_of_hint(self) -> None:
        """The Hint button is placed as it is drawn, after the bar was: move the bar off it."""
        button = self.hints.button.rect
        if self.choice is not None and button.width and self.choice.box.colliderect(button):
            self.place_choice()

    def layout_rect(self) -> pygame.Rect:
        return pygame.Rect((0, 0), (round(self.layout.size[0]), round(self.layout.size[1])))
