"""What every xdotool driver in tests/ui does to a real X display: keys, clicks, screenshots, a
data folder whose settings open the game's seats screen as the drive wants it, and the question
"was the match filed?". Each ``<game>_drive.py`` imports it (they run as scripts from here)."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)


def xdo(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True)


def key(name: str, pause: float = 0.25) -> None:
    xdo("key", name)
    time.sleep(pause)


def click(x: int, y: int, pause: float = 0.9) -> None:
    xdo("mousemove", str(x), str(y))
    time.sleep(0.15)
    xdo("click", "1")
    time.sleep(pause)


def shot(folder: Path, name: str) -> Path:
    time.sleep(0.4)  # the app draws only when something changed: let it catch up
    path = folder / f"{name}.png"
    subprocess.run(["import", "-window", "root", str(path)], check=True)
    return path


def write_settings(
    data: Path, game_id: str, seats: list[dict[str, object]], options: dict[str, object]
) -> None:
    """Animations at the default (normal) speed, as a new player sees them (the README's
    pictures are taken so), quick bots, and the set-up the seats screen offers first."""
    setup = {"game": game_id, "seats": seats, "options": options}
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(
        json.dumps(
            {
                "kind": "settings",
                "version": 1,
                "window": list(SIZE),
                "animation": "normal",
                "bot_pace": "quick",
                "last_setup": {game_id: setup},
            }
        )
    )


def game_row(game_id: str) -> int:
    """The game's row in the game chooser (games are listed in the registry's order)."""
    sys.path.insert(0, str(ROOT))
    from scenes.tables import games_with_tables

    return [g.info.id for g in games_with_tables()].index(game_id)


def finished(data: Path) -> bool:
    """The finished match was filed as a replay."""
    return any((data / "replays").rglob("*.json"))


def wait_for_window(app: subprocess.Popen[bytes], limit_s: float = 60.0) -> None:
    """Until the program's window is on the display and its first frames are drawn: on a busy
    machine the start takes longer than any fixed pause (a shot after 4 s was black, and the
    clicks meant for the title fell on nothing)."""
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        found = subprocess.run(
            ["xdotool", "search", "--pid", str(app.pid)], capture_output=True, check=False
        )
        if found.stdout.strip():
            break
        time.sleep(0.25)
    time.sleep(2.0)


@contextlib.contextmanager
def program_at_seats(game_id: str, data: Path, shots: Path, mode: str) -> Iterator[None]:
    """The program on this display with ``data`` as its folder, taken from the title to the
    game's seats screen; when the drive is over, the results are shot and the program ends."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_FRAMEBUFFER_ACCELERATION="0")
    app = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data)], cwd=ROOT, env=env
    )
    try:
        wait_for_window(app)
        shot(shots, f"{mode}-title")
        click(640, 206, 1.2)  # Play
        click(640, 206 + 48 * game_row(game_id), 1.5)  # the game in the chooser
        yield
        shot(shots, f"{mode}-results")
    finally:
        app.terminate()
        app.wait(10)


def exit_status(reached: bool) -> int:
    print("results reached" if reached else "no results in time")
    return 0 if reached else 1
