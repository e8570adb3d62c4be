"""Om Nom Nom's match: secret simultaneous picks, rounds, scoring, the end, tiebreaks, solo."""

from __future__ import annotations

import random
from typing import cast

import pytest

from game.core.errors import IllegalAction, OptionError
from game.core.events import CardMoved, CardRevealed, GameOver, Scored
from game.omnomnom import GAME, Pick
from game.omnomnom.cards import ANIMALS, DICE_COUNT
from game.omnomnom.events import DiceRolled, RoundCleared
from game.omnomnom.state import winners_of
from tests.omnomnom.positions import reveal, table


def test_every_seat_picks_at_once_and_nothing_resolves_until_all_have_picked() -> None:
    state = GAME.new_state(3, 1)
    assert state.to_act() == {0, 1, 2}
    state.apply(Pick(1, "cat"))
    assert state.to_act() == {0, 2}
    assert state.front_cards == [[], [], []], "no reveal before every pick is in"
    state.apply(Pick(0, "wolf"))
    events = state.apply(Pick(2, "frog"))
    revealed = {e.card for e in events if isinstance(e, CardRevealed)}
    assert revealed == {"wolf/0", "cat/1", "frog/2"}
    assert state.to_act() == {0, 1, 2} and state.turn_index == 1


def test_a_seat_sees_who_has_picked_but_never_what() -> None:
    state = GAME.new_state(3, 2)
    events = state.apply(Pick(1, "hedgehog"))
    for seat in (0, 2):
        view = state.view(seat)
        assert view.picked == (False, True, False)
        assert view.picks == (None, None, None)
        assert "hedgehog/1" not in repr(view.to_json())
        assert view.hands[1] == ANIMALS, "the face-down card is still unrevealed"
        seen = [e.seen_by(seat) for e in events]
        assert seen == [CardMoved(None, "hand:1", "picked:1", frozenset({1}))]
    assert state.view(1).picks == (None, "hedgehog", None)
    assert state.view(None).picks == (None, "hedgehog", None)


def test_refusals_say_why() -> None:
    state = GAME.new_state(2, 3)
    state.apply(Pick(0, "wolf"))
    with pytest.raises(IllegalAction) as refused:
        state.apply(Pick(0, "wolf"))
    assert refused.value.code == "already_picked"
    state.apply(Pick(1, "cat"))
    assert state.check(Pick(0, "wolf")).code == "already_played"  # type: ignore[union-attr]
    assert state.check(Pick(0, "lion")).code == "no_such_animal"  # type: ignore[union-attr]
    assert state.check(Pick(5, "cat")).code == "no_such_seat"  # type: ignore[union-attr]
    assert {cast(Pick, a).animal for a in state.legal_actions(0)} == set(ANIMALS) - {"wolf"}


def test_a_round_is_six_reveals_then_scoring_cleanup_and_a_new_roll() -> None:
    state = GAME.new_state(2, 4)
    order = list(ANIMALS)
    for animal in order[:5]:
        reveal(state, animal, animal)
    events = reveal(state, order[5], order[5])
    scored = next(e for e in events if isinstance(e, Scored))
    assert scored.reason == "round 1" and len(state.round_scores) == 1
    assert any(isinstance(e, RoundCleared) for e in events)
    rolled = next(e for e in events if isinstance(e, DiceRolled))
    assert rolled.round == 2 and sum(n for _, n in rolled.spaces) == DICE_COUNT
    assert state.hands == [list(ANIMALS), list(ANIMALS)]
    assert state.front_cards == [[], []] and state.discard == []
    assert sum(state.spaces.values()) == DICE_COUNT and state.round_index == 1


def test_the_match_ends_after_three_rounds_with_the_highest_total() -> None:
    state = GAME.new_state(3, 5)
    rng = random.Random(5)
    while not state.is_over():
        for seat in sorted(state.to_act()):
            state.apply(rng.choice(state.legal_actions(seat)))
    outcome = state.outcome()
    assert outcome is not None and len(state.round_scores) == 3
    totals = [sum(r[s] for r in state.round_scores) for s in range(3)]
    assert list(outcome.scores) == totals
    assert all(totals[w] == max(totals) for w in outcome.winners)
    assert state.to_act() == frozenset()
    assert state.check(Pick(0, "wolf")).code == "game_over"  # type: ignore[union-attr]


def test_a_tie_on_totals_goes_to_the_higher_single_round() -> None:
    assert winners_of([[12, 5], [4, 11]], [0, 1]) == (0,)
    assert winners_of([[5, 12], [11, 4], [3, 3]], [0, 1]) == (1,)
    assert winners_of([[20, 5], [5, 12]], [0, 1]) == (0,), "the total comes first"


def test_tied_totals_and_tied_best_rounds_win_together() -> None:
    assert winners_of([[10, 8], [8, 10], [5, 5]], [0, 1]) == (0, 1)


def test_the_best_round_tiebreak_in_a_played_match() -> None:
    state = GAME.new_state(2, 6)
    for _ in range(2):  # two mirrored rounds, then pretend they scored 30+4 and 5+29
        for animal in ANIMALS:
            reveal(state, animal, animal)
    state.round_scores = [[30, 5], [4, 29]]
    for animal in ANIMALS:
        events = reveal(state, animal, animal)
    outcome = state.outcome()
    assert outcome is not None and outcome.scores[0] == outcome.scores[1]
    assert outcome.winners == (0,)
    assert next(e for e in events if isinstance(e, GameOver)).winners == (0,)


def test_mirrored_play_is_a_shared_win() -> None:
    state = GAME.new_state(2, 7)
    order = ["rabbit", "wolf", "mouse", "cat", "frog", "hedgehog"]
    while not state.is_over():
        for animal in order:
            reveal(state, animal, animal)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 1)
    assert "share" in outcome.summary


def test_solo_the_player_picks_and_each_virtual_stack_turns_its_top_card() -> None:
    state = GAME.new_state(4, 8, {"solo": 3})
    assert state.to_act() == {0}
    assert state.check(Pick(2, "wolf")).code == "virtual_colour"  # type: ignore[union-attr]
    assert state.legal_actions(1) == ()
    tops = [state.hands[colour][0] for colour in (1, 2, 3)]
    events = state.apply(Pick(0, "cat"))
    turned = [e for e in events if isinstance(e, CardMoved) and e.src.startswith("stack:")]
    assert [e.card for e in turned] == [f"{a}/{c}" for a, c in zip(tops, (1, 2, 3), strict=True)]
    assert state.rounds_log[0]["turns"][0] == ["cat", *tops]
    assert state.to_act() == {0} and state.turn_index == 1


def test_solo_stacks_stay_face_down_for_the_player() -> None:
    state = GAME.new_state(3, 9, {"solo": 2})
    view = state.view(0)
    assert view.stacks == () and view.virtual == (False, True, True)
    assert view.hands[1] == ANIMALS, "the player knows what is left in a stack, not its order"
    assert state.view(None).stacks == (tuple(state.hands[1]), tuple(state.hands[2]))


def test_solo_stacks_are_shuffled_again_each_round_and_the_match_runs_three_rounds() -> None:
    state = GAME.new_state(4, 10, {"solo": 3})
    while not state.is_over():
        state.apply(Pick(0, state.hands[0][0]))
    stacks = [[tuple(t[c] for t in r["turns"]) for r in state.rounds_log] for c in (1, 2, 3)]
    assert all(sorted(order) == sorted(ANIMALS) for colour in stacks for order in colour)
    assert any(len(set(colour)) > 1 for colour in stacks), "every round reshuffles"
    assert len(state.round_scores) == 3


def test_solo_you_win_only_by_beating_every_colour() -> None:
    state = GAME.new_state(3, 11, {"solo": 2})
    state.round_scores = [[10, 9, 3], [10, 9, 3], [10, 11, 3]]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    state.round_scores = [[12, 10, 3], [9, 10, 3], [9, 10, 3]]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,), "the best-round tiebreak counts"
    state.round_scores = [[10, 10, 3], [10, 10, 3], [10, 10, 3]]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,), "a full tie is not beating it"


def test_solo_needs_one_seat_per_colour_plus_the_player() -> None:
    with pytest.raises(OptionError, match="needs 4 seats"):
        GAME.new_state(3, 0, {"solo": 3})
    with pytest.raises(OptionError, match="2 or 3"):
        GAME.new_state(2, 0, {"solo": 1})
    with pytest.raises(OptionError):
        GAME.new_state(7, 0)


def test_dice_are_counted_in_the_census_wherever_they_are() -> None:
    state = table(2, rabbit=2, carrot=3)
    before = state.census()
    assert before["die"] == DICE_COUNT and before["wolf/1"] == 1
    reveal(state, "wolf", "rabbit")
    assert state.census() == before


def test_a_pick_can_be_changed_until_the_last_seat_has_picked() -> None:
    state = GAME.new_state(3, 2)
    state.apply(Pick(0, "wolf"))
    assert state.legal_actions(0) == (), "a seat that has picked is not asked again"
    events = state.apply(Pick(0, "cat"))
    assert events[0] == CardMoved("wolf/0", "picked:0", "hand:0", frozenset({0}))
    assert [e.seen_by(1) for e in events] == [
        CardMoved(None, "picked:0", "hand:0", frozenset({0})),
        CardMoved(None, "hand:0", "picked:0", frozenset({0})),
    ]
    assert state.view(0).picks[0] == "cat" and state.view(1).picked == (True, False, False)
    state.apply(Pick(1, "rabbit"))
    state.apply(Pick(2, "mouse"))  # the last pick: the reveal
    assert state.rounds_log[-1]["turns"] == [["cat", "rabbit", "mouse"]]
    assert state.check(Pick(0, "wolf")) is None, "a new turn: wolf is still in the hand"
