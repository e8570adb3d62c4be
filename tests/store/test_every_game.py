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


def test_a_match_that_a_deadline_ends_is_filed(tmp_path: Path) -> None:
    """OMYN's standing call ends the match when its Void window closes, with no action after it:
    the deadline, not a move, is the last change, and the store must still file the match."""
    from game.omyn import GAME as OMYN

    seats = [Seat("bot", "You", "normal"), Seat("bot", "Nimal", "normal")]
    match = Match(OMYN, seats, 7, runner=SyncBotRunner(), pace_ms=(0, 0))
    store = Store.open(tmp_path, logging_to_file=False)
    store.follow(match)
    match.run_to_end()
    store.close()
    last_action_ms = match.log[-1][0]
    assert match.now_ms > last_action_ms, "this seed's match should end on a deadline"
    (replay,) = store.replays.entries("omyn")
    assert replay.actions == len(match.log)
    assert Store.open(tmp_path, logging_to_file=False).pending_match() is None
