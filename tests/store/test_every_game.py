"""The store works for every registered game with no code of its own: autosave mid-match on a
frame clock (windows and deadlines included), resume, filing, statistics from match_stats,
and replays stepping both ways."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.match import Match, Seat
from game.core.registry import all_games
from game.core.runner import SyncBotRunner
from game.store.replay_cursor import ReplayCursor
from game.store.store import Store

GAMES = [game.info.id for game in all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_save_resume_file_and_replay(game_id: str, tmp_path: Path) -> None:
    game = next(g for g in all_games() if g.info.id == game_id)
    seats = [Seat("bot", f"B{i}", "random") for i in range(game.info.min_players)]
    match = Match(game, seats, 17, runner=SyncBotRunner(), pace_ms=(40, 90))
    store = Store.open(tmp_path, logging_to_file=False)
    store.follow(match)
    for _ in range(100_000):  # a frame clock until a third of a typical match has been played
        if match.is_over() or len(match.log) >= 6:
            break
        match.update(16)
    assert not match.is_over(), "the match should still be on"
    written = store.autosave.last_saved
    assert written is not None
    saved = Store.open(tmp_path, logging_to_file=False).pending_match()
    assert saved is not None
    assert (len(saved.preview.log), saved.preview.state.fingerprint()) == written
    resumed = saved.resume(SyncBotRunner(), (40, 90))
    again = Store.open(tmp_path, logging_to_file=False)
    again.follow(resumed, saved)
    for _ in range(1_000_000):
        if resumed.is_over():
            break
        resumed.update(16)
    assert resumed.is_over()
    assert not again.dirs.autosave_file.exists()
    [info] = again.replays.entries(game_id)
    kept = json.loads(info.path.read_text())["match"]
    assert kept["log"][: len(saved.preview.log)] == saved.data["log"]
    cursor = ReplayCursor(info.match)
    cursor.to_end()
    assert cursor.state.is_over()
    cursor.seek(cursor.length // 2)
    middle = cursor.state.fingerprint()
    cursor.forward()
    cursor.back()
    assert cursor.state.fingerprint() == middle
    for viewer in (None, *range(len(seats))):
        cursor.set_viewer(viewer)
        assert cursor.view().seat == viewer
    totals = again.stats.game(game_id).kinds["bot:random"]
    assert totals.played == 1 and totals.counts  # one match, however many random bots
