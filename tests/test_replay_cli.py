"""``python main.py replay FILE [--seat N]``: a stored match printed in words, one line a move;
a damaged file is one line and exit 1; bad arguments are usage and exit 2."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.match import Match, Seat
from game.core.registry import all_games, find_game
from game.core.runner import SyncBotRunner
from game.store.replays import ReplayShelf
from tests.conftest import REPO

GAMES = [game.info.id for game in all_games()]
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
NAMES = ("You", "Nimal", "Amal", "Kamala")


def stored_match(game_id: str, folder: Path, seed: int = 4) -> tuple[Path, Match]:
    """A finished bot match of ``game_id`` written as the store writes a replay file."""
    game = find_game(game_id)
    level = "normal" if "normal" in game.info.bot_levels else game.info.bot_levels[-1]
    seats = [Seat("bot", NAMES[i], level) for i in range(game.info.min_players)]
    match = Match(game, seats, seed, runner=SyncBotRunner())
    match.run_to_end()
    path = folder / f"{game_id}.json"
    path.write_text(json.dumps(ReplayShelf.record(match, "abc", 1.0, 2.0)))
    return path, match


def replay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(REPO / "main.py"), "replay", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=ENV,
        timeout=120,
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_a_stored_match_prints_one_line_a_move_in_words(game_id: str, tmp_path: Path) -> None:
    path, match = stored_match(game_id, tmp_path)
    for seat in ([], ["--seat", "2"]):
        done = replay(str(path), *seat)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert len(lines) == len(match.log)
        for number, (line, (_, action)) in enumerate(zip(lines, match.log, strict=True), 1):
            assert line.startswith(f"{number}. {NAMES[action.seat]} "), line
            assert "seat=" not in line and not re.search(r"\w\(", line), line


def test_through_a_seats_eyes_its_own_pick_is_named_and_no_other(tmp_path: Path) -> None:
    path, match = stored_match("omnomnom", tmp_path)
    own = replay(str(path), "--seat", "1").stdout.splitlines()
    other = replay(str(path), "--seat", "2").stdout.splitlines()
    first = match.log[0][1]
    assert first.seat == 0, "this seed's first pick should be seat 1's"
    animal = first.animal.title()  # type: ignore[attr-defined]
    assert own[0] == f"1. You pick the {animal}"
    assert other[0] == "1. You pick a card"


def test_a_damaged_replay_is_one_line_and_exit_1(tmp_path: Path) -> None:
    path, _ = stored_match("omi", tmp_path)
    cut = tmp_path / "cut.json"
    cut.write_text(path.read_text()[:200])
    data = json.loads(path.read_text())
    data["match"]["log"][3][1]["card"] = "XX"  # a card no deck holds: the log does not replay
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(data))
    for damaged in (cut, forged, tmp_path / "missing.json"):
        done = replay(str(damaged))
        assert done.returncode == 1
        assert done.stdout == ""
        assert len(done.stderr.splitlines()) == 1, done.stderr
        assert "Traceback" not in done.stderr


def test_bad_arguments_print_usage_and_exit_2(tmp_path: Path) -> None:
    path, _ = stored_match("omnomnom", tmp_path)
    for args in ([], [str(path), "--seat", "x"], [str(path), "--seat", "3"], [str(path), "--seat"]):
        done = replay(*args)
        assert done.returncode == 2, args
        assert done.stderr.startswith("usage: omnibus replay "), done.stderr
