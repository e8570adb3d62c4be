"""Scenario tests for the Void window as RULINGS.md (OMYN, Void) words it since it was sharpened."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.omyn.actions import CallOmyn, Claim, Draw, Drop
from game.omyn.events import ClaimTooLate, GameWon, PowerResolved
from tests.omyn.positions import claim, faces, kinds, position
from tests.omyn.test_powers import VOID_MS, drop_power


# "Any player means every seat with a face-down card, including the one whose power or call the
# window answers."
def test_the_window_is_open_to_every_seat_with_a_face_down_card_including_the_actor() -> None:
    state = position(
        [["0", "9", "9", "9", "1"], ["4", "2", "3", "8", "1"], ["5", "4", "3", "2", "2"]],
        draw=["11", "5"],
    )
    drop_power(state, 0, 0, target=1)  # Skip aimed at seat 1
    assert state.to_act() == {0, 1, 2}


def test_you_may_void_a_void_aimed_at_your_own_power() -> None:
    state = position([["0", "9", "9", "9", "1"], ["4", "0", "3", "8", "1"]], draw=["11", "5"])
    drop_power(state, 0, 0, target=1)
    state.apply(claim(state, 1, 1), 500)  # seat 1 Voids the Skip ...
    state.apply(claim(state, 0, 0), 900)  # ... and seat 0 Voids that Void
    events = state.advance(900 + VOID_MS)
    assert PowerResolved(0, "skip", 2, False) in events
    assert "TurnSkipped" in kinds(events) and state.turn_seat == 0  # seat 1's turn is lost


def test_a_caller_may_void_with_their_last_card_and_wins_with_the_empty_row() -> None:
    state = position([["0"], ["4", "2", "3", "8", "1"]], draw=["5"])
    state.apply(CallOmyn(0), 0)
    assert 0 in state.to_act()
    events = state.apply(claim(state, 0, 0), 400)
    won = [e for e in events if isinstance(e, GameWon)]
    assert won and won[0].seat == 0 and won[0].reason == "empty_row"


# "A seat whose turn is under Hex cannot Void during that turn; the others can."
def test_a_hexed_seat_cannot_void_during_its_own_turn_but_the_others_can() -> None:
    state = position([["0", "2", "1", "2", "1"], ["0", "9", "9", "9", "9"]], draw=["5"])
    state.hexed[0] = True
    state.begin_turn(0, 0)
    state.apply(CallOmyn(0), 0)
    assert state.to_act() == {1}
    refusal = state.check(claim(state, 0, 0))
    assert refusal is not None and refusal.code == "hexed"
    assert state.check(claim(state, 1, 0)) is None


# "Several claims in one Void window work like chain claims: ordered by input time, the first is
# resolved; the others take their cards back unseen, with no penalty."
def test_the_first_claim_in_a_void_window_is_resolved_and_a_later_one_goes_back_unseen() -> None:
    rows = [["9", "9", "9", "9", "1"], ["4", "0", "3", "8", "1"], ["0", "5", "4", "2", "2"]]
    state = position(rows, draw=["11", "5"])
    drop_power(state, 0, 0, target=1)
    state.apply(claim(state, 1, None), 400)  # seat 1's claim key: first
    events = state.apply(claim(state, 2, 0), 450)  # seat 2 is 50 ms slower
    assert kinds(events) == ["ClaimTooLate"] and events[0] == ClaimTooLate("void", 2)
    assert faces(state, 2) == ["0", "5", "4", "2", "2"]  # no penalty, nothing shown
    assert state.known[state.rows[2][0]] == {}


def test_a_claim_after_a_resolved_void_answers_nothing_and_costs_nothing() -> None:
    rows = [["9", "9", "9", "9", "1"], ["4", "0", "3", "8", "1"], ["0", "5", "4", "2", "2"]]
    state = position(rows, draw=["11", "5"])
    drop_power(state, 0, 0, target=1)
    first = state.window.number  # type: ignore[union-attr]
    state.apply(claim(state, 1, 1), 400)  # resolved at once: a fresh window opens
    late = Claim(2, 0, first)  # seat 2 pressed in the first window, processed afterwards
    refusal = state.check(late)
    assert refusal is not None and refusal.code == "stale_window"
    assert faces(state, 2) == ["0", "5", "4", "2", "2"]


def test_a_wrong_first_void_uses_up_the_window() -> None:
    rows = [["9", "9", "9", "9", "1"], ["4", "7", "3", "8", "1"], ["0", "5", "4", "2", "2"]]
    state = position(rows, draw=["11", "5"])
    drop_power(state, 0, 0, target=1)
    state.apply(claim(state, 1, 1), 400)  # a 7, not a 0: the slap went to the wrong hand
    assert faces(state, 1) == ["4", "7", "3", "8", "1", "5"]  # the penalty card
    assert state.skips[1] == 1  # the Skip went through
    assert state.window is not None and state.window.kind == "chain"  # on the Skip's 11


# "A card played by Void opens no chain window and has no other power."
def test_a_card_played_by_void_opens_no_chain_window() -> None:
    rows = [["9", "9", "9", "9", "1"], ["4", "0", "3", "8", "1"]]
    state = position(rows, draw=["11", "5"])
    drop_power(state, 0, 0, target=1)
    state.apply(claim(state, 1, 1), 400)
    events = state.advance(400 + VOID_MS)
    assert PowerResolved(0, "skip", 1, True) in events
    assert "WindowOpened" not in kinds(events)
    assert state.window is None and state.turn_seat == 1 and state.step == "start"


def test_after_a_voided_call_the_callers_own_play_opens_the_chain_window_as_usual() -> None:
    state = position([["1", "2", "1", "2", "1"], ["0", "9", "9", "9", "9"]], draw=["5"])
    state.apply(CallOmyn(0), 0)
    state.apply(claim(state, 1, 0), 600)
    state.advance(600 + VOID_MS)
    state.apply(Draw(0), 4000)
    state.apply(Drop(0), 4010)
    assert state.window is not None and state.window.kind == "chain"
    assert state.window.subject == "5"


# "A claim counts only if its input time is inside the window, whenever it is processed."
def test_a_claim_stamped_after_the_close_is_too_late_even_before_the_window_is_closed() -> None:
    state = position([["9", "9", "9", "9", "1"], ["4", "0", "3", "8", "1"]], draw=["11", "5"])
    drop_power(state, 0, 0, target=1)
    closes = state.window.closes_ms  # type: ignore[union-attr]
    assert state.window is not None  # nobody has advanced the clock to the close yet
    with pytest.raises(IllegalAction) as refused:
        state.apply(claim(state, 1, 1), closes + 5)
    assert refused.value.code == "too_late" and "5 ms" in str(refused.value)
    assert faces(state, 1) == ["4", "0", "3", "8", "1"]
    state.apply(claim(state, 1, 1), closes - 1)  # one millisecond earlier counts


def test_the_outcome_does_not_depend_on_when_time_is_processed() -> None:
    def play(advance_first: bool) -> str:
        state = position([["9", "9", "9", "9", "1"], ["4", "0", "3", "8", "1"]], draw=["11", "5"])
        drop_power(state, 0, 0, target=1)
        late = claim(state, 1, 1)
        at = state.window.closes_ms + 100  # type: ignore[union-attr]
        if advance_first:
            state.advance(at)
        try:
            state.apply(late, at)
        except IllegalAction:
            pass
        state.advance(at)
        return state.fingerprint()

    assert play(True) == play(False)
