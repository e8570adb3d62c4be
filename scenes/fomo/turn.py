"""The FOMO turn by mouse (drag-and-drop or click) and by keys, read into the moves of
scenes/fomo/choices.py; the Canceled / Pass panels' clicks, the pile browser and hold-to-look."""

from __future__ import annotations

from typing import Protocol

import pygame

from game.fomo.actions import Discard, PlaceCard, TakeDiscard, TakeThrowback
from game.fomo.cards import PLOT_TWIST, SEEN, SET_SIZE, SWAP, card_name, is_number
from scenes.fomo.choices import SLOT_KEYS, TurnChoices
from scenes.fomo.ports import FomoTablePort, Target
from scenes.table.drag import DragController
from scenes.table.hud import HudButton
from scenes.table.sprites import CardSprite


class TurnInput(TurnChoices):
    def __init__(self, table: FomoTablePort) -> None:
        super().__init__(table)
        self.look_by_mouse = False
        self.cancel_rects: list[tuple[pygame.Rect, int, bool]] = []  # (rect, seat, cancel?)
        self.cancel_boxes: list[tuple[pygame.Rect, int]] = []  # each whole panel, its seat
        self.drag = DragController(table.presenter, self._can_pick, self._drop, self._click)
        self.buttons = [
            HudButton(f"FOMO! ({self.key('call')})", self.ask_fomo),
            HudButton("Take top (T)", self.start_take),
            HudButton("Pile (P)", self.toggle_pile),
            HudButton(f"Look (hold {self.key('look')})", lambda: None),
            HudButton(f"Help ({self.key('help')})", self.toggle_help),
            HudButton("Menu (Esc)", table.open_pause),
            HudButton("Log (L)", self.toggle_log),
        ]

    # --- mouse ----------------------------------------------------------------------------------
    def _can_pick(self, sprite: CardSprite) -> bool:
        if not self.my_turn() or self.mode not in ("choose", "take"):
            return False
        pile = self.table.presenter.zone("discard")
        return sprite.zone == f"hand:{self.me}" or (bool(pile) and sprite is pile[-1])

    def discard_rect(self) -> pygame.Rect:
        pile = self.table.presenter.zone("discard")
        if pile:
            return pile[-1].rect(self.table.layer.card_size).inflate(16, 16)
        spot = self.table.spot_for("discard", 0, 1)
        w, h = self.table.layout.card_size
        return pygame.Rect(round(spot.x - w / 2), round(spot.y - h / 2), w, h)

    def hand_rect(self) -> pygame.Rect:
        rects = [s.rect(self.table.layer.card_size) for s in self.hand()]
        return rects[0].unionall(rects[1:]).inflate(30, 30) if rects else pygame.Rect(0, 0, 0, 0)

    def hand_rect_of(self, seat: int) -> pygame.Rect | None:
        """Where ``seat``'s hand lies (None: no cards)."""
        zone = self.table.presenter.zone(f"hand:{seat}")
        rects = [s.rect(self.table.layer.card_size) for s in zone]
        return rects[0].unionall(rects[1:]) if rects else None

    def target_at(self, pos: tuple[int, int], slots: bool) -> Target | None:
        """The (seat, slot) of the hidden card under ``pos``."""
        t = self.table
        for seat in range(t.match.state.players):
            for slot in range(SET_SIZE):
                for sprite in t.presenter.zone(f"set:{seat}:{slot}")[:1]:
                    if sprite.rect(t.layer.card_size).inflate(10, 10).collidepoint(pos):
                        return (seat, slot) if slots else (seat, None)
        return None

    def _drop(self, sprite: CardSprite, pos: tuple[int, int]) -> bool:
        assert self.me is not None
        pile = self.table.presenter.zone("discard")
        if pile and sprite is pile[-1]:
            if self.hand_rect().collidepoint(pos) or pos[1] > self.table.layout.centre[1]:
                self.start_take()
            return False
        card = sprite.card
        if card is None:
            return False
        if self.discard_rect().collidepoint(pos):
            action = TakeDiscard(self.me, card) if self.mode == "take" else Discard(self.me, card)
            return self.submit(action)
        target = self.target_at(pos, slots=True)
        if self.mode == "take" and target is not None:
            self.table.refuse("You took the top card: now drop one of yours on the discard pile")
            return False
        if target is not None and is_number(card):
            if target[0] != self.me:
                self.table.refuse("A number goes only into your own hidden set")
                return False
            return self.submit(PlaceCard(self.me, card, target[1] or 0))
        if target is not None:
            if card not in (SEEN, PLOT_TWIST, SWAP):
                self.table.refuse(
                    self.table.match.state.check(PlaceCard(self.me, card, 0)).message  # type: ignore[union-attr]
                    if target[0] == self.me
                    else f"{card_name(card)} names no player: drop it in the middle"
                )
                return False
            self.play_card(card, target)
            return False
        if self.table.layout.trick_area().collidepoint(pos):
            if is_number(card):
                self.table.refuse("A number goes onto the discard pile or into a hidden slot")
                return False
            return self.play_card(card) and self.mode == "idle"
        return False

    def _click(self, sprite: CardSprite) -> None:
        assert self.me is not None
        pile = self.table.presenter.zone("discard")
        hand = self.hand()
        if pile and sprite is pile[-1]:
            if self.mode == "choose" and hand:
                self.start_take()
            return
        if sprite not in hand or sprite.card is None:
            return
        index = hand.index(sprite)
        if self.mode == "take":
            self.submit(TakeDiscard(self.me, sprite.card))
            return
        if index == self.selected % len(hand) and not is_number(sprite.card):
            self.play_card(sprite.card)
            return
        self.selected = index
        self._mark()

    def _press_elsewhere(self, pos: tuple[int, int]) -> bool:
        """A click on a hidden card or the discard pile while a card is selected."""
        if self.mode == "target":
            target = self.target_at(pos, slots=self.action_card == SWAP)
            if target is not None:
                self.pick(target)
                return True
            return False
        card = self.held_card()
        if self.mode != "choose" or card is None or self.me is None:
            return False
        target = self.target_at(pos, slots=True)
        if target is not None and target[0] == self.me and is_number(card):
            return self.submit(PlaceCard(self.me, card, target[1] or 0)) or True
        if target is not None and card in (SEEN, PLOT_TWIST, SWAP):
            self.play_card(card, target)
            return True
        return False

    # --- input ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        t = self.table
        if self.show_help:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.show_help = False
                return True
            return False
        if self._look(event):
            return True
        if t.looking() and t.blocked:
            done = intent in ("ready", "play") or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            )
            if done:
                t.done_looking()
            return done
        if self.show_log:
            if self.table.log.handle(event, intent):
                return True
            closes = event.type == pygame.KEYDOWN and pygame.key.name(event.key) == "l"
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                closes = not self.table.log.rect.collidepoint(event.pos)
            if closes:
                self.show_log = False
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                return True
        if self.browser is not None:
            picked = self.browser.handle(event, intent)
            if picked == "close":
                self.browser = None if not self.browser.pick else self.browser
                return True
            if picked is not None and self.me is not None and self.browser.pick:
                self.submit(TakeThrowback(self.me, picked))
                return True
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                return True
        if self.confirm is not None and self.confirm.handle(event, intent):
            return True
        if t.replaying:
            return False
        for button in self.buttons:
            if button.handle(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.back()
            return True
        if self.drag.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press_elsewhere(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key_down(event, intent)
        return False

    def panel_click(self, pos: tuple[int, int]) -> bool:
        """A click on an open Canceled! / Pass panel is that panel's only: its button answers,
        the rest of it does nothing (the seat's own cards under it are not a claim)."""
        t = self.table
        live = {seat: window for seat, window in t.cancel_panels()}
        for box, seat in self.cancel_boxes:
            if seat not in live or not box.collidepoint(pos):
                continue
            for rect, s, cancel in self.cancel_rects:
                if s == seat and rect.collidepoint(pos):
                    if cancel:
                        t._reflex_press(seat, "mouse", pos)
                    else:
                        t.answer(seat, False, None, live[seat])
            return True
        return False

    def put_away(self) -> bool:
        """Esc closes what is open over the table first (the FOMO! question, the log, the pile,
        the help) rather than leave it standing behind the pause menu; True if it did."""
        if self.show_help or self.show_log:
            self.show_help = self.show_log = False
            return True
        if self.browser is not None and not self.browser.pick:
            self.browser = None
            return True
        if self.confirm is not None:
            self.reset()  # "Not yet"
            return True
        return False

    def _look(self, event: pygame.event.Event) -> bool:
        """Hold the look key (or the Look button) to view the hidden cards you know; release to hide."""
        look = self.buttons[3]
        look_key = self.table.app.settings.bindings.get("look", "tab")
        if event.type == pygame.KEYDOWN and pygame.key.name(event.key) == look_key:
            self.table.set_peek(True)
            return True
        if event.type == pygame.KEYUP and pygame.key.name(event.key) == look_key:
            self.table.set_peek(False)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if look.rect.collidepoint(event.pos):
                self.look_by_mouse = True
                self.table.set_peek(True)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.look_by_mouse:
            self.look_by_mouse = False
            self.table.set_peek(False)
            return True
        return False

    def _key_down(self, event: pygame.event.Event, intent: str | None) -> bool:
        name = pygame.key.name(event.key)
        simple = {"t": self.start_take, "p": self.toggle_pile, "l": self.toggle_log}
        if name in simple:
            simple[name]()
            return True
        if intent == "call":
            self.ask_fomo()
            return True
        if intent == "help":
            self.toggle_help()
            return True
        if name == "backspace":
            self.back()
            return True
        if self.mode == "target":
            return self._target_keys(intent)
        if name == "d" or name in SLOT_KEYS or intent in ("left", "right", "play"):
            if self.not_now():
                return True
        hand = self.hand()
        if not hand or self.me is None or self.mode not in ("choose", "take"):
            return False
        if intent in ("left", "right"):
            self.selected = (self.selected + (1 if intent == "right" else -1)) % len(hand)
            self._mark()
            return True
        card = hand[self.selected % len(hand)].card
        if card is None:
            return False
        if name == "d" or (intent == "play" and self.mode == "take"):
            action = TakeDiscard(self.me, card) if self.mode == "take" else Discard(self.me, card)
            self.submit(action)
            return True
        if name in SLOT_KEYS:
            if self.mode == "take":
                self.table.refuse("You took the top card: now throw one away with D")
            else:
                self.submit(PlaceCard(self.me, card, SLOT_KEYS[name]))
            return True
        if intent == "play":
            self.play_card(card)
            return True
        return False

    def _target_keys(self, intent: str | None) -> bool:
        targets = self.targets()
        if not targets:
            return False
        if intent in ("left", "right", "up", "down"):
            step = 1 if intent in ("right", "down") else -1
            self.focus = (self.focus + step) % len(targets)
            return True
        if intent == "play":
            self.pick(targets[self.focus % len(targets)])
            return True
        return False


class FomoScreen(FomoTablePort, Protocol):
    """The table as the HUD, the panels and the synthetic people read it: the port, and the
    turn's input (None until the table has made it)."""

    turn_input: TurnInput | None
