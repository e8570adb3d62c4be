"""FOMO's hard bot: the shared search (``compare`` in game/bots/search.py) over a shortlist.

Each iteration samples one full state consistent with the seat's view (the game's
``determinize``, which gives each rival the slots it knows, then ``infer_placements``: an
opponent's unseen placements are mostly the one number it collects; with ``memory``, also what
its past choices say), and plays every shortlisted move in a copy of that same sample (common
random numbers), followed by a short playout (``finish``) in which every seat plays its policy
on its own knowledge. A playout stops at the end of the game or after ``horizon`` rounds and is
scored from the searching seat's side: a win 1, a loss 0, otherwise a logistic of its lead in
``distance`` (turns to a FOMO! it can call) over its nearest rival. The move with the best mean
wins, the heuristic's own move with a head start (``prior``). IS-MCTS fits FOMO poorly: Swap
alone offers up to 240 moves a turn and a game lasts dozens of turns, so a shortlist and short
playouts buy far more for the time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from game.bots.reaction import reaction_for
from game.bots.search import Budget, compare
from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.events import Event
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
from game.fomo.cards import SEEN, SET_SIZE, is_number
from game.fomo.inference import Memory, infer_knowledge, infer_placements, limit_canceled
from game.fomo.knowledge import SOME_NUMBER, UNKNOWN
from game.fomo.policy import Policy, Seeing, pick_legal
from game.fomo.sharp import SharpPolicy
from game.fomo.state import FomoState
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


SEEN_MISSING = 2.5  # turns to find and play a Seen when none is in hand
COPY_MISSING = 1.5  # extra turns to find each copy of the number not yet in hand
ON_MOVE = 0.5  # the seat about to move is half a turn ahead
SPREAD = 2.0  # turns of lead that make a win about 73% likely


def distance(state: FomoState, seat: int) -> float:
    """About how many turns ``seat`` needs to a FOMO! it can call, for its best number: one
    placement per slot not holding it (plus the time to find copies not in hand) and a Seen
    if any slot holds it unknown to the seat. Fitted on heuristic-vs-normal games: it tells the
    final winner apart better than counting equal cards (AUC 0.69 against 0.64)."""
    if state.out[seat]:
        return 99.0
    truth, known, hand = state.sets[seat], state.know.of(seat).slots[seat], state.hands[seat]
    learn = 1.0 if SEEN in hand else SEEN_MISSING
    best = SET_SIZE * (1.0 + COPY_MISSING)  # a number it holds nowhere
    for number in set(truth) | set(hand):
        if not is_number(number):
            continue
        right = unknown_right = 0
        for card, seen in zip(truth, known, strict=True):
            if card == number:
                right += 1
                unknown_right += seen != number
        wrong = SET_SIZE - right
        turns = wrong + COPY_MISSING * max(0, wrong - hand.count(number))
        best = min(best, turns + (learn if unknown_right else 0.0))
    return best


def is_key(move: Action) -> bool:
    """A move that changes whose set is whose: where a search is worth its time."""
    return isinstance(move, PlayPlotTwist | PlaySwap)


DEFAULT_BUDGET_MS = 250  # CPU time per searched move when a caller asks for a time budget
# The table's budget: samples per searched move. Its strength is measured at exactly this
# (bench/RESULTS.md, issue 18: 67.1% against normal, the search +4.8 points over its heuristic);
# ~47 ms of CPU a move (p95 81 ms), and as strong on a busy machine.
DEFAULT_ITERATIONS = 12


class HardBot(Bot):
    level = "hard"

    def __init__(
        self,
        seat: int,
        seed: int,
        game: Game,
        budget_ms: int | None = None,
        iterations: int | None = None,
        horizon: int = 2,
        prior: float = 0.08,
        infer: int = 1,
        focus: float = 0.0,
        focus_horizon: int = 0,
        know: int = 1,
        memory: int = 0,
        **_: Any,
    ) -> None:
        """``iterations``: samples per searched move (same seed, same answer; the table's
        ``DEFAULT_ITERATIONS`` when neither is given), or ``budget_ms`` of CPU time instead.
        ``focus`` multiplies the budget (or iterations) at the turns that matter (a Plot Twist
        or Swap on the shortlist), ``focus_horizon`` (rounds, when not 0) replaces ``horizon``
        there."""
        super().__init__(seat, seed)
        self.game = game
        self.policy: Policy = SharpPolicy(self.rng)  # its own moves, here and in playouts
        self.others = Policy(self.rng)  # how it expects the other seats to play
        if budget_ms is None and iterations is None:
            iterations = DEFAULT_ITERATIONS
        self.budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        self.iterations = iterations
        self.horizon = horizon
        self.prior = prior  # a head start per iteration for the policy's own move (noise guard)
        self.infer = bool(infer)  # sample opponents' unseen placements as one number each
        self.focus = focus
        self.know = bool(know)  # rivals in the samples know the slots the view says they know
        self.remembers = bool(memory)  # weigh samples by the rivals' past choices (events)
        self.memory: Memory | None = None
        self.focus_horizon = focus_horizon
        self.reaction = reaction_for(self.level)
        self.last_iterations = 0
        self.last_means: dict[Action, float] = {}  # the last search's mean per move (hints)

    def observe(self, events: Sequence[Event]) -> None:
        if self.memory is not None:
            self.memory.observe(events)

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        assert isinstance(view, FomoView)
        if self.remembers:
            if self.memory is None:
                self.memory = Memory(view.players)
            self.memory.view = view  # its own action, observed next, is judged on this view
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
        budget = Budget(cpu_ms=self.budget_ms, iterations=self.iterations)
        horizon = self.horizon
        if self.focus and view.phase == "turn" and any(is_key(m) for m in moves):
            times = abs(self.focus)
            budget = Budget(
                cpu_ms=self.budget_ms * times,
                iterations=None if self.iterations is None else round(self.iterations * times),
            )
            horizon = self.focus_horizon or horizon
        elif self.focus < 0:
            return moves[0]  # a negative focus: search only the turns that matter
        if budget.iterations == 0:
            return moves[0]

        def sample(rng: random.Random) -> FomoState:
            world = self.game.determinize(view, rng)
            assert isinstance(world, FomoState)
            if self.infer:
                infer_placements(view, world, rng, self.memory)
            if self.memory is not None:
                limit_canceled(view, world, self.memory, rng)
            if self.know:
                infer_knowledge(view, world)
            return world

        def score(world: FomoState, move: Action, luck: random.Random) -> float:
            state = world.clone()
            state.apply(move, view.now_ms)
            self.playout(state, state.now_ms, horizon)
            return self.score(state, self.seat)

        result = compare(moves, sample, score, self.rng, budget, moves[0], self.prior)
        self.last_iterations = result.iterations
        self.last_means = dict(result.means)
        return result.best

    def finish(self, state: State, rng: random.Random) -> list[float]:
        """The playout of one sample after the searched move; every seat's score."""
        assert isinstance(state, FomoState)
        self.playout(state, state.now_ms)
        return [self.score(state, seat) for seat in range(state.players)]

    def playout(self, state: FomoState, now_ms: int, horizon: int | None = None) -> None:
        rounds = self.horizon if horizon is None else horizon
        stop = state.turn_number + rounds * len(state.alive())
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
        """1 for a win, 0 for a loss, else a logistic of ``seat``'s lead in turns to a FOMO!
        over its nearest rival."""
        if state.winner is not None:
            return 1.0 if state.winner == seat else 0.0
        mine = distance(state, seat) - (ON_MOVE if state.turn == seat else 0.0)
        rival = min(
            distance(state, s) - (ON_MOVE if state.turn == s else 0.0)
            for s in state.alive()
            if s != seat
        )
        return 1.0 / (1.0 + math.exp(max(-30.0, min(30.0, (mine - rival) / SPREAD))))
