"""Where the OMYN table puts things around its cards: the piles a little above the middle, the
message line, captions before the rows are dealt, the piles' labels and the choice bar."""

from __future__ import annotations

import pygame

from scenes.table.base import TableScene
from scenes.table.hud import ChoiceBar

PILES_Y = -0.45  # the piles sit a little above the middle: the drawn card comes below them


class OmynPlaces(TableScene):
    choice: ChoiceBar | None  # the table's choice bar, placed clear of cards and plates

    def message_pos(self) -> tuple[float, float]:
        """In the gap between your drawn card and your row's slot numbers: the kit's spot, just
        above the bottom seat's cards, is where OMYN's drawn card lies."""
        card_height = self.layout.card_size[1]
        drawn_bottom = self.spot_for(f"drawn:{self.bottom}", 0, 1).y + card_height / 2
        numbers_top = self.spot_for(f"row:{self.bottom}:0", 0, 1).y - card_height * 0.62
        return (self.layout.size[0] / 2, (drawn_bottom + numbers_top) / 2)

    def caption_spot(self, seat: int) -> tuple[float, float]:
        """Before a seat has a row (the dealer draw), its captions go where the row will lie:
        beside the middle they would all crowd the draw pile at six seats."""
        if not any(z.startswith(f"row:{seat}:") and s for z, s in self.presenter.zones.items()):
            anchor, (cx, cy) = self.layout.anchor(seat), self.layout.centre
            return anchor.x + (cx - anchor.x) * 0.3, anchor.y + (cy - anchor.y) * 0.3
        return super().caption_spot(seat)

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

    def pile_label_rects(self) -> list[pygame.Rect]:
        """Where the labels under the piles ("Top: 7 (Insight)") are written."""
        w, h = self.layout.card_size
        s = self.layout.scale
        rects = []
        for zone in ("draw", "pile"):
            spot = self.spot_for(zone, 0, 1)
            rect = pygame.Rect(0, 0, round(w * 1.8), round(26 * s))
            rect.midtop = (round(spot.x), round(spot.y + h * 0.55))
            rects.append(rect)
        return rects

    def layout_rect(self) -> pygame.Rect:
        return pygame.Rect((0, 0), (round(self.layout.size[0]), round(self.layout.size[1])))
