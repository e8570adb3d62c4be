"""OMG's hard bot: the shared search (game/bots/search.py) over the few choices that decide a turn.

At an attack or defense decision the bot compares candidates: the normal policy's choice, every
Life attack and every fight its attacker would win, ending the turn (or, defending: every block and
giving up the Life). PIMC draws the hidden cards from its view (the game's ``determinize``), plays
each candidate on a copy, then plays this turn and the opponent's next turn out with the normal
policy (``playout_value``: no views, no events read) and scores the position when its own next
turn begins (``policy.evaluate``). All candidates see the same samples; the normal policy's choice
wins ties. Budget: ``budget_ms`` of CPU time or ``iterations`` samples per decision. Playing
Beings, the mulligan and Apollo's discard follow the normal policy, whose card choice is sound;
so does a turn the turn limit would lose (``policy.desperate``): a horizon of one turn cannot see
the limit coming, and a match that waits for it ends there (issue 30).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.bots.search import PIMC
from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.game import Game, State
from game.core.views import View
from game.omg import policy
from game.omg.actions import Attack, Block, EndTurn, Evolve, FinishDefense, PlayBeing
from game.omg.determinize import determinize
from game.omg.state import OmgState
from game.omg.view import OmgView

MAX_PLAYOUT_STEPS = 400
DEFAULT_BUDGET_MS = 300  # CPU time per searched decision


def playout_value(
    state: State, rng: random.Random, horizon: int, life_value: Sequence[float] = policy.LIFE_VALUE
) -> Sequence[float]:
    """Both seats play the normal policy until turn ``horizon`` starts (or the match ends);
    the position's static score for each seat."""
    assert isinstance(state, OmgState)
    for _ in range(MAX_PLAYOUT_STEPS):
        if state.is_over() or state.turn_number >= horizon:
            break
        who = min(state.to_act())
        action = policy.choose(state, who, state.legal_actions(who), rng)
        state.apply(action, state.clock_ms)
    return (policy.evaluate(state, 0, life_value), policy.evaluate(state, 1, life_value))


class HardBot(Bot):
    level = "hard"

    def __init__(
        self,
        seat: int,
        seed: int,
        game: Game,
        budget_ms: int = DEFAULT_BUDGET_MS,
        iterations: int | None = None,
        life_value: str | Sequence[float] = policy.LIFE_VALUE,
        **_: Any,
    ) -> None:
        super().__init__(seat, seed)
        self.game = game
        # The horizon's worth of 0-3 Lives; text "0/10/16/20" from the command line.
        if isinstance(life_value, str):
            life_value = [float(x) for x in life_value.split("/")]
        self.life_value = tuple(float(x) for x in life_value)
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.last_scores: dict[Action, float] = {}  # mean evaluation per candidate, to inspect
        self.last_iterations = 0

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        assert isinstance(view, OmgView) and view.seat is not None
        seat = view.seat
        state = determinize(view, self.rng)
        choice = policy.choose(state, seat, legal, self.rng)
        if choice not in legal:
            choice = legal[-1]
        if view.phase == "main" and policy.desperate(state, seat):
            return Decision(choice)  # the limit would lose the match: attack, do not weigh it
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
        horizon = view.turn_number + (2 if view.turn_seat == view.seat else 1)
        search = PIMC(
            self.game,
            view.seat,
            self.rng,
            budget_ms=self.budget_ms,
            iterations=self.iterations,
            may_wait=False,
            value=lambda state: None,  # ``finish`` scores every playout, ended or not
            finish=lambda state, rng: playout_value(state, rng, horizon, self.life_value),
        )
        best = search.choose(view, candidates, favourite=candidates[0])
        self.last_scores = {a: v for a, v in search.last_values.items() if a is not None}
        self.last_iterations = search.last_iterations
        return best if best is not None else candidates[0]
