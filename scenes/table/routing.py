"""Input at the table and a person's actions: the curtain's ready key, every seat's reflex key
and clicks on your own row, the table's own controls; refusals said where the person looks; claims
ranked on the race board.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from game.core.actions import Action
from game.core.match import Match
from game.core.narration import name_seats
from game.core.windows import Window
from scenes.table.hints import Hints
from scenes.table.reflex import Press, window_key
from scenes.table.seeing import TableSeeing

if TYPE_CHECKING:
    from scenes.table.coach import Coach


class TableInput(TableSeeing):
    coach: Coach | None = None  # a lesson's coach (scenes/table/coach.py) when the match is one
    hints: Hints  # the hint key and button (scenes/table/hints.py)

    def offered(self, seat: int) -> tuple[Action, ...]:
        """The moves of ``seat`` the table lights: its legal actions, narrowed in a lesson to
        the ones its step asks for (the others stay playable: they are refused with why)."""
        legal = self.match.legal_actions(seat)
        return legal if self.coach is None else self.coach.tutor.offered(legal)

    def offer_key(self) -> Hashable:
        """Changes when ``offered`` may answer differently without a move (a lesson's step
        went on): a table that keeps what it lit asks again then."""
        return None if self.coach is None else self.coach.key()

    def coach_leave(self) -> None:
        """The coach's Leave: the pause menu, whose Leave keeps the lesson for later."""
        self.app.open_pause(self)

    def submit(self, action: Action) -> bool:
        """A person's action: refused with the reason where they look, or sent to the match.
        In a lesson, a legal move its step does not want is refused with the step's why."""
        refusal = self.match.state.check(action)
        if refusal is not None:
            self.refuse_rule(refusal.message)
            return False
        if self.coach is not None:
            reason = self.coach.tutor.refusal(action)
            if reason is not None:
                self.refuse(reason)
                return False
            self.coach.tutor.before_move(action)
        self.match.submit(action)
        self._views.clear()
        self.pull_events()
        return True

    def refuse_rule(self, reason: str) -> None:
        """A refusal in the rules' words ("it is seat 1's turn"), said with the seats' names."""
        self.refuse(name_seats(reason, [seat.name for seat in self.match.seats]))

    def refuse(self, reason: str) -> None:
        text = reason[:1].upper() + reason[1:]
        self.message.warn(text if text.endswith((".", "!", "?")) else text + ".")
        self.app.sound.play("refuse")

    def claim(self, action: Action, press: Press, window: Window) -> bool:
        """Submit a reflex claim; a refused one still counts in the race ("too slow"). The race
        is timed on the press's input time."""
        at_ms = press.read.ms if press.read is not None else self.app.real_ms()
        if self.match.state.check(action) is not None:
            self.race.record(window, press.seat, at_ms, press.read)
            if self.race.late(press.seat):
                self.caption(press.seat, "too slow")
            return False
        self.race.record(window, press.seat, at_ms, press.read)
        return self.submit(action)

    def handle(self, event: pygame.event.Event) -> bool:
        intent = self.app.intent(event)
        coach = self.coach
        if coach is not None and not self.curtain.active and coach.handle(self, event, intent):
            return True
        if not self.curtain.active and self.hints.handle(self, event, intent):
            return True
        if intent == "back":
            self.app.open_pause(self)
            return True
        reflex = self.reflex.seat_of(event)
        # A table without reflex windows leaves those keys to its own controls (no "too early").
        if reflex is not None and self.REFLEX_WINDOWS and not self.curtain.active:
            self._reflex_press(reflex[0], reflex[1], None)
            return True
        if self.curtain.active:
            ready = intent in ("ready", "play") or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            )
            if ready:
                self.show_private(self.curtain.lift())
            return ready
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._row_press(event):
            return True
        return self.interaction_handle(event, intent)

    def _row_press(self, event: pygame.event.Event) -> bool:
        """A click on your own cards while a reflex window is open to you is your claim."""
        sprite = self.layer.hit(event.pos)
        owner = self.zones.owner(sprite.zone) if sprite is not None else None
        if owner is None or owner not in self.humans or not self._reflex_window(owner):
            return False
        self._reflex_press(owner, "mouse", event.pos)
        return True

    def _reflex_window(self, seat: int) -> Window | None:
        return next(
            (
                w
                for w in self.open_windows(seat)
                if w.kind in self.REFLEX_WINDOWS and seat in w.eligible
            ),
            None,
        )

    def _reflex_press(self, seat: int, source: str, pos: tuple[int, int] | None) -> None:
        read = self.app.input_read
        window = self._reflex_window(seat)
        if window is not None and read.seen < self._window_pictures.get(window_key(window), 0):
            window = None  # pressed before the picture with the window was on the screen
        was_locked = self.reflex.is_locked(seat)
        press = self.reflex.press(seat, source, self.match.now_ms, window is not None, pos, read)
        if press is None or window is None:
            if not was_locked:
                self.caption(seat, "too early", 900)
            return
        self.on_reflex(press, window)

    def _on_change(self, match: Match) -> None:
        """An action landed: hold the clock at once, so a quick bot cannot act again before
        everyone has seen this (the presenter releases it when the animation is done)."""
        if not self._holding:
            self._holding = True
            match.hold()

    def _watch_log(self) -> None:
        """Claims that reached the match (people's and bots') go on the race board."""
        windows = [w for w in self.open_windows() if w.kind in self.REFLEX_WINDOWS]
        if windows:
            self._last_window = windows[0]
        for _at_ms, action in self.match.log[self._log_seen :]:
            if self.is_claim(action) and self._last_window is not None:
                # A bot's claim (a person's was recorded as pressed): the frame that made it.
                self.race.record(self._last_window, action.seat, self.app.real_ms())
        self._log_seen = len(self.match.log)
