"""Om Nom Nom bots: the fast model agrees with the rules, bots play legally and sensibly."""

from __future__ import annotations

import random
from typing import cast

import pytest

from game.core.match import Match, Seat
from game.core.runner import SyncBotRunner
from game.omnomnom import GAME, Pick
from game.omnomnom.cards import ANIMALS, FACES
from game.omnomnom.hard import HardBot
from game.omnomnom.model import Position, fast_gains
from game.omnomnom.resolve import resolve_turn
from game.omnomnom.state import OmNomNomState
from tests.omnomnom.positions import reveal, table

FAST = {"budget_ms": 5, "iterations": 4}


def test_the_fast_model_resolves_every_reveal_like_the_rules() -> None:
    rng = random.Random(0)
    for _ in range(3000):
        seats = rng.randint(2, 6)
        picks = [rng.randrange(6) for _ in range(seats)]
        spaces = [rng.randint(0, 4) for _ in range(6)]
        result = resolve_turn([ANIMALS[a] for a in picks], dict(zip(FACES, spaces, strict=True)))
        gains, left = fast_gains(picks, spaces)
        assert tuple(gains) == result.gains
        assert left == [result.spaces[f] for f in FACES]


# The hard bot's model of the others is costly on big tables: it plays a 3-seat table here.
TABLES = [
    (level, players, solo)
    for level in ("easy", "normal", "hard")
    for players, solo in ((2, 0), (3 if level == "hard" else 5, 0), (4, 3))
]


@pytest.mark.parametrize(("level", "players", "solo"), TABLES)
def test_every_level_plays_whole_matches_legally(level: str, players: int, solo: int) -> None:
    seats = [Seat("bot", f"{level} {i}", level, FAST) for i in range(players)]
    match = Match(GAME, seats, 21, {"solo": solo}, runner=SyncBotRunner())
    match.run_to_end()  # raises BotError on an illegal choice
    assert match.is_over() and len(cast(OmNomNomState, match.state).round_scores) == 3


def choices(level: str, state, seat: int, tries: int) -> dict[str, int]:  # type: ignore[no-untyped-def]
    counts: dict[str, int] = {}
    for seed in range(tries):
        bot = GAME.make_bot(level, seat, seed, **FAST)
        decision = bot.decide(state.view(seat), state.legal_actions(seat))
        assert decision is not None and isinstance(decision.action, Pick)
        counts[decision.action.animal] = counts.get(decision.action.animal, 0) + 1
    return counts


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_rabbit_races_for_the_carrots_once_both_wolves_are_gone(level: str) -> None:
    state = table(2, parking="rabbit", carrot=6, mouse=0, frog=0, cheese=0, fly=0)
    reveal(state, "wolf", "cat")
    reveal(state, "cat", "wolf")
    # Both rabbits are safe now: whoever plays one first takes the 6 carrots, together they share.
    counts = choices(level, state, 0, 20)
    assert counts.get("rabbit", 0) >= 12, counts


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_keeps_its_mouse_away_from_a_likely_cat(level: str) -> None:
    # The other colour has only its cat and its frog left: a mouse now is eaten half the time
    # for nothing (no cheese), while the cat is safe and may eat a mouse die.
    state = table(2, parking="rabbit", mouse=3, cheese=0, fly=0, carrot=0, frog=0)
    for mine, theirs in (("wolf", "wolf"), ("rabbit", "rabbit"), ("hedgehog", "hedgehog")):
        reveal(state, mine, theirs)
    reveal(state, "frog", "mouse")
    counts = choices(level, state, 0, 20)
    assert counts.get("mouse", 0) <= 6, counts


def test_normal_outscores_random_in_most_two_player_matches() -> None:
    wins = 0
    for seed in range(30):
        order = ["normal", "random"] if seed % 2 == 0 else ["random", "normal"]
        seats = [Seat("bot", level, level) for level in order]
        match = Match(GAME, seats, seed, runner=SyncBotRunner())
        match.run_to_end()
        outcome = match.state.outcome()
        assert outcome is not None
        wins += outcome.winners == (order.index("normal"),)
    assert wins >= 21  # measured 91% over 300 matches (bench/RESULTS.md)


def test_a_bot_decides_from_its_view_alone() -> None:
    state = GAME.new_state(3, 4)
    state.apply(Pick(1, "wolf"))
    view = state.view(0)
    position = Position.from_view(view)
    assert position.hands[1] == list(range(6)), "the face-down wolf is still unknown"


@pytest.mark.parametrize(("level", "kind"), [("random", "random"), ("normal", "reasoning")])
def test_hard_learns_what_kind_of_player_it_faces(level: str, kind: str) -> None:
    state = GAME.new_state(2, 12)
    hard = GAME.make_bot("hard", 0, 1, **FAST)
    assert isinstance(hard, HardBot)
    other = GAME.make_bot(level, 1, 2)
    for _ in range(12):  # two rounds
        for seat, bot in ((0, hard), (1, other)):
            decision = bot.decide(state.view(seat), state.legal_actions(seat))
            assert decision is not None
            state.apply(decision.action)
    hard.weigh_evidence(state.view(0))
    weights = hard.kind_weights(1)
    assert max(weights, key=weights.__getitem__) == kind, weights
