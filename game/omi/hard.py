"""Omi's ``hard`` bot: the shared search (``compare`` in game/bots/search.py) to the end of the hand.

Each iteration deals the unseen cards consistently with the view (shown voids respected) and
weighs the deal by inference (``bot_inference.History``): how likely the ``normal`` bot's rules
(``bot_model``, on bitmasks) make the trump call and every card the other three seats played
this hand; deals are drawn by rejection on that likelihood (``inference=1``, the default), by a
Markov chain (``inference=mcmc``) or not weighed (``inference=0``: only the trump-count table of
``fast.Hand.deal``). Every candidate card is scored on that deal (PIMC with common random
numbers), the rest of the hand played out with every seat playing the normal bot's card from
its own hand and what the table has shown (``playout=model``, the default; ``playout=club``: the
club rules with every hand known, ``fast.Hand.play_out``), on bitmasks (no State, events or
views). ``method="state"`` runs the club search over the State API (PIMC with ``bot_playout``),
``method="ismcts"`` IS-MCTS over it: both for comparison. A hand is worth its tokens to each
side, plus a hair per trick so that among equal token results more tricks are preferred.

Trumps are named by the normal bot's rule (longest suit of the first four), not searched
(``search_trump=1`` searches the four suits): every hard bot's inference reads the call by that
rule, and it is as strong as the search for a fifth less CPU (held-out deal pairs 13000-13299,
paired: +0.000 tokens a pair, -0.082 to +0.082; bench/RESULTS.md, session 29).

Two refinements: cards that are equivalent (same suit, nothing still out between them) are
searched once; and where the search sees no real difference between the best card and the
``normal`` bot's card, the normal bot's card is played (the search only overrules it for a gain).

Settings (keyword arguments from ``make_bot``): ``iterations`` (deals per searched move; the
table's default ``DEFAULT_ITERATIONS``: reproducible, and as strong on a busy machine), or
``budget_ms`` of CPU time per move instead (when no ``iterations`` are given), ``method``
(``pimc``, ``state`` or ``ismcts``), ``margin`` (the value gain needed to overrule the normal bot), ``exploration`` and
``tree_depth`` (IS-MCTS only), ``trick_weight``, ``playout``, ``inference``, ``tries`` (rejection: deals
tried per sample), ``chain_moves`` (mcmc: proposals per sample), ``opponent_epsilon`` and
``partner_epsilon`` (how often the model expects a seat to stray from the normal bot's card),
``exact`` (from how few cards in hand each deal's last tricks are played exactly, both teams at
their best, ``endgame``; 0, the default: never: against the normal bot the model's playout is
the better guess of how the others will play), ``reply`` (in how many last tricks of each deal
the searching team plays its best reply to the model, the opponents playing the normal bot's
card, ``best_reply``; 0, the default: never. ``reply=3`` did no better on 171 tuning deal pairs,
-0.012 tokens a pair, -0.128 to +0.104, at 1.7 times the CPU; bench/RESULTS.md, session 30).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from game.bots.search import ISMCTS, PIMC, Budget, compare
from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.game import Game, State
from game.core.views import View
from game.omi.actions import NameTrump, PlayCard
from game.omi.best_reply import ReplyMemo
from game.omi.bot import NormalBot
from game.omi.bot_inference import (
    OPPONENT_EPSILON,
    PARTNER_EPSILON,
    Chain,
    History,
    play_out,
)
from game.omi.bot_playout import club_playout, finish_hand
from game.omi.cards import RANKS, SUITS
from game.omi.endgame import Memo, team0_tricks
from game.omi.fast import INFERENCE_TRIES, MAKER_TRUMP_LIKELIHOOD, Hand, card_bit
from game.omi.state import OmiState
from game.omi.view import OmiView

# A hand swings the tokens by 1 to 3 (5 with the kapothi challenge, clamped): ±3 spans [0, 1].
TOKEN_SCALE = 6.0
TRICK_WEIGHT = 0.005
DEFAULT_BUDGET_MS = 150  # CPU time per searched move when a caller asks for a time budget
# The table's budget: deals per searched move (a count, so a busy machine only delays the answer
# and never weakens it). 200 deals: ~40 ms of CPU a move, p95 ~120 ms. 500 deals (three times the
# CPU, p95 ~300 ms) did no better on the same 249 deal pairs (-0.004 tokens a pair, +-0.10;
# bench/RESULTS.md, issue 30). Against normal on 1,200 held-out deal pairs (31000-32599): 60.9%
# of tokens (59.5-62.3%; bench/RESULTS.md, session 30).
DEFAULT_ITERATIONS = 200


def _values(tokens: Sequence[int], won: Sequence[int], trick_weight: float) -> Sequence[float]:
    team0 = 0.5 + (tokens[0] - tokens[1]) / TOKEN_SCALE + trick_weight * (won[0] - won[1])
    team0 = min(1.0, max(0.0, team0))
    return (team0, 1.0 - team0, team0, 1.0 - team0)


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


def _flag(value: bool | str) -> bool:
    """A setting that may arrive as text from the command line."""
    return str(value).lower() not in ("0", "false", "off", "no")


def equivalent_groups(view: OmiView, cards: Sequence[str]) -> list[list[str]]:
    """``cards`` in groups that play alike: same suit, and every card ranked between them is in
    a finished trick (a card in the trick in progress still separates: it may be beaten)."""
    gone = {card for trick in view.tricks for card in trick.cards}
    mine = set(cards)
    groups: list[list[str]] = []
    for suit in {c[1] for c in cards}:
        current: list[str] = []
        for rank in RANKS:
            card = rank + suit
            if card in mine:
                current.append(card)
            elif card not in gone and current:
                groups.append(current)
                current = []
        if current:
            groups.append(current)
    return groups


def first_card_count(hand: Hand) -> int:
    """How many cards the searching seat holds (naming trumps: it is still to be dealt some)."""
    return hand.mine.bit_count() + hand.room[hand.seat]


class HardBot(Bot):
    level = "hard"

    def __init__(
        self,
        seat: int,
        seed: int,
        game: Game,
        budget_ms: int | None = None,
        iterations: int | None = None,
        method: str = "pimc",
        margin: float = 0.0,
        exploration: float = 0.7,
        tree_depth: int | None = None,
        trick_weight: float = TRICK_WEIGHT,
        search_trump: bool | str = False,
        playout: str = "model",
        inference: bool | str = True,
        tries: int = 8,
        chain_moves: int = 4,
        opponent_epsilon: float = OPPONENT_EPSILON,
        partner_epsilon: float = PARTNER_EPSILON,
        exact: int = 0,
        reply: int = 0,
        **_ignored: Any,
    ) -> None:
        super().__init__(seat, seed)
        if budget_ms is None and iterations is None:
            iterations = DEFAULT_ITERATIONS
        budget_ms = DEFAULT_BUDGET_MS if budget_ms is None else budget_ms
        common: dict[str, Any] = {
            "budget_ms": int(budget_ms),
            "iterations": None if iterations is None else int(iterations),
            "rollout": club_playout,
            "value": functools.partial(hand_value, trick_weight=float(trick_weight)),
            "finish": functools.partial(finish_value, trick_weight=float(trick_weight)),
        }
        self.method = method
        self.budget = Budget(cpu_ms=float(budget_ms), iterations=common["iterations"])
        self.trick_weight = float(trick_weight)
        self.last_iterations = 0
        self.last_means: dict[Action, float] = {}  # the last search's mean per move (hints)
        self.search: ISMCTS | PIMC
        if method in ("pimc", "state"):
            self.search = PIMC(game, seat, self.rng, **common)
        else:
            self.search = ISMCTS(
                game,
                seat,
                self.rng,
                exploration=float(exploration),
                tree_depth=None if tree_depth is None else int(tree_depth),
                **common,
            )
        # The club player's judgement: for the kapothi questions, and to break near-ties.
        self.normal = NormalBot(seat, seed)
        self.margin = float(margin)
        self.search_trump = _flag(search_trump)
        self.playout = playout
        # inference: "mcmc" (Chain), on (rejection: History.deal) or off.
        self.inference = "mcmc" if str(inference) == "mcmc" else _flag(inference)
        self.tries = int(tries)
        self.chain_moves = int(chain_moves)
        self.epsilons = (float(opponent_epsilon), float(partner_epsilon))
        self.exact = int(exact)
        self.reply = int(reply)

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        assert isinstance(view, OmiView)
        usual = self.normal.decide(view, legal)
        assert usual is not None
        if len(legal) == 1 or view.phase in ("kapothi_propose", "kapothi_answer"):
            return usual
        if not isinstance(usual.action, PlayCard):  # naming trumps: every suit is searched
            if not self.search_trump:
                return usual
            return self._overrule(view, legal, usual.action, {a: a for a in legal})
        # One candidate per group of equivalent cards: the normal bot's card where it is one.
        by_card = {a.card: a for a in legal if isinstance(a, PlayCard)}
        stand_in: dict[Action, Action] = {}
        for group in equivalent_groups(view, list(by_card)):
            pick = usual.action.card if usual.action.card in group else group[-1]
            for card in group:
                stand_in[by_card[card]] = by_card[pick]
        return self._overrule(view, legal, usual.action, stand_in)

    def _overrule(
        self, view: OmiView, legal: Sequence[Action], usual: Action, stand_in: dict[Action, Action]
    ) -> Decision:
        """The searched best of the candidates; the usual move unless another beats it by more
        than ``margin``."""
        candidates = list(dict.fromkeys(stand_in[a] for a in legal))
        if self.method == "pimc":
            best: Action | None = self._compare(view, candidates, stand_in[usual])
        else:
            best = self.search.choose(
                view, candidates, favourite=stand_in[usual], head_start=self.margin
            )
            self.last_iterations = self.search.last_iterations
        if best is None or best == stand_in[usual]:
            return Decision(usual)
        return Decision(best)

    def _compare(self, view: OmiView, candidates: list[Action], usual: Action) -> Action:
        """PIMC on bitmask deals (``fast``): each candidate card or trump suit played out."""
        hand = Hand(view)
        seat, weight = hand.seat, self.trick_weight
        history = History(view, hand, *self.epsilons)
        by_model = self.playout == "model"
        tries, moves = self.tries, self.chain_moves
        evidence = bool(history.plays) or history.call_matters
        chain = Chain(history, self.rng, tries) if self.inference == "mcmc" and evidence else None

        def deal(rng: random.Random) -> tuple[list[int], float]:
            if chain is not None:
                return chain.step(rng, moves), 1.0
            if self.inference:
                return history.deal(rng, tries)
            return hand.deal(rng, MAKER_TRUMP_LIKELIHOOD, INFERENCE_TRIES), 1.0

        # Each candidate as (trump, the searching seat's card now), read once per decision.
        plays: dict[Action, tuple[int, int | None]] = {}
        for move in candidates:
            if isinstance(move, NameTrump):
                plays[move] = SUITS.index(move.suit), None
            else:
                assert isinstance(move, PlayCard)
                plays[move] = hand.trump, card_bit(move.card)

        # Few cards left (setting ``exact``): each deal's last tricks played exactly.
        exact = first_card_count(hand) <= self.exact
        memo: Memo = {}
        reply, reply_memo = self.reply, ReplyMemo()
        solved: dict[tuple[int, ...], float] = {}  # (the deal, the card) -> its value
        total = sum(hand.won)

        def score(world: tuple[list[int], float], move: Action, luck: random.Random) -> float:
            hands, likely = world
            trump, first = plays[move]
            if exact and first is not None:
                key = (*hands, first)
                value = solved.get(key)
                if value is None:
                    rest = team0_tricks(
                        [h & ~(1 << first) if s == seat else h for s, h in enumerate(hands)],
                        trump, hand.leader, [*hand.trick, (seat, first)], memo,
                    )  # fmt: skip
                    won = [hand.won[0] + rest, 8 - total - rest + hand.won[1]]
                    value = solved[key] = _values(hand.tokens(won), won, weight)[seat]
                return likely * value
            if by_model:
                won, tokens = play_out(history, hands, trump, first, reply, reply_memo)
            else:
                won, tokens = hand.play_out(hands, trump, first)
            # Weighted deals: every move of one deal shares its weight, so the best sum is the
            # best weighted mean.
            return likely * _values(tokens, won, weight)[seat]

        result = compare(candidates, deal, score, self.rng, self.budget, usual, self.margin)
        self.last_iterations = result.iterations
        self.last_means = dict(result.means)
        return result.best
