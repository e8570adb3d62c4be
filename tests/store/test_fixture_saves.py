"""Saves written by an earlier commit (tests/store/saves/, see make_saves.py) still load.

A save is its action log plus the fingerprint of the state it replays to: a change to how a
state keeps its windows (or anything else in its snapshot) must keep these loading, or refuse
them with a clear message, never crash.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.match import Match
from game.core.runner import SyncBotRunner
from game.store.replay_cursor import ReplayCursor

SAVES = sorted((Path(__file__).parent / "saves").glob("*.json"))


def test_the_fixtures_are_there() -> None:
    assert len(SAVES) >= 9


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.stem)
def test_an_old_save_loads_and_replays_to_its_fingerprint(path: Path) -> None:
    data = json.loads(path.read_text())
    match = Match.from_json(data, runner=SyncBotRunner())
    assert len(match.log) == len(data["log"])
    assert match.is_over() == path.stem.endswith("_over")
    if path.stem.endswith(("_window", "_claim")):
        assert match.state.next_deadline() is not None  # still inside its window
    cursor = ReplayCursor(data)
    assert len(cursor.log) == len(data["log"])


@pytest.mark.parametrize("path", [p for p in SAVES if not p.stem.endswith("_over")], ids=str)
def test_a_saved_open_window_plays_on_to_the_end(path: Path) -> None:
    data = json.loads(path.read_text())
    for seat in data["seats"]:
        seat.update(kind="bot", level="random")
    match = Match.from_json(data, runner=SyncBotRunner())
    match.run_to_end()
    assert match.is_over()
