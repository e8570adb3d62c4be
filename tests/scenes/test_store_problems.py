"""A save that fails during play is told on the table, where the player looks."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import cast

import pytest

from game.core.match import Seat
from game.core.runner import SyncBotRunner
from game.store import files
from scenes.app import App
from scenes.session import TableSetup, start_table
from scenes.table.base import TableScene


def test_a_save_failing_mid_match_is_shown_on_the_table(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.runner_factory = SyncBotRunner
    app.settings.animation, app.settings.bot_pace = "instant", "instant"
    assert app.store is not None
    app.store.take_problems()
    seats = [Seat("bot", f"Bot {i}", "random") for i in range(4)]
    start_table(app, TableSetup("omi", seats, {}, 5))
    table = cast(TableScene, app.stack.top)
    for _ in range(20):
        app.tick(16)

    def full(path: Path, payload: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "write_atomic", full)
    played = len(table.match.log)
    for _ in range(200):
        app.tick(16)
        if "Could not save" in table.message.text:
            break
    assert len(table.match.log) > played
    assert table.message.text == "Could not save autosave.json (No space left on device)."
