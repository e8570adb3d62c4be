"""FOMO's easy and normal bots. Both see only their seat's view; Canceled comes after a seeded
human-like reaction time (``game/bots/reaction.py``), as slaps and Voids do in OMYN."""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.reaction import reaction_for
from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.views import View
from game.fomo.actions import CallFomo, PassCancel, PlayCanceled
from game.fomo.policy import Policy, Seeing, forgetful, pick_legal
from game.fomo.view import FomoView


class NormalBot(Bot):
    """Plays like a decent human with a perfect memory of what it saw."""

    level = "normal"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.policy = Policy(self.rng)
        self.reaction = reaction_for(self.level)

    def seeing(self, view: FomoView) -> Seeing:
        return Seeing.from_view(view)

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        assert isinstance(view, FomoView)
        seeing = self.seeing(view)
        if view.phase == "cancel":
            action = pick_legal(self.policy.respond(seeing), legal, self.rng)
            return Decision(action, self.reaction.sample(self.rng), reflex=True)
        return Decision(pick_legal(self.choose_turn(seeing, legal), legal, self.rng))

    def choose_turn(self, seeing: Seeing, legal: Sequence[Action]) -> Action:
        return self.policy.turn(seeing)


class EasyBot(NormalBot):
    """Forgets about a third of what it saw (afresh at each decision), reacts slowly, and now and then plays a random move
    (never a FOMO! call it cannot back up, though: it only shouts on what it remembers)."""

    level = "easy"
    recall = 0.7
    blunder = 0.25

    def seeing(self, view: FomoView) -> Seeing:
        return forgetful(Seeing.from_view(view), self.rng, self.recall)

    def choose_turn(self, seeing: Seeing, legal: Sequence[Action]) -> Action:
        if self.rng.random() < self.blunder:
            calm = [a for a in legal if not isinstance(a, CallFomo | PassCancel | PlayCanceled)]
            if calm:
                return self.rng.choice(calm)
        return self.policy.turn(seeing)
