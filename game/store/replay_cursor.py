"""Stepping through a finished (or saved) match, forwards and backwards, as one seat saw it or
with all cards open.

The log is replayed once when the cursor opens (which also checks it against the saved
fingerprint); a clone of the state is kept every ``CHECKPOINT_EVERY`` actions, so going back
replays at most that many actions from the nearest checkpoint. Position ``i`` is the match after
its first ``i`` actions: 0 is the opening (deadlines due before the first action fired, so the
cards are dealt), ``len(log)`` the end. A step's events are the deadlines that fired before its
action (a new deal, a closing window) and the action's own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.actions import Action
from game.core.events import Event
from game.core.game import Game, State
from game.core.match import Seat
from game.core.registry import find_game
from game.core.views import View
from game.store.files import DamagedFile

CHECKPOINT_EVERY = 16


@dataclasses.dataclass(frozen=True)
class Step:
    """One action of the log: who did what, when, and the events it caused (unredacted)."""

    index: int  # 0-based: the action that takes position ``index`` to ``index + 1``
    at_ms: int
    action: Action
    events: tuple[Event, ...]


class ReplayCursor:
    def __init__(self, data: Mapping[str, Any], viewer: int | None = None) -> None:
        """Open ``data`` (``Match.to_json()``); ``DamagedFile`` if it does not replay."""
        try:
            self.game: Game = find_game(str(data["game"]))
            self.seats = [Seat.from_json(s) for s in data["seats"]]
            self.seed = int(data["seed"])
            self.options = dict(data["options"])
            self.log = [(int(at), Action.from_json(a)) for at, a in data["log"]]
            start = self.game.new_state(len(self.seats), self.seed, self.options)
            if self.log:
                start.advance(self.log[0][0])  # position 0 shows the deal, not an empty table
            self._checkpoints = [start]
            state = start.clone()
            for index, (at, action) in enumerate(self.log):
                self._play(state, at, action)
                if (index + 1) % CHECKPOINT_EVERY == 0:
                    self._checkpoints.append(state.clone())
        except DamagedFile:
            raise
        except Exception as exc:  # untrusted input may break the rules code in any way
            raise DamagedFile(f"the match does not replay ({exc})") from exc
        expected = data.get("fingerprint")
        if expected is not None and not state.matches_saved(expected, self.options):
            # As Match.from_json: the save may have been taken after its clock fired deadlines.
            state.advance(int(data.get("now_ms", self.log[-1][0] if self.log else 0)))
            if not state.matches_saved(expected, self.options):
                raise DamagedFile("the replayed match differs from the saved one")
        # A match may end on a deadline after its last action (a window closing): the last step
        # runs the clock on to when the match was saved, so the end is part of the replay.
        self.end_ms = int(data.get("now_ms", self.log[-1][0] if self.log else 0))
        self.viewer = viewer
        self.position = 0
        self._state = self._checkpoints[0].clone()

    # --- where we are ----------------------------------------------------------------------
    @property
    def length(self) -> int:
        return len(self.log)

    @property
    def state(self) -> State:
        """The match at ``position`` (do not change it: the cursor owns it)."""
        return self._state

    def view(self) -> View:
        """What ``viewer`` knew at this position (None: all cards open)."""
        return self._state.view(self.viewer)

    def set_viewer(self, viewer: int | None) -> None:
        if viewer is not None and not 0 <= viewer < len(self.seats):
            raise ValueError(f"there is no seat {viewer}")
        self.viewer = viewer

    def last_step(self) -> Step | None:
        """The action that led to this position, with its events (None at the deal)."""
        if self.position == 0:
            return None
        return self.step(self.position - 1)

    def step(self, index: int) -> Step:
        before = self._state_at(index)
        at, action = self.log[index]
        events = self._play(before, at, action)
        if index == self.length - 1:
            events += before.advance(self.end_ms)
        return Step(index, at, action, events)

    def narration(self, index: int, names: Sequence[str], viewer: int | None = None) -> str:
        """Action ``index`` in the table's words, as ``viewer`` saw it (None: all cards open)."""
        before = self._state_at(index)
        at, action = self.log[index]
        before.advance(at)  # the deadlines due before the move fire first, as in ``step``
        return self.game.narrate(before, action, names, viewer)

    def events_seen(self, step: Step) -> list[Event]:
        """``step``'s events as ``viewer`` perceived them."""
        return [e for e in (event.seen_by(self.viewer) for event in step.events) if e is not None]

    # --- moving ----------------------------------------------------------------------------
    def forward(self) -> bool:
        if self.position >= self.length:
            return False
        at, action = self.log[self.position]
        self._play(self._state, at, action)
        self.position += 1
        if self.position == self.length:
            self._state.advance(self.end_ms)
        return True

    def back(self) -> bool:
        if self.position == 0:
            return False
        self.seek(self.position - 1)
        return True

    def seek(self, position: int) -> None:
        position = max(0, min(self.length, position))
        if position >= self.position:
            while self.position < position:
                self.forward()
            return
        self._state = self._state_at(position)
        self.position = position

    def to_start(self) -> None:
        self.seek(0)

    def to_end(self) -> None:
        self.seek(self.length)

    # --- internals -------------------------------------------------------------------------
    def _state_at(self, position: int) -> State:
        """A fresh copy of the match after ``position`` actions, from the nearest checkpoint."""
        base = position // CHECKPOINT_EVERY
        state = self._checkpoints[base].clone()
        for at, action in self.log[base * CHECKPOINT_EVERY : position]:
            self._play(state, at, action)
        if position == self.length and position:
            state.advance(self.end_ms)
        return state

    @staticmethod
    def _play(state: State, at: int, action: Action) -> tuple[Event, ...]:
        # As Match.from_json: deadlines due before the action fire first, at their game time.
        return state.advance(at) + state.apply(action, at)
