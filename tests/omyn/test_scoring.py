"""Scenario tests: the end of a game, scoring, Omen values, tiebreaks and matches."""

from __future__ import annotations

from typing import cast

from game.omyn import GAME
from game.omyn.actions import CallOmyn, Draw, Peek
from game.omyn.events import DealerDraw, GameWon, OmenValue, PileRecycled, Tiebreak
from tests.omyn.positions import position

VOID_MS = 3000


def call_and_wait(state, seat: int = 0):  # type: ignore[no-untyped-def]
    events = state.apply(CallOmyn(seat), 0)
    return events + state.advance(VOID_MS)


def won(events) -> GameWon:  # type: ignore[no-untyped-def]
    return next(e for e in events if isinstance(e, GameWon))


def test_a_standing_call_reveals_everything_and_the_lowest_total_wins() -> None:
    state = position([["9", "2", "3"], ["1", "2", "2"], ["4", "4", "4"]])
    result = won(call_and_wait(state))
    assert result.totals == (14, 5, 12) and result.seat == 1 and result.reason == "lowest"
    assert all(len(k) == 3 for row in state.rows for k in (state.known[c] for c in row))


def test_a_caller_tied_for_the_lowest_total_loses_to_the_other() -> None:
    state = position([["1", "2", "3", "4", "5"], ["0", "1", "2", "3", "9"]])
    result = won(call_and_wait(state))
    assert result.totals == (15, 15) and result.seat == 1 and result.reason == "caller_tied"


def test_the_caller_who_ties_loses_and_the_others_tie_break() -> None:
    rows = [["1", "2", "2"], ["1", "2", "2"], ["3", "1", "1"], ["9", "9", "9"]]
    state = position(rows)
    events = call_and_wait(state)
    result = won(events)
    tiebreak = [e for e in events if isinstance(e, Tiebreak)]
    assert result.seat in (1, 2) and result.reason == "tiebreak" and tiebreak
    assert {seat for seat, _ in tiebreak[0].sums} == {1, 2}


def test_the_five_card_tiebreak_draws_five_each_and_the_lowest_sum_wins() -> None:
    rows = [["9", "9", "2"], ["5", "5"], ["4", "6"]]
    state = position(rows, turn=0)
    census = state.census()
    events = call_and_wait(state)
    rounds = [e for e in events if isinstance(e, Tiebreak)]
    assert rounds and all(len(cards) == 5 for _, cards in rounds[0].cards)
    last = rounds[-1]
    sums = dict(last.sums)
    assert won(events).seat == min(sums, key=sums.__getitem__)
    assert len(set(sums.values())) == len(sums)  # the last round broke the tie
    assert state.census() == census  # the tiebreak cards went back


def test_an_omen_is_worth_the_top_card_of_the_play_pile() -> None:
    state = position([["GO", "1"], ["5", "5"]], pile=["8", "3"])
    events = call_and_wait(state)
    assert OmenValue(3, "pile") in events and won(events).totals == (4, 10)


def test_an_omen_with_an_empty_play_pile_takes_the_draw_piles_top_turning_past_an_omen() -> None:
    state = position([["GO", "1"], ["5", "5"]], draw=["BO", "7"])
    events = call_and_wait(state)
    assert OmenValue(7, "draw") in events and won(events).totals == (8, 10)


def test_an_empty_draw_pile_takes_the_play_pile_except_its_top() -> None:
    state = position([["9", "8"], ["5", "5"]], draw=[], pile=["4", "2"], exact_draw=True)
    before = len(state.pile)
    events = state.apply(Draw(0), 0)
    assert PileRecycled(before - 1) in events
    assert [state.face(c) for c in state.pile] == ["2"] and len(state.draw) == before - 2
    assert all(state.known[c] == {} for c in state.draw)


def test_with_nothing_left_to_draw_the_game_is_scored_with_no_caller() -> None:
    state = position([["9", "8"], ["5", "5"]], draw=[], pile=["4", "2"], exact_draw=True)
    state.rows[1] += state.pile[:-1]
    state.pile = state.pile[-1:]
    events = state.apply(Draw(0), 0)
    result = won(events)
    assert result.caller is None and result.seat == 0 and state.is_over()


def test_the_dealer_is_the_highest_draw_and_the_player_to_the_left_starts() -> None:
    state = GAME.new_state(4, 11)
    events = state.advance(0)
    draws = [e for e in events if isinstance(e, DealerDraw)]
    last_round = [e for e in draws if e.round == draws[-1].round and e.card not in ("GO", "BO")]
    assert state.dealer == max(last_round, key=lambda e: int(e.card)).seat
    for seat in range(4):
        state.apply(Peek(seat, 0, 1), 0)
    assert state.turn_seat == (state.dealer + 1) % 4


def test_a_match_to_two_wins_deals_again_with_the_winner_dealing() -> None:
    state = position([["1", "1"], ["9", "9"]], match_wins=2)
    events = call_and_wait(state)  # the next deal is due at once
    assert state.wins == [1, 0] and not state.is_over() and won(events).wins == (1, 0)
    assert state.game_number == 2 and state.dealer == 0 and state.phase == "peek"
    assert all(len(row) == 5 for row in state.rows)


def test_a_wrong_pair_with_nothing_left_to_draw_drops_the_drawn_card_and_scores() -> None:
    from game.omyn.actions import PairDrawn

    state = position([["9", "8"], ["5", "5"]], draw=["4"], exact_draw=True)
    state.rows[1] += state.pile  # every other card is in seat 1's row
    state.pile = []
    state.apply(Draw(0), 0)
    events = state.apply(PairDrawn(0, 0), 10)
    assert won(events).caller is None and state.is_over()
    assert [state.face(c) for c in state.pile][-1] == "4" and sum(state.census().values()) == 54


def test_with_a_turn_limit_the_game_is_scored_with_no_caller_when_it_is_reached() -> None:
    from game.omyn.actions import Draw, Drop
    from tests.omyn.positions import position

    state = position(
        [["1", "1", "1", "2", "1"], ["4", "2", "3", "8", "9"]], draw=["3", "4"], turn_limit=1
    )
    state.apply(Draw(0), 0)
    state.apply(Drop(0), 10)
    events = state.advance(10 + 2500)  # the chain window closes: the limit is reached
    won = [cast(GameWon, e) for e in events if type(e).__name__ == "GameWon"]
    assert won and won[0].seat == 0 and won[0].caller is None and won[0].totals == (6, 26)
