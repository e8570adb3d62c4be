"""Every game checks a set-up in one place (``Game.check_setup``): the seat count in its range,
its options, and the game's own rules about how they combine. ``new_state``, the seats screen and
``simulate`` all ask it, so a set-up refused in one is refused in all, with the same reason."""

from __future__ import annotations

import pytest

from game.core.errors import OptionError
from game.core.registry import all_games, find_game
from main import main as omnibus_main

GAMES = [game.info.id for game in all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_count_in_the_range_is_accepted_and_none_outside(game_id: str) -> None:
    game = find_game(game_id)
    low, high = game.info.min_players, game.info.max_players
    for players in range(low, high + 1):
        assert game.setup_problem(players) is None
        game.new_state(players, 1)
    for players in (low - 1, high + 1):
        reason = game.setup_problem(players)
        assert reason is not None and f"not {players}" in reason
        with pytest.raises(OptionError, match=f"not {players}"):
            game.new_state(players, 1)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unknown_option_is_refused_with_its_name(game_id: str) -> None:
    game = find_game(game_id)
    reason = game.setup_problem(game.info.min_players, {"no_such_rule": 1})
    assert reason is not None and "no_such_rule" in reason


def test_om_nom_nom_solo_needs_one_seat_more_than_its_colours() -> None:
    game = find_game("omnomnom")
    assert game.setup_problem(3, {"solo": 2}) is None
    assert game.setup_problem(4, {"solo": 3}) is None
    assert game.setup_problem(4, {"solo": 2}) == (
        "solo 2 is you against 2 virtual colours: it needs 3 seats, not 4"
    )
    assert "not 1" in (game.setup_problem(2, {"solo": 1}) or "")
    with pytest.raises(OptionError, match="needs 4 seats, not 3"):
        game.new_state(3, 1, {"solo": 3})


def test_simulate_says_that_solo_takes_no_players(capsys: pytest.CaptureFixture[str]) -> None:
    code = omnibus_main(["simulate", "omnomnom", "--players", "1", "--solo", "3", "--games", "1"])
    error = capsys.readouterr().err
    assert code == 2
    assert "--solo 3 is you against 3 virtual colours: it takes no --players" in error
    assert "2–6 players" not in error


def test_solo_fixes_the_seat_count_and_the_colours_play_themselves() -> None:
    game = find_game("omnomnom")
    assert game.players_for({"solo": 0}) is None
    assert game.players_for({"solo": 3}) == 4
    assert game.virtual_seats(4, {"solo": 3}) == (1, 2, 3)
    assert game.virtual_seats(4, {"solo": 0}) == ()
    state = game.new_state(4, 1, {"solo": 3})
    assert all(not state.legal_actions(seat) for seat in (1, 2, 3))
    assert find_game("omi").players_for(find_game("omi").resolve_options(None)) is None
