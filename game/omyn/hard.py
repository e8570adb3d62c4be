"""The ``hard`` OMYN bot: the normal heuristic for plays, fast reflexes, and a search over sampled
unknowns (within a time budget) for the decisions that end games: whether to call OMYN, and
whether an opponent's call should be Voided.

Each sample deals the cards this seat has not seen at random, except that a card an opponent has
seen and kept is drawn as the lower of two candidates (people keep their low cards), then scores
the rows exactly as the rules would, caller's tie included.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.bots.base import Decision
from game.core.actions import Action
from game.core.views import View
from game.omyn.actions import CallOmyn, Draw
from game.omyn.bot import OmynBot
from game.omyn.cards import FACES, number
from game.omyn.estimate import Estimate
from game.omyn.view import OmynView

CALL_THRESHOLD = 0.62  # call when the sampled chance of winning the count is at least this
MIN_SAMPLES = 24
KEPT_CARD_DRAWS = 2  # a card an opponent has seen and kept: the lowest of this many candidates


class HardBot(OmynBot):
    def __init__(
        self, seat: int, seed: int, budget_ms: int = 30, iterations: int = 400, **settings: Any
    ) -> None:
        super().__init__(seat, seed, level="hard")
        self.budget_ms = budget_ms
        self.iterations = iterations

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        assert isinstance(view, OmynView)
        if (
            view.phase == "turn"
            and view.window is None
            and view.step == "start"
            and CallOmyn(self.seat) in legal
        ):
            chance = self.win_chance(view, caller=self.seat)
            return Decision(CallOmyn(self.seat) if chance >= CALL_THRESHOLD else Draw(self.seat))
        return super().decide(view, legal)

    def wants_effect(self, view: OmynView, est: Estimate) -> bool:
        effect = view.effect
        if effect is not None and effect.kind == "call" and effect.seat != self.seat:
            return self.win_chance(view, caller=effect.seat) > 0.5
        return super().wants_effect(view, est)

    def win_chance(self, view: OmynView, caller: int) -> float:
        """The share of sampled deals in which this seat wins the count after ``caller`` calls."""
        rng = random.Random(self.rng.getrandbits(64))
        deadline = time.perf_counter() + self.budget_ms / 1000
        wins, samples = 0.0, 0
        while samples < self.iterations and (
            samples < MIN_SAMPLES or time.perf_counter() < deadline
        ):
            totals = self.sample_totals(view, rng)
            low = min(totals)
            lowest = [s for s, t in enumerate(totals) if t == low]
            if caller in lowest and len(lowest) > 1:
                lowest.remove(caller)
            if lowest == [self.seat]:
                wins += 1
            elif self.seat in lowest:
                wins += 1 / len(lowest)  # the five-card tiebreak is a lottery
            samples += 1
        return wins / samples

    def sample_totals(self, view: OmynView, rng: random.Random) -> list[float]:
        seen: Counter[str] = Counter(view.pile)
        for card in [c for row in view.rows for c in row] + list(view.draw):
            if card.face is not None:
                seen[card.face] += 1
        if view.drawn is not None and view.drawn.face is not None:
            seen[view.drawn.face] += 1
        pool = list((Counter(FACES) - seen).elements())
        rng.shuffle(pool)
        top = next((number(f) for f in reversed(view.pile) if number(f) is not None), None)
        omen = float(top) if top is not None else 6.0

        def value(face: str) -> float:
            n = number(face)
            return omen if n is None else float(n)

        totals: list[float] = []
        for seat, row in enumerate(view.rows):
            total = 0.0
            for card in row:
                if card.face is not None:
                    total += value(card.face)
                    continue
                face = pool.pop()
                if seat != self.seat and seat in card.known_by:
                    for _ in range(KEPT_CARD_DRAWS - 1):
                        if not pool:
                            break
                        other = pool.pop()
                        if value(other) < value(face):
                            face, other = other, face
                        pool.insert(rng.randrange(len(pool) + 1), other)
                total += value(face)
            totals.append(total if row else -1.0)
        return totals
