"""Zones as data: a table declares each kind of place a card can be once, and the kit lays them
out, draws them and keeps them private.

A zone is named by a string the rules layer uses in its events: ``"draw"`` (no owner),
``"hand:2"`` (seat 2's), ``"row:1:3"`` (seat 1, slot 3). The part before the first colon is the
zone's *family*; a table gives one ``ZoneSpec`` per family.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

# How the cards of one zone lie: a fan of overlapping cards (a hand), slots side by side and
# numbered (one zone per slot: ``row:seat:slot``), a pile (squared up, the top card readable),
# a stack (cascading so every card shows a strip: an evolution), a grid cell or a board spot
# (placed by the table itself).
ZoneKind = Literal["fan", "slots", "pile", "stack", "cell"]

# Who sees the faces of the cards in a zone, when they may know them at all:
# "everyone" and "owner" show every card the view knows face up (the view already withholds what
# a seat may not know); "view" is the same, said of zones where it differs card by card;
# "nobody" keeps known cards face down (face-down rows: a card is shown only while its owner holds
# it up to look, or while the rules reveal it).
Faces = Literal["everyone", "owner", "nobody", "view"]


@dataclass(frozen=True)
class SeatPlace:
    """Relative to the owner's seat: ``inward`` card heights from the seat's hand towards the
    centre, ``along`` card widths to the seat's right (as that seat sees it)."""

    inward: float = 0.0
    along: float = 0.0


@dataclass(frozen=True)
class CentrePlace:
    """Relative to the middle of the table, in card widths (x) and card heights (y)."""

    x: float = 0.0
    y: float = 0.0


@dataclass(frozen=True)
class ZoneSpec:
    family: str
    kind: ZoneKind
    faces: Faces
    place: SeatPlace | CentrePlace | None = None  # None: the table places it (``place_zone``)
    owned: bool = False  # zone names carry a seat: "family:seat[:slot]"
    scale: float = 1.0  # card size relative to the bottom seat's hand (others' seats shrink more)
    z: int = 200  # drawing order between zones (higher on top)
    spread: float = 1.0  # how far apart cards lie, as a fraction of the kind's usual step


@dataclass(frozen=True)
class ZoneName:
    family: str
    seat: int | None = None
    slot: int | None = None

    def __str__(self) -> str:
        parts = [self.family]
        if self.seat is not None:
            parts.append(str(self.seat))
        if self.slot is not None:
            parts.append(str(self.slot))
        return ":".join(parts)


@lru_cache(maxsize=4096)  # a table has a few dozen zone names, looked up many times a frame
def parse_zone(zone: str) -> ZoneName:
    """``"row:1:3"`` → family row, seat 1, slot 3. Parts that are not numbers stay in the family
    (``"tiebreak:2:0"`` still parses; ``"pile"`` has no seat)."""
    family, *rest = zone.split(":")
    numbers: list[int] = []
    for part in rest:
        if not part.lstrip("-").isdigit():
            return ZoneName(zone)
        numbers.append(int(part))
    seat = numbers[0] if numbers else None
    slot = numbers[1] if len(numbers) > 1 else None
    return ZoneName(family, seat, slot)


def zone_name(family: str, seat: int | None = None, slot: int | None = None) -> str:
    return str(ZoneName(family, seat, slot))


class Zones:
    """The table's zone specs by family, with the lookups the kit needs."""

    def __init__(self, specs: tuple[ZoneSpec, ...]) -> None:
        self.specs = {spec.family: spec for spec in specs}
        if len(self.specs) != len(specs):
            raise ValueError("two zone specs share a family")
        self._by_zone: dict[str, ZoneSpec] = {}  # the specs are fixed: each zone looked up once

    def spec(self, zone: str) -> ZoneSpec:
        spec = self._by_zone.get(zone)
        if spec is not None:
            return spec
        spec = self.specs.get(parse_zone(zone).family)
        if spec is None:
            raise KeyError(f"no zone spec for {zone!r} (families: {', '.join(self.specs)})")
        self._by_zone[zone] = spec
        return spec

    def shows_known_faces(self, zone: str, open_table: bool = False) -> bool:
        """Are the cards of ``zone`` that the audience may know drawn face up? On an open table
        (a demo, an all-open replay) every known card is, but a squared face-down pile stays a
        pile: its order is not a card anyone sees on a table."""
        spec = self.spec(zone)
        return spec.faces != "nobody" or (open_table and spec.kind != "pile")

    def owner(self, zone: str) -> int | None:
        return parse_zone(zone).seat if self.spec(zone).owned else None
