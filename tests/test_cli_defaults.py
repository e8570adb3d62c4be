"""``demo`` and ``screenshot`` work for any registered game with a table: with no ``--bots`` the
seats get the game's own default level, not a ``normal`` level a new game may not have."""

from __future__ import annotations

import dataclasses

import pytest

from game.core.game import GameInfo
from game.core.registry import find_game
from main import build_parser
from scenes.cli import _setup

COMMANDS = {
    "demo": ["demo", "omi"],
    "screenshot": ["screenshot", "--game", "omi", "--out", "table.png"],
}


def test_the_default_level_is_normal_when_the_game_has_it_else_its_strongest() -> None:
    info = GameInfo("toy", "Toy", (), 2, 4, bot_levels=("random", "easy", "normal", "hard"))
    assert info.default_bot_level == "normal"
    assert dataclasses.replace(info, bot_levels=("random", "easy")).default_bot_level == "easy"
    assert dataclasses.replace(info, bot_levels=("random",)).default_bot_level == "random"


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_without_bots_the_seats_get_the_games_default_level(
    command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = find_game("omi")
    # A game whose bots have no "normal" level yet.
    monkeypatch.setattr(game, "info", dataclasses.replace(game.info, bot_levels=("random",)))
    args = build_parser().parse_args(COMMANDS[command])
    setup = _setup(args.game, args.bots, args.options, 1, args.players, args.solo)
    assert [seat.level for seat in setup.seats] == ["random"] * game.info.min_players


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_bots_named_on_the_command_line_still_win(command: str) -> None:
    args = build_parser().parse_args([*COMMANDS[command], "--bots", "random"])
    setup = _setup(args.game, args.bots, args.options, 1, args.players, args.solo)
    assert {seat.level for seat in setup.seats} == {"random"}
