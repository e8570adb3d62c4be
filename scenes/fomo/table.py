"""The FOMO table: hidden sets nobody looks at, hands, the draw and the browsable discard pile.
Built in layers: the events shown (scenes/fomo/show.py: the FOMO! call turned over card by card),
the zones (zones.py), the Canceled window on the open table (window.py), and here the table
itself: the seats' chips, a Seen look on a shared screen, the log, input (turns by drag, click or
keys: turn.py), the referee's hooks and the HUD (hud.py)."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.game import Game, State
from game.core.match import Match
from game.core.views import View
from game.core.windows import Window
from game.fomo.actions import CallFomo, PassCancel, PlayCanceled, TakeThrowback
from game.fomo.events import ActionPlayed
from game.fomo.state import FomoState
from game.fomo.view import FomoView
from scenes.fomo.faces import FomoFaces
from scenes.fomo.hud import draw_fomo_hud, draw_fomo_under_cards, fomo_under_marks, help_lines
from scenes.fomo.inputs import person_inputs
from scenes.fomo.panels import own_panels
from scenes.fomo.places import CaptionPlaces, clear_of_the_bar
from scenes.fomo.show import FomoHud
from scenes.fomo.turn import TurnInput
from scenes.fomo.window import CancelRace, FomoWindow
from scenes.table.faces import FaceRenderer
from scenes.table.hud import HudButton
from scenes.table.layout import Spot
from scenes.table.log import LogPanel
from scenes.table.presenter import FACE_UP_TAG
from scenes.table.reflex import key_label

if TYPE_CHECKING:
    from scenes.scene import AppPort


class FomoTable(FomoWindow):
    name = "table:fomo"

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
        self.caption_places = CaptionPlaces()
        self._plates_clear: tuple[object, dict[int, pygame.Rect]] = (None, {})
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
    def results_lines(cls, match: Match) -> list[str]:
        stats = match.game.match_stats(match.state)
        how = "won by a FOMO! call" if stats["won_by_call"] else "won as the last player in"
        out = stats["eliminated"]
        wrong = f" · {out} out by a wrong FOMO! call" if out else ""
        return [f"{stats['turns']} turns · {how}{wrong}"]

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

    def message_room(self) -> float | None:
        """Clear of the plates and of the side seats' cards level with the line (at six seats
        it ran over their hidden sets)."""
        resting = self.caption_places.resting
        cards = [
            rect
            for seat in range(self.layout.players)
            if seat != self.bottom
            for rect in resting.seat_rects(self, seat)
        ]
        return self.message_room_among([*self.plates_drawn().values(), *cards])

    def plate_rects(self) -> dict[int, pygame.Rect]:
        """The kit's plates, any under a Canceled window's bar moved beside it (places.py)."""
        plates = super().plate_rects()
        zones = tuple((zone, len(sprites)) for zone, sprites in self.presenter.zones.items())
        key = (tuple(map(tuple, plates.values())), tuple(plates), zones, self.layout)
        if self._plates_clear[0] != key:
            resting = self.caption_places.resting
            self._plates_clear = (key, clear_of_the_bar(self, plates, resting))
        return self._plates_clear[1]

    def caption_spot(self, seat: int) -> tuple[float, float]:
        """Beside the seat's hidden set, clear of the piles and their labels (places.py)."""
        return self.caption_places.spot(self, seat)

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
