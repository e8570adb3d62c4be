"""Omi as RULINGS.md has it: one test per ruling."""

from __future__ import annotations

from typing import Any, cast

import pytest

from game.core.errors import IllegalAction
from game.core.events import CardMoved, Event
from game.omi import GAME
from game.omi.actions import AnswerKapothi, NameTrump, PlayCard, ProposeKapothi
from game.omi.events import DeckCut, HandStarted
from game.omi.state import OmiState
from tests.omi.positions import play, position


def dealt(seed: int = 0, **options: object) -> tuple[OmiState, tuple[Event, ...]]:
    state = GAME.new_state(4, seed, options)
    events = state.advance(0)
    return state, events


def test_the_player_at_the_dealers_right_sees_four_cards_and_must_name_trumps() -> None:
    state, events = dealt()
    maker = (state.dealer + 1) % 4
    assert state.to_act() == {maker}
    assert all(len(h) == 4 for h in state.hands)
    assert {a.suit for a in state.legal_actions(maker)} == set("SHDC")
    with pytest.raises(IllegalAction) as refused:
        state.apply(PlayCard(maker, state.hands[maker][0]))
    assert refused.value.code == "wrong_phase"
    started = next(e for e in events if isinstance(e, HandStarted))
    assert started.trump_maker == maker
    assert next(e for e in events if isinstance(e, DeckCut)).seat == (state.dealer + 3) % 4


def test_each_seat_sees_only_its_own_dealt_cards() -> None:
    state, events = dealt()
    for event in events:
        if isinstance(event, CardMoved):
            owner = int(event.dst.split(":")[1])
            for viewer in range(4):
                seen = event.seen_by(viewer)
                assert isinstance(seen, CardMoved)
                assert (seen.card is not None) == (viewer == owner)


def test_after_trumps_four_more_cards_each_and_the_trump_maker_leads() -> None:
    state, _ = dealt()
    maker = (state.dealer + 1) % 4
    first_four = list(state.hands[maker])
    state.apply(NameTrump(maker, "H"))
    assert all(len(h) == 8 for h in state.hands)
    assert state.hands[maker][:4] == first_four
    assert state.trump == "H" and state.to_act() == {maker}


def test_play_goes_to_the_right_counter_clockwise() -> None:
    state = position([["AS"], ["KS"], ["QS"], ["JS"]], dealer=1)
    assert state.to_act() == {2}
    state.apply(PlayCard(2, "QS"))
    assert state.to_act() == {3}
    state.apply(PlayCard(3, "JS"))
    assert state.to_act() == {0}


def test_a_player_must_follow_suit_when_able() -> None:
    state = position([["AS", "7H"], ["KS", "8H"], ["QS", "9H"], ["JS", "TH"]], dealer=3)
    state.apply(PlayCard(0, "AS"))
    assert state.check(PlayCard(1, "8H")).code == "must_follow"  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply(PlayCard(1, "8H"))
    assert {a.card for a in state.legal_actions(1)} == {"KS"}


def test_a_void_player_may_play_any_card() -> None:
    state = position([["AS", "7H"], ["KH", "8H"], ["QS", "9H"], ["JS", "TH"]], dealer=3)
    state.apply(PlayCard(0, "AS"))
    assert {a.card for a in state.legal_actions(1)} == {"KH", "8H"}


def test_highest_card_of_the_led_suit_wins_without_trumps() -> None:
    state = position([["9D"], ["AH"], ["KD"], ["7D"]], dealer=3, trump="S")
    play(state, "9D", "AH", "KD", "7D")
    assert state.tricks[-1].winner == 2  # the off-suit ace does not win


def test_the_highest_trump_wins() -> None:
    state = position([["AD"], ["7S"], ["KD"], ["8S"]], dealer=3, trump="S")
    play(state, "AD", "7S", "KD", "8S")
    assert state.tricks[-1].winner == 3
    assert state.leader == 3  # the winner leads next


def last_trick(makers_before: int, makers_win_last: bool, **kw: Any) -> OmiState:
    """Seat 0 made trumps (dealer 3); seven tricks are done; seat 0 leads the eighth."""
    hands = (
        [["AS"], ["KS"], ["QS"], ["JS"]] if makers_win_last else [["7S"], ["AS"], ["8S"], ["9S"]]
    )
    state = position(hands, dealer=3, tricks_won=(makers_before, 7 - makers_before), **kw)
    play(state, *(h[0] for h in hands))
    return state


@pytest.mark.parametrize(
    ("makers_before", "win_last", "tokens"),
    [
        (4, True, (1, 0)),  # makers take 5
        (5, True, (1, 0)),  # 6
        (6, True, (1, 0)),  # 7
        (3, False, (0, 2)),  # makers take 3
        (0, False, (0, 3)),  # the others take all 8: kapothi
        (7, True, (3, 0)),  # the makers take all 8: kapothi
        (4, False, (0, 0)),  # 4–4: nothing now
    ],
)
def test_every_row_of_the_scoring_table(
    makers_before: int, win_last: bool, tokens: tuple[int, int]
) -> None:
    state = last_trick(makers_before, win_last)
    assert tuple(state.history[-1]["tokens"]) == tokens
    assert tuple(state.score) == tokens


def test_a_tie_carries_one_token_to_the_next_decided_hand() -> None:
    state = last_trick(4, False)
    assert state.carry == 1
    state = last_trick(4, True, carry=1)  # the next hand: makers take 5
    assert tuple(state.score) == (2, 0) and state.carry == 0


def test_stacked_ties_add_up_but_single_caps_the_bonus_at_one() -> None:
    stacked = last_trick(4, False, carry=2)
    assert stacked.carry == 3
    single = last_trick(4, False, carry=1, tie_carry="single")
    assert single.carry == 1


def test_the_carry_goes_to_whoever_wins_the_next_decided_hand() -> None:
    state = last_trick(3, False, carry=2)  # makers lose: the others get 2 + 2
    assert tuple(state.score) == (0, 4)


def test_tokens_are_capped_at_ten_and_the_match_ends() -> None:
    state = last_trick(7, True, score=(9, 4))
    assert tuple(state.history[-1]["tokens"]) == (3, 0)  # awarded before the cap
    assert tuple(state.score) == (10, 4)
    assert state.outcome() is not None and state.outcome().winners == (0, 2)  # type: ignore[union-attr]
    assert state.legal_actions(0) == ()


def test_the_deal_passes_to_the_right_after_every_hand() -> None:
    state = last_trick(5, True)
    assert state.phase == "deal" and state.dealer == 0
    state.advance(cast(int, state.next_deadline()))
    assert state.to_act() == {1}  # the new trump-maker sits at the new dealer's right


# Seat 0 made spades (dealer 3). Team 0 (seats 0, 2) has the three first tricks; seat 0 leads
# the fourth with the queen of diamonds and wins it: 4–0.
FOURTH_TRICK = ("QD", "9D", "JD", "TD")
STRONG = [
    ["AS", "AH", "AD", "AC"],
    ["7S", "7H", "7D", "7C"],
    ["KS", "KH", "KD", "KC"],
    ["8S", "8H", "8D", "8C"],
]
ALL_FOUR_TO_TEAM_0 = (
    "AS",
    "7S",
    "KS",
    "8S",
    "AH",
    "7H",
    "KH",
    "8H",
    "AD",
    "7D",
    "KD",
    "8D",
    "AC",
    "7C",
    "KC",
    "8C",
)


def kapothi_position(hands: list[list[str]] = STRONG) -> OmiState:
    with_fourth = [[extra, *hand] for extra, hand in zip(FOURTH_TRICK, hands, strict=True)]
    state = position(with_fourth, dealer=3, tricks_won=(3, 0), leader=0, kapothi_challenge=True)
    play(state, *FOURTH_TRICK)
    return state


def test_kapothi_can_be_proposed_after_four_tricks_at_four_nil() -> None:
    state = kapothi_position()
    assert state.phase == "kapothi_propose" and state.to_act() == {0}
    state.apply(ProposeKapothi(0, True))
    assert state.to_act() == {1}  # the opponent at the proposer's right answers
    state.apply(AnswerKapothi(1, True))
    assert state.to_act() == {0} and state.phase == "play"


def test_without_the_option_there_is_no_proposal() -> None:
    with_fourth = [[extra, *hand] for extra, hand in zip(FOURTH_TRICK, STRONG, strict=True)]
    state = position(with_fourth, dealer=3, tricks_won=(3, 0), leader=0)
    play(state, *FOURTH_TRICK)
    assert state.phase == "play"


def challenged(accept: bool, hands: list[list[str]] = STRONG) -> OmiState:
    """Seat 0 proposes kapothi after 4–0; seat 1 answers for team 1."""
    state = kapothi_position(hands)
    state.apply(ProposeKapothi(0, True))
    state.apply(AnswerKapothi(1, accept))
    return state


def test_an_accepted_kapothi_made_earns_three_and_two() -> None:
    state = challenged(accept=True)
    play(state, *ALL_FOUR_TO_TEAM_0)
    assert tuple(state.history[-1]["tokens"]) == (5, 0)
    assert state.history[-1]["kapothi"] == {"proposed_by": 0, "accepted": True}


# Seat 3 holds the ace of trumps this time and takes one of the last four tricks.
ACE_WITH_SEAT_3 = [
    ["8S", "AH", "AD", "AC"],
    ["7S", "7H", "7D", "7C"],
    ["KS", "KH", "KD", "KC"],
    ["AS", "8H", "8D", "8C"],
]
SEAT_3_TAKES_ONE = (
    "8S",
    "7S",
    "KS",
    "AS",
    "8H",
    "AH",
    "7H",
    "KH",
    "AD",
    "7D",
    "KD",
    "8D",
    "AC",
    "7C",
    "KC",
    "8C",
)


def test_a_failed_kapothi_costs_the_proposers_the_hand_and_two() -> None:
    state = challenged(accept=True, hands=ACE_WITH_SEAT_3)
    play(state, *SEAT_3_TAKES_ONE)
    assert state.tricks_won == [7, 1]
    # Seven tricks would have earned the trump-makers 1 token; instead the others get 1 + 2.
    assert tuple(state.history[-1]["tokens"]) == (0, 3)


def test_a_declined_kapothi_is_scored_normally() -> None:
    state = challenged(accept=False)
    play(state, *ALL_FOUR_TO_TEAM_0)
    assert tuple(state.history[-1]["tokens"]) == (3, 0)
    assert state.history[-1]["kapothi"] == {"proposed_by": 0, "accepted": False}


def test_a_kapothi_not_proposed_is_scored_normally_and_not_recorded() -> None:
    state = kapothi_position()
    state.apply(ProposeKapothi(0, False))
    play(state, *ALL_FOUR_TO_TEAM_0)
    assert tuple(state.history[-1]["tokens"]) == (3, 0)
    assert "kapothi" not in state.history[-1]
