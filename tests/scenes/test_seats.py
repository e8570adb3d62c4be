"""The seats screen: every seat count the game allows, Om Nom Nom's solo, a refused set-up said
on the screen (never the crash screen), and each person's "press your reflex key" check."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.runner import SyncBotRunner
from scenes import tables
from scenes.app import App
from scenes.seats import SeatsScene
from scenes.tables import TABLES
from tests.scenes.conftest import key


def players_choice(seats: SeatsScene) -> list[int]:
    item = seats.form.rows[0][1]
    return [value for value, _label in getattr(item, "values", [])]


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_seat_count_of_the_game_is_offered(app: App, game_id: str) -> None:
    seats = SeatsScene(app, game_id, seed=3)
    app.push(seats)
    info = seats.game.info
    if info.min_players == info.max_players:
        assert (
            players_choice(seats) == []
            and seats.form.rows[0][1].label == f"{info.min_players} players"
        )
        return
    assert players_choice(seats) == list(range(info.min_players, info.max_players + 1))
    choose(seats, lambda s: s.form.rows[0][1], info.max_players)
    assert len(seats.setup.seats) == info.max_players
    assert len(seats.form.rows[1 : 1 + info.max_players]) == info.max_players
    assert seats.problem is None


@pytest.fixture
def omnomnom_seats(app: App, monkeypatch: pytest.MonkeyPatch) -> SeatsScene:
    """Om Nom Nom's seats screen (on the kit's bare table while its own is being written)."""
    if "omnomnom" not in TABLES:
        monkeypatch.setitem(tables.TABLES, "omnomnom", "scenes.table.base:TableScene")
    seats = SeatsScene(app, "omnomnom", seed=3)
    app.push(seats)
    return seats


def option_item(seats: SeatsScene, label: str):  # type: ignore[no-untyped-def]
    return next(item for item in seats.form.items if item.label == label)


def choose(seats: SeatsScene, find, value: object) -> None:  # type: ignore[no-untyped-def]
    """Step the choice ``find(seats)`` (found afresh: the form is rebuilt) with → to ``value``."""
    for _ in range(12):
        item = find(seats)
        if item.value == value:
            return
        item.step(1)
    raise AssertionError(f"{value!r} is not offered")


def solo(value: int):  # type: ignore[no-untyped-def]
    return lambda seats: option_item(seats, "solo"), value


def test_solo_fixes_the_seats_and_the_colours_are_not_seats_to_fill(
    omnomnom_seats: SeatsScene,
) -> None:
    seats = omnomnom_seats
    choose(seats, *solo(3))
    assert [s.kind for s in seats.setup.seats] == ["human", "bot", "bot", "bot"]
    assert [s.name for s in seats.setup.seats[1:]] == ["Colour 1", "Colour 2", "Colour 3"]
    assert seats.form.rows[0][1].label == "4 players"  # the count follows the solo
    assert seats.problem is None and seats.humans() == [0]
    choose(seats, *solo(2))
    assert len(seats.setup.seats) == 3 and seats.problem is None
    choose(seats, *solo(0))
    assert players_choice(seats) == [2, 3, 4, 5, 6]
    assert not any(s.name.startswith("Colour") for s in seats.setup.seats)


def test_a_refused_set_up_says_why_on_the_screen_and_does_not_start(
    omnomnom_seats: SeatsScene, app: App
) -> None:
    seats = omnomnom_seats
    seats.setup.options["solo"] = 1  # not offered (tests/scenes/test_seats_form.py); remembered
    seats.rebuild()
    assert seats.problem == "solo takes 2 or 3 virtual colours (0 = off), not 1"
    app.runner_factory = SyncBotRunner
    seats.start()
    assert app.stack.top is seats  # no table, no crash screen
    app.tick(16)  # and it draws with the reason
    choose(seats, *solo(2))
    assert seats.problem is None


def test_two_people_with_one_name_are_told_to_take_their_own_names(app: App) -> None:
    """Statistics count each person by name: two people both typed "amal" would be one person,
    so the set-up waits, says why, and starts once the names differ."""
    seats = SeatsScene(app, "omi", seed=1)
    app.push(seats)
    seats.form.focus = 0
    for index, name in ((0, "Amal"), (2, " amal ")):
        seats.setup.seats[index] = seats.setup.seats[index].__class__("human", name, "normal")
    seats.rebuild()
    assert seats.problem == "two people are named Amal: give each person their own name"
    app.runner_factory = SyncBotRunner
    seats.start()
    assert app.stack.top is seats
    name_field = next(item for item in seats.form.items if getattr(item, "value", None) == " amal ")
    seats.form.focus = seats.form.items.index(name_field)
    seats.form.handle(pygame.event.Event(pygame.TEXTINPUT, text="2"), None)
    assert seats.problem is None, "typing a different name clears it at once"


def test_each_person_presses_their_reflex_key_or_pad_before_sitting_down(app: App) -> None:
    reflex_game = next((g for g in sorted(TABLES) if tables.table_class(g).REFLEX_WINDOWS), None)
    if reflex_game is None:
        pytest.skip("no registered table has reflex windows yet")
    seats = SeatsScene(app, reflex_game, seed=3)
    app.push(seats)
    choose(seats, lambda s: s.form.rows[2][1], "human")  # seat 2 is a person too
    app.gamepad_seats = {7: 1}
    assert seats.key_check() == [
        ("Player 1: Left Shift", False),  # two people: each by their seat's number
        ("Player 2: Z or gamepad", False),
    ]
    seats.handle(key(pygame.K_LSHIFT))
    assert [ok for _, ok in seats.key_check()] == [True, False]
    seats.handle(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=7, button=0, joy=0))
    assert [ok for _, ok in seats.key_check()] == [True, True]
    seats.handle(key(pygame.K_v))  # seat 3 is a bot: its key checks nobody
    assert seats.pressed == {0, 1}
    app.tick(16)


def test_the_rules_offer_every_game_and_play_only_the_games_with_tables(app: App) -> None:
    from game.core.registry import all_games
    from scenes.menus import GameChoiceScene

    def offered(then: str) -> list[str]:
        scene = GameChoiceScene(app, then=then)
        return [item.label for item in scene.form.items if item.label != "Back"]

    assert offered("rules") == [game.info.title for game in all_games()]
    assert offered("seats") == [g.info.title for g in all_games() if g.info.id in TABLES]


def kind_choice(seats: SeatsScene, seat: int):  # type: ignore[no-untyped-def]
    return seats.form.rows[1 + seat][1]


def test_people_sharing_a_screen_are_player_1_and_player_2_never_you(app: App) -> None:
    """With two people at one screen a default "You" made the curtain say "Pass to You": each
    person is named by their seat's number instead, and one person alone is "You" again."""
    seats = SeatsScene(app, "omi", seed=1)
    app.push(seats)
    assert [s.name for s in seats.setup.seats] == ["You", "Nimal", "Kamala", "Saman"]
    choose(seats, lambda s: kind_choice(s, 2), "human")
    assert [s.name for s in seats.setup.seats] == ["Player 1", "Nimal", "Player 3", "Saman"]
    assert seats.problem is None
    choose(seats, lambda s: kind_choice(s, 0), "bot")  # the other person alone: "You"
    assert [s.name for s in seats.setup.seats] == ["Amal", "Nimal", "You", "Saman"]
    choose(seats, lambda s: kind_choice(s, 0), "human")
    choose(seats, lambda s: kind_choice(s, 2), "bot")
    assert [s.name for s in seats.setup.seats] == ["You", "Nimal", "Kamala", "Saman"]


def test_a_typed_name_stays_whoever_else_sits_down(app: App) -> None:
    seats = SeatsScene(app, "omg", seed=1)
    app.push(seats)
    seats._seat_field(0, "name")("Dev")
    choose(seats, lambda s: kind_choice(s, 1), "human")
    assert [s.name for s in seats.setup.seats] == ["Dev", "Player 2"]


def test_a_remembered_table_of_two_people_named_you_is_renamed(app: App) -> None:
    app.settings.last_setup["omg"] = {
        "game": "omg",
        "seats": [{"kind": "human", "name": "You"}, {"kind": "human", "name": "Nimal"}],
        "options": {},
    }
    app.runner_factory = SyncBotRunner
    seats = SeatsScene(app, "omg", seed=1)
    app.push(seats)
    assert [s.name for s in seats.setup.seats] == ["Player 1", "Player 2"]
    seats.start()
    table: Any = app.stack.top
    assert [s.name for s in table.match.seats] == ["Player 1", "Player 2"]
    for _ in range(5):
        app.tick(16)
    curtain = table.curtain
    assert curtain.active and curtain.name == "Player 1", curtain.name
