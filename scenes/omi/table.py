"""The Omi table: the cut and the 4 + 4 deal, naming trumps, tricks played by drag, click or
keys, tricks gathered to the winner, a summary between hands, then the results."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
from game.core.events import CardMoved, Scored, TurnStarted
from game.core.match import Match
from game.core.views import View
from game.omi.actions import AnswerKapothi, NameTrump, PlayCard, ProposeKapothi
from game.omi.cards import DECK, SUIT_NAMES, SUITS, sort_hand
from game.omi.events import (
    DeckCut,
    HandScored,
    HandStarted,
    KapothiAnswered,
    KapothiProposed,
    TrickTaken,
    TrumpNamed,
)
from game.omi.view import OmiView
from scenes import theme
from scenes.omi.hud import OmiHud, draw_omi_hud, help_lines, line_clear_of_deck, summary_page
from scenes.omi.inputs import person_inputs
from scenes.table.base import TableScene, ZoneCards
from scenes.table.drag import DragController
from scenes.table.faces import FaceRenderer, PlayingCardFaces
from scenes.table.hud import ChoiceBar, HudButton, Option, panel_input
from scenes.table.layout import Spot
from scenes.table.reflex import key_label
from scenes.table.sprites import CardSprite
from scenes.table.summary import SummaryPage
from scenes.table.zones import SeatPlace, ZoneSpec

if TYPE_CHECKING:
    from scenes.scene import AppPort

SUMMARY_AUTO_MS = 3500  # a bot-only table moves on from the hand summary by itself
TRICK_PAUSE_MS = 850.0  # the four cards stay in the middle this long before they are gathered


class OmiTable(TableScene):
    name = "table:omi"
    drag: DragController  # the kit's typed drag, always set here
    ZONES = (
        ZoneSpec("hand", "fan", "owner", SeatPlace(), owned=True, z=200),
        ZoneSpec("trick", "pile", "everyone", None, owned=True, scale=0.85, z=500),
        ZoneSpec("won", "pile", "nobody", None, owned=True, scale=0.55, z=100),
        ZoneSpec("deck", "pile", "nobody", None, scale=0.55, z=50),
    )

    def __init__(self, app: AppPort, match: Match, **kwargs: Any) -> None:
        self.hud = OmiHud()
        self.choice: ChoiceBar | None = None
        self.choice_asks: tuple[int, tuple[type, ...]] | None = None  # whom the bar asks what
        self.selected = 0
        self.legal_cards: list[str] = []
        self.show_last = False
        self.show_help = False
        self._interaction_key: tuple[object, ...] | None = None
        super().__init__(app, match, **kwargs)
        self.drag = DragController(self.presenter, self._can_pick, self._drop, self._click)
        self.buttons = self._make_buttons()

    def _make_buttons(self) -> list[HudButton]:
        """The live buttons, labelled with the keys as bound now."""
        back = key_label(self.app.settings.bindings.get("back", "escape"))
        return [HudButton(label, action) for label, _intent, action in self.controls()] + [
            HudButton(f"Menu ({back})", lambda: self.app.open_pause(self))
        ]

    def resume(self) -> None:
        self.buttons = self._make_buttons()  # back from Settings: labels follow rebinding
        super().resume()

    def face_renderer(self) -> FaceRenderer:
        return PlayingCardFaces()

    def controls(self) -> list[tuple[str, str, Any]]:
        key = key_label(self.app.settings.bindings.get("last_trick", "l"))
        return [(f"Last trick ({key})", "last_trick", self.toggle_last_trick)]

    @property
    def view(self) -> OmiView:
        return self.view_as(OmiView, self.viewer)

    # --- zones --------------------------------------------------------------------------------
    def zone_cards(self, view: View) -> ZoneCards:
        assert isinstance(view, OmiView)
        zones: dict[str, list[str | None]] = {}
        used = 0
        for seat in range(4):
            cards = view.hands[seat]
            known: list[str | None] = (
                list(cards) if cards is not None else [None] * view.hand_sizes[seat]
            )
            zones[f"hand:{seat}"] = known
            used += len(known)
        for seat, card in view.trick:
            zones.setdefault(f"trick:{seat}", []).append(card)
            used += 1
        for trick in view.tricks:
            zones.setdefault(f"won:{trick.winner}", []).extend(trick.cards)
            used += len(trick.cards)
        zones["deck"] = [None] * (len(DECK) - used)
        return zones

    def message_pos(self) -> tuple[float, float]:
        return line_clear_of_deck(self, super().message_pos())

    def place_zone(self, zone: str, index: int, count: int) -> Spot:
        kind, _, rest = zone.partition(":")
        if kind == "trick":
            return self.layout.near_centre(int(rest))
        if kind == "won":
            return self.layout.beside_hand(int(rest), index // 4)
        deck = self.layout.in_front_of(self.hud.dealer)
        return Spot(deck.x - index * 0.3, deck.y - index * 0.45, 0.0)

    def after_snap(self, view: View) -> None:
        assert isinstance(view, OmiView)
        hud = self.hud
        hud.hand_number, hud.dealer, hud.trump_maker = (
            view.hand_number,
            view.dealer,
            view.trump_maker,
        )
        hud.trump, hud.tricks, hud.score, hud.carry = (
            view.trump,
            view.tricks_won,
            view.score,
            view.carry,
        )
        hud.turn = next(iter(view.to_act), None)
        if view.tricks:
            last = view.tricks[-1]
            hud.last_trick = TrickTaken(last.leader, last.cards, last.winner, view.tricks_won)
        self._sort_hands()
        self._interaction_key = None  # nothing asked before stands until the table asks again
        self.choice, self.choice_asks, self.legal_cards = None, None, []
        if self.message.asking is not None:
            self.message.prompt = ""

    def _sort_hands(self) -> None:
        """Every fully known hand in suit order, as a player holds it."""
        for zone, hand in self.presenter.zones.items():
            if zone.startswith("hand:") and hand and all(s.card is not None for s in hand):
                order = {c: i for i, c in enumerate(sort_hand([s.card for s in hand if s.card]))}
                hand.sort(key=lambda s: order[s.card or ""])
                self.presenter.settle(zone, 0 if not self.presenter.tweens.busy() else 300)

    def seat_chips(self, seat: int) -> list[str]:
        chips = []
        if seat == self.hud.dealer:
            chips.append("dealer")
        if seat == self.hud.trump_maker:
            chips.append("trumps")
        return chips

    def current_turn(self) -> int | None:
        return self.hud.turn if self.game_over is None else None

    # --- events → animations ------------------------------------------------------------------
    def register_handlers(self) -> None:
        on = self.presenter.on
        on(HandStarted, self._hand_started)
        on(DeckCut, self._deck_cut)
        on(CardMoved, self._card_moved)
        on(TurnStarted, self._turn_started)
        on(TrumpNamed, self._trump_named)
        on(TrickTaken, self._trick_taken)
        on(KapothiProposed, lambda e: self._say(e.seat, "Kapothi? We take all eight!", 1200))
        on(
            KapothiAnswered,
            lambda e: self._say(e.seat, "Accepted" if e.accepted else "Declined", 1000),
        )
        on(HandScored, self._hand_scored)
        on(Scored, self._scored)

    def _say(self, seat: int, text: str, step: float) -> float:
        self.caption(seat, text)
        return step

    def _hand_started(self, event: HandStarted) -> float:
        p = self.presenter
        hud = self.hud
        hud.hand_number, hud.dealer, hud.trump_maker = event.number, event.dealer, event.trump_maker
        self.hud.trump, self.hud.tricks, self.hud.last_trick = None, (0, 0), None
        deck = p.zone("deck")
        for zone, sprites in list(p.zones.items()):
            if zone != "deck":
                for sprite in sprites:
                    sprite.card = None
                    sprite.zone = "deck"
                    deck.append(sprite)
                sprites.clear()
        p.settle("deck", 420)
        self.message.prompt = f"Hand {event.number}: {self.says(event.dealer, 'deals')}."
        return 480.0

    def _deck_cut(self, event: DeckCut) -> float:
        p = self.presenter
        deck = p.zone("deck")
        cut = deck[len(deck) - min(event.depth, len(deck)) :]
        anchor = self.layout.anchor(event.seat)
        for sprite in cut:
            dx, dy = (anchor.x - sprite.x) * 0.25, (anchor.y - sprite.y) * 0.25
            p.fly(sprite, Spot(sprite.x + dx, sprite.y + dy), 260)
        # The cut half goes under the rest: reorder, then everything settles back into one pack.
        deck[:] = cut + deck[: len(deck) - len(cut)]
        p.settle("deck", 260, delay=300)
        self.caption(event.seat, "cuts", 1200.0)
        return 650.0

    def _card_moved(self, event: CardMoved) -> float:
        p = self.presenter
        if event.dst == "trick":
            seat = int(event.src.split(":")[1])
            sprite = p.move(event.src, f"trick:{seat}", event.card, event.known_to)
            sprite.dim, sprite.lift, sprite.selected = False, 0.0, False
            p.settle(f"trick:{seat}", 380)
            p.settle(event.src, 260)
            p.sound("play")
            self.message.prompt = ""
            return 420.0
        p.move(event.src, event.dst, event.card, event.known_to)
        self._sort_hands()
        p.settle(event.dst, 300)
        p.settle(event.src, 200)  # the deck closes up (a card may leave from its middle)
        p.sound("deal")
        return 85.0

    def _turn_started(self, event: TurnStarted) -> float:
        self.hud.turn = event.seat
        return 0.0

    def _trump_named(self, event: TrumpNamed) -> float:
        self.hud.trump = event.suit
        self.message.prompt = ""  # no longer "choose trumps" while the rest is dealt
        self.caption(event.seat, f"{SUIT_NAMES[event.suit]} are trumps", 2400.0)
        return 900.0

    def _trick_taken(self, event: TrickTaken) -> float:
        p = self.presenter
        self.hud.last_trick = event
        pile = f"won:{event.winner}"

        def gather() -> None:
            for seat in range(4):
                for sprite in list(p.zone(f"trick:{seat}")):
                    p.zone(f"trick:{seat}").remove(sprite)
                    p.put(sprite, pile)
            p.settle(pile, 420)
            self.hud.tricks = event.tricks
            p.sound("trick")

        self.after(TRICK_PAUSE_MS, gather)
        self.caption(event.winner, self.says(event.winner, "takes the trick"), TRICK_PAUSE_MS)
        self.message.prompt = ""
        return TRICK_PAUSE_MS + 480.0

    def _hand_scored(self, event: HandScored) -> float:
        # Shown a moment even at instant speed (a bot-only table at rest between hands).
        self.open_summary(event, SUMMARY_AUTO_MS * max(0.2, self.presenter.time_scale))
        self.hud.score, self.hud.carry = event.score, event.carry
        return 0.0

    def _scored(self, event: Scored) -> float:
        self.hud.score = (event.totals[0], event.totals[1])
        return 0.0

    def summary_page(self) -> SummaryPage:
        return summary_page(self)

    @classmethod
    def results_lines(cls, match: Match) -> list[str]:
        view = match.view(None)
        assert isinstance(view, OmiView)
        hands = view.hand_number
        return [f"{hands} hand{'s' if hands != 1 else ''} played"] if hands else []

    # --- interaction --------------------------------------------------------------------------
    def my_turn(self) -> bool:
        return (
            self.private is not None
            and self.private in self.match.state.to_act()
            and not self.curtain.active
            and not self.match.seats[self.private].is_bot
        )

    def refresh_interaction(self) -> None:
        view = self.view
        key = (len(self.match.log), self.viewer, view.hand_number, self.my_turn(), self.offer_key())
        if key == self._interaction_key:
            return
        self._interaction_key = key
        self.choice = None
        self.legal_cards = []
        hand = self.presenter.zone(f"hand:{self.bottom}")
        if not self.my_turn():
            for sprite in hand:
                sprite.lift, sprite.dim, sprite.selected = 0.0, False, False
            self.message.prompt = self.waiting_prompt()
            return
        assert self.private is not None
        seat = self.private
        if view.phase == "trump":
            options = [Option(SUIT_NAMES[s], NameTrump(seat, s), s, s.lower()) for s in SUITS]
            keys = {i: key_label(self.app.settings.bindings.get(i, i)) for i in ("left", "right")}
            play = key_label(self.app.settings.bindings.get("play", "return"))
            self.choice = ChoiceBar(
                f"Name trumps: S, H, D, C, or {keys['left']}/{keys['right']} and {play}",
                options,
                self.submit,
            )
            self.message.ask(
                seat,
                "You are the trump-maker: choose trumps from your first four cards.",
                NameTrump,
            )
        elif view.phase == "kapothi_propose":
            self.choice = ChoiceBar(
                "You lead 4–0. Propose kapothi?",
                [
                    Option("Propose", ProposeKapothi(seat, True), hotkey="y"),
                    Option("Play on", ProposeKapothi(seat, False), hotkey="n"),
                ],
                self.submit,
            )
            self.message.ask(
                seat,
                "Kapothi: if they accept, taking all eight wins 5 tokens; failing costs you.",
                ProposeKapothi,
            )
        elif view.phase == "kapothi_answer":
            self.choice = ChoiceBar(
                "They propose kapothi. Accept?",
                [
                    Option("Accept", AnswerKapothi(seat, True), hotkey="y"),
                    Option("Decline", AnswerKapothi(seat, False), hotkey="n"),
                ],
                self.submit,
            )
            self.message.ask(
                seat, "Accepting raises the stakes: +2 for you if they fail.", AnswerKapothi
            )
        else:
            legal = {a.card for a in self.offered(seat) if isinstance(a, PlayCard)}
            # Left/Right walk the cards in the order they lie on screen.
            self.legal_cards = [s.card for s in hand if s.card in legal]
            for sprite in hand:
                sprite.dim = sprite.card not in legal
            self.selected = 0
            self._mark_selected()
            b = {i: key_label(k) for i, k in self.app.settings.bindings.items()}
            self.message.ask(
                seat,
                f"Your turn: drag a card to the middle, click it, or {b['left']}/{b['right']}"
                f" and {b['play']}.",
                PlayCard,
            )
        if self.choice:
            offered = self.offered(seat)  # a lesson's step: the focus starts on its choice
            self.choice.focus = next(
                (i for i, o in enumerate(self.choice.options) if o.payload in offered), 0
            )
            self.choice.layout(self.layout.centre, self.layout.scale)
            asks = {"trump": NameTrump, "kapothi_propose": ProposeKapothi}
            self.choice_asks = (seat, (asks.get(view.phase, AnswerKapothi),))

    def person_inputs(self, action: Action, rng: random.Random) -> list[pygame.event.Event]:
        return person_inputs(self, action, rng)

    def panels_asking(self) -> list[tuple[int, tuple[type, ...]]]:
        """The choice bar (trumps, kapothi), while it is drawn."""
        if self.choice is None or self.choice_asks is None or self.curtain.active:
            return []
        return [self.choice_asks]

    def _mark_selected(self) -> None:
        h = self.layout.card_size[1]
        chosen = (
            self.legal_cards[self.selected % len(self.legal_cards)] if self.legal_cards else None
        )
        for sprite in self.presenter.zone(f"hand:{self.bottom}"):
            sprite.selected = sprite.card == chosen
            # Legal cards rise a little; the one the keys point at rises clear of its neighbours.
            sprite.lift = h * (0.26 if sprite.selected else 0.1 if not sprite.dim else 0.0)

    def submit(self, action: Any) -> bool:
        if not super().submit(action):
            return False
        self.choice = None
        self.legal_cards = []
        return True

    def _can_pick(self, sprite: CardSprite) -> bool:
        return (
            not self.curtain.active
            and self.private is not None
            and sprite.zone == f"hand:{self.private}"
            and not self.show_last
        )

    def _play_sprite(self, sprite: CardSprite) -> bool:
        assert self.private is not None and sprite.card is not None
        if not self.my_turn():
            acting = next(iter(self.match.state.to_act()), None)
            self.refuse(
                f"Wait: it is {self.possessive(acting)} turn"
                if acting is not None
                else "Wait for the deal"
            )
            return False
        if self.view.phase != "play":
            self.refuse(
                "Name trumps first"
                if self.view.phase == "trump"
                else "Answer the kapothi question first"
            )
            return False
        return self.submit(PlayCard(self.private, sprite.card))

    def _drop(self, sprite: CardSprite, pos: tuple[int, int]) -> bool:
        if not self.layout.trick_area().collidepoint(pos):
            return False
        return self._play_sprite(sprite)

    def _click(self, sprite: CardSprite) -> None:
        self._play_sprite(sprite)

    def toggle_last_trick(self) -> None:
        if self.show_last:
            self.show_last = False
        elif self.hud.last_trick is None:
            self.refuse("No trick has been taken yet this hand")
        else:
            self.show_last = True

    def _last_trick_key(self, intent: str | None) -> bool:
        if intent != "last_trick":
            return False
        self.toggle_last_trick()
        return True

    def _close_panels(self) -> None:
        self.show_last = self.show_help = False

    def interaction_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        panels = panel_input(
            self,
            event,
            intent,
            panel_open=self.show_last or self.show_help,
            close_panel=self._close_panels,
            first=lambda: self._last_trick_key(intent),
        )
        if panels is not None:
            return panels
        if self.choice is not None and self.choice.handle(event, intent):
            return True
        if self.drag.handle(event):
            return True
        if event.type == pygame.KEYDOWN and self.legal_cards:
            if intent in ("left", "right"):
                self.selected = (self.selected + (1 if intent == "right" else -1)) % len(
                    self.legal_cards
                )
                self._mark_selected()
                return True
            if intent == "play":
                assert self.private is not None
                return self.submit(
                    PlayCard(self.private, self.legal_cards[self.selected % len(self.legal_cards)])
                )
        return False

    def draw_hud(self, surface: pygame.Surface) -> None:
        draw_omi_hud(self, surface)

    def help_lines(self) -> list[str]:
        return help_lines(self.app.settings.bindings)

    def coach_avoids(self) -> list[pygame.Rect]:
        return [self.choice.box] if self.choice is not None else []

    def draw_under_cards(self, surface: pygame.Surface) -> None:
        """While a card is dragged, the middle lights up: gold if it may be played there."""
        sprite = self.drag.sprite
        if sprite is None or not self.drag.dragging:
            return
        playable = self.my_turn() and sprite.card in self.legal_cards
        colour = (236, 196, 92, 70) if playable else (200, 60, 50, 60)
        area = self.layout.trick_area()
        surface.blit(theme.rounded(area.size, colour, round(24 * self.layout.scale)), area)
