"""What the seat at the bottom of the screen has seen, card by card, and on which turn.

The marks ride on the sprites, so they follow a card the way the animations do (a Switch, a Pair
Up, a penalty card) and go when a shuffle wipes what anyone knew. They come only from the events
and the view of that seat: a card counts as seen when its face reached this seat.

With the ``memory_aids`` rule option on, an eye with the turn number sits on every slot the seat
knows, and the look key shows all of them. With it off nothing remembers for the player: the look
key shows only the cards just learned (the peek, an Insight, a Spy, a Good Omen's deal, a card
swapped in), until the person says they are done looking or, failing that, the next turn starts.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

import pygame

from game.omyn.view import OmynView
from scenes import theme
from scenes.table.sprites import CardSprite
from scenes.table.zones import parse_zone

if TYPE_CHECKING:
    from scenes.table.layout import TableLayout
    from scenes.table.presenter import Presenter
    from scenes.table.sprites import SpriteLayer
    from scenes.table.zones import Zones


def knows(sprite: CardSprite, seat: int | None) -> bool:
    """Has ``seat`` seen this card where it lies now (the face reached its events)?"""
    if seat is None or sprite.card is None:
        return False
    return sprite.known_by is None or seat in sprite.known_by


def seen_words(turn: int) -> str:
    return "seen at the opening peek" if turn == 0 else f"seen on turn {turn}"


class Memory:
    """The turn on which the viewer learned each card it knows, keyed by sprite."""

    def __init__(self) -> None:
        self.seen_on: dict[CardSprite, int] = {}
        self.lookable: set[CardSprite] = set()  # just learned: the look key may still show them
        self.turn = 0  # the turn the animations have reached (counted from TurnStarted)

    def clear(self) -> None:
        self.seen_on.clear()
        self.lookable.clear()
        self.turn = 0

    def turn_started(self, looking: bool) -> None:
        """A new turn: what was just learned is now to be remembered, unless the person is
        still (or about to be) looking at it."""
        self.turn += 1
        if not looking:
            self.lookable.clear()

    def done_looking(self) -> None:
        self.lookable.clear()

    def note(self, sprite: CardSprite, viewer: int | None) -> None:
        """The sprite's face may have just reached the viewer: remember since when."""
        if knows(sprite, viewer):
            if sprite not in self.seen_on:
                self.seen_on[sprite] = self.turn
                self.lookable.add(sprite)
        else:
            self.forget([sprite])

    def forget(self, sprites: list[CardSprite]) -> None:
        for sprite in sprites:
            self.seen_on.pop(sprite, None)
            self.lookable.discard(sprite)

    def rebuild(
        self, view: OmynView, zones: dict[str, list[CardSprite]], fresh_from: int | None = None
    ) -> None:
        """After the sprites were rebuilt from ``view`` (a new viewer, a resize): since when
        this seat knows each card, as the view says. Cards learned this turn may still be
        looked at, and those learned since ``fresh_from`` (a look that waited for a window)."""
        self.seen_on.clear()
        self.lookable.clear()
        self.turn = view.turn_number
        for zone, sprites in zones.items():
            name = parse_zone(zone)
            if name.family == "row" and name.seat is not None and name.slot is not None:
                row = view.rows[name.seat]
                since = row[name.slot].since if name.slot < len(row) else None
                for sprite in sprites:
                    if since is not None and knows(sprite, view.seat):
                        self.seen_on[sprite] = since
                        if since == self.turn or (fresh_from is not None and since >= fresh_from):
                            self.lookable.add(sprite)
        if view.drawn is not None and view.drawn.since is not None:
            for sprite in zones.get(f"drawn:{view.turn_seat}", []):
                self.seen_on[sprite] = view.drawn.since

    def fresh(self, sprite: CardSprite) -> bool:
        """Just learned (what a person may still look at with the aids off)."""
        return sprite in self.lookable

    def marks(
        self, zones: dict[str, list[CardSprite]], viewer: int | None
    ) -> list[tuple[CardSprite, int]]:
        """(sprite, turn seen) for every slot in a row that ``viewer`` knows."""
        found = []
        for zone, sprites in zones.items():
            if not zone.startswith("row:"):
                continue
            for sprite in sprites:
                turn = self.seen_on.get(sprite)
                if turn is not None and knows(sprite, viewer):
                    found.append((sprite, turn))
        return found


@lru_cache(maxsize=64)
def eye_badge(turn: int, size: int) -> pygame.Surface:
    """A small eye and the turn number on a dark pill (made once per turn and size)."""
    label = theme.text("peek" if turn == 0 else str(turn), size, theme.INK, True)
    eye_w, eye_h = round(size * 1.2), round(size * 0.7)
    width = eye_w + label.get_width() + 14
    height = max(label.get_height(), eye_h) + 4
    badge = pygame.Surface((width, height), pygame.SRCALPHA)
    badge.blit(theme.rounded((width, height), (0, 0, 0, 170), height // 2), (0, 0))
    eye = pygame.Rect(5, (height - eye_h) // 2, eye_w, eye_h)
    pygame.draw.ellipse(badge, theme.INK, eye)
    pygame.draw.circle(badge, (20, 20, 30), eye.center, max(2, eye_h // 3))
    badge.blit(label, (eye.right + 4, (height - label.get_height()) // 2))
    return badge


def eye_spots(
    marks: list[tuple[CardSprite, int]], card_size: tuple[int, int], scale: float
) -> list[tuple[CardSprite, int, pygame.Surface, pygame.Rect]]:
    """(sprite, turn, badge, where) of the eye on every marked card that shows: on the card,
    just inside its top edge as its seat holds it (its corner lay between two slots), sized to
    the card (another seat's cards are smaller)."""
    spots = []
    for sprite, turn in marks:
        if not sprite.visible:
            continue
        badge = eye_badge(turn, max(9, round(15 * scale * sprite.scale / 0.9)))
        inset = card_size[1] * sprite.scale / 2 - badge.get_height() / 2 - 3 * scale
        angle = math.radians(sprite.angle)
        centre = (
            sprite.x - inset * math.sin(angle),
            sprite.y - sprite.lift - inset * math.cos(angle),
        )
        spots.append(
            (sprite, turn, badge, badge.get_rect(center=(round(centre[0]), round(centre[1]))))
        )
    return spots


def draw_eyes(
    surface: pygame.Surface,
    marks: list[tuple[CardSprite, int]],
    card_size: tuple[int, int],
    scale: float,
) -> list[tuple[str, int]]:
    """An eye on every marked card; returns (zone, turn) drawn."""
    drawn = []
    for sprite, turn, badge, rect in eye_spots(marks, card_size, scale):
        surface.blit(badge, rect)
        drawn.append((sprite.zone, turn))
    return drawn


def eye_rects(table: RememberingTable) -> list[tuple[str, pygame.Rect]]:
    """(zone, where) of every eye the table shows now (none while the aids are hidden)."""
    viewer = table.viewer
    if viewer is None or not table.eyes_shown():
        return []
    marks = table.memory.marks(table.presenter.zones, viewer)
    spots = eye_spots(marks, table.layout.card_size, table.layout.scale)
    return [(sprite.zone, rect) for sprite, _, _, rect in spots]


def hover_words(marks: list[tuple[CardSprite, int]], hit: CardSprite | None) -> str:
    for sprite, turn in marks:
        if sprite is hit:
            return seen_words(turn)
    return ""


class RememberingTable(Protocol):
    """What the memory aids read of the OMYN table (``OmynTable`` is one)."""

    memory: Memory
    eyes_drawn: list[tuple[str, int]]
    hover_reason: str
    layer: SpriteLayer
    layout: TableLayout
    presenter: Presenter
    zones: Zones

    @property
    def viewer(self) -> int | None: ...

    def eyes_shown(self) -> bool: ...


def draw_memory(table: RememberingTable, surface: pygame.Surface, scale: float) -> None:
    """The memory aids, when the rule option is on: only the bottom seat's own knowledge, never
    under the curtain (another person is about to take the screen), never once rows are open."""
    table.eyes_drawn = []
    viewer = table.viewer
    if viewer is None or not table.eyes_shown():
        return
    marks = table.memory.marks(table.presenter.zones, viewer)
    table.eyes_drawn = draw_eyes(surface, marks, table.layout.card_size, scale)
    words = hover_words(marks, table.layer.hit(pygame.mouse.get_pos(), "row:"))
    if words and not table.hover_reason:
        pos = pygame.mouse.get_pos()
        theme.blit_text(surface, words, round(20 * scale), (pos[0] + 14, pos[1] + 18), theme.INK)
