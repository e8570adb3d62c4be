"""The High Card table: hands along the seat ring, each card played to the middle in front of its
player, tricks gathered to the winner's pile. A person plays by dragging a card to the middle,
clicking it, or Left/Right then Enter; everything else (layout, privacy, curtain, sprites,
results) is the kit's. What would be ``scenes/highcard/table.py``."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
from game.core.events import Scored, TurnStarted
from game.core.match import Match
from game.core.views import View
from scenes.table.base import TableScene, ZoneCards
from scenes.table.drag import DragController
from scenes.table.faces import FaceRenderer, PlayingCardFaces
from scenes.table.inputs import arrow_keys, click, drag, point_on, tap
from scenes.table.layout import Spot
from scenes.table.reflex import key_label
from scenes.table.sprites import CardSprite
from scenes.table.zones import CentrePlace, SeatPlace, ZoneSpec
from tests.how_to_add.highcard.actions import PlayCard
from tests.how_to_add.highcard.view import HighCardView

if TYPE_CHECKING:
    from scenes.scene import AppPort


class HighCardTable(TableScene):
    name = "table:highcard"
    ZONES = (
        ZoneSpec("hand", "fan", "owner", SeatPlace(), owned=True, z=200),
        ZoneSpec("trick", "pile", "everyone", None, owned=True, scale=0.85, z=500),
        ZoneSpec("won", "pile", "nobody", None, owned=True, scale=0.55, z=100),
        ZoneSpec("deck", "pile", "nobody", CentrePlace(x=-2.4), scale=0.55, z=50),
    )
    drag: DragController  # the kit's typed drag, always set here

    def __init__(self, app: AppPort, match: Match, **kwargs: Any) -> None:
        self.turn: int | None = None
        self.legal_cards: list[str] = []
        self.selected = 0
        super().__init__(app, match, **kwargs)
        self.drag = DragController(self.presenter, self._can_pick, self._drop, self._click)

    def face_renderer(self) -> FaceRenderer:
        return PlayingCardFaces()

    # --- the view, laid out ---------------------------------------------------------------------
    def zone_cards(self, view: View) -> ZoneCards:
        assert isinstance(view, HighCardView)
        zones: dict[str, list[str | None]] = {"deck": [None] * view.deck}
        for seat in range(view.players):
            hand = view.hands[seat]
            zones[f"hand:{seat}"] = (
                list(hand) if hand is not None else [None] * view.hand_sizes[seat]
            )
            zones[f"won:{seat}"] = list(view.won[seat])
        for seat, card in view.trick:
            zones[f"trick:{seat}"] = [card]
        return zones

    def place_zone(self, zone: str, index: int, count: int) -> Spot:
        family, _, seat = zone.partition(":")
        if family == "trick":
            return self.layout.near_centre(int(seat))
        return self.layout.beside_hand(int(seat), 0)  # "won": one pile beside the hand

    def after_snap(self, view: View) -> None:
        assert isinstance(view, HighCardView)
        self.turn = view.turn
        self.legal_cards = []

    def current_turn(self) -> int | None:
        return self.turn

    # --- events → animations (CardMoved: the kit's default flight) ------------------------------
    def register_handlers(self) -> None:
        self.presenter.on(TurnStarted, self._turn_started)
        self.presenter.on(Scored, self._trick_taken)

    def _turn_started(self, event: TurnStarted) -> float:
        self.turn = event.seat
        return 0.0

    def _trick_taken(self, event: Scored) -> float:
        winner = event.deltas.index(1)
        self.caption(winner, self.says(winner, "takes the trick"))
        return 600.0

    # --- interaction ----------------------------------------------------------------------------
    def my_turn(self) -> bool:
        seat = self.private
        return (
            seat is not None
            and seat in self.match.state.to_act()
            and not self.curtain.active
            and not self.match.seats[seat].is_bot
        )

    def refresh_interaction(self) -> None:
        hand = self.presenter.zone(f"hand:{self.bottom}")
        if not self.my_turn():
            self.legal_cards = []
            for sprite in hand:
                sprite.lift, sprite.selected = 0.0, False
            self.message.prompt = self.waiting_prompt()
            return
        assert self.private is not None
        legal = {a.card for a in self.match.legal_actions(self.private) if isinstance(a, PlayCard)}
        if self.legal_cards != [s.card for s in hand if s.card in legal]:
            self.legal_cards = [s.card for s in hand if s.card in legal]
            self.selected = 0
        for sprite in hand:
            sprite.selected = sprite.card == self.legal_cards[self.selected % len(self.legal_cards)]
            sprite.lift = self.layout.card_size[1] * (0.26 if sprite.selected else 0.1)
        keys = {
            name: key_label(self.app.settings.bindings[name]) for name in ("left", "right", "play")
        }
        self.message.ask(
            self.private,
            f"Your turn: drag a card to the middle, click it, or {keys['left']}/{keys['right']}"
            f" and {keys['play']}.",
            PlayCard,
        )

    def interaction_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        if self.drag.handle(event):
            return True
        if event.type != pygame.KEYDOWN or not self.legal_cards or self.private is None:
            return False
        if intent in ("left", "right"):
            self.selected += 1 if intent == "right" else -1
            return True
        if intent == "play":
            card = self.legal_cards[self.selected % len(self.legal_cards)]
            return self.submit(PlayCard(self.private, card))
        return False

    def _can_pick(self, sprite: CardSprite) -> bool:
        return not self.curtain.active and sprite.zone == f"hand:{self.private}"

    def _play(self, sprite: CardSprite) -> bool:
        if not self.my_turn() or self.private is None or sprite.card is None:
            turn = self.turn
            self.refuse(
                "The match is over" if turn is None else f"Wait: it is {self.possessive(turn)} turn"
            )
            return False
        return self.submit(PlayCard(self.private, sprite.card))

    def _drop(self, sprite: CardSprite, pos: tuple[int, int]) -> bool:
        return self.layout.trick_area().collidepoint(pos) and self._play(sprite)

    def _click(self, sprite: CardSprite) -> None:
        self._play(sprite)

    # --- for the tests' synthetic people --------------------------------------------------------
    def person_inputs(self, action: Action, rng: random.Random) -> list[pygame.event.Event]:
        """The events a person makes to play ``action``: a drag, a click or the keys."""
        if not isinstance(action, PlayCard) or self.private != action.seat or not self.my_turn():
            return []
        if self.presenter.busy or action.card not in self.legal_cards:
            return []
        sprite = next(
            s for s in self.presenter.zone(f"hand:{action.seat}") if s.card == action.card
        )
        at = point_on(self.layer, sprite)
        way = rng.choice(("keys", "click", "drag"))
        if way == "click" and at is not None:
            return click(at)
        if way == "drag" and at is not None:
            return drag(at, self.layout.trick_area().center)
        left, right, play = arrow_keys(self.app.settings.bindings)
        steps = (self.legal_cards.index(action.card) - self.selected) % len(self.legal_cards)
        return tap(right) * steps + tap(play)
