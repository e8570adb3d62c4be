"""The hard bot's own heuristic: the normal policy with sharper habits.

Each habit was kept only if it won more often against the normal policy (2 players, 2,000–3,000
deals; see docs/fomo.md). It never throws a card away while it could play Ghosted (a free turn in 2
players, a lost turn for the next player otherwise), Seen (information) or Throwback for its target
instead; it takes its target off the discard pile before placing (the card would be covered); it
reads unseen placements as a threat (Ghosted, Plot Twist to steal the set, Swap to break it); it
weighs a target card in hand nearly as much as one already in its set; and it spends Canceled to
protect a set with two known target cards.
"""

from __future__ import annotations

from game.core.actions import Action
from game.fomo.actions import (
    CallFomo,
    Discard,
    PlaceCard,
    PlayGhosted,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
    PlayThrowback,
    TakeDiscard,
)
from game.fomo.cards import GHOSTED, PLOT_TWIST, SEEN, SWAP, THROWBACK
from game.fomo.knowledge import SOME_NUMBER, UNKNOWN
from game.fomo.policy import Policy, Seeing
from game.fomo.view import PendingAction


class SharpPolicy(Policy):
    hash_weight = 1.0
    set_weight = 2.0  # a card in hand is nearly as good as one in the set: choose by both
    steal_threat = 2.5  # how threatening a set must look to be taken over with Plot Twist

    def turn(self, s: Seeing) -> Action:
        action = super().turn(s)
        if s.phase != "turn" or isinstance(action, CallFomo):
            return action
        target = self.target(s)
        if isinstance(action, PlaceCard) and s.discard_top == target:
            # The top discard will be covered (by the card this placement reveals, or by the
            # next discard): take it now and place later.
            worst = self._worst(s, list(s.hand), target)
            if worst != target:
                return TakeDiscard(s.seat, worst)
        if isinstance(action, Discard) and THROWBACK in s.hand and s.below[target] > 0:
            return PlayThrowback(s.seat)
        if isinstance(action, Discard):
            if GHOSTED in s.hand and s.next_alive(s.seat) != s.seat:
                return PlayGhosted(s.seat)
            if SEEN in s.hand:
                return PlaySeen(s.seat, self._seen_target(s))
        return action

    def _steal(self, s: Seeing, target: str, have: int) -> Action | None:
        if PLOT_TWIST in s.hand:
            # Take over the most threatening set whenever it looks better than its own.
            others = [o for o in s.alive() if o != s.seat]
            best = max(others, key=lambda o: self.threat(s, o))
            if self.threat(s, best) >= self.steal_threat and self.threat(s, best) > have:
                return PlayPlotTwist.between(s.seat, s.seat, best)
        stolen = super()._steal(s, target, have)
        if stolen is None and SWAP in s.hand:
            # Break up a set that looks nearly complete from its unseen placements.
            mine = s.rows[s.seat]
            give = [i for i, c in enumerate(mine) if c != target]
            for other in s.alive():
                row = s.rows[other]
                if other != s.seat and give and SOME_NUMBER in row and self.threat(s, other) >= 3:
                    return PlaySwap.between(s.seat, s.seat, give[0], other, row.index(SOME_NUMBER))
        return stolen

    def _harmless(self, s: Seeing, pending: PendingAction) -> bool:
        """With two or more target cards known in its set, it protects the set from any Plot
        Twist, and from a Swap of any slot not known to hold a wrong card."""
        if pending.card in (PLOT_TWIST, SWAP):
            target, mine = self.target(s), s.rows[s.seat]
            if mine.count(target) >= 2:
                if pending.card == SWAP:
                    slot = pending.slots[pending.targets.index(s.seat)]
                    return mine[slot] not in (target, UNKNOWN, SOME_NUMBER)
                return False
        return super()._harmless(s, pending)
