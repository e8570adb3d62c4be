"""The ``hard`` Om Nom Nom bot: a deeper model of the others, best-responding over the round.

1. It models every other seat as a mixture of kinds of player (``PLAYER_KINDS``: one who picks
   at random, a loose greedy one, a ``normal`` one who reasons about the others) and weighs the
   kinds by how well each explains the picks that seat has revealed so far this match (Bayes).
   Every seat sees what we see bar our face-down card, so each kind's mixed strategy is
   computable. A virtual colour's stack is random, so it stays uniform.
2. The shared search (``compare`` in game/bots/search.py) scores each of its own cards: every
   sample draws the others' picks from that model (the determinization, weighted by inference),
   resolves the reveal and plays the rest of the round out with a quick heuristic for every seat
   on plain lists (the playout), scoring its points against the others' average (the value).
   Samples share their random numbers across its cards (common random numbers), and run until
   the CPU budget (or the fixed ``iterations``) is spent.
3. It picks by a sharp softmax over those values: a mixed strategy, hard to read.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from game.bots.search import Budget, compare
from game.core.budget import deadline_passed
from game.omnomnom.bot import PickingBot, easy_policy, normal_policy
from game.omnomnom.cards import ANIMALS
from game.omnomnom.model import (
    Belief,
    Position,
    advantage,
    fast_gains,
    sample,
    softmax,
    uniform,
)
from game.omnomnom.view import OmNomNomView

# A kind of player: its mixed strategy at a position (the position's seat is the one picking).
Policy = Callable[[Position, random.Random], Belief]
PLAYER_KINDS: dict[str, Policy] = {
    "random": lambda pos, rng: uniform(pos.hands[pos.seat]),
    "greedy": easy_policy,
    "reasoning": normal_policy,
}
SURPRISE = 0.05  # every kind sometimes plays anything: no pick rules a kind out for good
HARD_TEMPERATURE = 0.2  # points of expected advantage
ROLLOUT_TEMPERATURE = 0.8
DEFAULT_BUDGET_MS = 150
MIN_SAMPLES = 8
MAX_SAMPLES = 400
EVIDENCE_SHARE = 0.5  # of the time left before a hint's deadline, for replaying revealed turns


def _never() -> bool:
    return False


def quick_value(
    card: int, seat: int, hands: Sequence[Sequence[int]], spaces: Sequence[int]
) -> float:
    """A cheap guess at what ``card`` earns now if the others pick uniformly (rollouts)."""
    board = card // 2
    top, middle = 2 * board, 2 * board + 1
    tops = middles = 0.0
    safe = 1.0
    for other, hand in enumerate(hands):
        if other == seat:
            continue
        share = 1.0 / len(hand)
        if top in hand:
            tops += share
            safe *= 1.0 - share
        if middle in hand:
            middles += share
    if card == top:
        return 1.0 + (spaces[board] + middles) / (1.0 + tops)
    return safe * (1.0 + 2.0 * spaces[3 + board] / (1.0 + middles))


def rollout(
    hands: list[list[int]], spaces: list[int], virtual: Sequence[bool], rng: random.Random
) -> list[int]:
    """Play the rest of the round out; returns each seat's points from here on."""
    seats = len(hands)
    totals = [0] * seats
    while hands[0]:
        picks = []
        for seat in range(seats):
            hand = hands[seat]
            if len(hand) == 1:
                picks.append(hand[0])
            elif virtual[seat]:
                picks.append(rng.choice(hand))
            else:
                values = {a: quick_value(a, seat, hands, spaces) for a in hand}
                picks.append(sample(softmax(values, ROLLOUT_TEMPERATURE), rng))
        gains, spaces = fast_gains(picks, spaces)
        for seat in range(seats):
            totals[seat] += gains[seat]
            hands[seat].remove(picks[seat])
    return totals


class HardBot(PickingBot):
    level = "hard"

    def __init__(
        self,
        seat: int,
        seed: int,
        budget_ms: int = DEFAULT_BUDGET_MS,
        iterations: int = 0,
        **_ignored: Any,
    ) -> None:
        super().__init__(seat, seed)
        self.budget_ms = budget_ms
        self.iterations = iterations  # samples per card; 0 = as many as the budget allows
        # Log-likelihood of each kind per seat, and how many revealed turns it has weighed.
        self.evidence: dict[int, dict[str, float]] = {}
        self.turns_weighed = 0
        # Each kind's strategy by (seat, hands, dice): the model of a turn is reused when that
        # turn's picks are weighed as evidence at the next decision.
        self.strategies: dict[tuple[Any, ...], dict[str, dict[int, float]]] = {}
        self.last_iterations = 0  # samples the last search drew

    def kind_strategies(self, pos: Position, seat: int) -> dict[str, dict[int, float]]:
        key = (seat, tuple(map(tuple, pos.hands)), tuple(pos.spaces))
        if key not in self.strategies:
            if len(self.strategies) > 64:
                self.strategies.clear()
            their = Position(seat, pos.hands, pos.spaces, pos.virtual, pos.turn, pos.round_points)
            self.strategies[key] = {
                kind: dict(policy(their, self.rng)) for kind, policy in PLAYER_KINDS.items()
            }
        return self.strategies[key]

    def policy(self, pos: Position, seat: int, weights: dict[str, float]) -> Belief:
        """``seat``'s mixed strategy at ``pos``: its kinds' strategies, weighted."""
        strategies = self.kind_strategies(pos, seat)
        mixed = dict.fromkeys(pos.hands[seat], SURPRISE / len(pos.hands[seat]))
        for kind, weight in weights.items():
            for card, p in strategies[kind].items():
                mixed[card] += (1 - SURPRISE) * weight * p
        return list(mixed.items())

    def weigh_evidence(self, view: OmNomNomView, late: Callable[[], bool] = _never) -> None:
        """Replay the revealed turns not yet weighed and score each kind on every other seat,
        until ``late()`` (a hint's deadline: the turns left wait for the next decision)."""
        turns = [
            (dice, turns[:index], turns[index])
            for dice, turns in view.rounds_log
            for index in range(len(turns))
        ]
        if len(turns) < self.turns_weighed:  # a new match: start afresh
            self.evidence, self.turns_weighed = {}, 0
        for dice, before, picks in turns[self.turns_weighed :]:
            if late():
                return
            hands = [list(range(len(ANIMALS))) for _ in range(view.players)]
            spaces = [count for _, count in dice]
            for earlier in before:
                played = [ANIMALS.index(a) for a in earlier]
                _, spaces = fast_gains(played, spaces)
                for seat, card in enumerate(played):
                    hands[seat].remove(card)
            pos = Position(-1, hands, spaces, list(view.virtual), len(before), [])
            for other in range(view.players):
                if other == view.seat or view.virtual[other] or len(hands[other]) == 1:
                    continue
                evidence = self.evidence.setdefault(other, dict.fromkeys(PLAYER_KINDS, 0.0))
                card = ANIMALS.index(picks[other])
                for kind, strategy in self.kind_strategies(pos, other).items():
                    p = SURPRISE / len(hands[other]) + (1 - SURPRISE) * strategy[card]
                    evidence[kind] += math.log(p)
            self.turns_weighed += 1

    def kind_weights(self, seat: int) -> dict[str, float]:
        evidence = self.evidence.get(seat, dict.fromkeys(PLAYER_KINDS, 0.0))
        top = max(evidence.values())
        raw = {kind: math.exp(value - top) for kind, value in evidence.items()}
        total = sum(raw.values())
        return {kind: value / total for kind, value in raw.items()}

    def model_of_others(self, pos: Position) -> list[Belief | None]:
        beliefs: list[Belief | None] = []
        for other in range(pos.seats):
            if other == pos.seat:
                beliefs.append(None)
            elif pos.virtual[other] or len(pos.hands[other]) == 1:
                beliefs.append(uniform(pos.hands[other]))
            else:
                beliefs.append(self.policy(pos, other, self.kind_weights(other)))
        return beliefs

    def values(self, pos: Position, beliefs: Sequence[Belief | None]) -> dict[int, float]:
        def others(rng: random.Random) -> list[int]:
            return [sample(b, rng) if b is not None else -1 for b in beliefs]

        def score(picked: list[int], card: int, luck: random.Random) -> float:
            picks = list(picked)
            picks[pos.seat] = card
            gains, spaces = fast_gains(picks, pos.spaces)
            hands = [[a for a in hand if a != picks[s]] for s, hand in enumerate(pos.hands)]
            later = rollout(hands, spaces, pos.virtual, luck)
            total = [g + rest for g, rest in zip(gains, later, strict=True)]
            return advantage(total, pos.seat)

        budget = Budget(
            cpu_ms=self.budget_ms,
            iterations=self.iterations or None,
            min_iterations=MIN_SAMPLES,
            max_iterations=MAX_SAMPLES,
        )
        result = compare(pos.hands[pos.seat], others, score, self.rng, budget)
        self.last_iterations = result.iterations
        return result.means

    def weigh_cards(self, pos: Position, view: OmNomNomView) -> Belief:
        return softmax(self.card_values(view), HARD_TEMPERATURE)

    def card_values(self, view: OmNomNomView) -> dict[int, float]:
        """The search's expected advantage (points over the others' average, to the round's
        end) of each card in this seat's hand; ``last_iterations`` says over how many samples."""
        pos = Position.from_view(view)
        # Each turn's model costs ~1 ms (18-25 ms late in a match): under a hint's deadline the
        # replay takes at most half the time left, the search the rest. A fixed count of samples
        # weighs every turn (same seed, same answer).
        self.weigh_evidence(view, _never if self.iterations else deadline_passed(EVIDENCE_SHARE))
        return self.values(pos, self.model_of_others(pos))
