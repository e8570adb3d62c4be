"""The ways a person at the OMYN table makes each move, as the events they would make: slots
named with keys 1–9 or a click; the drawn card dragged to the pile or onto a slot, a slot dragged
onto the drawn card or another slot; the choice bar's hotkeys, clicks or arrows + Enter; a
power's targets clicked (or named with keys where the focus is); the Foresee cards swapped by
drag or by Left/Right + Up; a claim with the seat's own key (the slot named next) or a click on
the seat's own card. The synthetic people of the tests play through these (``person_inputs``);
the table reads them like any other input.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import pygame

from game.core.actions import Action
from game.omyn.actions import (
    Arrange,
    CallOmyn,
    Claim,
    DeclinePower,
    Draw,
    Drop,
    PairDrawn,
    PairSlots,
    Pass,
    Peek,
    PickSlot,
    Swap,
    UsePower,
)
from scenes.omyn.turns import POWER_STEPS
from scenes.table.hooks import TablePort
from scenes.table.inputs import (
    arrow_keys,
    bound,
    choose_option,
    click,
    drag,
    point_on,
    tap,
    tap_named,
)

if TYPE_CHECKING:
    from game.core.windows import Window
    from game.omyn.view import OmynView
    from scenes.table.curtain import Curtain
    from scenes.table.hud import ChoiceBar, HudButton
    from scenes.table.layout import Spot
    from scenes.table.reflex import ReflexInput

Events = list[pygame.event.Event]


class PlayedTable(TablePort, Protocol):
    """What a person's moves at the OMYN table read of it (``OmynTable`` is one)."""

    REFLEX_WINDOWS: ClassVar[frozenset[str]]
    reflex: ReflexInput
    curtain: Curtain
    blocked: bool
    show_help: bool
    looking_after_peek: bool
    choice: ChoiceBar | None
    selected: list[int]
    focus: tuple[int, int]
    uses: dict[str, Any]
    order: list[int]
    order_focus: int
    foresee_rects: list[pygame.Rect]

    def omyn_view(self, seat: int | None) -> OmynView: ...

    def acting_seat(self) -> int | None: ...

    def picking_seat(self) -> int | None: ...

    def stage(self) -> str: ...

    def pass_buttons(self) -> dict[int, HudButton]: ...

    def open_windows(self, seat: int | None = None) -> list[Window]: ...

    def spot_for(self, zone: str, index: int, count: int) -> Spot: ...

    def lesson_claim_slot(self, seat: int) -> int | None: ...


def person_inputs(table: PlayedTable, action: Action, rng: random.Random) -> Events:
    """The events that make ``action`` (or its next step: a power's "use it", the OMYN call's
    confirmation) now, one way chosen by ``rng``; [] while the screen offers no way to it."""
    seat = action.seat
    if seat not in table.humans or table.presenter.busy or table.show_help:
        return []
    mouse = rng.random() < 0.5
    if table.looking_after_peek and not isinstance(action, (Claim, Pass, PickSlot)):
        return tap(bound(table.app.settings.bindings, "play", "return"))  # done looking first
    if isinstance(action, Claim):
        return _claim(table, action, mouse)
    if isinstance(action, Pass):
        button = table.pass_buttons().get(seat)
        return click(button.rect.center) if button is not None else []
    if isinstance(action, PickSlot):
        if table.picking_seat() != seat or table.curtain.active:
            return []
        return name_slot(table, seat, action.slot, mouse)
    if table.curtain.active or table.blocked or table.acting_seat() != seat:
        return []
    stage = table.stage()
    if isinstance(action, Peek) and stage == "peek":
        return reselect(table, seat, [action.first, action.second], mouse)
    if isinstance(action, Draw) and stage == "start":
        pile = table.presenter.zone("draw")
        at = point_on(table.layer, pile[-1]) if pile else None
        if mouse and at is not None and rng.random() < 0.5:
            return click(at)
        return _option(table, action, mouse, rng)
    if isinstance(action, CallOmyn) and stage in ("start", "confirm"):
        return _option(table, "call" if stage == "start" else action, mouse, rng)
    if stage == "play" and isinstance(action, (Drop, Swap, PairDrawn, PairSlots)):
        return _play(table, action, mouse, rng)
    if isinstance(action, DeclinePower) and stage == "power":
        return _option(table, action, mouse, rng)
    if isinstance(action, UsePower):
        return _use(table, action, stage, mouse, rng)
    if isinstance(action, Arrange) and stage == "arrange":
        return _arrange(table, action, mouse, rng)
    return []


def name_slot(table: PlayedTable, seat: int, slot: int, mouse: bool) -> Events:
    """Name ``seat``'s slot: its number key (slots 1–9), or a click on the card."""
    sprites = table.presenter.zone(f"row:{seat}:{slot}")
    at = point_on(table.layer, sprites[0]) if sprites else None
    if at is not None and (mouse or slot >= 9):
        return click(at)
    return tap(pygame.K_1 + slot) if slot < 9 else []


def reselect(table: PlayedTable, seat: int, slots: list[int], mouse: bool) -> Events:
    """Own slots chosen in this order (a slot named again is let go, so the old choice first)."""
    events: Events = []
    for slot in [*table.selected, *slots]:
        step = name_slot(table, seat, slot, mouse)
        if not step:
            return []
        events += step
    return events


def _option(table: PlayedTable, payload: object, mouse: bool, rng: random.Random) -> Events:
    """The choice bar's option for ``payload``: its hotkey, a click, or the arrows + Enter."""
    bar = table.choice
    if bar is None:
        return []
    index = next((i for i, o in enumerate(bar.options) if o.payload == payload), None)
    if index is None:
        return []
    hotkey = bar.options[index].hotkey
    if hotkey and not mouse and rng.random() < 0.6:
        return tap_named(hotkey)
    return choose_option(bar, index, mouse, arrow_keys(table.app.settings.bindings))


def _play(table: PlayedTable, action: Action, mouse: bool, rng: random.Random) -> Events:
    seat = action.seat
    drawn = table.presenter.zone(f"drawn:{seat}")
    card = point_on(table.layer, drawn[0]) if drawn else None

    def slot_at(slot: int) -> tuple[int, int] | None:
        sprites = table.presenter.zone(f"row:{seat}:{slot}")
        return point_on(table.layer, sprites[0]) if sprites else None

    if isinstance(action, Drop):
        pile = table.spot_for("pile", 0, 1)
        if mouse and card is not None:
            return drag(card, (round(pile.x), round(pile.y)))
        return _option(table, action, False, rng)
    if isinstance(action, (Swap, PairDrawn)):
        slot = slot_at(action.slot)
        # Swap: the drawn card onto the slot; Pair Up: the slot onto the drawn card.
        start, goal = (card, slot) if isinstance(action, Swap) else (slot, card)
        if mouse and start is not None and goal is not None:
            return drag(start, goal)
        chosen = reselect(table, seat, [action.slot], mouse)
        word = "swap" if isinstance(action, Swap) else "pair"
        return chosen + _option(table, word, False, rng) if chosen else []
    if isinstance(action, PairSlots):
        other = action.second if action.keep == action.first else action.first
        start, goal = slot_at(other), slot_at(action.keep)
        if mouse and start is not None and goal is not None:
            return drag(start, goal)
        chosen = reselect(table, seat, [action.keep, other], mouse)
        return chosen + _option(table, "pair", False, rng) if chosen else []
    return []


def _use(
    table: PlayedTable, action: UsePower, stage: str, mouse: bool, rng: random.Random
) -> Events:
    """A power used: "use it" first, then its targets one step a frame."""
    seat = action.seat
    if stage == "power":
        return _option(table, "use", mouse, rng)
    power = table.omyn_view(seat).power or ""
    steps = POWER_STEPS.get(power, ())
    if stage not in steps:
        return []
    if stage == "mine":
        return name_slot(table, seat, action.slot or 0, mouse) if action.slot is not None else []
    if stage == "theirs":
        if table.uses.get("mine") != action.slot or action.target is None:
            return []
        return _target(table, action.target, action.other_slot or 0, mouse)
    if stage == "any" and action.target is not None and action.slot is not None:
        return _target(table, action.target, action.slot, mouse)
    if stage == "player" and action.target is not None:
        if not mouse and table.choice is not None:
            return _option(table, ("player", action.target), False, rng)
        return _target(table, action.target, 0, True)
    return []


def _target(table: PlayedTable, seat: int, slot: int, mouse: bool) -> Events:
    """A slot of any row named for a power: a click, or its number where the keys' focus is."""
    if not mouse and table.focus[0] == seat and slot < 9:
        return tap(pygame.K_1 + slot)
    return name_slot(table, seat, slot, True)


def _arrange(table: PlayedTable, action: Arrange, mouse: bool, rng: random.Random) -> Events:
    """The Foresee cards put in ``action.order``: swapped by drag in the panel, or walked with
    Left/Right and moved one place up with Up; then Done."""
    order, goal = list(table.order), list(action.order)
    if sorted(order) != sorted(goal):
        return []
    events: Events = []
    rects = table.foresee_rects
    if mouse and len(rects) == len(order):
        for i in range(len(goal)):
            j = order.index(goal[i])
            if j != i:
                events += drag(rects[j].center, rects[i].center)
                order[i], order[j] = order[j], order[i]
    else:
        left, right, _ = arrow_keys(table.app.settings.bindings)
        up = bound(table.app.settings.bindings, "up", "up")
        focus = table.order_focus
        for i in range(len(goal)):
            j = order.index(goal[i])
            while j > i:  # one place up at a time, the focus following the card
                events += tap(right) * (j - focus) if j >= focus else tap(left) * (focus - j)
                events += tap(up)
                order[j - 1], order[j] = order[j], order[j - 1]
                focus = j = j - 1
    return events + _option(table, "arrange", mouse, rng)


def _claim(table: PlayedTable, action: Claim, mouse: bool) -> Events:
    """A claim: the seat's own key (the slot named next), or a click on its own card."""
    seat = action.seat
    view = table.omyn_view(seat)
    window = view.window
    if (
        table.curtain.active
        or window is None
        or window.number != action.window
        or window.claimant is not None
        or not any(
            w.kind in table.REFLEX_WINDOWS and seat in w.eligible for w in table.open_windows(seat)
        )
    ):
        return []
    if action.slot is None or (not mouse and table.lesson_claim_slot(seat) == action.slot):
        key = table.reflex.key_of(seat)
        return tap(pygame.key.key_code(key)) if key else []
    sprites = table.presenter.zone(f"row:{seat}:{action.slot}")
    at = point_on(table.layer, sprites[0]) if sprites else None
    return click(at) if at is not None and mouse else []
