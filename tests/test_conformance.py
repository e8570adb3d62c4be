"""The contract every registered game keeps (DESIGN.md, "Tests"), over many seeds and player counts."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.game import Game, State
from game.core.match import Match, Seat
from game.core.registry import all_games, find_game
from tests.conftest import REPO
from tests.playout import play_to_end, random_step

GAMES = all_games()
SEEDS = range(6)


def player_counts(game: Game) -> list[int]:
    low, high = game.info.min_players, game.info.max_players
    return sorted({low, (low + high) // 2, high})


def cases() -> list[tuple[str, int, int]]:
    return [(g.info.id, p, s) for g in GAMES for p in player_counts(g) for s in SEEDS]


def queries(state: State) -> None:
    """Every read-only call the table and bots make."""
    for seat in range(state.players):
        for action in state.legal_actions(seat):
            state.check(action)
        state.view(seat).to_json()
    state.view(None)
    state.to_act()
    state.outcome()
    state.census()
    state.next_deadline()


def an_illegal_action(state: State, seen: list[Action]) -> Action | None:
    for action in reversed(seen[-40:]):
        if state.check(action) is not None:
            return action
    return None


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_random_play_keeps_the_contract(game_id: str, players: int, seed: int) -> None:
    game = find_game(game_id)
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    census = state.census()
    seen: list[Action] = []
    now = 0
    for step in range(20_000):
        if state.is_over():
            break
        if step % 7 == 0:
            before = state.fingerprint()
            queries(state)
            assert state.fingerprint() == before, "a query changed the state"
            for seat in range(players):
                for legal in state.legal_actions(seat):
                    assert state.check(legal) is None, f"legal {legal} refused by check"
            illegal = an_illegal_action(state, seen)
            if illegal is not None:
                with pytest.raises(IllegalAction):
                    state.apply(illegal, now)
                assert state.fingerprint() == before, "a refused action changed the state"
            twin = state.clone()
            assert twin.fingerprint() == before
            random_step(twin, random.Random(step), now)
            assert state.fingerprint() == before, "changing a clone changed the original"
        now, action = random_step(state, rng, now)
        if action is not None:
            seen.append(action)
            assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
        assert state.census() == census, "cards or dice appeared or vanished"
    assert state.is_over(), "the match did not end"
    outcome = state.outcome()
    assert outcome is not None and all(0 <= s < players for s in outcome.winners)


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_determinized_state_looks_the_same_to_its_seat(
    game_id: str, players: int, seed: int
) -> None:
    game = find_game(game_id)
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    now = 0
    for step in range(600):
        if state.is_over():
            break
        if step % 5 == 0:
            for seat in range(players):
                view = state.view(seat)
                guess = game.determinize(view, random.Random(step * 7 + seat))
                assert guess.view(seat) == view
                assert guess.census() == state.census()
                assert set(guess.legal_actions(seat)) == set(state.legal_actions(seat))
        now, _ = random_step(state, rng, now)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_save_and_load_replays_to_the_same_fingerprint(game: Game) -> None:
    for seed in range(3):
        players = player_counts(game)[-1]
        seats = [Seat("bot", f"bot {i}", "random") for i in range(players)]
        match = Match(game, seats, seed)
        for _ in range(40):
            if match.is_over():
                break
            match.update(300)
        saved = json.loads(json.dumps(match.to_json()))
        loaded = Match.from_json(saved)
        assert loaded.state.fingerprint() == match.state.fingerprint()
        match.run_to_end()
        finished = Match.from_json(json.loads(json.dumps(match.to_json())))
        assert finished.state.fingerprint() == match.state.fingerprint()
        assert finished.is_over()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_the_same_seed_and_log_give_the_same_game(game: Game) -> None:
    players = player_counts(game)[0]
    first, second = game.new_state(players, 11), game.new_state(players, 11)
    play_to_end(first, random.Random(5))
    play_to_end(second, random.Random(5))
    assert first.fingerprint() == second.fingerprint()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_every_bot_level_chooses_only_legal_actions(game: Game) -> None:
    players = player_counts(game)[0]
    for level in game.info.bot_levels:
        settings = {"budget_ms": 5, "iterations": 2}  # legality, not strength: keep search tiny
        seats = [Seat("bot", f"{level} {i}", level, settings) for i in range(players)]
        match = Match(game, seats, 3)
        # The Match raises BotError if a bot picks an action that was illegal on its own view.
        for _ in range(400 if level in ("random", "easy", "normal") else 60):
            if match.is_over():
                break
            due = match.next_due_ms()
            assert due is not None, f"{level} bots left the match stuck"
            match.update(max(0, due - match.now_ms))
        assert len(match.log) > 0


def test_game_layer_never_imports_pygame() -> None:
    code = (
        "import importlib, pkgutil, sys, game\n"
        "for m in pkgutil.walk_packages(game.__path__, 'game.'):\n"
        "    importlib.import_module(m.name)\n"
        "print('pygame' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True
    )
    assert result.stdout.strip() == "False"


def test_games_are_found_by_id_and_alias() -> None:
    for game in GAMES:
        assert find_game(game.info.id) is game
        for alias in game.info.aliases:
            assert find_game(alias.upper()) is game
