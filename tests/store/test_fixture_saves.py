"""Saves written by an earlier commit (tests/store/saves/, see make_saves.py) still load.

A save is its action log plus the fingerprint of the state it replays to: a change to how a
state keeps its windows (or anything else in its snapshot) must keep these loading, or refuse
them with a clear message, never crash.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.errors import SaveError
from game.core.game import fingerprint_of
from game.core.match import Match
from game.core.runner import SyncBotRunner
from game.store.files import DamagedFile
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


def test_a_save_from_before_a_new_option_still_loads_and_a_tampered_one_does_not() -> None:
    """A game that adds an option resolves it to its default on load: the saved fingerprint,
    taken without it, still matches. Any other difference is refused as before."""
    data = json.loads((Path(__file__).parent / "saves" / "omyn_window.json").read_text())
    state = Match.from_json(data, runner=SyncBotRunner()).state
    snapshot = state.snapshot()
    del data["options"]["turn_limit"]  # as if turn_limit came after the save
    snapshot["options"] = {k: v for k, v in snapshot["options"].items() if k in data["options"]}
    data["fingerprint"] = fingerprint_of(snapshot)
    assert Match.from_json(data, runner=SyncBotRunner()).state.fingerprint() == state.fingerprint()
    ReplayCursor(data)
    snapshot["rows"][0].reverse()
    data["fingerprint"] = fingerprint_of(snapshot)
    with pytest.raises(SaveError, match="differs"):
        Match.from_json(data, runner=SyncBotRunner())
    with pytest.raises(DamagedFile, match="differs"):
        ReplayCursor(data)
