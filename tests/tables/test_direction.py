"""Each game's direction of play comes from its rules, and the table seats players in it: in
OMYN and FOMO (clockwise) the next player sits on your left, in Omi (counter-clockwise) on your
right; the seats screen says which way play goes, and says nothing of a direction where nobody
takes turns in order."""

from __future__ import annotations

import pytest

from game.core.registry import find_game
from scenes.seats import TURNS_SAID, seat_place
from scenes.table.layout import TableLayout

SIZE = (1280, 720)


@pytest.mark.parametrize(
    ("game_id", "turns"),
    [
        ("omyn", "clockwise"),
        ("fomo", "clockwise"),
        ("omi", "counter-clockwise"),
        ("omg", "alternate"),
        ("omnomnom", "together"),
    ],
)
def test_each_game_says_which_way_its_turns_go(game_id: str, turns: str) -> None:
    assert find_game(game_id).info.turns == turns


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_in_a_clockwise_game_the_next_player_sits_on_your_left(players: int) -> None:
    layout = TableLayout(SIZE, players, bottom_seat=0, clockwise=find_game("omyn").info.clockwise)
    bottom, after, before = layout.anchor(0), layout.anchor(1), layout.anchor(players - 1)
    assert after.x < bottom.x < before.x


@pytest.mark.parametrize("players", [3, 4])
def test_in_omi_the_next_player_sits_on_your_right(players: int) -> None:
    layout = TableLayout(SIZE, players, bottom_seat=0, clockwise=find_game("omi").info.clockwise)
    assert layout.anchor(1).x > layout.anchor(0).x > layout.anchor(players - 1).x


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_seats_cards_face_it_either_way_round(players: int) -> None:
    """The rotation turns each seat's cards so their bottoms face that seat: the card's up
    vector (rotated by the seat's angle) points from the seat towards the centre."""
    import math

    for clockwise in (False, True):
        layout = TableLayout(SIZE, players, 0, clockwise)
        cx, cy = layout.centre
        for seat in range(1, players):
            anchor = layout.anchor(seat)
            turn = math.radians(anchor.angle)
            up = (-math.sin(turn), -math.cos(turn))  # a card's top, turned counter-clockwise
            towards = (cx - anchor.x, cy - anchor.y)
            assert up[0] * towards[0] + up[1] * towards[1] > 0, (clockwise, seat)


def test_the_seats_screen_says_the_direction_of_the_game() -> None:
    assert TURNS_SAID[find_game("omyn").info.turns] == "Play goes to the left"
    assert TURNS_SAID[find_game("omi").info.turns] == "Play goes to the right"
    assert "right" not in TURNS_SAID["alternate"] + TURNS_SAID["together"]
    assert [seat_place(s, 4, clockwise=True) for s in range(4)] == [
        "bottom",
        "left",
        "top",
        "right",
    ]


def test_the_seats_screen_names_every_seats_place_at_the_table() -> None:
    """Each seat by where it sits ("3. seat 3" told nothing), in the game's direction of play."""
    six = ["bottom", "lower left", "upper left", "top", "upper right", "lower right"]
    assert [seat_place(s, 6, clockwise=True) for s in range(6)] == six
    assert [seat_place(s, 6) for s in range(6)] == [six[0], *reversed(six[1:])]
    assert [seat_place(s, 2) for s in range(2)] == ["bottom", "top"]
    assert [seat_place(s, 3, clockwise=True) for s in range(3)] == [
        "bottom",
        "upper left",
        "upper right",
    ]
    for players in range(2, 7):
        places = [seat_place(s, players) for s in range(players)]
        assert len(set(places)) == players, places
