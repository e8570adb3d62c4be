"""The seats form as a newcomer meets it: the arrows step the way they point, a new player count
keeps the levels chosen, each level says what it does in this game, and every option's steps lie
inside what the game accepts."""

from __future__ import annotations

import dataclasses
from typing import cast

import pygame
import pytest

from game.core.registry import find_game
from scenes import ui
from scenes.app import App
from scenes.seats import SeatsScene
from scenes.tables import TABLES
from tests.scenes.conftest import click


def test_a_click_on_the_left_arrow_steps_back_and_on_the_right_arrow_steps_on(app: App) -> None:
    seats = SeatsScene(app, "omyn", seed=3)
    app.push(seats)
    players = seats.form.rows[0][1]
    assert isinstance(players, ui.Choice) and players.value == 2
    players.step(1)  # 3 players
    players = seats.form.rows[0][1]
    assert isinstance(players, ui.Choice)
    left, right = players.value_span()
    for event in click((round(left + 3), players.rect.centery)):  # on "<"
        seats.handle(event)
    assert len(seats.setup.seats) == 2
    players = seats.form.rows[0][1]
    assert isinstance(players, ui.Choice)
    left, right = players.value_span()
    for event in click((round(right - 3), players.rect.centery)):  # on ">"
        seats.handle(event)
    assert len(seats.setup.seats) == 3


def set_levels(seats: SeatsScene, level: str) -> None:
    for index, seat in enumerate(seats.setup.seats):
        if seat.is_bot:
            seats.setup.seats[index] = dataclasses.replace(seat, level=level)
    seats.rebuild()


def test_a_new_player_count_keeps_the_bot_levels_chosen(app: App) -> None:
    seats = SeatsScene(app, "fomo", seed=3)
    app.push(seats)
    seats._set_players(4)
    set_levels(seats, "hard")
    seats.setup.seats[3] = dataclasses.replace(seats.setup.seats[3], level="easy", name="Ru")
    seats._set_players(2)
    seats._set_players(5)
    assert [s.level for s in seats.setup.seats[1:]] == ["hard", "hard", "easy", "easy"]
    assert seats.setup.seats[3].name == "Ru"  # the seat set aside comes back as it was


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_each_bot_level_says_what_it_does_in_this_game(app: App, game_id: str) -> None:
    seats = SeatsScene(app, game_id, seed=3)
    app.push(seats)
    levels = seats.game.info.bot_levels
    level_item = cast(ui.Choice, seats.form.rows[1 + 1][2])  # seat 2 (a bot)'s level
    for level in levels:  # the help names every level of this game, the chosen one first
        assert level in level_item.help.lower()
    assert level_item.help.startswith(f"Bot level: {level_item.value.capitalize()}")
    assert "decent club player" not in level_item.help or game_id == "omi"
    from scenes.seats import GAME_LEVELS_SAID

    assert set(GAME_LEVELS_SAID[game_id]) <= set(levels)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_whole_number_option_offers_steps_inside_its_range(app: App, game_id: str) -> None:
    seats = SeatsScene(app, game_id, seed=3)
    app.push(seats)
    game = find_game(game_id)
    for spec in game.info.options:
        if isinstance(spec.default, bool) or not isinstance(spec.default, int):
            continue
        if spec.name in seats.table.SEAT_OPTIONS:
            continue
        item = cast(
            ui.Choice, next(i for i in seats.form.items if i.label == spec.name.replace("_", " "))
        )
        values = [v for v, _ in item.values]
        assert len(values) >= 3, (spec.name, values)
        for value in values:  # each accepted by the option and playable at some seat count
            spec.parse(value)
            assert seats._playable(spec.name, value), (spec.name, value)


def test_omyns_window_lengths_can_be_changed(app: App) -> None:
    seats = SeatsScene(app, "omyn", seed=3)
    app.push(seats)
    item = cast(ui.Choice, next(i for i in seats.form.items if i.label == "chain window ms"))
    assert [v for v, _ in item.values] == [300, 500, 1000, 2000, 2500, 3000, 5000, 10000, 20000]
    item.step(1)
    assert seats.setup.options["chain_window_ms"] == 3000


def test_om_nom_nom_solo_offers_only_what_it_accepts(app: App) -> None:
    seats = SeatsScene(app, "omnomnom", seed=3)
    app.push(seats)
    item = cast(ui.Choice, next(i for i in seats.form.items if i.label == "solo"))
    assert [v for v, _ in item.values] == [0, 2, 3]


def test_round_steps_span_the_range() -> None:
    from scenes.seats import int_steps

    assert int_steps(0, 20) == [0, 1, 2, 3, 5, 10, 20]
    assert int_steps(1, 1000)[-3:] == [300, 500, 1000]


def test_the_seats_screen_draws(app: App) -> None:
    seats = SeatsScene(app, "omyn", seed=3)
    app.push(seats)
    app.tick(16)
    pygame.image.save(app.screen, "/tmp/x/seats_omyn.png")


@pytest.mark.parametrize(
    ("game_id", "option", "said"),
    [
        ("omi", "max_hands", "no limit"),
        ("omyn", "turn_limit", "no limit"),
        ("omg", "turn_limit", "no limit"),
        ("omg", "block_window_ms", "no limit"),
        ("omnomnom", "solo", "off"),
    ],
)
def test_an_option_whose_zero_means_no_limit_says_so_and_keeps_zero(
    app: App, game_id: str, option: str, said: str
) -> None:
    seats = SeatsScene(app, game_id, seed=3)
    app.push(seats)
    item = cast(ui.Choice, next(i for i in seats.form.items if i.label == option.replace("_", " ")))
    labels = dict(item.values)
    assert labels[0] == said  # "max hands: no limit", never "0"
    assert all(label == str(v) for v, label in item.values if v != 0)
    while item.value != 0:  # stepped round to it, the option stored is still the number 0
        item = cast(
            ui.Choice, next(i for i in seats.form.items if i.label == option.replace("_", " "))
        )
        item.step(1)
    assert seats.setup.options.get(option, 0) == 0
