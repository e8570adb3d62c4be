"""OMG bots: ``easy`` (plays what it can, attacks on a whim) and ``normal`` (the heuristic policy).

Both see only their view; the normal bot turns it into a State with ``determinize`` so it can ask
the rules for powers, and its policy reads only public cards and its own hand from that state.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.views import View
from game.omg import policy
from game.omg.actions import (
    AddDefense,
    Attack,
    Block,
    Discard,
    EndTurn,
    Evolve,
    FinishDefense,
    Mulligan,
    PlayBeing,
)
from game.omg.determinize import determinize
from game.omg.view import OmgView


class NormalBot(Bot):
    level = "normal"

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        assert isinstance(view, OmgView) and view.seat is not None
        state = determinize(view, self.rng)
        action = policy.choose(state, view.seat, legal, self.rng)
        return Decision(action if action in legal else legal[-1])


class EasyBot(Bot):
    """Plausible but weak: plays a random affordable card, attacks at random, blocks half the
    time, never evolves on purpose and keeps any opening hand."""

    level = "easy"

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        assert isinstance(view, OmgView) and view.seat is not None
        seat, rng = view.seat, self.rng
        if view.phase == "mulligan":
            return Decision(Mulligan(seat, ()))
        if view.phase == "discard":
            return Decision(rng.choice([a for a in legal if isinstance(a, Discard)]))
        if view.phase == "defense":
            blocks = [a for a in legal if isinstance(a, Block)]
            desperate = view.sides[seat].life_count == 0
            if blocks and (desperate or rng.random() < 0.5):
                return Decision(rng.choice(blocks))
            cards = [a for a in legal if isinstance(a, AddDefense)]
            if desperate and cards and view.defense is not None and not view.defense.cards:
                return Decision(rng.choice(cards))
            return Decision(FinishDefense(seat))
        plays = [a for a in legal if isinstance(a, PlayBeing | Evolve)]
        fresh = [a for a in plays if isinstance(a, PlayBeing)]
        if fresh and rng.random() < 0.9:
            empty = [a for a in fresh if view.sides[seat].locations[a.location] is None]
            return Decision(rng.choice(empty or fresh))
        attacks = [a for a in legal if isinstance(a, Attack)]
        if attacks and rng.random() < 0.75:
            return Decision(rng.choice(attacks))
        return Decision(EndTurn(seat))
