"""The FOMO state's data (``FomoData``): hands, hidden sets, piles, whose turn, the Canceled
window.

``state.py`` (FomoState) changes it; ``view.py`` and ``checks.py`` read it. Kept apart so the
modules that read a state need not import the rules (no import circle, even for types).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from game.core.actions import Action
from game.core.game import State
from game.core.options import OptionValue
from game.core.windows import ReactionWindow
from game.fomo.cards import DECK, HAND_SIZE, SET_SIZE, sort_cards
from game.fomo.knowledge import Knowledge

TURN, CHOOSING, CANCEL, OVER = "turn", "throwback", "cancel", "over"
_History = tuple[Any, tuple[int, Action]] | None  # a cons list: (earlier, (at_ms, action))


def next_alive(out: Sequence[bool], seat: int) -> int:
    """The next seat after ``seat`` in turn order that is still in (``seat`` itself if none)."""
    players = len(out)
    for step in range(1, players + 1):
        other = (seat + step) % players
        if not out[other]:
            return other
    return seat


@dataclasses.dataclass(frozen=True)
class PendingAction:
    """An action card in play, waiting for its Canceled window to close (public)."""

    actor: int
    card: str
    targets: tuple[int, ...]  # the players it names (Seen: 1, Swap and Plot Twist: 2)
    slots: tuple[int, ...] = ()  # Swap: the slot of each target


class FomoData(State):
    def __init__(self, players: int, options: dict[str, OptionValue], rng: random.Random) -> None:
        self.players = players
        self.options = dict(options)
        self.rng = rng
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.sets: list[list[str]] = [[] for _ in range(players)]
        self.aside: list[list[str]] = [[] for _ in range(players)]
        self.draw: list[str] = []  # the top is the end
        self.discard: list[str] = []  # the top is the end
        self.out = [False] * players
        self.skip_next = [""] * players  # why the seat's next turn is lost ("" = it is not)
        self.dealer = 0
        self.turn = 0
        self.turn_number = 0
        self.phase = TURN
        self.pending: PendingAction | None = None
        self.window: ReactionWindow | None = None  # the Canceled window (game/core/windows.py)
        self.winner: int | None = None
        self.summary = ""
        self.won_by_call = False  # a correct FOMO! (else: the last player standing)
        self.now_ms = 0
        self.know = Knowledge.fresh(players)
        self.history: _History = None
        self.deal_record: dict[str, Any] = {}
        self.reshuffles: tuple[tuple[str, ...], ...] = ()  # each new draw pile, top first

    # --- setting up -------------------------------------------------------------------------
    def deal(self) -> None:
        """Random dealer; 4 hidden cards and 4 in hand each; one card starts the discard pile."""
        deck = list(DECK)
        self.rng.shuffle(deck)
        self.dealer = self.rng.randrange(self.players)
        for seat in range(self.players):
            self.sets[seat] = [deck.pop() for _ in range(SET_SIZE)]
            self.hands[seat] = [deck.pop() for _ in range(HAND_SIZE)]
        self.discard = [deck.pop()]
        self.draw = deck
        self.turn = (self.dealer + 1) % self.players
        self.turn_number = 1
        self.deal_record = {
            "dealer": self.dealer,
            "sets": [s[:] for s in self.sets],
            "hands": [sort_cards(h) for h in self.hands],
            "discard": self.discard[0],
            "draw": self.draw[::-1],  # top first
        }

    # --- queries ----------------------------------------------------------------------------
    @property
    def cancel_window_ms(self) -> int:
        return int(self.options["cancel_window_ms"])

    def alive(self) -> list[int]:
        return [s for s in range(self.players) if not self.out[s]]

    def next_alive(self, seat: int) -> int:
        return next_alive(self.out, seat)

    def to_act(self) -> frozenset[int]:
        if self.phase in (TURN, CHOOSING):
            return frozenset((self.turn,))
        if self.phase == CANCEL and self.window is not None:
            return self.window.waiting()
        return frozenset()

    @property
    def passed(self) -> frozenset[int]:
        """Targeted seats that let the pending action through."""
        return frozenset(self.window.passed) if self.window is not None else frozenset()
