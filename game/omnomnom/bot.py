"""Om Nom Nom bots. Every hand is public, so a bot reasons about what the others may pick.

- ``easy``: the card with the most points against opponents who pick at random, chosen loosely
  (often it just plays any card).
- ``normal``: a belief about each other seat (it favours what pays best against random play),
  then each card's expected advantage (its points minus the others' average) against that
  belief, picked by a softmax so it cannot be read.
- ``hard`` (``hard.py``): models the others as ``normal`` players and looks ahead to the end of
  the round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.views import View
from game.omnomnom.cards import ANIMALS
from game.omnomnom.model import (
    Belief,
    Position,
    expected_values,
    level0_beliefs,
    level1_beliefs,
    sample,
    softmax,
)
from game.omnomnom.state import Pick
from game.omnomnom.view import OmNomNomView

# Temperatures are in points: how much a better expectation sways the choice.
EASY_TEMPERATURE = 1.5
EASY_WHIM = 0.3  # how often easy plays any card at all
BELIEF_TEMPERATURE = 0.6  # how sharply normal expects the others to favour their best cards
NORMAL_TEMPERATURE = 0.7  # 0.35 read too easily: hard beat it in 99.8% of matches


def pick_from(legal: Sequence[Action], animal: int) -> Decision:
    name = ANIMALS[animal]
    for action in legal:
        if isinstance(action, Pick) and action.animal == name:
            return Decision(action)
    raise ValueError(f"{name} is not among the legal picks")


def easy_policy(pos: Position, rng: Any) -> Belief:
    """How an ``easy`` player at ``pos.seat`` picks: loosely greedy against random opponents."""
    values = expected_values(pos, pos.seat, level0_beliefs(pos, pos.seat), rng, False)
    greedy = dict(softmax(values, EASY_TEMPERATURE))
    share = EASY_WHIM / len(values)
    return [(card, share + (1 - EASY_WHIM) * greedy[card]) for card in values]


class PickingBot(Bot):
    """A bot that weighs its cards and draws one: each level says only how it weighs them."""

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        assert isinstance(view, OmNomNomView)
        if len(legal) == 1:
            return Decision(legal[0])
        return pick_from(legal, sample(self.weigh_cards(Position.from_view(view), view), self.rng))

    def weigh_cards(self, pos: Position, view: OmNomNomView) -> Belief:
        raise NotImplementedError


class EasyBot(PickingBot):
    level = "easy"

    def weigh_cards(self, pos: Position, view: OmNomNomView) -> Belief:
        return easy_policy(pos, self.rng)


def normal_policy(pos: Position, rng: Any, temperature: float = NORMAL_TEMPERATURE) -> Belief:
    """How a ``normal`` player at ``pos.seat`` picks: a distribution over its cards."""
    beliefs = level1_beliefs(pos, rng, BELIEF_TEMPERATURE)
    values = expected_values(pos, pos.seat, beliefs, rng)
    return softmax(values, temperature)


class NormalBot(PickingBot):
    level = "normal"

    def weigh_cards(self, pos: Position, view: OmNomNomView) -> Belief:
        return normal_policy(pos, self.rng)
