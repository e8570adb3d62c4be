"""Human-like reaction times for reflex claims (slaps, Voids, Canceled)."""

from __future__ import annotations

import dataclasses
import random

FASTEST_HUMAN_MS = 350  # no bot reacts faster than a quick person


@dataclasses.dataclass(frozen=True)
class ReactionModel:
    low_ms: int
    high_ms: int

    def sample(self, rng: random.Random) -> int:
        """A delay in [low, high], skewed toward the middle like human reaction times."""
        span = self.high_ms - self.low_ms
        delay = self.low_ms + round(span * rng.triangular(0.0, 1.0, 0.4))
        return max(FASTEST_HUMAN_MS, delay)


REACTION_BY_LEVEL: dict[str, ReactionModel] = {
    "easy": ReactionModel(1200, 2000),
    "normal": ReactionModel(700, 1200),
    "hard": ReactionModel(450, 800),
}


def reaction_for(level: str) -> ReactionModel:
    return REACTION_BY_LEVEL.get(level, REACTION_BY_LEVEL["normal"])
