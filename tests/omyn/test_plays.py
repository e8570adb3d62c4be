"""Scenario tests: the turn, Pair Up, chains, penalties and the off-turn win (RULINGS: OMYN)."""

from __future__ import annotations

from typing import cast

from game.omyn.actions import (
    CallOmyn,
    Claim,
    Draw,
    Drop,
    PairDrawn,
    PairSlots,
    PickSlot,
    Swap,
    UsePower,
)
from game.omyn.events import ClaimTooLate, GameWon, Penalty
from game.omyn.view import OmynView
from tests.omyn.positions import claim, faces, kinds, position


def test_pair_up_the_drawn_card_with_a_slot_closes_that_slot() -> None:
    state = position([["4", "9", "2", "7", "3"], ["5", "5", "6", "8", "1"]], draw=["4"])
    state.apply(Draw(0), 0)
    events = state.apply(PairDrawn(0, 0), 10)
    assert faces(state, 0) == ["9", "2", "7", "3"]
    assert [state.face(c) for c in state.pile] == ["4", "4"]
    assert (
        "SlotClosed" in kinds(events) and state.window is not None and state.window.kind == "chain"
    )


def test_pair_up_two_slots_puts_the_drawn_card_in_the_kept_slot_and_gives_one_power() -> None:
    state = position([["6", "9", "6", "2", "3"], ["5", "5", "7", "8", "1"]], draw=["1"])
    state.apply(Draw(0), 0)
    state.apply(PairSlots(0, 0, 2, 2), 10)
    assert faces(state, 0) == ["9", "1", "2", "3"]
    assert state.view(0).rows[0][1].face == "1"  # the player placed it, so knows it
    assert state.view(1).rows[0][1].face is None
    assert state.step == "power" and state.power == "hex"
    state.apply(UsePower(0, target=1), 20)
    state.advance(20 + 3000)  # the Void window closes
    assert state.hexed[1] and state.window is not None and state.window.kind == "chain"


def test_pair_up_of_the_last_card_wins_at_once() -> None:
    state = position([["4"], ["5", "5", "6", "8", "1"]], draw=["4"])
    state.apply(Draw(0), 0)
    events = state.apply(PairDrawn(0, 0), 10)
    won = [e for e in events if isinstance(e, GameWon)]
    assert won and won[0].seat == 0 and won[0].reason == "empty_row"
    assert state.outcome() is not None and state.outcome().winners == (0,)  # type: ignore[union-attr]


def test_a_wrong_pair_shows_both_cards_takes_a_penalty_and_drops_the_drawn_card_without_power() -> (
    None
):
    state = position([["5", "9", "2", "7", "3"], ["5", "4", "6", "8", "1"]], draw=["12", "11"])
    state.apply(Draw(0), 0)
    events = state.apply(PairDrawn(0, 0), 10)
    assert faces(state, 0) == ["5", "9", "2", "7", "3", "11"]  # the penalty card at the right end
    assert state.known[state.rows[0][0]].keys() == {0, 1}  # everyone saw the 5
    assert state.known[state.rows[0][5]] == {}  # the penalty card is unseen
    assert [state.face(c) for c in state.pile] == ["12"]
    assert state.step == "window" and state.window is not None and state.window.kind == "chain"
    assert any(isinstance(e, Penalty) and e.reason == "wrong_pair" for e in events)


def test_the_chain_race_first_claim_wins_slowpokes_keep_their_cards_unseen() -> None:
    rows = [["9", "9", "9", "9", "1"], ["4", "2", "3", "8", "1"], ["3", "2", "7", "8", "1"]]
    state = position(rows, draw=["3"])
    state.apply(Draw(0), 0)
    state.apply(Drop(0), 100)  # a 3 on the pile: the chain window opens for everyone
    assert state.to_act() == {0, 1, 2}
    state.apply(claim(state, 2, None), 600)  # the claim key first ...
    late = state.apply(claim(state, 1, 2), 700)  # ... seat 1 is slower: takes its card back unseen
    assert late == (ClaimTooLate("chain", 1),)
    assert state.known[state.rows[1][2]] == {} and faces(state, 1) == ["4", "2", "3", "8", "1"]
    state.apply(PickSlot(2, 0), 900)  # ... then the slot
    assert faces(state, 2) == ["2", "7", "8", "1"]
    assert [state.face(c) for c in state.pile] == ["3", "3"]
    # One chain per window, and a chained card opens no window: the next turn has begun.
    assert state.window is None and state.turn_seat == 1 and state.step == "start"
    assert state.check(Claim(1, 2, 1)) is not None


def test_a_wrong_chain_claim_is_an_incorrect_card_penalty() -> None:
    state = position([["9", "9", "9", "9", "1"], ["5", "2", "3", "8", "1"]], draw=["3", "10"])
    state.apply(Draw(0), 0)
    state.apply(Drop(0), 100)
    events = state.apply(claim(state, 1, 0), 800)
    assert faces(state, 1) == ["5", "2", "3", "8", "1", "10"]
    assert state.view(0).rows[1][0].face == "5"  # everyone saw the wrong card go back
    assert state.view(0).rows[1][5].face is None and state.view(1).rows[1][5].face is None
    assert any(isinstance(e, Penalty) and e.reason == "wrong_chain" for e in events)
    assert state.turn_seat == 1 and state.window is None


def test_a_claim_whose_slot_is_never_named_costs_a_penalty() -> None:
    state = position([["9", "9", "9", "9", "1"], ["5", "2", "3", "8", "1"]], draw=["3"])
    state.apply(Draw(0), 0)
    state.apply(Drop(0), 100)
    state.apply(claim(state, 1, None), 800)
    state.advance(800 + 2999)
    assert len(state.rows[1]) == 5
    state.advance(800 + 3000)
    assert len(state.rows[1]) == 6 and state.turn_seat == 1


def test_a_chain_off_turn_that_empties_a_row_wins_at_once() -> None:
    state = position([["9", "9", "9", "9", "1"], ["3"]], draw=["3"])
    state.apply(Draw(0), 0)
    state.apply(Drop(0), 100)
    events = state.apply(claim(state, 1, 0), 700)
    won = [e for e in events if isinstance(e, GameWon)]
    assert won[0].seat == 1 and won[0].reason == "empty_row"
    assert state.outcome() is not None and state.outcome().winners == (1,)  # type: ignore[union-attr]


def test_swap_shows_the_old_card_to_all_and_the_new_one_to_the_player_only() -> None:
    state = position([["9", "8", "7", "6", "5"], ["1", "2", "3", "4", "5"]], draw=["2"])
    state.apply(Draw(0), 0)
    state.apply(Swap(0, 0), 10)
    assert [state.face(c) for c in state.pile] == ["9"]
    assert state.view(0).rows[0][0].face == "2" and state.view(1).rows[0][0].face is None
    assert state.step == "power" and state.power == "foresee"  # powers_on_swap_out is on


def test_without_powers_on_swap_out_only_a_dropped_power_acts() -> None:
    state = position(
        [["12", "8", "7", "6", "5"], ["1", "2", "3", "4", "5"]],
        draw=["2"],
        powers_on_swap_out=False,
    )
    state.apply(Draw(0), 0)
    state.apply(Swap(0, 0), 10)
    assert state.power is None and state.window is not None and state.window.kind == "chain"


def test_omyn_may_be_called_only_first_thing_in_the_turn() -> None:
    state = position([["1", "1", "1", "1", "2"], ["5", "5", "5", "5", "4"]], draw=["3"])
    state.apply(Draw(0), 0)
    assert state.check(CallOmyn(0)) is not None


def test_a_person_claims_with_the_key_then_the_slot_through_the_match() -> None:
    from game.core.match import Match, Seat
    from game.omyn import GAME
    from game.omyn.events import Claimed, ClaimResolved, SlotPicked

    match = Match(GAME, [Seat("human", "Ann"), Seat("human", "Bo")], seed=3)
    match.state = position([["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]], draw=["3"])
    match.subscribe(0)
    match.submit(Draw(0))
    match.submit(Drop(0))
    match.update(800)
    number = cast(OmynView, match.view(1)).window.number  # type: ignore[union-attr]
    match.submit(Claim(1, None, number))  # the claim key ...
    match.update(400)
    match.submit(PickSlot(1, 2))  # ... and the slot, within claim_pick_ms
    seen = match.drain(0)
    assert Claimed("chain", 1, None, 800) in seen and SlotPicked("chain", 1, 2) in seen
    assert ClaimResolved("chain", 1, "3", True) in seen
    assert faces(match.state, 1) == ["4", "2", "8", "1"]
