"""The ways a person at the screen plays an Om Nom Nom pick, as the events they would make: the
key 1–6 (or the numpad), the arrows to the card then Enter, a click on the card, or a drag of it
onto the pick spot; with own keys, the seat's own six keys. The synthetic people of the tests
play through these (``person_inputs``); the table reads them like any other input.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.actions import Action
from game.omnomnom.actions import Pick
from game.omnomnom.cards import ANIMALS
from scenes.table.hooks import TablePort

if TYPE_CHECKING:
    from scenes.omnomnom.layout import Geometry
    from scenes.table.sprites import CardSprite


class PlayedTable(TablePort, Protocol):
    """What a person's picks at the Om Nom Nom table read of it (``OmNomNomTable`` is one)."""

    pick_cards: dict[int, str]
    selected: int

    @property
    def g(self) -> Geometry: ...

    def my_turn(self) -> bool: ...

    def own_keys(self) -> bool: ...

    def showing_reveal(self) -> bool: ...

    def my_cards(self) -> list[CardSprite]: ...


WAYS = ("key", "numpad", "arrows", "click", "drag")

# With the rule option own_keys, each person picks with six keys of their own, far apart on
# the keyboard (number row, the three letter rows, the F keys, the numpad), so several people
# pick at once with no curtain: nothing shows what was picked but the ✓.
OWN_KEYS: tuple[tuple[int, ...], ...] = (
    (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6),
    (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r, pygame.K_t, pygame.K_y),
    (pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_f, pygame.K_g, pygame.K_h),
    (pygame.K_z, pygame.K_x, pygame.K_c, pygame.K_v, pygame.K_b, pygame.K_n),
    (pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6),
    (pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5, pygame.K_KP6),
)
OWN_KEY_NAMES = ("1–6", "Q–Y", "A–H", "Z–N", "F1–F6", "numpad 1–6")


def key_press(key: int) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
    ]


def bound_key(table: PlayedTable, intent: str) -> int:
    return int(pygame.key.key_code(str(table.app.settings.bindings[intent])))


def person_inputs(
    table: PlayedTable, action: Action, rng: random.Random
) -> list[pygame.event.Event]:
    """The events that play ``action`` now, one way chosen by ``rng``; [] while it cannot be
    played from this screen (another person's curtain, the reveal still showing)."""
    if not isinstance(action, Pick) or action.seat not in table.humans:
        return []
    seat, slot = action.seat, ANIMALS.index(action.animal)
    if table.own_keys():
        if table.showing_reveal() or table.presenter.busy:
            return []
        return key_press(OWN_KEYS[seat % len(OWN_KEYS)][slot])
    if table.private != seat or not table.my_turn() or table.presenter.busy:
        return []
    sprite = next(iter(table.presenter.zone(f"hand:{seat}:{slot}")), None)
    if sprite is None:
        return []
    way = rng.choice(WAYS)
    if way == "numpad":
        return key_press(pygame.K_KP1 + slot)
    if way == "arrows":
        picked = table.pick_cards.get(seat)
        cards = [s for s in table.my_cards() if s.card != picked]
        if sprite in cards:
            steps = (cards.index(sprite) - table.selected) % len(cards)
            left = len(cards) - steps
            moves = (
                key_press(bound_key(table, "right")) * steps
                if steps <= left
                else key_press(bound_key(table, "left")) * left
            )
            return moves + key_press(bound_key(table, "play"))
    if way in ("click", "drag"):
        at = (round(sprite.x), round(sprite.y - sprite.lift))
        if table.layer.hit(at) is sprite:
            down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
            if way == "click":
                return [down, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)]
            target = table.g.pick_area().center
            middle = ((at[0] + target[0]) // 2, (at[1] + target[1]) // 2)
            return [
                down,
                *(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
                    for p in (middle, target)
                ),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1),
            ]
    return key_press(pygame.K_1 + slot)
