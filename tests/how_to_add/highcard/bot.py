"""The "easy" bot: take the trick with the lowest card that wins it, else throw the lowest. It
sees its seat's view and the legal moves, never the state."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.views import View
from tests.how_to_add.highcard.actions import PlayCard
from tests.how_to_add.highcard.cards import strength
from tests.how_to_add.highcard.view import HighCardView


class EasyBot(Bot):
    level = "easy"

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        assert isinstance(view, HighCardView)
        plays = sorted(
            (a for a in legal if isinstance(a, PlayCard)), key=lambda a: strength(a.card)
        )
        if not plays:
            return None
        best = max((strength(card) for _, card in view.trick), default=0)
        winning = [play for play in plays if strength(play.card) > best]
        return Decision((winning or plays)[0])
