"""FOMO rulings, one scenario each: the four turn actions, FOMO! calls, reshuffle, the end."""

from __future__ import annotations

from typing import Any

import pytest

from game.core.errors import IllegalAction
from game.core.events import CardMoved, CardRevealed, GameOver, Shuffled, TurnStarted
from game.fomo import GAME
from game.fomo.actions import CallFomo, Discard, PlaceCard, PlayGhosted, TakeDiscard
from game.fomo.events import FomoCalled, PlayerOut
from game.fomo.state import FomoState
from tests.fomo.helpers import of_type, position, seen

A_SET = ["1", "2", "3", "4"]
B_SET = ["5", "6", "7", "8"]


def two_players(**kw: Any) -> FomoState:
    return position(
        hands=[["0", "0", "seen", "ghosted"], ["1", "2", "swap", "canceled"]],
        sets=[list(A_SET), list(B_SET)],
        **kw,
    )


def test_discard_one_and_draw_one() -> None:
    state = two_players(discard=["3"], draw=["8"])
    events = state.apply(Discard(0, "ghosted"))
    assert sorted(state.hands[0]) == sorted(["0", "0", "seen", "8"])
    assert state.discard[-1] == "ghosted"
    assert state.turn == 1
    draw = [e for e in of_type(events, CardMoved) if e.src == "draw"][0]
    assert draw.card == "8" and draw.seen_by(1).card is None  # the opponent sees a card back


def test_a_discarded_action_card_has_no_effect() -> None:
    state = two_players(discard=["3"])
    state.apply(Discard(0, "ghosted"))
    assert state.skip_next == ["", ""] and state.turn == 1


def test_place_a_number_the_old_card_is_revealed_onto_the_pile() -> None:
    state = two_players(discard=["3"], draw=["5"])
    events = state.apply(PlaceCard(0, "0", 2))
    assert state.sets[0] == ["1", "2", "0", "4"]
    assert state.discard[-1] == "3" and state.discard[-2] == "3"  # the old slot card, face up
    assert sorted(state.hands[0]) == sorted(["0", "seen", "ghosted", "5"])
    moves = of_type(events, CardMoved)
    assert moves[0].dst == "set:0:2" and moves[0].seen_by(1).card is None
    assert moves[1].src == "set:0:2" and moves[1].seen_by(1).card == "3"
    assert state.view(0).sets[0] == ("?", "?", "0", "?")  # it knows what it placed
    assert state.view(1).sets[0] == ("?", "?", "#", "?")  # the other knows only "a number"


def test_action_cards_never_go_into_the_hidden_set() -> None:
    state = two_players(discard=["3"])
    refusal = state.check(PlaceCard(0, "seen", 0))
    assert refusal is not None and refusal.code == "not_a_number"
    with pytest.raises(IllegalAction):
        state.apply(PlaceCard(0, "seen", 0))


def test_take_the_top_number_and_discard_another_card_no_draw() -> None:
    state = two_players(discard=["ghosted", "6"], draw=["8"])
    events = state.apply(TakeDiscard(0, "seen"))
    assert sorted(state.hands[0]) == sorted(["0", "0", "6", "ghosted"])
    assert state.discard == ["ghosted", "seen"]
    assert "8" in state.draw  # no draw
    assert not [e for e in of_type(events, CardMoved) if e.src == "draw"]
    assert state.view(1).hands[0] == ("6",)  # everyone saw the pick-up


def test_an_action_card_on_top_of_the_pile_cannot_be_taken() -> None:
    state = two_players(discard=["6", "swap"])
    assert state.check(TakeDiscard(0, "0")).code == "top_not_number"  # type: ignore[union-attr]


def test_the_card_discarded_must_come_from_the_hand_held_before() -> None:
    state = two_players(discard=["6"])
    assert state.check(TakeDiscard(0, "6")).code == "not_in_hand"  # type: ignore[union-attr]


def test_play_an_action_card_then_draw() -> None:
    state = position(
        hands=[["ghosted", "0", "0", "0"], ["1", "1", "1", "1"], ["2", "2", "2", "2"]],
        sets=[list(A_SET), list(B_SET), ["0", "1", "2", "3"]],
        discard=["3"],
        draw=["8"],
    )
    state.apply(PlayGhosted(0))
    assert sorted(state.hands[0]) == ["0", "0", "0", "8"]


def test_a_correct_fomo_wins_at_once() -> None:
    state = position(
        hands=[["0", "1", "2", "3"], ["1", "2", "3", "4"]],
        sets=[["5", "5", "5", "5"], B_SET],
        discard=["3"],
    )
    events = state.apply(CallFomo(0))
    assert of_type(events, FomoCalled)[0].correct
    assert len(of_type(events, CardRevealed)) == 4
    assert of_type(events, GameOver)[0].winners == (0,)
    assert state.outcome().winners == (0,)  # type: ignore[union-attr]
    assert state.to_act() == frozenset()


def test_a_wrong_fomo_puts_the_caller_out_and_turns_skip_them() -> None:
    state = position(
        hands=[["0", "1", "2", "3"], ["1", "2", "3", "4"], ["6", "6", "6", "6"]],
        sets=[["5", "5", "5", "6"], B_SET, ["0", "0", "1", "1"]],
        discard=["3"],
    )
    census = state.census()
    events = state.apply(CallFomo(0))
    assert not of_type(events, FomoCalled)[0].correct
    assert of_type(events, PlayerOut)[0].seat == 0
    assert state.out == [True, False, False] and state.outcome() is None
    assert sorted(state.aside[0]) == sorted(["5", "5", "5", "6", "0", "1", "2", "3"])
    assert state.census() == census
    # Its hand went aside face down: others do not see it; its revealed set they do.
    hand_moves = [e for e in of_type(events, CardMoved) if e.src == "hand:0"]
    assert all(e.seen_by(1).card is None for e in hand_moves)
    assert state.view(1).aside[0] == ("5", "5", "5", "6")
    assert state.turn == 1
    state.apply(Discard(1, "1"))
    state.apply(Discard(2, "6"))
    assert state.turn == 1  # seat 0 is skipped for good


def test_four_equal_action_cards_are_not_a_fomo() -> None:
    state = position(
        hands=[["0", "1", "2", "3"], ["1", "2", "3", "4"], ["6", "6", "6", "6"]],
        sets=[["seen", "seen", "seen", "seen"], B_SET, ["0", "0", "1", "1"]],
        discard=["3"],
    )
    state.apply(CallFomo(0))
    assert state.out[0]


def test_an_action_card_dealt_into_a_hidden_set_is_replaced_without_effect() -> None:
    state = position(
        hands=[["5", "1", "2", "3"], ["1", "2", "3", "4"]],
        sets=[["ghosted", "5", "5", "5"], B_SET],
        discard=["3"],
        draw=["8", "0"],
    )
    state.apply(PlaceCard(0, "5", 0))
    assert state.discard[-1] == "ghosted" and state.skip_next == ["", ""]
    assert state.turn == 1
    state.apply(Discard(1, "1"))
    assert state.sets[0] == ["5", "5", "5", "5"]
    assert state.apply(CallFomo(0)) and state.winner == 0


def test_fomo_only_at_the_start_of_the_next_turn() -> None:
    state = position(
        hands=[["5", "1", "2", "3"], ["1", "2", "3", "4"]],
        sets=[["0", "5", "5", "5"], B_SET],
        discard=["3"],
    )
    state.apply(PlaceCard(0, "5", 0))
    assert state.check(CallFomo(0)).code == "not_your_turn"  # type: ignore[union-attr]
    assert CallFomo(1) in state.legal_actions(1)  # the other may call (and would be wrong)


def test_the_last_player_standing_wins() -> None:
    state = position(
        hands=[["0", "1", "2", "3"], ["1", "2", "3", "4"]],
        sets=[["5", "5", "5", "6"], B_SET],
        discard=["3"],
    )
    events = state.apply(CallFomo(0))
    assert state.outcome().winners == (1,)  # type: ignore[union-attr]
    assert "last player standing" in of_type(events, GameOver)[0].summary


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top() -> None:
    state = two_players(discard=["3", "4", "seen", "7"], draw=[])
    state.draw = []  # nothing left to draw
    census = state.census()
    events = state.apply(Discard(0, "0"))
    assert of_type(events, Shuffled)[0].count == 4  # 3, 4, seen, 7
    assert state.discard == ["0"]
    assert len(state.draw) == 3 and len(state.hands[0]) == 4
    assert state.census() == census
    assert state.view(1).discard_below == ()


def test_turn_events_name_the_next_player() -> None:
    state = two_players(discard=["3"])
    events = state.apply(Discard(0, "0"))
    assert of_type(events, TurnStarted)[-1].seat == 1
    assert seen(events, 1)  # the opponent perceives the turn


def test_new_matches_deal_four_hidden_and_four_in_hand() -> None:
    state = GAME.new_state(5, 3)
    assert all(len(h) == 4 and len(s) == 4 for h, s in zip(state.hands, state.sets, strict=True))
    assert len(state.discard) == 1 and len(state.draw) == 86 - 40 - 1
    assert state.turn == (state.dealer + 1) % 5


def test_the_deal_can_be_animated_without_showing_hidden_cards() -> None:
    from game.fomo.view import deal_events

    state = GAME.new_state(3, 8)
    events = deal_events(state)
    moves = of_type(events, CardMoved)
    assert len(moves) == 3 * 8 + 1
    assert all(m.seen_by(0).card is None for m in moves if m.dst.startswith("set:"))
    assert [m.seen_by(0).card for m in moves if m.dst == "hand:0"] == list(
        state.deal_record["hands"][0]
    )
    assert all(m.seen_by(0).card is None for m in moves if m.dst == "hand:1")
    assert moves[-1].seen_by(2).card == state.discard[0]
    assert of_type(events, TurnStarted)[0].seat == state.turn
