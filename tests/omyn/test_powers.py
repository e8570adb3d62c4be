"""Scenario tests: powers, Voids, Hex, Skips, Switch, Foresee and the Omens (RULINGS: OMYN)."""

from __future__ import annotations

from game.omyn.actions import Arrange, CallOmyn, Claim, DeclinePower, Draw, Drop, Swap, UsePower
from game.omyn.events import GameWon, PowerResolved, TurnSkipped
from tests.omyn.positions import claim, faces, position

VOID_MS = 3000
CHAIN_MS = 2500


def drop_power(state, seat: int, at: int, **target: int):  # type: ignore[no-untyped-def]
    state.apply(Draw(seat), at)
    state.apply(Drop(seat), at + 10)
    return state.apply(UsePower(seat, **target), at + 20)


def test_void_on_a_power_cancels_it_and_the_power_card_stays_on_the_pile() -> None:
    state = position([["9", "9", "9", "9", "1"], ["4", "0", "3", "8", "1"]], draw=["12", "5"])
    drop_power(state, 0, 0, target=1)  # 12 - Draw aimed at seat 1
    state.apply(claim(state, 1, 1), 500)
    assert faces(state, 1) == ["4", "3", "8", "1"]  # the 0 left the row ...
    assert [state.face(c) for c in state.pile] == ["12", "0"]
    events = state.advance(500 + VOID_MS)  # ... nobody Voids the Void
    assert PowerResolved(0, "draw", 1, True) in events
    assert faces(state, 1) == ["4", "3", "8", "1"]  # no card drawn
    assert state.window is None and state.turn_seat == 1  # the Void's 0 opens no chain window


def test_void_on_a_void_lets_the_power_through() -> None:
    state = position([["0", "9", "9", "9", "1"], ["4", "0", "3", "8", "1"]], draw=["12", "5"])
    drop_power(state, 0, 0, target=1)
    state.apply(claim(state, 1, 1), 500)
    assert state.window is not None and state.window.kind == "void"  # a fresh window
    state.apply(claim(state, 0, 0), 900)
    events = state.advance(900 + VOID_MS)
    assert PowerResolved(0, "draw", 2, False) in events
    assert faces(state, 1) == ["4", "3", "8", "1", "5"]  # the Draw happened, face down
    assert state.known[state.rows[1][4]] == {}


def test_void_on_an_omyn_call_lets_the_caller_carry_on_without_calling_again() -> None:
    state = position([["1", "2", "1", "2", "1"], ["0", "9", "9", "9", "9"]], draw=["5"])
    state.apply(CallOmyn(0), 0)
    state.apply(claim(state, 1, 0), 600)
    state.advance(600 + VOID_MS)
    assert not state.is_over() and state.turn_seat == 0 and state.step == "start"
    assert state.legal_actions(0) == (Draw(0),)


def test_void_on_a_void_of_an_omyn_call_ends_the_game() -> None:
    state = position([["1", "2", "1", "2", "0"], ["0", "9", "9", "9", "9"]], draw=["5"])
    state.apply(CallOmyn(0), 0)
    state.apply(claim(state, 1, 0), 600)
    events = state.apply(claim(state, 0, 4), 900)
    events += state.advance(900 + VOID_MS)
    won = [e for e in events if isinstance(e, GameWon)]
    assert won and won[0].seat == 0 and won[0].caller == 0 and won[0].totals == (6, 36)


def test_a_wrong_void_is_an_incorrect_card_and_the_effect_stands() -> None:
    state = position([["9", "9", "9", "9", "1"], ["4", "7", "3", "8", "1"]], draw=["11", "5"])
    drop_power(state, 0, 0, target=1)
    state.apply(claim(state, 1, 1), 500)
    assert faces(state, 1) == ["4", "7", "3", "8", "1", "5"]
    assert state.skips[1] == 1  # the window was spent: Skip went through


def test_hex_stops_powers_on_the_next_turn_only() -> None:
    rows = [["9", "9", "9", "9", "1"], ["4", "2", "3", "8", "1"]]
    state = position(rows, draw=["6", "12", "7", "12"])
    drop_power(state, 0, 0, target=1)
    state.advance(20 + VOID_MS)
    state.advance(20 + VOID_MS + CHAIN_MS)
    assert state.turn_seat == 1 and state.hex_now
    state.apply(Draw(1), 10_000)
    state.apply(Drop(1), 10_010)  # a 12 under Hex acts as a plain number
    assert state.power is None and state.window is not None and state.window.kind == "chain"
    state.advance(10_010 + CHAIN_MS)
    state.apply(Draw(0), 20_000)
    state.apply(Drop(0), 20_010)
    state.apply(DeclinePower(0), 20_020)
    state.advance(20_020 + CHAIN_MS)
    state.apply(Draw(1), 30_000)
    state.apply(Drop(1), 30_010)
    assert state.step == "power" and state.power == "draw"  # the Hex is over


def test_skips_queue_up() -> None:
    rows = [["9", "9", "9", "9", "1"], ["4", "2", "3", "8", "1"], ["5", "5", "3", "8", "1"]]
    state = position(rows, draw=["11", "11", "2", "3", "4"])
    drop_power(state, 0, 0, target=2)
    state.advance(VOID_MS + 20)
    state.advance(VOID_MS + 20 + CHAIN_MS)
    assert state.turn_seat == 1
    drop_power(state, 1, 10_000, target=2)
    state.advance(10_020 + VOID_MS)
    assert state.skips[2] == 2
    events = state.advance(10_020 + VOID_MS + CHAIN_MS)
    assert TurnSkipped(2, 1) in events and state.turn_seat == 0
    state.apply(Draw(0), 20_000)
    state.apply(Drop(0), 20_010)
    state.advance(20_010 + CHAIN_MS)
    state.apply(Draw(1), 30_000)
    state.apply(Drop(1), 30_010)
    events = state.advance(30_010 + CHAIN_MS)
    assert TurnSkipped(2, 0) in events and state.turn_seat == 0


def test_switch_moves_cards_and_everyone_keeps_knowing_where_their_cards_went() -> None:
    rows = [["2", "9", "9", "9", "1"], ["4", "7", "3", "8", "1"]]
    state = position(rows, draw=["10"], known={0: [0], 1: [3]})
    drop_power(state, 0, 0, slot=0, target=1, other_slot=3)
    state.advance(20 + VOID_MS)
    assert faces(state, 0)[0] == "8" and faces(state, 1)[3] == "2"
    mine, theirs = state.view(0), state.view(1)
    assert mine.rows[0][0].face is None and mine.rows[1][3].face == "2"
    assert theirs.rows[0][0].face == "8" and theirs.rows[1][3].face is None


def test_foresee_shows_the_top_three_and_puts_them_back_in_the_chosen_order() -> None:
    state = position(
        [["9", "9", "9", "8", "1"], ["4", "7", "3", "8", "1"]], draw=["9", "1", "2", "3"]
    )
    drop_power(state, 0, 0)
    state.advance(20 + VOID_MS)
    assert state.step == "arrange" and [c.face for c in state.view(0).draw[:3]] == ["1", "2", "3"]
    assert state.view(1).draw[0].face is None
    state.apply(Arrange(0, (2, 0, 1)), 4000)
    assert [state.face(c) for c in state.draw[:3]] == ["3", "1", "2"]
    assert [c.face for c in state.view(0).draw[:3]] == ["3", "1", "2"]


def test_a_drawn_good_omen_reshuffles_the_row_and_its_player_sees_the_new_cards() -> None:
    rows = [["9", "8", "7", "6", "5"], ["4", "7", "3", "8", "1"]]
    state = position(rows, draw=["GO"], pile=["2", "3"])
    other_row = list(state.rows[1])
    census = state.census()
    state.apply(Draw(0), 0)
    assert state.legal_actions(0) == (Drop(0),)  # an Omen must be played at once
    state.apply(Drop(0), 10)
    assert len(state.rows[0]) == 5 and state.pile == [] and state.rows[1] == other_row
    assert all(c.face is not None for c in state.view(0).rows[0])
    assert all(c.face is None for c in state.view(1).rows[0])
    assert state.census() == census
    assert state.window is None and state.turn_seat == 1  # no chain after an Omen


def test_a_swapped_out_bad_omen_reshuffles_the_row_unseen() -> None:
    rows = [["9", "8", "BO", "6", "5"], ["4", "7", "3", "8", "1"]]
    state = position(rows, draw=["2"], pile=["3"], known={0: [0, 1]})
    state.apply(Draw(0), 0)
    state.apply(Swap(0, 2), 10)
    assert len(state.rows[0]) == 5 and state.pile == []
    assert all(c.face is None for c in state.view(0).rows[0])
    assert state.turn_seat == 1


def test_the_empty_play_pile_after_an_omen_takes_the_next_play() -> None:
    state = position([["9", "8", "7", "6", "5"], ["4", "7", "3", "8", "1"]], draw=["GO"])
    state.apply(Draw(0), 0)
    state.apply(Drop(0), 10)
    state.apply(Draw(1), 100)
    drawn = state.drawn
    state.apply(Drop(1), 110)
    assert state.pile == [drawn]


def test_a_claim_meant_for_a_window_that_closed_is_refused_in_the_next_one() -> None:
    state = position([["0", "9", "9", "9", "1"], ["4", "0", "3", "8", "1"]], draw=["12", "5"])
    drop_power(state, 0, 0, target=1)
    first = state.window.number  # type: ignore[union-attr]
    state.apply(claim(state, 1, 1), 500)  # a fresh window: a Void on that Void
    stale = state.check(Claim(0, 0, first))
    assert stale is not None and stale.code == "stale_window"
    assert state.check(claim(state, 0, 0)) is None


def test_a_hexed_player_cannot_void_a_void_of_its_own_call() -> None:
    state = position([["1", "2", "1", "2", "0"], ["0", "9", "9", "9", "9"]], draw=["5"])
    state.hexed[0] = True
    state.begin_turn(0, 0)
    state.apply(CallOmyn(0), 0)
    state.apply(claim(state, 1, 0), 600)
    assert state.to_act() == {1}  # seat 0 holds a 0 but is Hexed; seat 1 may answer
    refusal = state.check(claim(state, 0, 4))
    assert refusal is not None and refusal.code == "hexed"
