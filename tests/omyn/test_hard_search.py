"""OMYN's hard bot: worlds sampled from its view, the lean playout, and the searched call and play."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.omyn.actions import CallOmyn, Draw, Drop, Swap, UsePower
from game.omyn.cards import FACES
from game.omyn.hard import HardBot
from game.omyn.rollout import (
    GO,
    Over,
    Reflex,
    World,
    after_draw,
    call,
    code,
    count_chance,
    run,
    score,
)
from game.omyn.worlds import sample_world
from tests.omyn.positions import position

ROWS = [["9", "9", "12", "8", "1"], ["4", "2", "3", "8", "1"]]


def world_cards(world: World) -> Counter[int]:
    return Counter(c for row in world.rows for c in row) + Counter(world.draw + world.pile)


def test_a_sampled_world_holds_the_whole_deck_and_everything_the_seat_knows() -> None:
    state = position(ROWS, draw=["5", "GO"], pile=["7", "11"], known={0: [0, 2], 1: [1]})
    view = state.view(0)
    for seed in range(20):
        world = sample_world(view, random.Random(seed), {"row:1:3": 2}, 5.5)
        assert world_cards(world) == Counter(code(f) for f in FACES)
        assert world.rows[0][0] == 9 and world.rows[0][2] == 12
        assert world.pile == [7, 11]
        assert world.known == [[True, False, True, False, False], [False, True] + [False] * 3]
        assert world.rows[1][3] <= 2 or world.rows[1][3] >= GO  # the cap (an Omen counts 11)


def test_a_playout_keeps_every_card_and_ends_with_a_share() -> None:
    state = position(ROWS, known={0: [0, 1], 1: [0, 1]})
    view = state.view(0)
    shares = []
    for seed in range(300):
        rng = random.Random(seed)
        world = sample_world(view, rng, {}, 5.5)
        before = world_cards(world)
        copy = world.copy()
        shares.append(run(copy, rng, 0, max_turns=3))
        if copy.pile or copy.draw:  # the game may have ended mid-turn; cards are never lost
            assert world_cards(copy) == before
        assert world_cards(world) == before  # the copy shares no list with the original
    assert all(0.0 <= s <= 1.0 for s in shares)
    assert 0.1 < sum(after_draw(sample_world(view, random.Random(s), {}, 5.5), random.Random(s), 0)
                     for s in range(200)) / 200 < 0.9  # fmt: skip


def test_the_count_gives_a_tied_caller_the_loss() -> None:
    reflex = Reflex(700, 1200)
    world = World([[1, 2], [3]], [[True, True], [True]], [], [4], [0, 0], [False, False], 0, 0,
                  5.0, [reflex, reflex], [0.0, 0.0])  # fmt: skip
    assert score(world, 0, 0) == 0.0 and score(world, 1, 0) == 1.0
    assert score(world, None, 0) == 0.5


def test_hard_calls_with_a_low_row_it_knows_and_keeps_drawing_with_a_high_one() -> None:
    low = position([["1", "1", "2", "0", "2"], ROWS[1]], known={0: [0, 1, 2, 3, 4]})
    bot = HardBot(0, 3, iterations=60, budget_ms=1000, mode="playout")
    decision = bot.decide(low.view(0), low.legal_actions(0))
    assert decision is not None and decision.action == CallOmyn(0)
    high = position([["9", "10", "12", "8", "11"], ROWS[1]], known={0: [0, 1, 2, 3, 4]})
    decision = HardBot(0, 3, mode="playout").decide(high.view(0), high.legal_actions(0))
    assert decision is not None and decision.action == Draw(0)


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_searches_its_play_and_swaps_a_low_card_for_a_high_one(seed: int) -> None:
    state = position(ROWS, draw=["1"], known={0: [0, 1, 2, 3]})
    state.apply(Draw(0), 0)
    bot = HardBot(0, seed, iterations=200, budget_ms=100_000, mode="playout")
    decision = bot.decide(state.view(0), state.legal_actions(0))
    assert bot.last_iterations == 200  # fewer, and the 7 plays' means are within noise
    assert decision is not None and decision.action in state.legal_actions(0)
    assert decision.action not in (Drop(0), Swap(0, 4))
    again = HardBot(0, seed, iterations=200, budget_ms=100_000, mode="playout").decide(
        state.view(0), state.legal_actions(0)
    )
    assert again == decision  # seeded


def test_hard_searches_a_switch_and_gives_its_high_card_away() -> None:
    state = position(ROWS, draw=["10"], known={0: [0, 1, 2, 3, 4], 1: [0, 1, 2, 3, 4]})
    state.apply(Draw(0), 0)
    state.apply(Drop(0), 10)
    bot = HardBot(0, 4, iterations=60, budget_ms=10_000, mode="playout")
    decision = bot.decide(state.view(0), state.legal_actions(0))
    assert bot.last_iterations == 60
    assert decision is not None and isinstance(decision.action, UsePower)
    assert decision.action.slot == 2  # the 12


def test_hard_reads_a_swap_the_opponent_knew_kept_cards_are_no_higher() -> None:
    state = position(ROWS[::-1], draw=["2"], known={0: [0, 1, 3]})
    bot = HardBot(1, 5, mode="playout")
    bot.decide(state.view(1), state.legal_actions(1))  # seat 1 looks at the table
    events = state.apply(Draw(0), 0) + state.apply(Swap(0, 3), 10)  # the 8 goes out
    bot.observe(events)
    assert bot.caps == {"row:0:3": 7, "row:0:0": 8, "row:0:1": 8}


def test_hard_reads_a_drop_the_opponent_kept_cards_no_higher_than_the_card_it_dropped() -> None:
    state = position(ROWS[::-1], draw=["3"], known={0: [0, 3]})
    bot = HardBot(1, 5)
    bot.decide(state.view(1), state.legal_actions(1))
    bot.observe(state.apply(Draw(0), 0) + state.apply(Drop(0), 10))
    assert bot.caps == {"row:0:0": 3, "row:0:3": 3}


def test_a_seat_voids_a_call_in_a_playout_only_when_it_expects_to_lose_the_count() -> None:
    reflex = Reflex(700, 1200)

    def world(opponent: list[int], wish: bool) -> World:
        return World([[1, 2, 3], opponent], [[True] * 3, [True] * len(opponent)], [5] * 20, [4],
                     [0, 0], [False, False], 0, 0, 6.0, [reflex, reflex], [0.0, 0.0],
                     void_wish=wish)  # fmt: skip

    ahead = world([0, 1], wish=True)  # 1 against its guess of 3 × ~6: it lets the call stand
    with pytest.raises(Over) as over:
        call(ahead, 0, 0)
    assert over.value.share == 0.0  # the caller (1 + 2 + 3) loses to 0 + 1
    behind = world([0, 12, 11], wish=True)
    call(behind, 0, 0)
    assert behind.called and behind.rows[1] == [12, 11]  # Voided with its 0
    always = world([0, 1], wish=False)
    call(always, 0, 0)
    assert always.called and always.rows[1] == [1]


def test_the_own_call_chance_grows_as_the_row_gets_lower() -> None:
    reflex = Reflex(700, 1200)

    def chance(mine: list[int]) -> float:
        world = World([mine, [3, 4, 5, 6]], [[True] * len(mine), [True, True, False, False]],
                      [5] * 20, [4], [0, 0], [False, False], 0, 0, 6.0, [reflex, reflex],
                      [0.0, 0.0], chance_seat=0, call_chance=0.6)  # fmt: skip
        return count_chance(world, 0)

    assert chance([1, 1]) > chance([1, 5, 5]) > chance([9, 9, 9]) and 0.5 < chance([1, 1]) < 1.0
