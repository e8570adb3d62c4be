"""The hard bot's inference and horizon value: samples that read unseen placements as one number,
without breaking what any seat knows, and a distance that counts turns to a callable FOMO!."""

from __future__ import annotations

import random
from collections import Counter

from game.fomo import GAME
from game.fomo.cards import DECK
from game.fomo.hard import HardBot, distance
from game.fomo.inference import infer_knowledge, infer_placements
from tests.fomo.helpers import position


def _three_placements_state() -> object:
    state = position(
        hands=[["2", "3", "7", "seen"], ["1", "2", "ghosted", "4"]],
        sets=[["0", "1", "2", "3"], ["5", "5", "5", "8"]],
        discard=["4"],
    )
    state.know.of(0).slots[0] = ["0", "?", "?", "?"]
    state.know.of(0).slots[1] = ["#", "#", "#", "?"]
    state.know.of(1).slots[1] = ["5", "5", "5", "?"]
    return state


def test_unseen_placements_are_sampled_as_one_number_far_more_often() -> None:
    state = _three_placements_state()
    view = state.view(0)  # type: ignore[attr-defined]
    rng = random.Random(3)
    plain = inferred = 0
    for _ in range(300):
        world = GAME.determinize(view, rng)
        plain += len(set(world.sets[1][:3])) == 1
        infer_placements(view, world, rng)
        inferred += len(set(world.sets[1][:3])) == 1
        assert world.census() == Counter(DECK)
        assert world.hands[0] == state.hands[0] and world.sets[0][0] == "0"  # type: ignore[attr-defined]
        assert world.discard[-1] == "4"
        assert world.know.of(1).slots[1][:3] == world.sets[1][:3]  # it knows what it placed
    assert plain < 30 and inferred > 200


def test_distance_counts_placements_copies_and_a_seen() -> None:
    state = position(
        hands=[["6", "6", "seen", "1"], ["1", "2", "3", "4"]],
        sets=[["6", "6", "1", "0"], ["0", "1", "2", "3"]],
        discard=["4"],
    )
    assert distance(state, 0) == 2 + 1.0  # two placements from hand, a Seen in hand to learn
    state.know.of(0).slots[0] = ["6", "6", "1", "0"]
    assert distance(state, 0) == 2  # nothing left to learn
    state.hands[0] = ["6", "2", "3", "1"]
    assert distance(state, 0) == 2 + 1.5  # one copy still to find
    bot = HardBot(0, 1, GAME)
    assert bot.score(state, 0) > 0.5 > bot.score(state, 1)


def test_a_rival_in_a_sample_knows_the_slots_it_looked_at() -> None:
    state = position(
        hands=[["2", "3", "7", "seen"], ["1", "2", "ghosted", "4"]],
        sets=[["0", "1", "2", "3"], ["5", "5", "5", "5"]],
        discard=["4"],
    )
    state.know.of(0).slots[0] = ["0", "?", "?", "?"]
    state.know.of(1).slots[1] = ["5", "5", "5", "5"]  # it looked at its own set: FOMO! is near
    state.know.of(1).slots[0] = ["0", "1", "?", "?"]  # and at two of seat 0's slots
    view = state.view(0)
    assert view.known[1] == ((True, True, False, False), (True, True, True, True))
    rng = random.Random(5)
    for _ in range(50):
        world = GAME.determinize(view, rng)
        infer_placements(view, world, rng)
        infer_knowledge(view, world)
        rival = world.know.of(1).slots
        assert rival[1] == world.sets[1]
        assert rival[0] == ["0", world.sets[0][1], "?", "?"]
        assert world.view(0) == view
