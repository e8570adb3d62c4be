"""Om Nom Nom's reveal, one test per resolution case of the rules (RULINGS.md, Om Nom Nom)."""

from __future__ import annotations

from game.core.events import CardMoved, Scored
from game.omnomnom.resolve import CAPTURED, DISCARDED, FRONT, resolve_turn
from tests.omnomnom.positions import reveal, table


def test_a_lone_predator_eats_the_prey_card_and_the_prey_dice() -> None:
    state = table(2, rabbit=2, carrot=3)
    reveal(state, "wolf", "rabbit")
    assert state.front_cards[0] == ["wolf/0", "rabbit/1"]
    assert state.front_dice[0] == {"rabbit": 2}
    assert state.front_cards[1] == [] and state.front_dice[1] == {}
    assert state.spaces["rabbit"] == 0
    assert state.spaces["carrot"] == 3, "the eaten rabbit never reaches the carrots"
    assert [state.round_points(s) for s in (0, 1)] == [4, 0]


def test_several_predators_share_the_prey_evenly() -> None:
    state = table(3, rabbit=3)
    reveal(state, "wolf", "wolf", "rabbit")
    # 4 prey for 2 wolves: 2 each, the card first (to the first wolf), then dice.
    assert state.front_cards[0] == ["wolf/0", "rabbit/2"] and state.front_dice[0] == {"rabbit": 1}
    assert state.front_cards[1] == ["wolf/1"] and state.front_dice[1] == {"rabbit": 2}
    assert [state.round_points(s) for s in range(3)] == [3, 3, 0]
    assert state.spaces["rabbit"] == 0


def test_more_predators_than_prey_nobody_eats_middle_cards_are_discarded_dice_stay() -> None:
    state = table(4, rabbit=1)
    reveal(state, "wolf", "wolf", "wolf", "rabbit")
    assert state.discard == ["rabbit/3"]
    assert state.spaces["rabbit"] == 1
    assert [state.front_cards[s] for s in range(3)] == [["wolf/0"], ["wolf/1"], ["wolf/2"]]
    assert [state.round_points(s) for s in range(4)] == [1, 1, 1, 0]


def test_prey_cards_are_taken_before_dice_and_leftover_dice_stay() -> None:
    state = table(3, rabbit=2)
    reveal(state, "wolf", "wolf", "rabbit")
    # 3 prey for 2 wolves: 1 each; the card goes first, then one die; one die is left over.
    assert state.front_cards[0] == ["wolf/0", "rabbit/2"] and state.front_dice[0] == {}
    assert state.front_cards[1] == ["wolf/1"] and state.front_dice[1] == {"rabbit": 1}
    assert state.spaces["rabbit"] == 1


def test_leftover_prey_cards_are_discarded() -> None:
    state = table(5)
    reveal(state, "wolf", "wolf", "rabbit", "rabbit", "rabbit")
    # 3 rabbit cards for 2 wolves: one each, the third is discarded (not scored).
    assert state.front_cards[0] == ["wolf/0", "rabbit/2"]
    assert state.front_cards[1] == ["wolf/1", "rabbit/3"]
    assert state.discard == ["rabbit/4"]
    assert [state.round_points(s) for s in range(5)] == [2, 2, 0, 0, 0]


def test_a_top_predator_protects_the_bottom_dice() -> None:
    state = table(2, carrot=4)
    reveal(state, "wolf", "rabbit")
    assert state.spaces["carrot"] == 4
    assert state.front_dice == [{}, {}]


def test_a_top_predator_with_no_middle_card_still_protects_the_bottom() -> None:
    result = resolve_turn(["wolf", "cat"], {"rabbit": 0, "carrot": 3, "mouse": 0, "cheese": 2})
    assert result.fates == (FRONT, FRONT)
    assert result.spaces["carrot"] == 3 and result.gains == (1, 1)


def test_middle_predators_eat_the_bottom_dice_when_no_top_card_is_played() -> None:
    state = table(2, carrot=5)
    reveal(state, "rabbit", "rabbit")
    # 5 carrots for 2 rabbits: 2 each (2 points a die), one carrot stays.
    assert state.front_dice == [{"carrot": 2}, {"carrot": 2}]
    assert state.spaces["carrot"] == 1
    assert [state.round_points(s) for s in (0, 1)] == [5, 5]


def test_more_middle_predators_than_bottom_dice_eat_nothing_but_survive() -> None:
    result = resolve_turn(["mouse", "mouse", "mouse"], {"cheese": 2})
    assert result.fates == (FRONT, FRONT, FRONT)
    assert result.spaces["cheese"] == 2 and result.gains == (1, 1, 1)


def test_nothing_to_eat_the_predator_just_comes_back_in_front_of_its_owner() -> None:
    state = table(2, rabbit=0, mouse=0, cheese=0)
    reveal(state, "wolf", "mouse")
    assert state.front_cards == [["wolf/0"], ["mouse/1"]]
    assert [state.round_points(s) for s in (0, 1)] == [1, 1]
    assert state.discard == []


def test_each_board_resolves_on_its_own() -> None:
    result = resolve_turn(
        ["wolf", "rabbit", "frog", "cat"],
        {"rabbit": 1, "mouse": 2, "frog": 0, "carrot": 0, "cheese": 3, "fly": 4},
    )
    # forest: the wolf eats the rabbit card and the rabbit die; pond: the lone frog eats 4 flies;
    # town: the cat has no mouse card but eats both mouse dice.
    assert result.fates == (FRONT, CAPTURED, FRONT, FRONT)
    assert result.captors == (None, 0, None, None)
    assert result.gains == (3, 0, 9, 3)
    assert result.spaces == {"rabbit": 0, "mouse": 0, "frog": 0, "carrot": 0, "cheese": 3, "fly": 0}


def test_a_discarded_card_scores_for_nobody() -> None:
    result = resolve_turn(["hedgehog", "hedgehog", "frog"], {"frog": 0})
    assert result.fates == (FRONT, FRONT, DISCARDED)
    assert result.gains == (1, 1, 0)


def test_dice_left_on_a_board_stay_for_the_next_turn_of_the_round() -> None:
    state = table(2, carrot=3)
    reveal(state, "wolf", "rabbit")  # carrots protected
    reveal(state, "rabbit", "cat")  # now the lone rabbit eats them all
    assert state.front_dice[0] == {"carrot": 3}
    assert state.spaces["carrot"] == 0


def test_the_worked_example_seven_cards_three_black_and_three_red_dice_make_16() -> None:
    state = table(2, rabbit=2, mouse=1, carrot=3, cheese=9, fly=0)
    reveal(state, "rabbit", "hedgehog")  # the lone rabbit eats 3 carrots
    reveal(state, "wolf", "rabbit")  # the wolf eats the rabbit card and 2 rabbit dice
    reveal(state, "cat", "mouse")  # the cat eats the mouse card and the mouse die
    reveal(state, "hedgehog", "wolf")  # nothing for either to eat
    reveal(state, "mouse", "cat")  # our mouse is eaten
    assert sorted(state.front_cards[0]) == sorted(
        ["rabbit/0", "wolf/0", "rabbit/1", "cat/0", "mouse/1", "hedgehog/0"]
    )
    assert state.front_dice[0] == {"carrot": 3, "rabbit": 2, "mouse": 1}
    events = reveal(state, "frog", "frog")  # no flies: both frogs come back
    assert CardMoved("frog/0", "board:pond:middle", "front:0", None, True) in events
    scored = next(e for e in events if isinstance(e, Scored))
    # 7 cards (1 each) + 3 black dice (1 each) + 3 red dice (2 each) = 16.
    assert scored.deltas == (16, 5)
    assert state.round_scores == [[16, 5]]


def test_each_board_spells_out_its_split_for_the_table() -> None:
    result = resolve_turn(
        ["wolf", "wolf", "rabbit", "mouse", "mouse", "mouse"],
        {"rabbit": 1, "mouse": 0, "frog": 0, "carrot": 0, "cheese": 2, "fly": 3},
    )
    forest, town, pond = result.steps
    # Forest: 1 rabbit card + 1 rabbit die = 2 prey for 2 wolves: 1 each, nothing left.
    assert (forest.board, forest.eater, forest.eaters) == ("forest", "wolf", (0, 1))
    assert (forest.prey_cards, forest.face, forest.prey_dice) == ((2,), "rabbit", 1)
    assert (forest.prey, forest.each, forest.left) == (2, 1, 0)
    # Town: 3 mice and 2 cheese dice: more eaters than prey, nobody eats, both dice stay.
    assert (town.eater, town.eaters, town.prey, town.each, town.left) == (
        "mouse",
        (3, 4, 5),
        2,
        0,
        2,
    )
    # Pond: nobody came.
    assert (pond.eater, pond.eaters, pond.prey_dice, pond.each) == ("", (), 3, 0)
