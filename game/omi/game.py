"""Omi: the Game (metadata, options, factories, determinize, records)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.actions import Action
from game.core.bot import Bot
from game.core.deal import deal_constrained
from game.core.game import Game, GameInfo, State
from game.core.options import OptionSpec
from game.core.views import View
from game.omi import narrate as narration
from game.omi.cards import DECK
from game.omi.fast import INFERENCE_TRIES, MAKER_TRUMP_LIKELIHOOD
from game.omi.state import OmiState
from game.omi.view import OmiView

OPTIONS = (
    OptionSpec(
        "tie_carry",
        "stack",
        "After a 4–4 hand: stack = each tie in a row adds +1 for the next decided hand; single = +1 at most.",
        choices=("stack", "single"),
    ),
    OptionSpec(
        "kapothi_challenge",
        False,
        "After 4 tricks at 4–0 the leading team may propose kapothi: +5 if accepted and made.",
    ),
    OptionSpec(
        "max_hands",
        0,
        "Stop after this many hands (0 = play until a team has 10 tokens); for practice and analysis.",
        minimum=0,
        maximum=1000,
        zero="no limit",
    ),
)


class OmiGame(Game):
    info = GameInfo(
        id="omi",
        title="Omi",
        aliases=("omi-sri-lanka",),
        min_players=4,
        max_players=4,
        options=OPTIONS,
        bot_levels=("random", "normal", "hard"),
        blurb="Sri Lankan partnership trick-taking: name trumps from four cards, win tricks, take 10 tokens.",
        turns="counter-clockwise",  # deal and play go to the right
    )

    def narrate(
        self, state: State, action: Action, names: Sequence[str], viewer: int | None = None
    ) -> str:
        return narration.narrate(state, action, names, viewer)

    def new_state(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> OmiState:
        self.check_players(players)
        return OmiState(seed, self.resolve_options(options))

    def determinize(self, view: View, rng: random.Random) -> OmiState:
        """A full state that looks exactly like ``view`` to its seat, weighted by what the trump
        call says: deals where the trump-maker holds few trumps are kept less often (rejection
        sampling, at most ``INFERENCE_TRIES`` deals from ``deal_unseen``)."""
        assert isinstance(view, OmiView)
        state = self.deal_unseen(view, rng)
        maker, trump = view.trump_maker, view.trump
        if view.phase != "play" or trump is None or maker == view.seat:
            return state
        played = sum(
            1
            for trick in view.tricks
            for i, card in enumerate(trick.cards)
            if (trick.leader + i) % 4 == maker and card[1] == trump
        )
        played += sum(1 for seat, card in view.trick if seat == maker and card[1] == trump)
        for _ in range(INFERENCE_TRIES - 1):
            held = played + sum(1 for card in state.hands[maker] if card[1] == trump)
            if rng.random() < MAKER_TRUMP_LIKELIHOOD[held]:
                break
            state = self.deal_unseen(view, rng)
        return state

    def deal_unseen(self, view: View, rng: random.Random) -> OmiState:
        """A full state that looks exactly like ``view`` to its seat; unseen cards dealt uniformly
        at random, never giving a seat a suit it has shown it lacks."""
        assert isinstance(view, OmiView) and view.seat is not None
        me = view.seat
        state = OmiState(rng.getrandbits(64), self._options_of(view))
        seen = set(view.hand)
        seen.update(card for _, card in view.trick)
        for trick in view.tricks:
            seen.update(trick.cards)
        unseen = [c for c in DECK if c not in seen]
        sizes: dict[int | str, int] = {s: view.hand_sizes[s] for s in range(4) if s != me}
        sizes["deck"] = len(unseen) - sum(sizes.values())  # undealt (or, before hand 1, all)
        places = deal_constrained(
            unseen,
            sizes,
            lambda card, place: place == "deck" or card[1] not in view.voids[int(place)],
            rng,
        )
        hands = [list(view.hand) if s == me else places[s] for s in range(4)]
        state.phase = view.phase
        state.hand_number = view.hand_number
        state.dealer = view.dealer
        state.trump = view.trump
        state.hands = hands
        state.deck = places["deck"]
        state.leader = view.leader
        state.turn = next(iter(view.to_act)) if view.to_act else view.leader
        state.trick = list(view.trick)
        state.tricks = list(view.tricks)
        state.tricks_won = list(view.tricks_won)
        state.won_cards = [
            [c for t in view.tricks if t.winner % 2 == team for c in t.cards] for team in (0, 1)
        ]
        state.score = list(view.score)
        state.carry = view.carry
        state.voids = [set(v) for v in view.voids]
        state.kapothi_team = view.kapothi_proposed_by
        state.kapothi_accepted = view.kapothi_accepted
        state.clock_ms = view.now_ms
        state.deal_at_ms = view.now_ms
        played = [
            [c for t in view.tricks for i, c in enumerate(t.cards) if (t.leader + i) % 4 == s]
            + [c for p, c in view.trick if p == s]
            for s in range(4)
        ]
        state.history = [
            {
                "dealer": view.dealer,
                "trump_maker": (view.dealer + 1) % 4,
                "trump": view.trump,
                "deal": [played[s] + hands[s] for s in range(4)],
                "tricks": [
                    {"leader": t.leader, "cards": list(t.cards), "winner": t.winner}
                    for t in view.tricks
                ],
            }
        ]
        if view.kapothi_proposed_by is not None:
            state.history[0]["kapothi"] = {
                "proposed_by": view.kapothi_proposed_by,
                "accepted": bool(view.kapothi_accepted),
            }
        return state

    def _options_of(self, view: OmiView) -> dict[str, Any]:
        return self.resolve_options(dict(view.options))

    def make_bot(self, level: str, seat: int, seed: int, **settings: Any) -> Bot:
        if level == "normal":
            from game.omi.bot import NormalBot

            return NormalBot(seat, seed)
        if level == "hard":
            from game.omi.hard import HardBot

            return HardBot(seat, seed, game=self, **settings)
        return super().make_bot(level, seat, seed, **settings)

    def teams(self, players: int) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def match_stats(self, state: State) -> dict[str, Any]:
        assert isinstance(state, OmiState)
        return {"tokens": list(state.score), "hands": state.hand_number}

    stat_labels = {"tokens": "Team's tokens", "hands": "Hands played"}

    def record(self, state: State, seed: int, bots: Sequence[str]) -> dict[str, Any]:
        assert isinstance(state, OmiState)
        outcome = state.outcome()
        winner = None
        if outcome and outcome.winners:
            winner = outcome.winners[0] % 2
        hands = [
            {key: value for key, value in hand.items() if key != "kapothi" or value}
            for hand in state.history
            if "score" in hand
        ]
        return {
            "game": "omi",
            "seed": seed,
            "options": dict(state.options),
            "bots": list(bots),
            "hands": hands,
            "winner": winner,
        }


GAME = OmiGame()
