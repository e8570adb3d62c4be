"""The ways a person at the Omi table makes a move, as the events they would make: a card
dragged to the middle, clicked, or reached with Left/Right then Enter; trumps and the kapothi
question by their hotkey, a click on the button, or the arrows then Enter. The synthetic people
of the tests play through these (``person_inputs``); the table reads them like any other input.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.actions import Action
from game.omi.actions import AnswerKapothi, NameTrump, PlayCard, ProposeKapothi
from scenes.table.hooks import TablePort
from scenes.table.inputs import arrow_keys, choose_option, click, drag, point_on, tap, tap_named

if TYPE_CHECKING:
    from game.omi.view import OmiView
    from scenes.table.hud import ChoiceBar


class PlayedTable(TablePort, Protocol):
    """What a person's moves at the Omi table read of it (``OmiTable`` is one)."""

    blocked: bool
    show_last: bool
    show_help: bool
    choice: ChoiceBar | None
    legal_cards: list[str]
    selected: int

    @property
    def view(self) -> OmiView: ...

    def my_turn(self) -> bool: ...


def person_inputs(
    table: PlayedTable, action: Action, rng: random.Random
) -> list[pygame.event.Event]:
    """The events that play ``action`` now, one way chosen by ``rng``; [] while the screen is
    not that person's turn (another's curtain, cards still moving, a panel open)."""
    seat = action.seat
    if (
        seat not in table.humans
        or table.private != seat
        or not table.my_turn()
        or table.presenter.busy
        or table.blocked
        or table.show_last
        or table.show_help
    ):
        return []
    keys = arrow_keys(table.app.settings.bindings)
    if isinstance(action, PlayCard):
        return _play(table, action, rng, keys)
    if isinstance(action, (NameTrump, ProposeKapothi, AnswerKapothi)) and table.choice:
        bar = table.choice
        index = next((i for i, o in enumerate(bar.options) if o.payload == action), None)
        if index is None:
            return []
        way = rng.choice(("hotkey", "mouse", "arrows"))
        hotkey = bar.options[index].hotkey
        if way == "hotkey" and hotkey:
            return tap_named(hotkey)
        return choose_option(bar, index, way == "mouse", keys)
    return []


def _play(
    table: PlayedTable, action: PlayCard, rng: random.Random, keys: tuple[int, int, int]
) -> list[pygame.event.Event]:
    if table.view.phase != "play" or action.card not in table.legal_cards:
        return []
    hand = table.presenter.zone(f"hand:{action.seat}")
    sprite = next((s for s in hand if s.card == action.card), None)
    if sprite is None:
        return []
    way = rng.choice(("keys", "click", "drag"))
    at = point_on(table.layer, sprite)
    if way == "click" and at is not None:
        return click(at)
    if way == "drag" and at is not None:
        return drag(at, table.layout.trick_area().center)
    left, right, play = keys
    count = len(table.legal_cards)
    steps = (table.legal_cards.index(action.card) - table.selected) % count
    moves = tap(right) * steps if steps <= count - steps else tap(left) * (count - steps)
    return moves + tap(play)
