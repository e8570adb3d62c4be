"""What a bot is (it sees its seat's view and legal actions, never the state); the random level."""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from game.core.actions import Action
from game.core.events import Event
from game.core.rng import make_rng
from game.core.views import View


@dataclasses.dataclass(frozen=True)
class Decision:
    """Play ``action`` after ``delay_ms`` of game time, counted from when the bot was asked.

    ``reflex`` marks a reaction (a slap, a Void, a Canceled): its delay is the bot's own reaction
    time, so the table's bot pace is not added on top.
    """

    action: Action
    delay_ms: int = 0
    reflex: bool = False


class Bot(ABC):
    level: str = ""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng: random.Random = make_rng(seed, "bot", seat, self.level)

    def observe(self, events: Sequence[Event]) -> None:
        """Events as this seat perceived them, since the bot was last asked. Default: ignore."""
        return None

    @abstractmethod
    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        """An action from ``legal`` (with a delay), or None to do nothing for now."""


class RandomBot(Bot):
    """The ``random`` level for every game: a uniformly random legal action."""

    level = "random"

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        return Decision(self.rng.choice(list(legal)))
