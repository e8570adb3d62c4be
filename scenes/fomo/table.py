"""The FOMO table: hidden sets nobody looks at, hands, the draw and the browsable discard pile;
turns by drag, click or keys (scenes/fomo/turn.py); action cards with their Canceled window on
the open table; the FOMO! call turned over card by card (scenes/fomo/show.py); the results."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
from game.core.game import State
from game.core.match import Match
from game.core.views import View
from game.core.windows import Window, shown
from game.fomo.actions import (
    ActionPlayed,
    CallFomo,
    PassCancel,
    PlayCanceled,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
    TakeThrowback,
)
from game.fomo.cards import CANCELED, PLOT_TWIST, SEEN, SET_SIZE, SWAP, card_name
from game.fomo.rules import FomoState
from game.fomo.view import FomoView
from scenes.fomo.faces import FomoFaces
from scenes.fomo.hud import draw_fomo_hud, draw_fomo_under_cards, fomo_under_marks
from scenes.fomo.inputs import person_inputs
from scenes.fomo.show import FomoHud, FomoShow
from scenes.fomo.turn import TurnInput
from scenes.table.base import ZoneCards
from scenes.table.faces import FaceRenderer
from scenes.table.presenter import FACE_UP_TAG
from scenes.table.reflex import Press, key_label
from scenes.table.zones import CentrePlace, SeatPlace, ZoneSpec

if TYPE_CHECKING:
    from scenes.app import App


class FomoTable(FomoShow):
    name = "table:fomo"
    ZONES = (
        ZoneSpec("hand", "fan", "owner", SeatPlace(), owned=True, z=200),
        ZoneSpec("set", "slots", "nobody", SeatPlace(inward=1.12), owned=True, scale=0.82, z=150),
        ZoneSpec("aside", "pile", "nobody", SeatPlace(inward=1.12), owned=True, scale=0.7, z=120),
        ZoneSpec("draw", "pile", "nobody", CentrePlace(x=-0.72, y=-0.22), scale=0.9, z=50),
        ZoneSpec("discard", "pile", "everyone", CentrePlace(x=0.72, y=-0.22), scale=0.9, z=300),
    )
    REFLEX_WINDOWS = frozenset({"cancel"})

    def __init__(self, app: App, match: Match, **kwargs: Any) -> None:
        self.hud = FomoHud()
        self.turn_input: TurnInput | None = None
        self.peeking: list[Any] = []  # sprites turned up while the look key is held
        self.looks_due: list[int] = []  # people at a shared screen owed a private look (Seen)
        self._dealing = False
        super().__init__(app, match, **kwargs)
        self.turn_input = TurnInput(self)
        if (
            not match.log
            and not self.open_cards
            and isinstance(match.state, FomoState)
            and match.state.phase == "turn"
        ):
            self._animate_deal()

    def face_renderer(self) -> FaceRenderer:
        return FomoFaces()

    # --- zones --------------------------------------------------------------------------------
    def zone_cards(self, view: View) -> ZoneCards:
        assert isinstance(view, FomoView)
        zones: dict[str, list[str | None]] = {}
        for seat in range(view.players):
            known: list[str | None] = list(view.hands[seat])
            zones[f"hand:{seat}"] = known + [None] * (view.hand_sizes[seat] - len(known))
            for slot, card in enumerate(view.sets[seat]):
                zones[f"set:{seat}:{slot}"] = [None if card in ("?", "#") else card]
            aside: list[str | None] = list(view.aside[seat])
            if view.aside_counts[seat]:
                zones[f"aside:{seat}"] = aside + [None] * (view.aside_counts[seat] - len(aside))
        zones["draw"] = [None] * view.draw_count
        # Under the top the pile's order is not known (Throwback takes from anywhere in it).
        below: list[str | None] = [None] * max(0, view.discard_count - 1)
        zones["discard"] = below + ([view.discard_top] if view.discard_top is not None else [])
        return zones

    def known_faces(self, view: View) -> Counter[str]:
        """The cards on the table, and those the view knows lie under the discard pile's top
        (seen going there, order lost)."""
        assert isinstance(view, FomoView)
        faces = Counter(card for cards in self.zone_cards(view).values() for card in cards if card)
        return faces + Counter(view.discard_below)

    def slot_count(self, name: Any) -> int:
        return SET_SIZE if name.family == "set" else super().slot_count(name)

    def after_snap(self, view: View) -> None:
        assert isinstance(view, FomoView)
        hud = self.hud
        hud.turn = None if view.phase == "over" else view.turn
        hud.out, hud.skip = list(view.out), list(view.skip_next)
        hud.pending = None
        if view.pending is not None:
            p = view.pending
            hud.pending = ActionPlayed(p.actor, p.card, p.targets, p.slots)
        self.peeking = []
        for window in view.windows:  # a table rebuilt mid-window shows it at once
            self.hud.window_key = window.opened_ms
        for zone, sprites in self.presenter.zones.items():
            for sprite in sprites:
                sprite.dim = zone.startswith("aside:")
        self._sort_hands()
        if self.turn_input is not None:
            self.turn_input.reset()

    def seat_chips(self, seat: int) -> list[str]:
        if self.hud.out and self.hud.out[seat]:
            return ["OUT"]
        chips = []
        skip = self.hud.skip[seat] if self.hud.skip else ""
        if skip == "ghosted":
            chips.append("GHOSTED: skips a turn")
        elif skip == "canceled":
            chips.append("loses next turn")
        chips.append(f"{len(self.presenter.zone(f'hand:{seat}'))} in hand")
        return chips

    def current_turn(self) -> int | None:
        return self.hud.turn if self.hud.game_over is None else None

    def is_out(self, seat: int) -> bool:
        return bool(self.hud.out) and self.hud.out[seat]

    def private_requests(self) -> list[int]:
        return list(self.looks_due)

    def looking(self) -> bool:
        """Is a person at a shared screen looking at what Seen showed them (the table waits)?"""
        return self.private is not None and self.private in self.looks_due

    def done_looking(self) -> None:
        if self.private in self.looks_due:
            self.looks_due.remove(self.private)
        self.set_peek(False)
        self.blocked = False

    def tick(self, dt_ms: int) -> None:
        if self.looking() and not self.curtain.active and not self.blocked:
            self.blocked = True  # nothing moves on while the looker looks
            look = key_label(self.app.settings.bindings.get("look", "tab"))
            ready = key_label(self.app.settings.bindings.get("ready", "space"))
            name = self.seat_name(self.private or 0)
            self.message.prompt = (
                f"{name}: hold {look} to look at what Seen showed you; {ready} when done"
            )
        if self.hud.banner_ms > 0:
            self.hud.banner_ms -= dt_ms
            if self.hud.banner_ms <= 0:
                self.hud.banner = ""

    def needs_frame(self) -> bool:
        return super().needs_frame() or self.hud.banner_ms > 0

    @classmethod
    def window_openers(cls, state: State) -> list[Action]:
        """Action cards naming other players (a Canceled window opens for them), two first:
        FOMO's bots always name themselves in a Plot Twist or Swap, so only a person opens the
        window to two seats."""
        if not isinstance(state, FomoState) or state.phase != "turn":
            return []

        def named(action: Action) -> int:
            if isinstance(action, PlayPlotTwist | PlaySwap):
                return len({action.first, action.second} - {action.seat})
            return int(isinstance(action, PlaySeen) and action.target != action.seat)

        openers = [a for a in state.legal_actions(state.turn) if named(a)]
        return sorted(openers, key=named, reverse=True)

    @classmethod
    def results_lines(cls, match: Match) -> list[str]:
        stats = match.game.match_stats(match.state)
        how = "won by a FOMO! call" if stats["won_by_call"] else "won as the last player in"
        out = stats["eliminated"]
        wrong = f" · {out} out by a wrong FOMO! call" if out else ""
        return [f"{stats['turns']} turns · {how}{wrong}"]

    # --- the Canceled window --------------------------------------------------------------------
    def window_caption(self, window: Window) -> str:
        """What the Canceled would stop, short enough for the countdown bar (the message line
        names the actor)."""
        pending = self.hud.pending
        if pending is None:
            return f"{card_name(window.subject or '')} — Canceled?"
        names = [self.seat_name(t) for t in pending.targets]
        if pending.card == SEEN:
            what = f"Seen on {self.possessive(pending.targets[0])} set"
        elif pending.card == PLOT_TWIST:
            what = f"Plot Twist: {names[0]} and {names[1]} trade sets"
        elif pending.card == SWAP:
            a, b = (
                f"{self.possessive(t)} slot {s + 1}"
                for t, s in zip(pending.targets, pending.slots, strict=True)
            )
            what = f"Swap: {a} with {b}"
        else:
            what = card_name(pending.card)
        return f"{what} — Canceled?"

    def windows_of(self, seat: int | None = None) -> list[Window]:
        """FOMO's one window is public (every seat's view shows the state's): read it off the
        state rather than build a whole view for it, three times a frame."""
        return list(shown(self.state.window))

    def open_windows(self, seat: int | None = None) -> list[Window]:
        """The Canceled window once the table has shown it opening: the match's clock stands
        while the card is played out, so its bar counts down from then, and a press before it
        is too early (a bar standing full while presses already counted, before)."""
        key = self.hud.window_key
        return [w for w in super().open_windows(seat) if w.opened_ms == key]

    def is_claim(self, action: Action) -> bool:
        return isinstance(action, PlayCanceled)

    def on_reflex(self, press: Press, window: Window) -> None:
        self.answer(press.seat, True, press, window)

    def answer(self, seat: int, cancel: bool, press: Press | None, window: Window) -> None:
        """A targeted person answers: Canceled if they asked for it and hold one, else a pass.
        Pressing Canceled without holding one looks exactly like passing."""
        if seat in self.hud.answered:
            return
        holds = CANCELED in self.view_of(seat).hand
        self.hud.answered.add(seat)
        if cancel and holds:
            if press is not None and self.claim(PlayCanceled(seat), press, window):
                return
            if press is None and self.submit(PlayCanceled(seat)):
                return
        self.submit(PassCancel(seat))
        if cancel and not holds and self.audience == frozenset({seat}):
            self.message.warn("You hold no Canceled: the action goes through.")

    def cancel_panels(self) -> list[tuple[int, Window]]:
        """The people the open Canceled window names who have not answered yet."""
        if self.replaying or self.curtain.active or self.state.phase != "cancel":
            return []  # (no window: no view is built for it, every frame)
        panels = []
        for window in self.open_windows():
            if window.kind != "cancel" or window.opened_ms != self.hud.window_key:
                continue
            for seat in sorted(window.eligible):
                if seat in self.humans and seat not in self.hud.answered:
                    panels.append((seat, window))
        return panels

    def reflex_label(self, seat: int) -> str:
        key = self.reflex.key_of(seat)
        return key_label(key) if key else "key"

    # --- interaction --------------------------------------------------------------------------
    def refresh_interaction(self) -> None:
        if self.turn_input is not None:
            self.turn_input.refresh()

    def interaction_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        return self.turn_input is not None and self.turn_input.handle(event, intent)

    def set_peek(self, on: bool) -> None:
        """Hold to view: the hidden cards the screen's audience knows turn up while held. At
        once, not animated: an animation holds the match's clock, and a look during a Canceled
        window froze its bar while presses counted."""
        p = self.presenter
        if on and not self.peeking:
            for zone, sprites in p.zones.items():
                if zone.startswith("set:"):
                    for sprite in sprites:
                        if sprite.card is not None and FACE_UP_TAG not in sprite.tags:
                            sprite.tags.add(FACE_UP_TAG)
                            sprite.flip = 1.0
                            self.peeking.append(sprite)
        elif not on and self.peeking:
            for sprite in self.peeking:
                sprite.tags.discard(FACE_UP_TAG)
                sprite.flip = 1.0 if p.face_up(sprite, sprite.zone) else 0.0  # (an open table)
            self.peeking = []

    # --- the screen referee's hooks (scenes/table/referee.py) ----------------------------------
    def person_inputs(self, action: Action, rng: random.Random) -> list[pygame.event.Event]:
        return person_inputs(self, action, rng)

    def panels_asking(self) -> list[tuple[int, tuple[type, ...]]]:
        """The Canceled! / Pass panels, the FOMO! question and the Throwback pile."""
        asking: list[tuple[int, tuple[type, ...]]] = [
            (seat, (PlayCanceled, PassCancel)) for seat, _ in self.cancel_panels()
        ]
        turn = self.turn_input
        if turn is not None and turn.me is not None and not self.curtain.active:
            if turn.confirm is not None:
                asking.append((turn.me, (CallFomo,)))
            if turn.browser is not None and turn.browser.pick:
                asking.append((turn.me, (TakeThrowback,)))
        return asking

    def turned_up(self, zone: str, index: int, view: View) -> bool:
        """A hidden card shows its face while held up to look (the look key), and the winner's
        set after a right FOMO! call lies face up."""
        sprites = self.presenter.zones.get(zone, [])
        if index < len(sprites) and sprites[index] in self.peeking:
            return True
        assert isinstance(view, FomoView)
        verdict = self.hud.verdict
        return (
            zone.startswith("set:")
            and view.phase == "over"
            and verdict is not None
            and verdict.correct
            and zone.startswith(f"set:{verdict.seat}:")
        )

    def message_pos(self) -> tuple[float, float]:
        """Just above your hidden set, so the line never covers it."""
        top = self.spot_for(f"set:{self.bottom}:0", 0, 1).y
        return (self.layout.size[0] / 2, top - self.layout.card_size[1] * 0.43)

    def draw_message(self, surface: pygame.Surface) -> None:
        turn = self.turn_input
        if turn is None or not (turn.show_help or turn.confirm or turn.browser):
            super().draw_message(surface)  # (an open panel is the only thing to read)

    def draw_hud(self, surface: pygame.Surface) -> None:
        draw_fomo_hud(self, surface)

    def draw_under_cards(self, surface: pygame.Surface) -> None:
        draw_fomo_under_cards(self, surface)

    def under_cards_key(self) -> Hashable:
        return fomo_under_marks(self)
