"""Omi's ``hard`` bot: IS-MCTS (game/bots/search.py) over the rules, to the end of the hand.

Each iteration deals the unseen cards at random consistently with the view (``determinize``:
shown voids respected), searches the shared tree, and plays the hand out with a quick greedy
policy (win the trick as cheaply as possible unless the partner has it; otherwise throw the
lowest card), a little randomised. A hand's result is worth its tokens to each side (plus a hair
per trick, so that among equal token results more tricks are preferred).

Settings (keyword arguments from ``make_bot``): ``budget_ms`` per move (default 300),
``iterations`` (a fixed count instead of the clock: reproducible), ``exploration``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from game.bots.base import Bot, Decision
from game.bots.search import ISMCTS, PIMC
from game.core.actions import Action
from game.core.game import State
from game.core.views import View
from game.omi.actions import PlayCard
from game.omi.bot import NormalBot
from game.omi.bot_playout import club_playout, finish_hand
from game.omi.cards import STRENGTH, trick_winner
from game.omi.state import OmiState

# A hand swings the tokens by 1 to 3 (5 with the kapothi challenge, clamped): ±3 spans [0, 1].
TOKEN_SCALE = 6.0
TRICK_WEIGHT = 0.005
RANDOM_MOVE = 0.1  # share of playout moves chosen at random, so the playouts stay varied


def hand_value(state: State, trick_weight: float = TRICK_WEIGHT) -> Sequence[float] | None:
    """Per-seat value in [0, 1] once the hand is scored; None while it is being played."""
    assert isinstance(state, OmiState)
    if state.phase not in ("deal", "over"):
        return None
    return _values(state.history[-1].get("tokens", [0, 0]), state.tricks_won, trick_weight)


def finish_value(
    state: State, rng: random.Random, trick_weight: float = TRICK_WEIGHT
) -> Sequence[float] | None:
    """The rest of the hand played by the club rules on plain lists, valued as ``hand_value``."""
    assert isinstance(state, OmiState)
    result = finish_hand(state)
    if result is None:
        return None
    won, tokens = result
    return _values(tokens, won, trick_weight)


def _values(tokens: Sequence[int], won: Sequence[int], trick_weight: float) -> Sequence[float]:
    team0 = 0.5 + (tokens[0] - tokens[1]) / TOKEN_SCALE + trick_weight * (won[0] - won[1])
    team0 = min(1.0, max(0.0, team0))
    return (team0, 1.0 - team0, team0, 1.0 - team0)


def greedy_playout(
    state: State,
    seat: int,
    moves: Sequence[Action],
    rng: random.Random,
    can_wait: bool,
    random_move: float = RANDOM_MOVE,
) -> Action | None:
    """A quick playout policy on the sampled deal: take the trick cheaply, or throw low."""
    if len(moves) == 1 or rng.random() < random_move:
        return moves[rng.randrange(len(moves))]
    first = moves[0]
    if not isinstance(first, PlayCard):
        return moves[rng.randrange(len(moves))]
    assert isinstance(state, OmiState)
    cards = [m.card for m in moves if isinstance(m, PlayCard)]
    trump = state.trump
    if not state.trick:
        # Lead the best side card (cash a winner), trumps only when nothing else is left.
        return PlayCard(seat, max(cards, key=lambda c: STRENGTH[c] - (8 if c[1] == trump else 0)))
    played = [c for _, c in state.trick]
    win_seat = state.trick[trick_winner(played, trump)][0]
    best = played[trick_winner(played, trump)]
    if (win_seat - seat) % 2 == 0:
        return PlayCard(seat, _cheapest(cards, trump))
    led = played[0][1]
    beaters = [
        c
        for c in cards
        if (c[1] == best[1] and STRENGTH[c] > STRENGTH[best])
        or (c[1] == trump and best[1] != trump)
    ]
    if beaters:
        if len(state.trick) == 3 or any(c[1] != led for c in beaters):
            return PlayCard(seat, min(beaters, key=lambda c: STRENGTH[c]))
        return PlayCard(seat, max(beaters, key=lambda c: STRENGTH[c]))
    return PlayCard(seat, _cheapest(cards, trump))


def _cheapest(cards: list[str], trump: str | None) -> str:
    return min(cards, key=lambda c: STRENGTH[c] + (8 if c[1] == trump else 0))


class HardBot(Bot):
    level = "hard"

    def __init__(
        self,
        seat: int,
        seed: int,
        budget_ms: int = 300,
        iterations: int | None = None,
        exploration: float = 0.7,
        tree_depth: int | None = None,
        trick_weight: float = TRICK_WEIGHT,
        random_move: float = RANDOM_MOVE,
        playout: str = "club",
        method: str = "pimc",
        margin: float = 0.01,
        **_ignored: Any,
    ) -> None:
        super().__init__(seat, seed)
        from game.omi.rules import GAME

        common: dict[str, Any] = {
            "budget_ms": int(budget_ms),
            "iterations": None if iterations is None else int(iterations),
            "rollout": (
                club_playout
                if playout == "club"
                else functools.partial(greedy_playout, random_move=float(random_move))
            ),
            "value": functools.partial(hand_value, trick_weight=float(trick_weight)),
            "finish": (
                functools.partial(finish_value, trick_weight=float(trick_weight))
                if playout == "club"
                else None
            ),
        }
        self.search: ISMCTS | PIMC
        if method == "pimc":
            self.search = PIMC(GAME, seat, self.rng, **common)
        else:
            self.search = ISMCTS(
                GAME,
                seat,
                self.rng,
                exploration=float(exploration),
                tree_depth=None if tree_depth is None else int(tree_depth),
                **common,
            )
        # The club player's judgement: for the kapothi questions, and to break near-ties.
        self.fallback = NormalBot(seat, seed)
        self.margin = float(margin)

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        if not isinstance(legal[0], PlayCard) and len(legal) > 1:
            if getattr(view, "phase", "") != "trump":
                return self.fallback.decide(view, legal)
        action = self.search.choose(view, legal)
        values = self.search.last_values
        if action is not None and values:
            # Where the search sees (next to) no difference, play the club player's card.
            usual = self.fallback.decide(view, legal)
            if usual is not None and values.get(usual.action, -1.0) >= values[action] - self.margin:
                action = usual.action
        return Decision(action) if action is not None else None
