"""The High Card ``Game``: what the game chooser shows, new matches, determinizing, bots, words."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.actions import Action
from game.core.bot import Bot
from game.core.game import Game, GameInfo, State
from game.core.rng import make_rng
from game.core.views import View
from tests.how_to_add.highcard import narrate as narration
from tests.how_to_add.highcard.bot import EasyBot
from tests.how_to_add.highcard.cards import DECK
from tests.how_to_add.highcard.state import HighCardState
from tests.how_to_add.highcard.view import HighCardView


class HighCardGame(Game):
    info = GameInfo(
        id="highcard",
        title="High Card",
        aliases=("high card",),
        min_players=2,
        max_players=4,
        bot_levels=("random", "easy"),
        blurb="Five tricks: the highest card takes each.",
        turns="clockwise",
    )

    def new_state(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> HighCardState:
        self.check_setup(players, options)
        return HighCardState(players, make_rng(seed, "highcard"))

    def determinize(self, view: View, rng: random.Random) -> State:
        """A state the view cannot tell from the real one: the hands it may not see (and the
        undealt cards) dealt at random from the cards it has not seen."""
        assert isinstance(view, HighCardView)
        state = HighCardState(view.players, rng)
        seen = {card for hand in view.hands if hand for card in hand}
        seen |= {card for _, card in view.trick} | {card for won in view.won for card in won}
        unseen = [card for card in DECK if card not in seen]
        rng.shuffle(unseen)
        for seat, hand in enumerate(view.hands):
            if hand is None:
                hand = tuple(unseen[: view.hand_sizes[seat]])
                del unseen[: view.hand_sizes[seat]]
            state.hands[seat] = sorted(hand)
        state.deck = unseen
        state.trick = list(view.trick)
        state.won = [list(cards) for cards in view.won]
        state.tricks = [len(cards) // view.players for cards in view.won]
        state.turn = view.turn
        return state

    def make_bot(self, level: str, seat: int, seed: int, **settings: Any) -> Bot:
        if level == "easy":
            return EasyBot(seat, seed)
        return super().make_bot(level, seat, seed, **settings)

    def narrate(
        self, state: State, action: Action, names: Sequence[str], viewer: int | None = None
    ) -> str:
        return narration.narrate(state, action, names, viewer)


GAME = HighCardGame()
