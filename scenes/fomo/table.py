"""The FOMO table: hidden sets nobody looks at, hands, the draw and the browsable discard pile;
turns by drag, click or keys (scenes/fomo/turn.py); action cards with their Canceled window on
the open table; the FOMO! call turned over card by card (scenes/fomo/show.py); the results."""

from __future__ import annotations

import contextlib
import math
import random
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.game import Game, State
from game.core.match import Match
from game.core.views import View
from game.core.windows import Window, shown
from game.fomo.actions import (
    CallFomo,
    PassCancel,
    PlayCanceled,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
    TakeThrowback,
)
from game.fomo.cards import CANCELED, PLOT_TWIST, SEEN, SET_SIZE, SWAP, card_name
from game.fomo.events import ActionPlayed
from game.fomo.state import FomoState
from game.fomo.view import FomoView
from scenes.fomo.faces import FomoFaces
from scenes.fomo.hud import draw_fomo_hud, draw_fomo_under_cards, fomo_under_marks, help_lines
from scenes.fomo.inputs import person_inputs
from scenes.fomo.panels import own_panels
from scenes.fomo.show import FomoHud, FomoShow
from scenes.fomo.turn import TurnInput
from scenes.table.base import ZoneCards
from scenes.table.faces import FaceRenderer
from scenes.table.hud import HudButton
from scenes.table.layout import Spot
from scenes.table.log import LogPanel
from scenes.table.presenter import FACE_UP_TAG
from scenes.table.reflex import RACE_SHOWN_MS, Press, RaceBoard, key_label
from scenes.table.zones import CentrePlace, SeatPlace, ZoneSpec

if TYPE_CHECKING:
    from scenes.scene import AppPort


SET_PLACE = SeatPlace(inward=1.12)
LATE_MS = 1500  # game ms after a Canceled window ran out when a press is "too late", not early


class CancelRace(RaceBoard):
    """A lone Canceled is no race ("Nimal claims first" when nobody else pressed): the table's
    own banner says what it did. A race shows once someone was beaten to it."""

    def banner(self, names: Sequence[str]) -> str | None:
        race = self.race
        return super().banner(names) if race is not None and len(race.claims) > 1 else None


class FomoTable(FomoShow):
    name = "table:fomo"
    ZONES = (
        ZoneSpec("hand", "fan", "owner", SeatPlace(), owned=True, z=200),
        ZoneSpec("set", "slots", "nobody", SET_PLACE, owned=True, scale=0.82, z=150),
        ZoneSpec("aside", "pile", "nobody", SET_PLACE, owned=True, scale=0.7, z=120),
        ZoneSpec("draw", "pile", "nobody", CentrePlace(x=-0.72, y=-0.22), scale=0.9, z=50),
        ZoneSpec("discard", "pile", "everyone", CentrePlace(x=0.72, y=-0.22), scale=0.9, z=300),
    )
    REFLEX_WINDOWS = frozenset({"cancel"})

    def __init__(self, app: AppPort, match: Match, **kwargs: Any) -> None:
        self.hud = FomoHud()
        self.turn_input: TurnInput | None = None
        self.peeking: list[Any] = []  # sprites turned up while the look key is held
        self.looks_due: list[int] = []  # people at a shared screen owed a private look (Seen)
        self._dealing = False
        self.log = LogPanel()
        self._told: tuple[State, int, int | None] | None = None  # state, moves told, for whom
        self._cancel_window: Window | None = None  # the last Canceled window shown open
        self._side_spots: dict[tuple[int, str, int, int], Spot] = {}
        super().__init__(app, match, **kwargs)
        self.race = CancelRace()
        self.turn_input = TurnInput(self)
        self.drag = self.turn_input.drag  # declared to the kit (held_cards)
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

    # At six seats the two side seats of each side sit close: their hidden sets, laid out towards
    # the middle, ran into each other (a Swap naming one slot could not be read). There the side
    # sets are drawn a tenth smaller and the upper seat's slides along its own row, away from
    # the seat below (tests/fomo/test_table_evening.py checks 2-6 seats at three sizes).
    SIDE_SET_SCALE = 0.9
    UPPER_SET_SLIDE = 0.8  # card widths of that seat

    def spot_for(self, zone: str, index: int, count: int) -> Spot:
        spot = super().spot_for(zone, index, count)
        if self.layout.players != 6 or not zone.startswith(("set:", "aside:")):
            return spot
        key = (id(self.layout), zone, index, count)
        moved = self._side_spots.get(key)
        if moved is None:
            if len(self._side_spots) > 512:
                self._side_spots.clear()
            moved = self._side_spots[key] = self._side_spot(zone, spot)
        return moved

    def _side_spot(self, zone: str, spot: Spot) -> Spot:
        layout = self.layout
        seat = int(zone.split(":")[1])
        if layout.place(seat) in (0, 3):  # the bottom and the top seat have room
            return spot
        anchor = layout.anchor(seat)
        angle = math.radians(anchor.angle)
        ux, uy = math.cos(angle), -math.sin(angle)  # along the seat's row
        x, y = spot.x, spot.y
        if zone.startswith("set:"):
            centre = layout.place_origin(SET_PLACE, seat)
            x = centre.x + (x - centre.x) * self.SIDE_SET_SCALE
            y = centre.y + (y - centre.y) * self.SIDE_SET_SCALE
        if anchor.y < layout.centre[1]:
            away = 1.0 if uy < 0 else -1.0  # the way along the row that goes up
            step = away * self.UPPER_SET_SLIDE * layout.card_size[0] * layout.card_scale(seat)
            x, y = x + ux * step, y + uy * step
        return Spot(x, y, spot.angle)

    def scale_for(self, zone: str) -> float:
        scale = super().scale_for(zone)
        if self.layout.players == 6 and zone.startswith("set:"):
            if self.layout.place(int(zone.split(":")[1])) not in (0, 3):
                return scale * self.SIDE_SET_SCALE
        return scale

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

    def open_pause(self) -> None:
        """The pause menu over this table (the Menu button)."""
        self.app.open_pause(self)

    def looking(self) -> bool:
        """Is a person at a shared screen looking at what Seen showed them (the table waits)?"""
        return self.private is not None and self.private in self.looks_due

    def done_looking(self) -> None:
        if self.private in self.looks_due:
            self.looks_due.remove(self.private)
        self.set_peek(False)
        self.blocked = False

    @property
    def buttons(self) -> list[HudButton]:
        """The HUD's buttons (the kit keeps the seat plates clear of them)."""
        return self.turn_input.buttons if self.turn_input is not None else []

    def tick(self, dt_ms: int) -> None:
        for window in self.open_windows():
            self._cancel_window = window
        if not self.presenter.queue:  # the moves shown so far go into the log
            self._tell_moves()
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

    # --- the log ---------------------------------------------------------------------------------
    def _tell_moves(self) -> None:
        """One line a move in the words replays use, for the people at the screen (one person:
        their view; several: only what all of them saw, even during one's private turn),
        narrated from a copy of the match played along (a replay's jump back, or other people
        at the screen, start it again)."""
        match, told = self.match, self._told
        watchers = () if self.open_cards else self.watchers
        viewer = None if not watchers else watchers[0] if len(watchers) == 1 else -1
        if told is not None and told[1:] == (len(match.log), viewer):
            return
        if told is None or told[1] > len(match.log) or told[2] != viewer:
            self.log.clear()
            game: Game = match.game
            told = (game.new_state(len(match.seats), match.seed, match.options), 0, viewer)
        state, count, _ = told
        names = [seat.name for seat in match.seats]
        for at, action in match.log[count:]:
            state.advance(at)
            # Another seat's pass is perceived by nobody else (docs/fomo.md).
            if not isinstance(action, PassCancel) or viewer in (None, action.seat):
                self.log.add(match.game.narrate(state, action, names, viewer))
            with contextlib.suppress(IllegalAction):  # (a state set up by hand, in tests)
                state.apply(action, at)
        # Go on from the live state: the next move is told from exactly what it was made in.
        self._told = (match.state.clone(), len(match.log), viewer)

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

    def _beaten(self, seat: int) -> bool:
        """A seat's key just after the window it could answer closed is not "too early" (the
        kit's word for a press before a window, with a lockout): after another seat's Canceled
        took it, "too slow", on the race board, timed on the race's own clock (the match's
        stands while the blocked card is shown); after it ran out, "too late"."""
        window, race = self._cancel_window, self.race.race
        if window is None or seat not in window.eligible:
            return False
        if any(w.kind == "cancel" for w in self.open_windows()):
            return False
        if race is None or race.window != (window.kind, window.opened_ms):
            if not window.closes_ms <= self.match.now_ms < window.closes_ms + LATE_MS:
                return False
            self.caption(seat, "too late")
            return True
        claimants = [claim[0] for claim in race.claims]
        if claimants[:1] != [seat] and seat not in claimants:
            at_ms = race.claims[-1][1] + round(RACE_SHOWN_MS - race.shown_ms)
            self.race.record(window, seat, at_ms)
            self.caption(seat, "too slow")
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        turn = self.turn_input
        if turn is not None:
            if self.app.intent(event) == "back" and turn.put_away():
                return True
            click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            if click and turn.panel_click(event.pos):
                return True
        reflex = self.reflex.seat_of(event)
        if reflex is not None and not self.curtain.active and self._beaten(reflex[0]):
            return True
        return super().handle(event)

    def pause(self) -> None:
        """The pause menu (or any screen over the table) puts the FOMO! question away."""
        super().pause()
        if self.turn_input is not None:
            self.turn_input.put_away()

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

    def help_lines(self) -> list[str]:
        turn = self.turn_input
        if turn is None:
            return []
        return help_lines({"call": turn.key("call"), "look": turn.key("look")})

    def help_open(self) -> bool:
        """The help is the turn input's (it opens and closes with its other panels)."""
        return self.turn_input is not None and self.turn_input.show_help

    def coach_avoids(self) -> list[pygame.Rect]:
        return [] if self.turn_input is None else own_panels(self.turn_input)

    def draw_under_cards(self, surface: pygame.Surface) -> None:
        draw_fomo_under_cards(self, surface)

    def under_cards_key(self) -> Hashable:
        return fomo_under_marks(self)
