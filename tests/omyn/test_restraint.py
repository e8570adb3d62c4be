"""What an opponent's not calling says (game/omyn/restraint.py): the turn it played, rebuilt."""

from __future__ import annotations

import random

from game.core.events import CardMoved, Event, Looked, TurnStarted
from game.omyn.actions import Draw, Drop, Swap
from game.omyn.hard import HardBot
from game.omyn.restraint import Restraint, TurnWatch
from game.omyn.rollout import Reflex, World
from tests.omyn.positions import position

ROWS = [["5", "6", "7", "8", "4"], ["2", "3", "1", "9", "5"]]


def watched_turn(play: Swap | Drop) -> tuple[TurnWatch, list[Restraint]]:
    """Seat 1 (knowing all but its last slot) draws a 1 and plays ``play``; seat 0 watches."""
    state = position(ROWS, draw=["1"], turn=1, known={1: [0, 1, 2, 3]})
    watch = TurnWatch(0)
    before = state.view(0)
    watch.seen()
    events: list[Event] = [TurnStarted(1)]
    events += state.apply(Draw(1), 0)
    events += state.apply(play, 10)
    watch.observe([e for e in (ev.seen_by(0) for ev in events) if e is not None], before)
    return watch, watch.restraints(state.view(0))


def test_a_swap_in_the_opponents_turn_is_undone_with_the_card_everyone_saw_leave() -> None:
    _, found = watched_turn(Swap(1, 3))
    assert found == [Restraint(1, (True, True, True, True, False), 3, 9, 5, found[0].turns_each)]


def test_a_drop_leaves_the_row_as_it_was() -> None:
    _, found = watched_turn(Drop(1))
    assert len(found) == 1 and found[0].took == -1


def test_a_move_in_the_row_after_its_turn_spoils_what_the_turn_said() -> None:
    watch, _ = watched_turn(Swap(1, 3))
    view = position(ROWS, turn=0).view(0)
    watch.observe([TurnStarted(0), CardMoved(None, "draw", "drawn:0")], None)
    assert watch.restraints(view)  # our draw moves no card of theirs
    watch.observe([CardMoved(None, "row:0:1", "row:1:2")], None)  # our Switch
    assert watch.restraints(view) == []


def opponent_world(row: list[int]) -> World:
    reflex = Reflex(700, 1200)
    return World([[5, 6, 7, 8, 4], row], [[False] * 5, [True, True, True, True, False]],
                 [5] * 20, [4], [0, 0], [False, False], 0, 4, 6.0, [reflex, reflex],
                 [0.0, 0.0])  # fmt: skip


def test_a_world_where_the_normal_rule_would_have_called_is_ruled_out() -> None:
    # At its turn's start it knew 2, 3, 1 and the 9 it swapped out since, one card unseen:
    # 15 + 6 (the unseen mean) + a margin of 5.8 (one unseen, 2 turns each) < 27 (our five
    # cards at its guess of 5.4 each), so the normal bot would have called.
    restraint = Restraint(1, (True, True, True, True, False), 3, 9, 5, 2.0)
    assert restraint.violated(opponent_world([2, 3, 1, 1, 7]))
    # A row of 9s: it had no reason to call, as it did not.
    assert not restraint.violated(opponent_world([9, 9, 9, 1, 7]))


def test_a_glance_after_our_last_view_counts_as_known_at_the_turns_start() -> None:
    state = position(ROWS, turn=1)
    watch = TurnWatch(0)
    watch.seen()
    watch.observe([Looked("row:1:2", frozenset({1})), TurnStarted(1)], state.view(0))
    (found,) = watch.restraints(state.view(0))
    assert found.known == (False, False, True, False, False)


def test_the_hard_bots_worlds_agree_with_the_opponent_having_let_a_call_pass() -> None:
    # Seat 1 knew four high cards and one unseen at its turn's start (no call against our five
    # cards), then swapped a drawn 1 for its 10. Worlds that give it a row it would have called
    # with contradict that.
    rows = [["5", "6", "7", "8", "4"], ["9", "8", "7", "10", "5"]]

    def violations(restraint: int) -> int:
        state = position(rows, draw=["1"], turn=1, known={1: [0, 1, 2, 3]})
        bot = HardBot(0, seed=3, restraint=restraint)
        bot.decide(state.view(0), ())  # seen the table before seat 1's turn
        events = [TurnStarted(1), *state.apply(Draw(1), 0), *state.apply(Swap(1, 3), 10)]
        bot.observe([e for e in (ev.seen_by(0) for ev in events) if e is not None])
        (rule,) = bot.watch.restraints(state.view(0))
        sample = bot.worlds(state.view(0), 6.0)
        rng = random.Random(5)
        return sum(rule.violated(sample(rng)) for _ in range(200))

    assert violations(0) >= 10  # without the rule: its known cards drawn low enough to call
    assert violations(1) == 0
