"""The Canceled window on the FOMO table: what its bar says, when it counts as open, a person's
answer (Canceled or a pass, which look alike), the Canceled! / Pass panels' people, and a press
just after it closed ("too slow", "too late"), not "too early" (scenes/fomo/table.py)."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.actions import Action
from game.core.game import State
from game.core.windows import Window, shown
from game.fomo.actions import PassCancel, PlayCanceled, PlayPlotTwist, PlaySeen, PlaySwap
from game.fomo.cards import CANCELED, PLOT_TWIST, SEEN, SWAP, card_name
from game.fomo.state import FomoState
from scenes.fomo.zones import FomoZones
from scenes.table.reflex import RACE_SHOWN_MS, Press, RaceBoard, key_label

LATE_MS = 1500  # game ms after a Canceled window ran out when a press is "too late", not early


class CancelRace(RaceBoard):
    """A lone Canceled is no race ("Nimal claims first" when nobody else pressed): the table's
    own banner says what it did. A race shows once someone was beaten to it."""

    def banner(self, names: Sequence[str]) -> str | None:
        race = self.race
        return super().banner(names) if race is not None and len(race.claims) > 1 else None


class FomoWindow(FomoZones):
    """The Canceled window, read off the state (every view shows the same one)."""

    REFLEX_WINDOWS = frozenset({"cancel"})
    _cancel_window: Window | None  # the last Canceled window shown open (made with the table)

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

    def reflex_label(self, seat: int) -> str:
        key = self.reflex.key_of(seat)
        return key_label(key) if key else "key"
