"""OMG's hard bot: flat determinized Monte Carlo over the turn's next action.

Each iteration samples the hidden cards from the bot's view (``determinize``), plays one legal
action, then plays the rest of this turn and the opponent's whole next turn with the normal
policy, and scores the position when the bot's next turn begins (``policy.evaluate``). The most
visited action within the time budget (or ``iterations``) is played. Mulligan, Apollo's discard
and small decisions (one legal action) use the normal policy directly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from game.bots.base import Bot, Decision
from game.bots.search import ISMCTS
from game.core.actions import Action
from game.core.game import State
from game.core.views import View
from game.omg import policy
from game.omg.state import OmgState
from game.omg.view import OmgView, determinize

SCORE_SCALE = 12.0  # evaluation points that move the win estimate from 50 % to about 73 %


class HardBot(Bot):
    level = "hard"

    def __init__(
        self, seat: int, seed: int, budget_ms: int = 300, iterations: int | None = None, **_: Any
    ) -> None:
        super().__init__(seat, seed)
        self.budget_ms = budget_ms
        self.iterations = iterations

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        assert isinstance(view, OmgView) and view.seat is not None
        if len(legal) == 1 or view.phase in ("mulligan", "discard"):
            state = determinize(view, self.rng)
            return Decision(policy.choose(state, view.seat, legal, self.rng))
        from game.omg.rules import GAME

        horizon = view.turn_number + (2 if view.turn_seat == view.seat else 1)
        seat = view.seat

        def value(state: State) -> Sequence[float] | None:
            assert isinstance(state, OmgState)
            if not state.is_over() and state.turn_number < horizon:
                return None
            mine = 1.0 / (1.0 + math.exp(-policy.evaluate(state, seat) / SCORE_SCALE))
            return (mine, 1.0 - mine) if seat == 0 else (1.0 - mine, mine)

        def rollout(
            state: State, who: int, moves: Sequence[Action], rng: random.Random, can_wait: bool
        ) -> Action | None:
            assert isinstance(state, OmgState)
            return policy.choose(state, who, moves, rng)

        search = ISMCTS(
            GAME,
            seat,
            self.rng,
            budget_ms=self.budget_ms,
            iterations=self.iterations,
            rollout=rollout,
            value=value,
            tree_depth=1,
        )
        action = search.choose(view, legal)
        return Decision(action if action is not None else legal[-1])
