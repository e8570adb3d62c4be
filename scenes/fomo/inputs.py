"""The ways a person at the screen plays each FOMO move, as the events they would make (the
synthetic people of the tests play through these, ``person_inputs``; the table reads them like any
other input).

By keys: Left/Right to the card, then D (discard), 1–4 or the numpad (a hidden slot), Enter (an
action card, then Left/Right and Enter to each target), T then the card and D (take the top
discard), O then Y (FOMO!), Left/Right and Enter in the Throwback pile. By mouse: a drag onto the
pile, a slot, a player's set or the middle, then clicks on the further targets; a click on the top
discard then on the card thrown away; the FOMO! button then "Call FOMO!"; a click in the pile.
A Canceled window: the seat's reflex key, or its panel's Canceled! or Pass.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.core.actions import Action
from game.fomo.actions import (
    CallFomo,
    Discard,
    PassCancel,
    PlaceCard,
    PlayCanceled,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
    TakeDiscard,
    TakeThrowback,
)
from game.fomo.cards import CANCELED, SWAP
from game.fomo.checks import CARD_OF
from scenes.table.inputs import click, drag, point_on, tap
from scenes.table.sprites import CardSprite

if TYPE_CHECKING:
    from scenes.fomo.turn import FomoScreen

Events = list[pygame.event.Event]
Pos = tuple[int, int]


def person_inputs(table: FomoScreen, action: Action, rng: random.Random) -> Events:
    """The events that play ``action`` now, keys or mouse chosen by ``rng``; [] while this screen
    offers no way to it (another person's turn or curtain, cards still moving)."""
    seat = action.seat
    turn = table.turn_input
    if seat not in table.humans or table.curtain.active or table.replaying or turn is None:
        return []
    if isinstance(action, PlayCanceled | PassCancel):
        return _answer(table, action, rng)
    if table.presenter.busy or table.blocked or turn.me != seat or not turn.my_turn():
        return []
    ways = _Ways(table, rng)
    card = getattr(action, "card", None) if not isinstance(action, TakeThrowback) else None
    card = CARD_OF.get(type(action), card)
    if card is not None and ways.sprite(card) is None:
        return []  # (a hand being re-dealt: not in sight yet)
    moves = ways.play(action)
    return ways.tidy() + moves if moves else []


def _answer(table: FomoScreen, action: Action, rng: random.Random) -> Events:
    """A Canceled window: the reflex key (Canceled if the seat holds one, else a pass), or a
    click on the seat's panel."""
    seat, turn = action.seat, table.turn_input
    assert turn is not None
    if seat not in [s for s, _ in table.cancel_panels()]:
        return []
    panel = {cancel: rect for rect, s, cancel in turn.cancel_rects if s == seat}
    # Help on screen takes the next key or click: put it away first.
    events = tap(pygame.key.key_code(table.app.settings.bindings["help"])) * turn.show_help
    wants_cancel = isinstance(action, PlayCanceled)
    holds = CANCELED in table.view_of(seat).hand
    key = table.reflex.key_of(seat)
    if key and wants_cancel == holds and (rng.random() < 0.5 or wants_cancel not in panel):
        return events + tap(pygame.key.key_code(key))
    rect = panel.get(wants_cancel)
    return events + click(rect.center) if rect is not None else []


class _Ways:
    """One person's way to a move: keys or mouse (``keys``), from the table as it stands."""

    def __init__(self, table: FomoScreen, rng: random.Random) -> None:
        assert table.turn_input is not None and table.turn_input.me is not None
        self.table = table
        self.turn = table.turn_input
        self.me = table.turn_input.me
        self.rng = rng
        self.keys = rng.random() < 0.5

    def bound(self, intent: str) -> Events:
        return tap(pygame.key.key_code(self.table.app.settings.bindings[intent]))

    def tidy(self) -> Events:
        """Put away what an earlier try left open (help, the log, the pile, a half-made move)."""
        turn, events = self.turn, []
        if turn.show_help:
            events += self.bound("help")
        if turn.show_log:
            events += tap(pygame.K_l)
        if turn.browser is not None and not turn.browser.pick:
            events += tap(pygame.K_p)
        if turn.mode in ("target", "take", "confirm"):
            events += tap(pygame.K_BACKSPACE) * 2
        return events

    def play(self, action: Action) -> Events:
        if isinstance(action, Discard):
            return self.to_pile(action.card, self.select(action.card) + tap(pygame.K_d))
        if isinstance(action, PlaceCard):
            return self.place(action)
        if isinstance(action, TakeDiscard):
            return self.take(action.card)
        if isinstance(action, TakeThrowback):
            return self.from_pile(action.card)
        if isinstance(action, CallFomo):
            return self.call()
        card = CARD_OF.get(type(action))
        if card is None:
            return []
        return self.action_card(action, card)

    # --- the hand ---------------------------------------------------------------------------
    def sprite(self, card: str) -> CardSprite | None:
        return next((s for s in self.turn.hand() if s.card == card), None)

    def select(self, card: str) -> Events:
        """Left/Right from the card the keys point at to ``card``."""
        hand = self.turn.hand()
        sprite = self.sprite(card)
        if sprite is None:
            return []
        steps = (hand.index(sprite) - self.turn.selected % len(hand)) % len(hand)
        if steps <= len(hand) - steps:
            return self.bound("right") * steps
        return self.bound("left") * (len(hand) - steps)

    def point_on(self, sprite: CardSprite) -> Pos | None:
        return point_on(self.table.layer, sprite)

    def drag_card(self, card: str, end: Pos | None) -> Events:
        sprite = self.sprite(card)
        start = self.point_on(sprite) if sprite is not None else None
        return drag(start, end) if start is not None and end is not None else []

    # --- moves --------------------------------------------------------------------------------
    def to_pile(self, card: str, by_keys: Events) -> Events:
        if self.keys:
            return by_keys
        return self.drag_card(card, self.turn.discard_rect().center)

    def place(self, action: PlaceCard) -> Events:
        slot = self.table.presenter.zone(f"set:{self.me}:{action.slot}")
        if self.keys or not slot:
            return self.select(action.card) + tap(pygame.K_1 + action.slot)
        return self.drag_card(action.card, (round(slot[0].x), round(slot[0].y)))

    def take(self, card: str) -> Events:
        """The top discard taken, ``card`` thrown away."""
        if self.keys:
            return tap(pygame.K_t) + self.select(card) + tap(pygame.K_d)
        pile = self.table.presenter.zone("discard")
        sprite = self.sprite(card)
        top = self.point_on(pile[-1]) if pile else None
        own = self.point_on(sprite) if sprite is not None else None
        if top is None or own is None:
            return []
        return click(top) + click(own)

    def from_pile(self, card: str) -> Events:
        browser = self.turn.browser
        if browser is None or not browser.pick or card not in browser.cards:
            return []
        index = browser.cards.index(card)
        if not self.keys and len(browser.rects) == len(browser.cards):
            return click(browser.rects[index].center)
        steps = (index - browser.focus % len(browser.cards)) % len(browser.cards)
        return self.bound("right") * steps + self.bound("play")

    def call(self) -> Events:
        button = self.turn.buttons[0].rect
        if self.keys or not button.width:
            return self.bound("call") + tap(pygame.K_y)
        yes = self.turn.confirm_rects()[0]
        return click(button.center) + click(yes.center)

    def action_card(self, action: Action, card: str) -> Events:
        targets = _targets(action)
        self.rng.shuffle(targets)  # two players or slots are named in either order
        if self.keys:
            events = self.select(card) + self.bound("play")
            picked: list[tuple[int, int | None]] = []
            for target in targets:
                events += self.bound("right") * self.target_index(card, picked, target)
                events += self.bound("play")
                picked.append(target)
            return events if self.sprite(card) is not None else []
        if not targets:
            return self.drag_card(card, self.middle())
        spots = [self.target_spot(target) for target in targets]
        if None in spots:
            return []
        events = self.drag_card(card, spots[0])
        for spot in spots[1:]:
            events += click(spot)  # type: ignore[arg-type]
        return events

    def target_index(
        self, card: str, picked: list[tuple[int, int | None]], target: tuple[int, int | None]
    ) -> int:
        """Where ``target`` stands among the targets the keys step through after ``picked``."""
        alive = [s for s in range(self.table.match.state.players) if not self.table.is_out(s)]
        taken = {seat for seat, _ in picked}
        if card == SWAP:
            options: list[tuple[int, int | None]] = [
                (s, i) for s in alive if s not in taken for i in range(4)
            ]
        else:
            options = [(s, None) for s in alive if s not in taken]
        named = self.turn.nameable(card, picked)  # the keys start on the first of these
        start = next((i for i, option in enumerate(options) if option in named), 0)
        return (options.index(target) - start) % len(options)

    def target_spot(self, target: tuple[int, int | None]) -> Pos | None:
        seat, slot = target
        sprites = self.table.presenter.zone(f"set:{seat}:{slot or 0}")
        return (round(sprites[0].x), round(sprites[0].y)) if sprites else None

    def middle(self) -> Pos | None:
        """A point of the middle where a dropped action card is played (not on the pile or a
        hidden set)."""
        area = self.table.layout.trick_area()
        pile = self.turn.discard_rect()
        for fx, fy in ((0.5, 0.5), (0.3, 0.5), (0.5, 0.8), (0.3, 0.8), (0.7, 0.8), (0.5, 0.2)):
            pos = (round(area.x + area.w * fx), round(area.y + area.h * fy))
            if not pile.collidepoint(pos) and self.turn.target_at(pos, slots=True) is None:
                return pos
        return None


def _targets(action: Action) -> list[tuple[int, int | None]]:
    """The targets ``action`` names, in the order a person picks them."""
    if isinstance(action, PlaySeen):
        return [(action.target, None)]
    if isinstance(action, PlayPlotTwist):
        return [(action.first, None), (action.second, None)]
    if isinstance(action, PlaySwap):
        return [(action.first, action.first_slot), (action.second, action.second_slot)]
    return []
