"""The Omi table: the cut and the 4 + 4 deal, naming trumps, tricks played by drag, click or
keys, tricks gathered to the winner, a summary between hands, then the results."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.events import CardMoved, GameOver, Scored, TurnStarted
from game.core.match import Match
from game.omi.actions import (
    AnswerKapothi,
    DeckCut,
    HandScored,
    HandStarted,
    KapothiAnswered,
    KapothiProposed,
    NameTrump,
    PlayCard,
    ProposeKapothi,
    TrickTaken,
    TrumpNamed,
)
from game.omi.cards import DECK, SUIT_NAMES, SUITS, sort_hand
from game.omi.view import OmiView
from scenes import theme
from scenes.omi_hud import OmiHud, draw_omi_hud
from scenes.table.base import TableScene
from scenes.table.drag import DragController
from scenes.table.faces import FaceRenderer, PlayingCardFaces
from scenes.table.hud import ChoiceBar, HudButton, Option
from scenes.table.layout import Spot
from scenes.table.sprites import CardSprite

if TYPE_CHECKING:
    from scenes.app import App

SUMMARY_AUTO_MS = 3500  # a bot-only table moves on from the hand summary by itself


class OmiTable(TableScene):
    name = "table:omi"

    def __init__(self, app: App, match: Match, loop: bool = False, **kwargs: Any) -> None:
        self.loop = loop  # a demo: start the next match instead of showing the results
        self.hud = OmiHud()
        self.choice: ChoiceBar | None = None
        self.selected = 0
        self.legal_cards: list[str] = []
        self.show_last = False
        self.show_help = False
        super().__init__(app, match, **kwargs)
        self.drag = DragController(self.presenter, self._can_pick, self._drop, self._click)
        self.buttons = [
            HudButton("Last trick (L)", self.toggle_last_trick),
            HudButton(
                "Menu (Esc)",
                lambda: self.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)),
            ),
        ]
        self._interaction_key: tuple[int, int | None, int] | None = None

    def face_renderer(self) -> FaceRenderer:
        return PlayingCardFaces()

    def relayout(self) -> None:
        super().relayout()
        self.prewarm()

    def prewarm(self) -> None:
        """Draw every face and back at the sizes this layout uses now, not mid-animation."""
        w, h = self.layout.card_size
        for scale in {1.0, self.scale_for("trick:0")}:
            size = (round(w * scale), round(h * scale))
            for card in DECK:
                self.faces.get(card, size)
                if scale == 1.0:
                    self.faces.get(card, size, dim=True)
        for zone in ("hand:1", "hand:2", "hand:3", "won:1", "deck"):
            scale = self.scale_for(zone) if not zone.endswith(str(self.bottom_seat)) else 1.0
            size = (round(w * scale), round(h * scale))
            for angle in (0, 90, 180, 270):
                self.faces.get(None, size, angle=angle)

    @property
    def view(self) -> OmiView:
        view = self.match.view(self.viewer)
        assert isinstance(view, OmiView)
        return view

    # --- zones --------------------------------------------------------------------------------
    def spot_for(self, zone: str, index: int, count: int) -> Spot:
        kind, _, rest = zone.partition(":")
        if kind == "hand":
            return self.layout.hand(int(rest), count)[index]
        if kind == "trick":
            return self.layout.trick_spot(int(rest))
        if kind == "won":
            return self.layout.pile(int(rest), index // 4)
        deck = self.layout.deck(self.hud.dealer)
        return Spot(deck.x - index * 0.3, deck.y - index * 0.45, 0.0)

    def scale_for(self, zone: str) -> float:
        kind, _, rest = zone.partition(":")
        if kind == "hand":
            return self.layout.card_scale(int(rest))
        if kind == "trick":
            return 0.85
        return 0.55

    def face_up_in(self, zone: str) -> bool:
        if zone.startswith("trick"):
            return True
        if zone.startswith("hand:"):
            return self.viewer is None or zone == f"hand:{self.viewer}"
        return False

    def snap_to_view(self) -> None:
        view = self.view
        p = self.presenter
        p.clear()
        self.hud.hand_number, self.hud.dealer, self.hud.trump_maker = (
            view.hand_number,
            view.dealer,
            view.trump_maker,
        )
        self.hud.trump, self.hud.tricks, self.hud.score, self.hud.carry = (
            view.trump,
            view.tricks_won,
            view.score,
            view.carry,
        )
        self.hud.turn = next(iter(view.to_act), None)
        if view.tricks:
            last = view.tricks[-1]
            self.hud.last_trick = TrickTaken(last.leader, last.cards, last.winner, view.tricks_won)
        used = 0
        for seat in range(4):
            cards = view.hands[seat]
            known = list(cards) if cards is not None else [None] * view.hand_sizes[seat]
            for card in known:
                p.new_sprite(card, Spot(0, 0), f"hand:{seat}")
            used += len(known)
        for seat, card in view.trick:
            p.new_sprite(card, Spot(0, 0), f"trick:{seat}")
            used += 1
        for trick in view.tricks:
            for _ in trick.cards:
                p.new_sprite(None, Spot(0, 0), f"won:{trick.winner}")
                used += 1
        for _ in range(len(DECK) - used):
            p.new_sprite(None, Spot(0, 0), "deck")
        for zone in list(p.zones):
            p.settle(zone, 0)
        p.tweens.finish_all()
        self._interaction_key = None

    # --- events → animations ------------------------------------------------------------------
    def register_handlers(self) -> None:
        on = self.presenter.on
        on(HandStarted, self._hand_started)
        on(DeckCut, self._deck_cut)
        on(CardMoved, self._card_moved)
        on(TurnStarted, self._turn_started)
        on(TrumpNamed, self._trump_named)
        on(TrickTaken, self._trick_taken)
        on(KapothiProposed, lambda e: self._caption(e.seat, "Kapothi? We take all eight!", 1200))
        on(
            KapothiAnswered,
            lambda e: self._caption(e.seat, "Accepted" if e.accepted else "Declined", 1000),
        )
        on(HandScored, self._hand_scored)
        on(Scored, self._scored)
        on(GameOver, self._game_over)

    def _caption(self, seat: int, text: str, step: float) -> float:
        self.hud.captions[seat] = (text, 2200.0)
        return step

    def _hand_started(self, event: HandStarted) -> float:
        p = self.presenter
        self.hud.hand_number, self.hud.dealer, self.hud.trump_maker = (
            event.number,
            event.dealer,
            event.trump_maker,
        )
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
        self.message.prompt = f"Hand {event.number}: {self.seat_name(event.dealer)} deals."
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
        self.hud.captions[event.seat] = ("cuts", 1200.0)
        return 650.0

    def _card_moved(self, event: CardMoved) -> float:
        p = self.presenter
        if event.dst == "trick":
            seat = int(event.src.split(":")[1])
            sprite = p.take(event.src, event.card)
            if sprite is None:
                return 0.0
            sprite.card = event.card
            sprite.dim, sprite.lift, sprite.selected = False, 0.0, False
            p.put(sprite, f"trick:{seat}")
            p.settle(f"trick:{seat}", 380)
            p.settle(event.src, 260)
            p.sound("play")
            return 420.0
        sprite = p.take(event.src, None) if event.src == "deck" else p.take(event.src, event.card)
        if sprite is None:
            return 0.0
        sprite.card = event.card
        p.put(sprite, event.dst)
        hand = p.zone(event.dst)
        if all(s.card is not None for s in hand):
            order = {card: i for i, card in enumerate(sort_hand([s.card for s in hand if s.card]))}
            hand.sort(key=lambda s: order[s.card or ""])
        p.settle(event.dst, 300)
        p.sound("deal")
        return 85.0

    def _turn_started(self, event: TurnStarted) -> float:
        self.hud.turn = event.seat
        if event.seat != self.viewer:
            self.message.prompt = f"{self.seat_name(event.seat)} to play."
        return 0.0

    def _trump_named(self, event: TrumpNamed) -> float:
        self.hud.trump = event.suit
        self.hud.captions[event.seat] = (f"{SUIT_NAMES[event.suit]} are trumps", 2400.0)
        return 900.0

    def _trick_taken(self, event: TrickTaken) -> float:
        p = self.presenter
        self.hud.last_trick = event
        pause = 850.0
        pile = f"won:{event.winner}"

        def gather() -> None:
            for seat in range(4):
                for sprite in list(p.zone(f"trick:{seat}")):
                    p.zone(f"trick:{seat}").remove(sprite)
                    sprite.card = None if self.viewer is not None else sprite.card
                    p.put(sprite, pile)
            p.settle(pile, 420)
            self.hud.tricks = event.tricks
            p.sound("trick")

        self.after(pause, gather)
        self.hud.captions[event.winner] = ("takes the trick", pause + 600)
        return pause + 480.0

    def _hand_scored(self, event: HandScored) -> float:
        self.hud.summary = event
        self.hud.summary_ms = SUMMARY_AUTO_MS * self.presenter.time_scale
        self.hud.score, self.hud.carry = event.score, event.carry
        self.blocked = True
        return 0.0

    def _scored(self, event: Scored) -> float:
        self.hud.score = (event.totals[0], event.totals[1])
        return 0.0

    def _game_over(self, event: GameOver) -> float:
        self.hud.game_over = event
        self.presenter.sound("win")
        return 0.0

    def tick(self, dt_ms: int) -> None:
        for seat, (text, left) in list(self.hud.captions.items()):
            if left - dt_ms <= 0:
                del self.hud.captions[seat]
            else:
                self.hud.captions[seat] = (text, left - dt_ms)
        if self.hud.summary is not None and self.auto_continue:
            self.hud.summary_ms -= dt_ms
            if self.hud.summary_ms <= 0:
                self.close_summary()

    def close_summary(self) -> None:
        self.hud.summary = None
        self.blocked = False

    def show_results(self) -> None:
        from scenes.results import ResultsScene

        if self.loop:
            from scenes.session import new_match, setup_of, table_scene

            setup = setup_of(self.match)
            setup.seed += 1
            runner = self.app.runner_factory() if self.app.runner_factory else None
            self.app.replace(
                table_scene(
                    self.app, new_match(setup, self.app.settings.pace_ms, runner), loop=True
                )
            )
            return
        self.app.replace(ResultsScene(self.app, self.match, self.hud.game_over))

    # --- interaction --------------------------------------------------------------------------
    def my_turn(self) -> bool:
        return (
            self.viewer is not None
            and self.viewer in self.match.state.to_act()
            and not self.curtain.active
        )

    def refresh_interaction(self) -> None:
        view = self.view
        key = (len(self.match.log), self.viewer, view.hand_number)
        if key == self._interaction_key:
            return
        self._interaction_key = key
        self.choice = None
        self.legal_cards = []
        hand = self.presenter.zone(f"hand:{self.viewer}") if self.viewer is not None else []
        if not self.my_turn():
            for sprite in hand:
                sprite.lift, sprite.dim, sprite.selected = 0.0, False, False
            acting = next(iter(view.to_act), None)
            self.message.prompt = (
                f"{self.seat_name(acting)} is thinking…" if acting is not None else ""
            )
            return
        assert self.viewer is not None
        legal = self.match.legal_actions(self.viewer)
        if view.phase == "trump":
            options = [
                Option(SUIT_NAMES[s], NameTrump(self.viewer, s), s, s.lower()) for s in SUITS
            ]
            self.choice = ChoiceBar(
                "Name trumps: S, H, D, C, or Left/Right and Enter", options, self.submit
            )
            self.message.prompt = (
                "You are the trump-maker: choose trumps from your first four cards."
            )
        elif view.phase == "kapothi_propose":
            self.choice = ChoiceBar(
                "You lead 4–0. Propose kapothi?",
                [
                    Option("Propose", ProposeKapothi(self.viewer, True), hotkey="y"),
                    Option("Play on", ProposeKapothi(self.viewer, False), hotkey="n"),
                ],
                self.submit,
            )
            self.message.prompt = (
                "Kapothi: if they accept, taking all eight wins 5 tokens; failing costs you."
            )
        elif view.phase == "kapothi_answer":
            self.choice = ChoiceBar(
                "They propose kapothi. Accept?",
                [
                    Option("Accept", AnswerKapothi(self.viewer, True), hotkey="y"),
                    Option("Decline", AnswerKapothi(self.viewer, False), hotkey="n"),
                ],
                self.submit,
            )
            self.message.prompt = "Accepting raises the stakes: +2 for you if they fail."
        else:
            self.legal_cards = [a.card for a in legal if isinstance(a, PlayCard)]
            lift = self.layout.card_size[1] * 0.14
            for sprite in hand:
                legal_card = sprite.card in self.legal_cards
                sprite.lift, sprite.dim, sprite.selected = (
                    (lift if legal_card else 0.0),
                    not legal_card,
                    False,
                )
            self.selected = 0
            self._mark_selected()
            self.message.prompt = (
                "Your turn: drag a card to the middle, click it, or Left/Right and Enter."
            )
        if self.choice:
            self.choice.layout(self.layout.centre, self.layout.scale)

    def _mark_selected(self) -> None:
        for sprite in self.presenter.zone(f"hand:{self.viewer}"):
            sprite.selected = (
                bool(self.legal_cards)
                and sprite.card == self.legal_cards[self.selected % len(self.legal_cards)]
            )

    def submit(self, action: Any) -> bool:
        refusal = self.match.state.check(action)
        if refusal is not None:
            self.message.warn(refusal.message.capitalize() + ".")
            self.app.sound.play("refuse")
            return False
        self.match.submit(action)
        self.choice = None
        self.legal_cards = []
        self.pull_events()
        return True

    def _can_pick(self, sprite: CardSprite) -> bool:
        return (
            not self.curtain.active
            and self.viewer is not None
            and sprite.zone == f"hand:{self.viewer}"
            and not self.show_last
        )

    def _play_sprite(self, sprite: CardSprite) -> bool:
        assert self.viewer is not None and sprite.card is not None
        if not self.my_turn():
            acting = next(iter(self.match.state.to_act()), None)
            who = self.seat_name(acting) if acting is not None else "nobody"
            self.message.warn(
                f"Wait: it is {who}'s turn." if acting is not None else "Wait for the deal."
            )
            self.app.sound.play("refuse")
            return False
        if self.view.phase != "play":
            self.message.warn(
                "Name trumps first."
                if self.view.phase == "trump"
                else "Answer the kapothi question first."
            )
            return False
        return self.submit(PlayCard(self.viewer, sprite.card))

    def _drop(self, sprite: CardSprite, pos: tuple[int, int]) -> bool:
        if not self.layout.trick_area().collidepoint(pos):
            return False
        return self._play_sprite(sprite)

    def _click(self, sprite: CardSprite) -> None:
        self._play_sprite(sprite)

    def toggle_last_trick(self) -> None:
        self.show_last = not self.show_last and self.hud.last_trick is not None

    def interaction_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        if self.show_last or self.show_help:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.show_last = self.show_help = False
                return True
            return False
        if intent == "last_trick":
            self.toggle_last_trick()
            return True
        if intent == "help":
            self.show_help = True
            return True
        if self.hud.summary is not None:
            if intent in ("ready", "play") or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            ):
                self.close_summary()
                return True
            return False
        for button in self.buttons:
            if button.handle(event):
                return True
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
                assert self.viewer is not None
                return self.submit(
                    PlayCard(self.viewer, self.legal_cards[self.selected % len(self.legal_cards)])
                )
        return False

    def draw_hud(self, surface: pygame.Surface) -> None:
        draw_omi_hud(self, surface)

    def draw_under_cards(self, surface: pygame.Surface) -> None:
        """While a card is dragged, the middle lights up: gold if it may be played there."""
        sprite = self.drag.sprite
        if sprite is None or not self.drag.dragging:
            return
        playable = self.my_turn() and sprite.card in self.legal_cards
        colour = (236, 196, 92, 70) if playable else (200, 60, 50, 60)
        area = self.layout.trick_area()
        surface.blit(theme.rounded(area.size, colour, round(24 * self.layout.scale)), area)
