"""Where the FOMO table's cards lie: its zones as data, the view laid out on them, and the six-seat
table's side sets drawn smaller and slid apart (scenes/fomo/table.py is the table)."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from game.core.views import View
from game.fomo.cards import SET_SIZE
from game.fomo.view import FomoView
from scenes.fomo.show import FomoShow
from scenes.table.base import ZoneCards
from scenes.table.layout import Spot
from scenes.table.zones import CentrePlace, SeatPlace, ZoneSpec

SET_PLACE = SeatPlace(inward=1.12)


class FomoZones(FomoShow):
    """The zones and where their cards rest."""

    ZONES = (
        ZoneSpec("hand", "fan", "owner", SeatPlace(), owned=True, z=200),
        ZoneSpec("set", "slots", "nobody", SET_PLACE, owned=True, scale=0.82, z=150),
        ZoneSpec("aside", "pile", "nobody", SET_PLACE, owned=True, scale=0.7, z=120),
        ZoneSpec("draw", "pile", "nobody", CentrePlace(x=-0.72, y=-0.22), scale=0.9, z=50),
        ZoneSpec("discard", "pile", "everyone", CentrePlace(x=0.72, y=-0.22), scale=0.9, z=300),
    )
    _side_spots: dict[tuple[int, str, int, int], Spot]  # (made with the table)

    def zone_cards(self, view: View) -> ZoneCards:
        assert isinstance(view, FomoView)
        zones: dict[str, list[str | None]] = {}
        for seat in range(view.players):
            known: list[str | None] = list(view.hands[seat])
            zones[f"hand:{seat}"] = known + [None] * (view.hand_sizes[seat] - len(known))
            for slot, card in enumerate(view.sets[seat]):
                zones[f"set:{seat}:{slot}"] = [None if card in ("?", "#") else card]
            aside: list[str | None] = list(view.aside[seat])
            if view.aside_counts[seat]:
                zones[f"aside:{seat}"] = aside + [None] * (view.aside_counts[seat] - len(aside))
        zones["draw"] = [None] * view.draw_count
        # Under the top the pile's order is not known (Throwback takes from anywhere in it).
        below: list[str | None] = [None] * max(0, view.discard_count - 1)
        zones["discard"] = below + ([view.discard_top] if view.discard_top is not None else [])
        return zones

    def known_faces(self, view: View) -> Counter[str]:
        """The cards on the table, and those the view knows lie under the discard pile's top
        (seen going there, order lost)."""
        assert isinstance(view, FomoView)
        faces = Counter(card for cards in self.zone_cards(view).values() for card in cards if card)
        return faces + Counter(view.discard_below)

    # At six seats the two side seats of each side sit close: their hidden sets, laid out towards
    # the middle, ran into each other (a Swap naming one slot could not be read). There the side
    # sets are drawn a tenth smaller and the upper seat's slides along its own row, away from
    # the seat below (tests/fomo/test_table_evening.py checks 2-6 seats at three sizes).
    SIDE_SET_SCALE = 0.9
    UPPER_SET_SLIDE = 0.8  # card widths of that seat

    def spot_for(self, zone: str, index: int, count: int) -> Spot:
        spot = super().spot_for(zone, index, count)
        if self.layout.players != 6 or not zone.startswith(("set:", "aside:")):
            return spot
        key = (id(self.layout), zone, index, count)
        moved = self._side_spots.get(key)
        if moved is None:
            if len(self._side_spots) > 512:
                self._side_spots.clear()
            moved = self._side_spots[key] = self._side_spot(zone, spot)
        return moved

    def _side_spot(self, zone: str, spot: Spot) -> Spot:
        layout = self.layout
        seat = int(zone.split(":")[1])
        if layout.place(seat) in (0, 3):  # the bottom and the top seat have room
            return spot
        anchor = layout.anchor(seat)
        angle = math.radians(anchor.angle)
        ux, uy = math.cos(angle), -math.sin(angle)  # along the seat's row
        x, y = spot.x, spot.y
        if zone.startswith("set:"):
            centre = layout.place_origin(SET_PLACE, seat)
            x = centre.x + (x - centre.x) * self.SIDE_SET_SCALE
            y = centre.y + (y - centre.y) * self.SIDE_SET_SCALE
        if anchor.y < layout.centre[1]:
            away = 1.0 if uy < 0 else -1.0  # the way along the row that goes up
            step = away * self.UPPER_SET_SLIDE * layout.card_size[0] * layout.card_scale(seat)
            x, y = x + ux * step, y + uy * step
        return Spot(x, y, spot.angle)

    def scale_for(self, zone: str) -> float:
        scale = super().scale_for(zone)
        if self.layout.players == 6 and zone.startswith("set:"):
            if self.layout.place(int(zone.split(":")[1])) not in (0, 3):
                return scale * self.SIDE_SET_SCALE
        return scale

    def slot_count(self, name: Any) -> int:
        return SET_SIZE if name.family == "set" else super().slot_count(name)

    def message_pos(self) -> tuple[float, float]:
        """Just above your hidden set, so the line never covers it."""
        top = self.spot_for(f"set:{self.bottom}:0", 0, 1).y
        return (self.layout.size[0] / 2, top - self.layout.card_size[1] * 0.43)
