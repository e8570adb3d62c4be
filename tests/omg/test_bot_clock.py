"""Issue 30: the bots know the turn limit. A bot the limit would beat attacks as the clock runs
down (matches stalled at full boards until the limit), and the hard bot's horizon counts the
Beings its hand and Gems can put in an empty location."""

from __future__ import annotations

import pytest

from game.omg import policy
from game.omg.actions import Attack
from game.omg.state import OmgState
from tests.omg.positions import position, stack
from tests.omg.test_bots import ask  # the bot's answer through its view


def behind_near_the_limit(turn_number: int) -> OmgState:
    """Seat 0 has 1 Life to seat 1's 2 and one Being facing a blocker that ties it: waiting
    loses at the limit (60 turns) for certain; an attack costs nothing it would keep (a tie
    destroys nothing) and wins a Life unless seat 1 blocks."""
    return position(
        boards=({1: stack("Zeus:1")}, {1: stack("Ymir:1")}),  # attack 3 + 1 against 4
        life=(1, 2),
        gems=(0, 0),
        turn_number=turn_number,
    )


def test_the_limit_would_give_the_match_by_life_then_by_power() -> None:
    state = behind_near_the_limit(57)
    assert policy.turns_left(state) == 3
    assert policy.limit_standing(state, 0) == -1 and policy.limit_standing(state, 1) == 1
    state.sides[0].life.append(state.sides[0].deck.pop())  # 2 Lives each: Ymir 4 beats Zeus 3
    assert policy.limit_standing(state, 0) == -1 and policy.limit_standing(state, 1) == 1
    state.options["turn_limit"] = 0
    assert policy.turns_left(state) is None and not policy.desperate(state, 0)


def test_normal_attacks_a_blocker_it_cannot_pass_when_waiting_loses_at_the_limit() -> None:
    assert ask(behind_near_the_limit(57), 0, "normal") == Attack(0, 1, None)


def test_hard_attacks_when_waiting_loses_at_the_limit() -> None:
    assert ask(behind_near_the_limit(57), 0, "hard", iterations=2) == Attack(0, 1, None)


def test_with_time_left_normal_still_keeps_out_of_a_block_that_stops_it() -> None:
    assert not isinstance(ask(behind_near_the_limit(20), 0, "normal"), Attack)


def test_the_leader_at_the_limit_is_not_desperate() -> None:
    state = behind_near_the_limit(57)
    assert policy.desperate(state, 0) and not policy.desperate(state, 1)


def test_the_horizon_counts_what_the_side_to_move_can_put_in_its_empty_locations() -> None:
    # Seat 0 is to act with two empty locations and 8 Gems: Geb 3 (6 Gems, power 6), then the
    # best Being the 2 Gems left still pay for, Geb 1 (power 3); Zeus 3 no longer fits.
    state = position(
        hands=(["Zeus:3", "Geb:3", "Geb:1", "Surtr:1"], ["Ymir:3"]),
        boards=({0: stack("Ra:1")}, {}),
        gems=(8, 8),
    )
    each = policy.PRESENCE - policy.HAND_CARD  # a card leaves the hand for a location
    assert policy.refill_value(state, 0) == (6 + each) + (3 + each)
    assert policy.refill_value(state, 1) == 6 + each  # its turn would fill one of three
    full = policy.evaluate(state, 0)
    state.turn_seat = 1  # seat 1 to act: seat 0's empty locations wait a turn
    assert policy.evaluate(state, 0) == pytest.approx(full - (6 + each) - (3 + each) - (6 + each))
