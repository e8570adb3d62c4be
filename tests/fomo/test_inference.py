"""The hard bot's inference and horizon value: samples that read unseen placements as one number,
without breaking what any seat knows, and a distance that counts turns to a callable FOMO!."""

from __future__ import annotations

import random
from collections import Counter

from game.core.events import CardMoved, WindowClosed
from game.core.match import Match, Seat
from game.fomo import GAME
from game.fomo.cards import CANCELED, DECK, PLOT_TWIST
from game.fomo.events import ActionBlocked, ActionPlayed
from game.fomo.hard import HardBot, distance
from game.fomo.inference import (
    DISCARDED_WEIGHT,
    Memory,
    infer_knowledge,
    infer_placements,
    limit_canceled,
)
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


def test_memory_reads_discards_and_a_let_through_plot_twist() -> None:
    state = position(
        hands=[["2", "3", "plot_twist", "seen"], ["1", "canceled", "ghosted", "4"]],
        sets=[["0", "1", "2", "3"], ["5", "5", "5", "8"]],
        discard=["4"],
    )
    state.know.of(1).slots[1] = ["5", "5", "?", "?"]  # it placed two: it would guard its set
    memory = Memory(2)
    memory.view = state.view(0)
    memory.observe([CardMoved("6", "hand:1", "discard", None, face_up=True)])
    assert memory.number_weight(1, "6") == DISCARDED_WEIGHT
    assert memory.number_weight(1, "5") == 1.0
    memory.observe([ActionPlayed(0, PLOT_TWIST, (0, 1)), ActionBlocked(1, 0, PLOT_TWIST)])
    memory.observe([WindowClosed("cancel", 0)])
    assert memory.drawn_since_pass == [None, None]  # it blocked: no evidence
    memory.observe([ActionPlayed(0, PLOT_TWIST, (0, 1)), WindowClosed("cancel", 0)])
    assert memory.drawn_since_pass == [None, 0]  # it let it through: it held no Canceled
    rng = random.Random(2)
    for _ in range(30):
        world = GAME.determinize(state.view(0), rng)
        limit_canceled(state.view(0), world, memory, rng)
        assert CANCELED not in world.hands[1]
        assert world.census() == Counter(DECK)
    memory.observe([CardMoved(None, "draw", "hand:1", frozenset({1}))])
    assert memory.drawn_since_pass == [None, 1]  # the card it drew may be one


def test_memory_is_fed_by_the_match() -> None:
    seats = [Seat("bot", "0", "hard", {"iterations": 2, "memory": 1}), Seat("bot", "1", "normal")]
    match = Match(GAME, seats, 4)
    match.run_to_end()
    bot = match.runner.bots[0]  # type: ignore[attr-defined]
    assert bot.memory is not None and any(bot.memory.discarded[1])
