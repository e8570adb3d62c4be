"""A bot's model of an Om Nom Nom turn: fast resolution on small ints, beliefs and expectations.

Animals are ints in ``ANIMALS`` order (wolf 0, rabbit 1, cat 2, mouse 3, hedgehog 4, frog 5), so
animal ``a`` sits on board ``a // 2``, on top when ``a`` is even. Spaces are 6 ints in ``FACES``
order: the middle dice of board ``b`` are ``spaces[b]`` (1 point each), its bottom dice
``spaces[3 + b]`` (2 points each). ``fast_gains`` must agree with ``resolve.resolve_turn`` (a
test checks it on random reveals); it exists because bots resolve reveals thousands of times.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Sequence

from game.omnomnom.cards import ANIMALS
from game.omnomnom.view import OmNomNomView

Profile = tuple[int, ...]  # one animal per seat
Belief = list[tuple[int, float]]  # (animal, probability)


def fast_gains(picks: Sequence[int], spaces: Sequence[int]) -> tuple[list[int], list[int]]:
    """Points each seat gains from a reveal, and the dice left on the spaces."""
    count = [0] * 6
    for animal in picks:
        count[animal] += 1
    pay = [0] * 6  # what one card of each animal earns this reveal
    left = list(spaces)
    for board in range(3):
        top, middle = 2 * board, 2 * board + 1
        tops, middles = count[top], count[middle]
        if tops:
            each = (middles + left[board]) // tops  # 0 when predators outnumber the prey
            if each:
                left[board] -= max(0, each * tops - middles)  # cards are eaten before dice
            pay[top] = 1 + each
        elif middles:
            each = left[3 + board] // middles
            left[3 + board] -= each * middles
            pay[middle] = 1 + 2 * each
    return [pay[animal] for animal in picks], left


def advantage(gains: Sequence[int], seat: int) -> float:
    """What ``seat`` cares about: its points against the average of the others'."""
    others = len(gains) - 1
    return gains[seat] - (sum(gains) - gains[seat]) / others if others else float(gains[seat])


@dataclasses.dataclass
class Position:
    """The public part of a turn, as a bot sees it."""

    seat: int
    hands: list[list[int]]
    spaces: list[int]
    virtual: list[bool]
    turn: int  # 0..5 within the round
    round_points: list[int]

    @staticmethod
    def from_view(view: OmNomNomView) -> Position:
        assert view.seat is not None
        return Position(
            seat=view.seat,
            hands=[[ANIMALS.index(a) for a in hand] for hand in view.hands],
            spaces=[count for _, count in view.spaces],
            virtual=list(view.virtual),
            turn=view.turn - 1,
            round_points=list(view.round_points),
        )

    @property
    def seats(self) -> int:
        return len(self.hands)


def uniform(hand: Sequence[int]) -> Belief:
    return [(a, 1.0 / len(hand)) for a in hand]


def softmax(values: dict[int, float], temperature: float) -> Belief:
    if temperature <= 0:
        best = max(values.values())
        winners = [a for a, v in values.items() if v == best]
        return [(a, (1.0 / len(winners) if a in winners else 0.0)) for a in values]
    top = max(values.values())
    weights = {a: math.exp((v - top) / temperature) for a, v in values.items()}
    total = sum(weights.values())
    return [(a, w / total) for a, w in weights.items()]


def sample(belief: Belief, rng: random.Random) -> int:
    roll = rng.random()
    for animal, p in belief:
        roll -= p
        if roll < 0:
            return animal
    return belief[-1][0]


def profiles(
    beliefs: Sequence[Belief | None], rng: random.Random, limit: int = 256, samples: int = 96
) -> list[tuple[Profile, float]]:
    """Weighted profiles of the others' picks (None marks the deciding seat, filled with -1):
    every combination when there are at most ``limit``, otherwise ``samples`` draws."""
    count = math.prod(len(b) for b in beliefs if b is not None)
    if count <= limit:
        choices = [b if b is not None else [(-1, 1.0)] for b in beliefs]
        result = []
        for combo in itertools.product(*choices):
            weight = math.prod(p for _, p in combo)
            if weight > 0:
                result.append((tuple(a for a, _ in combo), weight))
        return result
    return [
        (tuple(sample(b, rng) if b is not None else -1 for b in beliefs), 1.0 / samples)
        for _ in range(samples)
    ]


def expected_values(
    pos: Position,
    seat: int,
    beliefs: Sequence[Belief | None],
    rng: random.Random,
    relative: bool = True,
) -> dict[int, float]:
    """Expected points (``relative``: advantage) of each card in ``seat``'s hand this turn."""
    weighted = profiles(beliefs, rng)
    values: dict[int, float] = {}
    for card in pos.hands[seat]:
        total = 0.0
        for profile, weight in weighted:
            picks = list(profile)
            picks[seat] = card
            gains, _ = fast_gains(picks, pos.spaces)
            total += weight * (advantage(gains, seat) if relative else gains[seat])
        values[card] = total
    return values


def level0_beliefs(pos: Position, seat: int) -> list[Belief | None]:
    """Everyone but ``seat`` picks uniformly among their unrevealed cards."""
    return [None if s == seat else uniform(pos.hands[s]) for s in range(pos.seats)]


def level1_beliefs(pos: Position, rng: random.Random, temperature: float) -> list[Belief | None]:
    """A belief about each other seat: it favours the cards that pay best against random
    opponents (a virtual colour's stack is truly random, so its belief stays uniform)."""
    beliefs: list[Belief | None] = []
    for other in range(pos.seats):
        if other == pos.seat:
            beliefs.append(None)
        elif pos.virtual[other] or len(pos.hands[other]) == 1:
            beliefs.append(uniform(pos.hands[other]))
        else:
            values = expected_values(pos, other, level0_beliefs(pos, other), rng)
            beliefs.append(softmax(values, temperature))
    return beliefs
