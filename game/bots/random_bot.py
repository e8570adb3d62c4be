"""The ``random`` level for every game: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.base import Bot, Decision
from game.core.actions import Action
from game.core.views import View


class RandomBot(Bot):
    level = "random"

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        return Decision(self.rng.choice(list(legal)))
