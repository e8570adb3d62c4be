"""The mouse and key events a person makes, for a table's ``person_inputs``: a key tapped, a
bound intent's key, a click or a drag on the part of a card that shows (a fanned card is mostly
under its neighbour), a click on a choice bar's option. The synthetic people of the tests post
them to SDL's queue and the real App reads them like any other input.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from scenes.table.hud import ChoiceBar
from scenes.table.sprites import CardSprite, SpriteLayer

Point = tuple[int, int]


def tap(key: int, unicode: str = "") -> list[pygame.event.Event]:
    """A key pressed and released."""
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0),
    ]


def tap_named(name: str) -> list[pygame.event.Event]:
    """The key pygame calls ``name`` ("d", "return", "tab"), tapped."""
    return tap(pygame.key.key_code(name))


def click(at: Point) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1),
    ]


def drag(start: Point, goal: Point) -> list[pygame.event.Event]:
    """Press at ``start``, move in a few steps to ``goal``, release there."""
    steps = [
        (round(start[0] + (goal[0] - start[0]) * t), round(start[1] + (goal[1] - start[1]) * t))
        for t in (0.3, 0.7, 1.0)
    ]
    moves = [
        pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)) for p in steps
    ]
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
        *moves,
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=goal, button=1),
    ]


def point_on(layer: SpriteLayer, sprite: CardSprite) -> Point | None:
    """A point where ``sprite`` is the topmost card (its middle if it shows there), or None
    when every part of it lies under other cards."""
    rect = sprite.rect(layer.card_size)
    candidates = [rect.center] + [
        (rect.x + rect.w * i // 8, rect.y + rect.h * j // 8)
        for j in (4, 2, 6, 1, 7)
        for i in (4, 2, 6, 1, 7, 3, 5)
    ]
    return next((p for p in candidates if layer.hit(p) is sprite), None)


def choose_option(
    bar: ChoiceBar, index: int, by_mouse: bool, keys: tuple[int, int, int]
) -> list[pygame.event.Event]:
    """Pick a choice bar's option: a click on it, or the arrow keys (``keys``: left, right,
    play) from the focus, then the play key."""
    if by_mouse and index < len(bar.rects):
        return click(bar.rects[index].center)
    left, right, play = keys
    count = len(bar.options)
    steps = (index - bar.focus) % count
    moves = tap(right) * steps if steps <= count - steps else tap(left) * (count - steps)
    return moves + tap(play)


def bound(bindings: Mapping[str, object], intent: str, fallback: str) -> int:
    """The key code bound to ``intent`` now (the player may have rebound it)."""
    return int(pygame.key.key_code(str(bindings.get(intent, fallback))))


def arrow_keys(bindings: Mapping[str, object]) -> tuple[int, int, int]:
    """(left, right, play) as bound now."""
    return (
        bound(bindings, "left", "left"),
        bound(bindings, "right", "right"),
        bound(bindings, "play", "return"),
    )
