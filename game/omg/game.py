"""OMG: the Game (metadata, options, factories, determinize, statistics and records)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.actions import Action
from game.core.bot import Bot
from game.core.game import Game, GameInfo, State
from game.core.options import OptionSpec, OptionValue
from game.core.views import View
from game.omg import narrate as narration
from game.omg.cards import deck_text, parse_decks
from game.omg.determinize import determinize
from game.omg.state import OmgState
from game.omg.view import OmgView

OPTIONS = (
    OptionSpec(
        "decks",
        "dawn,dusk",
        "One deck per seat, comma-separated: dawn, dusk, or 12 different Beings joined by '+'.",
    ),
    OptionSpec(
        "defender_wins_ties",
        True,
        "On: equal powers stop the attack. Off: the defender needs 1 more (a tie goes to the attacker).",
    ),
    OptionSpec(
        "turn_limit",
        60,
        "After this many turns (both players' together) most Life wins, then most power in play; 0 = none.",
        minimum=0,
        maximum=1000,
        zero="no limit",
    ),
    OptionSpec(
        "block_window_ms",
        0,
        "Time the defender has to answer a Life attack; 0 = no limit (answer, then Done).",
        minimum=0,
        maximum=600_000,
        zero="no limit",
    ),
)


class OmgGame(Game):
    info = GameInfo(
        id="omg",
        title="OMG: Oh My Gods",
        aliases=("oh-my-gods", "ohmygods"),
        min_players=2,
        max_players=2,
        options=OPTIONS,
        bot_levels=("random", "easy", "normal", "hard"),
        blurb="Gods battle over three locations: play, evolve and attack until a Life attack lands on none.",
        turns="alternate",
    )

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        resolved = super().resolve_options(options)
        # A deck that breaks the rules is refused here, with the reason (OptionError).
        decks = parse_decks(str(resolved["decks"]))
        resolved["decks"] = ",".join(deck_text(d) for d in decks)
        return resolved

    def narrate(
        self, state: State, action: Action, names: Sequence[str], viewer: int | None = None
    ) -> str:
        return narration.narrate(state, action, names, viewer)

    def new_state(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> OmgState:
        resolved = self.check_setup(players, options)
        return OmgState(seed, resolved, parse_decks(str(resolved["decks"])))

    def determinize(self, view: View, rng: random.Random) -> OmgState:
        assert isinstance(view, OmgView)
        return determinize(view, rng)

    def make_bot(self, level: str, seat: int, seed: int, **settings: Any) -> Bot:
        if level in ("easy", "normal"):
            from game.omg.bot import EasyBot, NormalBot

            return EasyBot(seat, seed) if level == "easy" else NormalBot(seat, seed)
        if level == "hard":
            from game.omg.hard import HardBot

            return HardBot(seat, seed, game=self, **settings)
        return super().make_bot(level, seat, seed, **settings)

    def match_stats(self, state: State) -> dict[str, Any]:
        assert isinstance(state, OmgState)
        outcome = state.outcome()
        first = state.first_player
        first_won = outcome is not None and outcome.winners == (first,)
        return {
            "life_left": [len(s.life) for s in state.sides],
            "lives_taken": [state.stats[s]["lives_taken"] for s in (0, 1)],
            "kills": [state.stats[s]["kills"] for s in (0, 1)],
            "first_player_won": 1 if first_won else 0,
            "draw": 1 if outcome is not None and not outcome.winners else 0,
            "turns": state.turn_number,
        }

    stat_labels = {
        "life_left": "Life cards left",
        "lives_taken": "Enemy Life cards destroyed",
        "kills": "Enemy Beings destroyed",
        "went_first": "Went first",
        "won_first": "Won as first player",
        "turns": "Turns",
    }

    def seat_stats(self, state: State) -> dict[str, list[float]]:
        """Each seat's own (``match_stats``' first_player_won is the match's); a draw is the
        statistics' Drew column."""
        assert isinstance(state, OmgState)
        first, winner = state.first_player, state.winner
        return {
            "life_left": [float(len(s.life)) for s in state.sides],
            "lives_taken": [float(state.stats[s]["lives_taken"]) for s in (0, 1)],
            "kills": [float(state.stats[s]["kills"]) for s in (0, 1)],
            "went_first": [float(s == first) for s in (0, 1)],
            "won_first": [float(s == first == winner) for s in (0, 1)],
            "turns": [float(state.turn_number)] * 2,
        }

    def record(self, state: State, seed: int, bots: Sequence[str]) -> dict[str, Any]:
        assert isinstance(state, OmgState)
        outcome = state.outcome()
        return {
            "game": "omg",
            "seed": seed,
            "options": dict(state.options),
            "bots": list(bots),
            "decks": [list(d) for d in state.decks],
            "first_player": state.first_player,
            "winner": state.winner,
            "reason": state.end_reason,
            "turns": state.turn_number,
            "life": list(outcome.scores) if outcome else [len(s.life) for s in state.sides],
            "stats": [dict(s) for s in state.stats],
            "opening": state.opening,
            "actions": [{"turn": turn, **action.to_json()} for turn, action in state.history],
            "final": state.snapshot()["sides"],
        }


GAME = OmgGame()
