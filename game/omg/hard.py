"""OMG's hard bot: determinized Monte Carlo over the few choices that decide a turn.

At an attack or defense decision the bot compares candidates: the normal policy's choice, every
Life attack and every fight its attacker would win, ending the turn (or, defending: every block and giving up the Life). For each sample it
draws the hidden cards from its view (``determinize``), plays the candidate, then plays this turn
and the opponent's next turn out with the normal policy, and scores the position when its own next
turn begins (``policy.evaluate``). All candidates see the same samples (common random numbers), so
their difference is measured, not their luck. Samples continue until the time budget runs out
(``budget_ms``) or ``iterations`` samples per candidate are done; playing Beings, the mulligan and
Apollo's discard follow the normal policy, whose card choice is already sound.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.views import View
from game.omg import policy
from game.omg.actions import Attack, Block, EndTurn, Evolve, FinishDefense, PlayBeing
from game.omg.determinize import determinize
from game.omg.state import OmgState
from game.omg.view import OmgView

MAX_PLAYOUT_STEPS = 400


class HardBot(Bot):
    level = "hard"

    def __init__(
        self, seat: int, seed: int, budget_ms: int = 300, iterations: int | None = None, **_: Any
    ) -> None:
        super().__init__(seat, seed)
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.last_scores: dict[Action, float] = {}  # mean evaluation per candidate, to inspect

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        assert isinstance(view, OmgView) and view.seat is not None
        seat = view.seat
        choice = policy.choose(determinize(view, self.rng), seat, legal, self.rng)
        if choice not in legal:
            choice = legal[-1]
        candidates = self._candidates(view, legal, choice)
        if len(candidates) < 2:
            return Decision(choice)
        return Decision(self._search(view, candidates))

    def _candidates(self, view: OmgView, legal: Sequence[Action], choice: Action) -> list[Action]:
        if view.phase == "main":
            if isinstance(choice, PlayBeing | Evolve):
                return [choice]
            state = determinize(view, self.rng)
            others: list[Action] = [
                a
                for a in legal
                if isinstance(a, EndTurn)
                or (isinstance(a, Attack) and (a.target is None or policy.wins_fight(state, a)))
            ]
        elif view.phase == "defense":
            others = [a for a in legal if isinstance(a, Block | FinishDefense)]
        else:
            return [choice]
        return list(dict.fromkeys([choice, *others]))

    def _search(self, view: OmgView, candidates: list[Action]) -> Action:
        assert view.seat is not None
        seat = view.seat
        horizon = view.turn_number + (2 if view.turn_seat == seat else 1)
        totals = dict.fromkeys(candidates, 0.0)
        deadline = time.perf_counter() + self.budget_ms / 1000.0
        samples = 0
        while True:
            if self.iterations is not None and samples >= self.iterations:
                break
            if self.iterations is None and samples > 0 and time.perf_counter() >= deadline:
                break
            sample_seed = self.rng.getrandbits(64)
            for action in candidates:
                state = determinize(view, random.Random(sample_seed))
                state.apply(action, view.now_ms)
                totals[action] += self._playout(state, seat, horizon)
            samples += 1
        self.last_scores = {a: t / samples for a, t in totals.items()}
        best = max(candidates, key=lambda a: (totals[a], a == candidates[0]))
        return best

    def _playout(self, state: OmgState, seat: int, horizon: int) -> float:
        rng = random.Random(0)  # the policy is deterministic; the rng is only its signature
        for _ in range(MAX_PLAYOUT_STEPS):
            if state.is_over() or state.turn_number >= horizon:
                break
            who = min(state.to_act())
            action = policy.choose(state, who, state.legal_actions(who), rng)
            state.apply(action, state.clock_ms)
        return policy.evaluate(state, seat)
