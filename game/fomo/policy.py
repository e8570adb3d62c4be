"""The heuristic FOMO player behind the normal and easy bots (and the hard bot's playouts).

It reads a ``Seeing``: what one seat knows, taken from its view (bots) or from its knowledge inside
a state (fast playouts). It picks a target number from what it holds and sees, builds its set from
known slots, calls FOMO! only when it knows four equal numbers lie there, uses Seen to learn, Plot
Twist or Swap to steal a nearly complete set, Ghosted against a threatening next player and
Canceled to protect its set.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence

from game.core.actions import Action
from game.fomo.actions import (
    CallFomo,
    Discard,
    PassCancel,
    PlaceCard,
    PlayCanceled,
    PlayGhosted,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
    PlayThrowback,
    TakeDiscard,
    TakeThrowback,
)
from game.fomo.cards import (
    CANCELED,
    GHOSTED,
    NUMBERS,
    PLOT_TWIST,
    SEEN,
    SWAP,
    THROWBACK,
    is_number,
)
from game.fomo.knowledge import SOME_NUMBER, UNKNOWN
from game.fomo.view import FomoView, PendingAction, next_alive

# How much a card in hand is worth keeping, beyond numbers (which depend on the target).
_INDEX = {card: i for i, card in enumerate(NUMBERS)}
_ACTION_WORTH = {CANCELED: 5.0, PLOT_TWIST: 4.5, SWAP: 4.0, SEEN: 3.0, THROWBACK: 2.0, GHOSTED: 1.5}


@dataclasses.dataclass
class Seeing:
    """One seat's knowledge, as the policy needs it."""

    seat: int
    players: int
    phase: str
    turn: int
    hand: Sequence[str]
    rows: Sequence[Sequence[str]]  # per seat, per slot: a card, "?" or "#"
    hands_known: Sequence[Counter[str] | Sequence[str]]
    discard_top: str | None
    below: Counter[str]
    out: Sequence[bool]
    pending: PendingAction | None
    # Targets already chosen from this seeing, per (set weight, dead weight): a turn asks often.
    targets: dict[tuple[float, float], str] = dataclasses.field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @classmethod
    def from_view(cls, view: FomoView) -> Seeing:
        assert view.seat is not None
        return cls(
            view.seat,
            view.players,
            view.phase,
            view.turn,
            view.hand,
            view.sets,
            view.hands,
            view.discard_top,
            Counter(view.discard_below),
            view.out,
            view.pending,
        )

    def alive(self) -> list[int]:
        return [s for s in range(self.players) if not self.out[s]]

    def next_alive(self, seat: int) -> int:
        return next_alive(self.out, seat)


def known_run(row: Sequence[str]) -> tuple[str | None, int]:
    """The number seen most often in a row of slots, and how often."""
    best, most = None, 0
    for card in row:
        if card in _INDEX:
            count = row.count(card)
            if count > most or (count == most and best is not None and card > best):
                best, most = card, count
    return best, most


def choose_target(s: Seeing, set_weight: float = 3.0, dead_weight: float = 0.6) -> str:
    """The number to collect: what the own set and hand hold, minus copies seen gone."""
    score = [0.0] * len(NUMBERS)
    for card in s.rows[s.seat]:
        if card in _INDEX:
            score[_INDEX[card]] += set_weight
    for card in s.hand:
        if card in _INDEX:
            score[_INDEX[card]] += 2.0
    if s.discard_top in _INDEX:
        score[_INDEX[s.discard_top]] += 1.0
    for card, count in s.below.items():
        if card in _INDEX:
            score[_INDEX[card]] -= dead_weight * count
    for other in range(s.players):
        if other == s.seat or s.out[other]:
            continue
        known = s.hands_known[other]
        for card in known.elements() if isinstance(known, Counter) else known:
            if card in _INDEX:
                score[_INDEX[card]] -= dead_weight
        for card in s.rows[other]:
            if card in _INDEX:
                score[_INDEX[card]] += 0.5  # stealable
    best = max(range(len(NUMBERS)), key=lambda i: (score[i], -i))
    return NUMBERS[best]


class Policy:
    """The normal player's choices, from a ``Seeing``."""

    action_worth = _ACTION_WORTH
    set_weight = 3.0  # a target card already in the set, against 2 for one in hand
    dead_weight = 0.6  # a copy seen going out of reach (discarded, picked up by another)
    hash_weight = 0.5  # how much an unseen placement counts toward a player's threat

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def target(self, s: Seeing) -> str:
        key = (self.set_weight, self.dead_weight)
        target = s.targets.get(key)
        if target is None:
            target = s.targets[key] = choose_target(s, self.set_weight, self.dead_weight)
        return target

    def threat(self, s: Seeing, other: int) -> float:
        """How close ``other`` looks to a FOMO! from here: equal cards seen, unseen placements."""
        row = s.rows[other]
        return known_run(row)[1] + self.hash_weight * row.count(SOME_NUMBER)

    # --- responses ------------------------------------------------------------------------
    def respond(self, s: Seeing) -> Action:
        """In a Canceled window that names this seat: cancel only to protect its set."""
        pending = s.pending
        if pending is None or CANCELED not in s.hand or self._harmless(s, pending):
            return PassCancel(s.seat)
        return PlayCanceled(s.seat)

    def _harmless(self, s: Seeing, pending: PendingAction) -> bool:
        target = self.target(s)
        mine = s.rows[s.seat]
        have = mine.count(target)
        if pending.card == SEEN:
            return have < 3
        if pending.card == SWAP:
            slot = pending.slots[pending.targets.index(s.seat)]
            other = pending.targets[1 - pending.targets.index(s.seat)]
            their_slot = pending.slots[1 - pending.targets.index(s.seat)]
            incoming = s.rows[other][their_slot]
            return mine[slot] != target or incoming == target
        if pending.card == PLOT_TWIST:
            other = pending.targets[1 - pending.targets.index(s.seat)]
            return known_run(s.rows[other])[1] >= have and have < 2
        return True

    # --- turns ----------------------------------------------------------------------------
    def turn(self, s: Seeing) -> Action:
        if s.phase == "throwback":
            return self._throwback_pick(s)
        me, mine = s.seat, s.rows[s.seat]
        if len(set(mine)) == 1 and is_number(mine[0]):
            return CallFomo(me)
        target = self.target(s)
        hand = list(s.hand)
        have = mine.count(target)
        steal = self._steal(s, target, have)
        if steal is not None:
            return steal
        nxt = s.next_alive(me)
        if GHOSTED in hand and nxt != me and self.threat(s, nxt) >= 3:
            return PlayGhosted(me)
        open_slots = [i for i, c in enumerate(mine) if c != target]
        known_wrong = [i for i in open_slots if mine[i] not in (UNKNOWN, SOME_NUMBER)]
        unknown_count = sum(c in (UNKNOWN, SOME_NUMBER) for c in mine)
        if target in hand and known_wrong:
            return PlaceCard(me, target, self.rng.choice(known_wrong))
        if SEEN in hand and unknown_count >= 2:
            return PlaySeen(me, me)
        if target in hand and open_slots:
            unknown = [i for i in open_slots if mine[i] == UNKNOWN] or open_slots
            return PlaceCard(me, target, unknown[0])
        if s.discard_top == target:
            return TakeDiscard(me, self._worst(s, hand, target))
        if THROWBACK in hand and target not in hand and s.below[target] > 0:
            return PlayThrowback(me)
        worst = self._worst(s, hand, target)
        if worst == SEEN:
            return PlaySeen(me, self._seen_target(s))
        if worst == GHOSTED and nxt != me:
            return PlayGhosted(me)
        return Discard(me, worst)

    def _steal(self, s: Seeing, target: str, have: int) -> Action | None:
        me, mine, hand = s.seat, s.rows[s.seat], s.hand
        others = [o for o in s.alive() if o != me]
        if PLOT_TWIST in hand:
            best = max(others, key=lambda o: known_run(s.rows[o])[1])
            if known_run(s.rows[best])[1] >= max(3, have + 2) or (
                known_run(s.rows[best])[1] >= 3 and have < 3
            ):
                return PlayPlotTwist.between(me, me, best)
        if SWAP in hand:
            give = [i for i, c in enumerate(mine) if c != target]
            give.sort(key=lambda i: (mine[i] in (UNKNOWN, SOME_NUMBER), i))
            for other in sorted(others, key=lambda o: -self.threat(s, o)):
                takes = [j for j, c in enumerate(s.rows[other]) if c == target]
                if give and takes and have + 1 >= 2:
                    return PlaySwap.between(me, me, give[0], other, takes[0])
            # Break up a set that is close to complete even without gaining from it.
            for other in others:
                number, count = known_run(s.rows[other])
                if count >= 3 and give:
                    j = s.rows[other].index(number or "")
                    return PlaySwap.between(me, me, give[0], other, j)
        return None

    def _number_worth(self, s: Seeing, hand: Sequence[str], card: str) -> float:
        """How much a number other than the target is worth keeping."""
        return 1.0 + 0.3 * hand.count(card) + 0.5 * s.rows[s.seat].count(card)

    def _worst(self, s: Seeing, hand: Sequence[str], target: str) -> str:
        def worth(card: str) -> float:
            if card == target:
                return 10.0
            if is_number(card):
                return self._number_worth(s, hand, card)
            value = self.action_worth[card]
            if card == SEEN and UNKNOWN not in s.rows[s.seat]:
                value -= 1.5
            return value

        return min(hand, key=lambda c: (worth(c), c))

    def _seen_target(self, s: Seeing) -> int:
        mine = s.rows[s.seat]
        if sum(c in (UNKNOWN, SOME_NUMBER) for c in mine) >= 2:
            return s.seat
        others = [o for o in s.alive() if o != s.seat]
        return max(
            others, key=lambda o: (s.rows[o].count(SOME_NUMBER) + s.rows[o].count(UNKNOWN), -o)
        )

    def _throwback_pick(self, s: Seeing) -> Action:
        target = self.target(s)
        pile = s.below
        for card in (target, CANCELED, PLOT_TWIST, SWAP, SEEN):
            if pile[card] > 0:
                return TakeThrowback(s.seat, card)
        return TakeThrowback(s.seat, max(pile, key=lambda c: (pile[c], c)))


def forgetful(s: Seeing, rng: random.Random, recall: float) -> Seeing:
    """The same seeing with each remembered hidden card kept only with chance ``recall``."""
    rows = [
        [c if c in (UNKNOWN, SOME_NUMBER) or rng.random() < recall else UNKNOWN for c in row]
        for row in s.rows
    ]
    return dataclasses.replace(s, rows=rows)


def pick_legal(action: Action, legal: Sequence[Action], rng: random.Random) -> Action:
    """``action`` if it is legal (it always should be), else a random legal one."""
    if action in legal:
        return action
    return rng.choice(list(legal))
