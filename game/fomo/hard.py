"""FOMO's hard bot: the shared search (PIMC in game/bots/search.py) over a shortlist of moves.

Each iteration samples one full state consistent with the seat's view (the game's
``determinize``), and plays every shortlisted move in a copy of that same sample (common random
numbers), followed by a short playout (``finish``: no views, no events read) in which every seat
plays the normal policy on its own knowledge. A playout stops at the
end of the game or after ``horizon`` rounds and is scored from the searching seat's side: a win 1,
a loss 0, otherwise how far its set is along (counting only what it *knows*, since only a known
set can be called) against the best opponent's. The move with the best mean wins, the heuristic's own move
with a head start (``prior``). IS-MCTS fits FOMO poorly: Swap alone offers up to 240 moves a turn
and a game lasts dozens of turns, so a shortlist and short playouts buy far more for the time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from game.bots.reaction import reaction_for
from game.bots.search import PIMC
from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.game import Game, State
from game.core.views import View
from game.fomo.actions import (
    CallFomo,
    PlaceCard,
    PlayCanceled,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
)
from game.fomo.cards import is_number
from game.fomo.knowledge import SOME_NUMBER, UNKNOWN
from game.fomo.policy import Policy, Seeing, pick_legal
from game.fomo.rules import FomoState
from game.fomo.sharp import SharpPolicy
from game.fomo.view import FomoView


def seeing_in(state: FomoState, seat: int) -> Seeing:
    """A seat's knowledge read straight from a state (no view built: playouts are hot)."""
    k = state.know.of(seat)
    return Seeing(
        seat,
        state.players,
        state.phase,
        state.turn,
        state.hands[seat],
        k.slots,
        k.hands,
        state.discard[-1] if state.discard else None,
        k.below,
        state.out,
        state.pending,
    )


def progress(state: FomoState, seat: int) -> float:
    """0–1: how close ``seat`` is to a FOMO! it can call (known equal cards count double)."""
    if state.out[seat]:
        return 0.0
    truth = state.sets[seat]
    known = state.know.of(seat).slots[seat]
    best = 0
    for number in set(truth):
        if is_number(number):
            best = max(best, truth.count(number) + known.count(number))
    return best / 8.0


class HardBot(Bot):
    level = "hard"

    def __init__(
        self,
        seat: int,
        seed: int,
        game: Game,
        budget_ms: int = 250,
        iterations: int | None = None,
        horizon: int = 2,
        prior: float = 0.08,
        **_: Any,
    ) -> None:
        """``budget_ms``: CPU time per searched move; ``iterations`` (when given) replaces it:
        same seed, same answer."""
        super().__init__(seat, seed)
        self.game = game
        self.policy: Policy = SharpPolicy(self.rng)  # its own moves, here and in playouts
        self.others = Policy(self.rng)  # how it expects the other seats to play
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.horizon = horizon
        self.prior = prior  # a head start per iteration for the policy's own move (noise guard)
        self.reaction = reaction_for(self.level)
        self.last_iterations = 0

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        assert isinstance(view, FomoView)
        moves = self.shortlist(view, legal)
        best = moves[0] if len(moves) == 1 else self.search(view, moves)
        if view.phase == "cancel":
            return Decision(best, self.reaction.sample(self.rng), reflex=True)
        return Decision(best)

    def shortlist(self, view: FomoView, legal: Sequence[Action]) -> list[Action]:
        """The policy's own move first, then every move worth a look."""
        seeing = Seeing.from_view(view)
        if view.phase == "cancel":
            own = pick_legal(self.policy.respond(seeing), legal, self.rng)
            return [own] + [action for action in legal if action != own]
        own = pick_legal(self.policy.turn(seeing), legal, self.rng)
        if isinstance(own, CallFomo) or view.phase != "turn":
            return [own]
        me, mine = self.seat, view.sets[self.seat]
        target = self.policy.target(seeing)
        moves = [own]
        hand_and_set = list(view.hand) + list(mine)
        for action in legal:
            if action == own or isinstance(action, CallFomo):
                continue
            if isinstance(action, PlaceCard):
                slot_face = mine[action.slot]
                if slot_face == action.card or hand_and_set.count(action.card) < 2:
                    continue  # no gain, or a number it is not collecting
                if slot_face in (UNKNOWN, SOME_NUMBER) and mine.index(slot_face) != action.slot:
                    continue  # slots it knows nothing about are all alike: try the first
                if action.card != target and hand_and_set.count(action.card) < 3:
                    continue
            if isinstance(action, PlayPlotTwist) and me not in (action.first, action.second):
                continue
            if (
                isinstance(action, PlaySeen)
                and action.target != me
                and view.sets[action.target].count(UNKNOWN)
                + view.sets[action.target].count(SOME_NUMBER)
                == 0
            ):
                continue
            if isinstance(action, PlaySwap):
                if me not in (action.first, action.second):
                    continue
                mine_slot = action.first_slot if action.first == me else action.second_slot
                other = action.second if action.first == me else action.first
                their_slot = action.second_slot if action.first == me else action.first_slot
                if mine[mine_slot] == target or view.sets[other][their_slot] != target:
                    continue
            moves.append(action)
        return moves

    def search(self, view: FomoView, moves: list[Action]) -> Action:
        search = PIMC(
            self.game,
            self.seat,
            self.rng,
            budget_ms=self.budget_ms,
            iterations=self.iterations,
            may_wait=False,
            value=lambda state: None,  # ``finish`` plays every sample out to its horizon
            finish=self.finish,
        )
        best = search.choose(view, moves, favourite=moves[0], head_start=self.prior)
        self.last_iterations = search.last_iterations
        return moves[0] if best is None else best

    def finish(self, state: State, rng: random.Random) -> list[float]:
        """The playout of one sample after the searched move; every seat's score."""
        assert isinstance(state, FomoState)
        self.playout(state, state.now_ms)
        return [self.score(state, seat) for seat in range(state.players)]

    def playout(self, state: FomoState, now_ms: int) -> None:
        stop = state.turn_number + self.horizon * len(state.alive())
        for _ in range(400):
            if state.winner is not None or state.turn_number >= stop:
                break
            if state.phase == "cancel" and state.window is not None:
                action: Action | None = None
                for seat in sorted(state.window.eligible - state.passed):
                    policy = self.policy if seat == self.seat else self.others
                    answer = policy.respond(seeing_in(state, seat))
                    if isinstance(answer, PlayCanceled):
                        action = answer
                        break
                if action is None:
                    now_ms = state.window.closes_ms
                    state.advance(now_ms)
                    continue
            else:
                policy = self.policy if state.turn == self.seat else self.others
                action = policy.turn(seeing_in(state, state.turn))
            state.apply(action, now_ms)

    def score(self, state: FomoState, seat: int) -> float:
        """1 for a win, 0 for a loss, else how far ``seat``'s set is along against its rival's."""
        if state.winner is not None:
            return 1.0 if state.winner == seat else 0.0
        mine = progress(state, seat)
        rival = max((progress(state, s) for s in state.alive() if s != seat), default=0.0)
        return 0.5 + 0.5 * (mine - rival)
