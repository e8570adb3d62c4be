"""Bots on the table: a whole demo match to its end at accelerated speed, the demo and
screenshot commands."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame

from game.core.match import Seat
from scenes.app import App
from scenes.omi.table import OmiTable
from scenes.results import ResultsScene
from scenes.session import default_setup, new_match, table_scene


def test_a_whole_demo_match_runs_to_the_results(app: App) -> None:
    """Four normal bots thinking in their worker process; fast animation, no bot pause."""
    app.settings.animation = "fast"
    app.settings.bot_pace = "instant"
    setup = default_setup("omi", seed=2)
    setup.seats = [dataclasses.replace(s, kind="bot", level="normal") for s in setup.seats]
    match = new_match(setup, app.settings.pace_ms)  # the table's own process runner
    table = table_scene(app, match)
    app.push(table)
    assert isinstance(table, OmiTable) and table.viewer is None  # nobody to hide from: all open
    frames = 0
    while not isinstance(app.stack.top, ResultsScene):
        app.tick(100)  # 100 ms of animation per frame: a match in a few thousand frames
        frames += 1
        assert frames < 20000, "the demo match did not end"
    outcome = match.state.outcome()
    assert outcome is not None and max(outcome.scores) == 10
    assert not table.presenter.unhandled  # every event had its animation
    assert {"deal", "play", "trick", "win"} <= set(app.sound.played)
    assert match.runner._process is None  # type: ignore[attr-defined]  # closed with the table


def test_demo_command_runs_and_stops(tmp_path: Path) -> None:
    from main import main

    code = main(
        [
            "--data-dir",
            str(tmp_path),
            "demo",
            "omi",
            "--seed",
            "4",
            "--animation",
            "instant",
            "--pace",
            "instant",
            "--seconds",
            "3",
            "--size",
            "800x600",
        ]
    )
    assert code == 0


def test_demo_command_refuses_bad_arguments(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from main import main

    assert main(["--data-dir", str(tmp_path), "demo", "omi", "--bots", "genius"]) == 2
    assert "no bot level 'genius'" in capsys.readouterr().err


def test_screenshot_command_writes_the_table(tmp_path: Path) -> None:
    from main import main

    out = tmp_path / "table.png"
    assert (
        main(
            [
                "screenshot",
                "--game",
                "omi",
                "--seed",
                "3",
                "--steps",
                "14",
                "--out",
                str(out),
                "--size",
                "960x540",
            ]
        )
        == 0
    )
    image = pygame.image.load(out)
    assert image.get_size() == (960, 540)


def test_seat_switch_to_bot_mid_game_keeps_the_table(app: App) -> None:
    """A human seat handed to a bot mid-game: the bot plays on and the table follows."""
    app.settings.animation = "instant"
    app.settings.bot_pace = "instant"
    from game.core.runner import SyncBotRunner

    setup = default_setup("omi", seed=9)
    match = new_match(setup, app.settings.pace_ms, SyncBotRunner())
    table = table_scene(app, match)
    app.push(table)
    for _ in range(50):
        app.tick(16)
    match.set_seat(0, Seat("bot", "You", "normal"))
    for _ in range(400):
        app.tick(16)
    assert len(match.log) > 8


def test_no_display_says_how_to_run_headless(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    }
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(root / "main.py"), "--data-dir", str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "python main.py simulate omi" in done.stderr


def test_frames_go_on_while_a_hard_bot_thinks(app: App) -> None:
    """The search runs in the worker: frames begin and end while the same question is open."""
    import time

    app.settings.animation = "instant"
    app.settings.bot_pace = "instant"
    seats = [Seat("bot", f"Bot {i}", "hard", {"budget_ms": 1500}) for i in range(4)]
    from scenes.session import TableSetup

    match = new_match(TableSetup("omi", seats, {}, 3), app.settings.pace_ms)
    app.push(table_scene(app, match))
    runner = match.runner
    frames_during_one_search = 0
    deadline = time.monotonic() + 60  # a loaded machine slows the worker (nice 10), not the frames
    while time.monotonic() < deadline and frames_during_one_search < 60:
        # Count once a first move is in (the worker is up): from then on an ask is a search.
        asked = set(runner._outstanding) if match.log else set()  # type: ignore[attr-defined]
        app.tick(16)
        # A blocking search would answer inside the frame: the question would be gone after it.
        if asked and asked <= set(runner._outstanding):  # type: ignore[attr-defined]
            frames_during_one_search += 1
        time.sleep(0.005)
    assert frames_during_one_search >= 20
