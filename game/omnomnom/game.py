"""The Om Nom Nom ``Game``: metadata, new matches, determinizing a view, records and bots."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.actions import Action
from game.core.bot import Bot
from game.core.game import Game, GameInfo, State
from game.core.options import OptionSpec, OptionValue
from game.core.rng import make_rng
from game.core.views import View
from game.omnomnom import narrate as narration
from game.omnomnom.cards import ANIMALS, FACES
from game.omnomnom.state import OmNomNomState, rank_key
from game.omnomnom.view import OmNomNomView

SOLO = OptionSpec(
    "solo",
    0,
    "solo variant: 0 = off; 2 (easier) or 3 (harder) virtual colours in seats 1.. "
    "(the match then has 3 or 4 seats)",
    minimum=0,
    maximum=3,
    zero="off",
)


OWN_KEYS = OptionSpec(
    "own_keys",
    False,
    "several people at one screen pick with their own six keys instead of behind the curtain "
    "(seat 1: 1-6, 2: Q-Y, 3: A-H, 4: Z-N, 5: F1-F6, 6: numpad 1-6); the rules are the same",
)


class OmNomNomGame(Game):
    info = GameInfo(
        id="omnomnom",
        title="Om Nom Nom",
        aliases=("om nom nom", "om-nom-nom", "onn"),
        min_players=2,
        max_players=6,
        options=(SOLO, OWN_KEYS),
        bot_levels=("random", "easy", "normal", "hard"),
        blurb="Outguess the others: predators eat what sits on the level below.",
        turns="together",
    )

    def narrate(
        self, state: State, action: Action, names: Sequence[str], viewer: int | None = None
    ) -> str:
        return narration.narrate(state, action, names, viewer)

    def new_state(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> OmNomNomState:
        solo = int(self.check_setup(players, options)["solo"])
        state = OmNomNomState(players, solo, make_rng(seed, "omnomnom"))
        state.start_round()
        return state

    def setup_refusal(self, players: int, options: Mapping[str, OptionValue]) -> str | None:
        solo = int(options["solo"])
        if solo == 1:
            return "solo takes 2 or 3 virtual colours (0 = off), not 1"
        if solo and players != solo + 1:
            return (
                f"solo {solo} is you against {solo} virtual colours: it needs {solo + 1} seats, "
                f"not {players}"
            )
        return None

    def players_for(self, options: Mapping[str, OptionValue]) -> int | None:
        solo = int(options.get("solo", 0))
        return solo + 1 if solo else None

    def virtual_seats(self, players: int, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
        return tuple(range(1, players)) if int(options.get("solo", 0)) else ()

    def determinize(self, view: View, rng: random.Random) -> OmNomNomState:
        """A full state matching ``view``: the others' face-down picks drawn from their hands,
        the solo stacks shuffled, and future rolls from a fresh generator."""
        assert isinstance(view, OmNomNomView)
        state = OmNomNomState(view.players, view.solo, random.Random(rng.getrandbits(64)))
        state.round_index = view.round - 1
        state.turn_index = len(view.rounds_log[-1][1]) if view.rounds_log else 0
        state.hands = [list(hand) for hand in view.hands]
        for seat in state.virtual_seats():
            if view.stacks:
                state.hands[seat] = list(view.stacks[seat - 1])
            else:
                rng.shuffle(state.hands[seat])
        state.picks = [
            (view.picks[s] or rng.choice(view.hands[s])) if view.picked[s] else None
            for s in range(view.players)
        ]
        state.spaces = dict(view.spaces)
        state.pool = 0
        state.front_cards = [list(cards) for cards in view.front_cards]
        state.front_dice = [dict(dice) for dice in view.front_dice]
        state.discard = list(view.discard)
        state.round_scores = [list(r) for r in view.round_scores]
        state.rounds_log = [
            {"dice": dict(dice), "turns": [list(t) for t in turns]}
            for dice, turns in view.rounds_log
        ]
        return state

    def make_bot(self, level: str, seat: int, seed: int, **settings: Any) -> Bot:
        """``settings``: ``budget_ms`` and ``iterations`` tune the hard bot; others ignore them."""
        if level == "easy":
            from game.omnomnom.bot import EasyBot

            return EasyBot(seat, seed)
        if level == "normal":
            from game.omnomnom.bot import NormalBot

            return NormalBot(seat, seed)
        if level == "hard":
            from game.omnomnom.hard import HardBot

            return HardBot(seat, seed, **settings)
        return super().make_bot(level, seat, seed, **settings)

    def match_stats(self, state: State) -> dict[str, Any]:
        assert isinstance(state, OmNomNomState)
        keys = [rank_key([r[s] for r in state.round_scores]) for s in range(state.players)]
        totals = sorted((k[0] for k in keys), reverse=True)
        outcome = state.outcome()
        return {
            "score": [k[0] for k in keys],
            "best_round": [k[1] for k in keys],
            "margin": totals[0] - totals[1] if len(totals) > 1 else 0,
            "shared_win": int(outcome is not None and len(outcome.winners) > 1),
        }

    stat_labels = {
        "score": "Points",
        "best_round": "Best round",
        "lead": "Lead over the next best",
        "won_shared": "Wins shared",
    }

    def seat_stats(self, state: State) -> dict[str, list[float]]:
        """Each seat's own: its lead is its points minus the best of the others' (below 0
        when behind); ``match_stats``' margin is the match's, the same for every seat."""
        assert isinstance(state, OmNomNomState)
        totals = [sum(r[s] for r in state.round_scores) for s in range(state.players)]
        outcome = state.outcome()
        winners = outcome.winners if outcome is not None else ()
        shared = len(winners) > 1
        return {
            "score": [float(t) for t in totals],
            "best_round": [
                float(max((r[s] for r in state.round_scores), default=0))
                for s in range(state.players)
            ],
            "lead": [
                float(t - max((o for i, o in enumerate(totals) if i != s), default=t))
                for s, t in enumerate(totals)
            ],
            "won_shared": [float(shared and s in winners) for s in range(state.players)],
        }

    def record(self, state: State, seed: int, bots: Sequence[str]) -> dict[str, Any]:
        """The schema of issue 6 (docs/records.md): dice, picks and scores of every round."""
        assert isinstance(state, OmNomNomState)
        outcome = state.outcome()
        return {
            "game": self.info.id,
            "seed": seed,
            "players": state.players,
            "solo": state.solo or None,
            "rounds": [
                {
                    "dice": {face: log["dice"][face] for face in FACES},
                    "turns": [{"picks": list(picks)} for picks in log["turns"]],
                    "scores": list(scores),
                }
                for log, scores in zip(state.rounds_log, state.round_scores, strict=False)
            ],
            "totals": state.totals(),
            "winners": list(outcome.winners) if outcome else [],
        }


GAME = OmNomNomGame()
__all__ = ["GAME", "ANIMALS", "OmNomNomGame"]
