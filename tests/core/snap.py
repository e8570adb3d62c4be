"""A tiny windowed game for testing the referee: the turn player flips, everyone may slap.

Each flip opens a 1000 ms slap window; the first slap scores a point and closes nothing early
(the window runs its full length). Three points win. Not registered: it exists for tests only.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.actions import Action, action_type
from game.core.bot import Bot, Decision
from game.core.errors import Refusal
from game.core.events import Event, Said, WindowClosed, WindowOpened
from game.core.game import Game, GameInfo, Outcome, State
from game.core.views import View
from game.core.windows import Window

WINDOW_MS = 1000


@action_type("snap.flip")
@dataclasses.dataclass(frozen=True)
class Flip(Action):
    pass


@action_type("snap.slap")
@dataclasses.dataclass(frozen=True)
class Slap(Action):
    pass


@dataclasses.dataclass(frozen=True)
class SnapView(View):
    points: tuple[int, ...]


class SnapState(State):
    def __init__(self, players: int) -> None:
        self.players = players
        self.turn = 0
        self.points = [0] * players
        self.window: Window | None = None
        self.slapped = False
        self.now = 0

    def to_act(self) -> frozenset[int]:
        if max(self.points) >= 3:
            return frozenset()
        if self.window is not None:
            return frozenset() if self.slapped else frozenset(range(self.players))
        return frozenset({self.turn})

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        return (Slap(seat),) if self.window else (Flip(seat),)

    def check(self, action: Action) -> Refusal | None:
        if action not in self.legal_actions(action.seat):
            return Refusal("not_now", "not now")
        return None

    def _apply(self, action: Action, at_ms: int) -> list[Event]:
        self.now = at_ms
        if isinstance(action, Flip):
            self.window = Window("slap", at_ms, at_ms + WINDOW_MS, frozenset(range(self.players)))
            self.slapped = False
            return [WindowOpened("slap", at_ms, at_ms + WINDOW_MS, self.window.eligible)]
        self.points[action.seat] += 1
        self.slapped = True
        return [Said(action.seat, "slap", str(at_ms))]

    def next_deadline(self) -> int | None:
        return self.window.closes_ms if self.window else None

    def advance(self, now_ms: int) -> tuple[Event, ...]:
        self.now = max(self.now, now_ms)
        if self.window is None or now_ms < self.window.closes_ms:
            return ()
        closed = self.window.closes_ms
        self.window = None
        self.turn = (self.turn + 1) % self.players
        return (WindowClosed("slap", closed),)

    def view(self, seat: int | None) -> SnapView:
        windows = (self.window,) if self.window else ()
        return SnapView(seat, self.players, self.now, self.to_act(), windows, tuple(self.points))

    def outcome(self) -> Outcome | None:
        if max(self.points) < 3:
            return None
        return Outcome((self.points.index(3),), tuple(self.points), "three slaps")

    def snapshot(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "points": self.points,
            "window": repr(self.window),
            "slapped": self.slapped,
        }

    def census(self) -> Counter[str]:
        return Counter()

    def clone(self) -> SnapState:
        other = SnapState(self.players)
        other.__dict__.update(self.__dict__)
        other.points = list(self.points)
        return other


class SlapBot(Bot):
    """Flips at once; slaps after a fixed reaction time given in its settings."""

    level = "slapper"

    def __init__(self, seat: int, seed: int, reaction_ms: int = 500) -> None:
        super().__init__(seat, seed)
        self.reaction_ms = reaction_ms

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        action = legal[0]
        return Decision(action, self.reaction_ms if isinstance(action, Slap) else 0, reflex=True)


class SnapGame(Game):
    info = GameInfo("snap", "Snap", (), 2, 4, bot_levels=("random", "slapper"))

    def new_state(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> SnapState:
        return SnapState(players)

    def determinize(self, view: View, rng: random.Random) -> State:
        raise NotImplementedError("Snap has no hidden information")

    def make_bot(self, level: str, seat: int, seed: int, **settings: Any) -> Bot:
        if level == "slapper":
            return SlapBot(seat, seed, **settings)
        return super().make_bot(level, seat, seed, **settings)
