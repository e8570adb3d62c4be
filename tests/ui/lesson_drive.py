"""What every lesson driver under tests/ui shares (tests/ui/test_*_lesson.py): ``main.py
tutorial GAME`` started in a fresh data folder under a real X display, keys, clicks and
screenshots by xdotool and ImageMagick, the command line that plays the whole lesson, and the
pytest case that plays its first steps when a display and the tools are there.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def still(seconds: float = 1.6, limit: float = 30.0) -> None:
    """Wait until the screen has not changed for ``seconds``: the table waits for the person
    (a bot thinks for at most 1.2 s at the normal pace, and cards move while they play)."""
    last, since, started = b"", time.monotonic(), time.monotonic()
    while time.monotonic() - started < limit:
        picture = subprocess.run(
            ["import", "-window", "root", "-depth", "8", "rgb:-"], capture_output=True, check=True
        ).stdout
        if picture != last:
            last, since = picture, time.monotonic()
        elif time.monotonic() - since >= seconds:
            return
        time.sleep(0.25)


def key(name: str, wait: float = 1.0) -> None:
    subprocess.run(["xdotool", "key", name], check=True)
    time.sleep(0.3)
    still() if wait >= 1.0 else time.sleep(wait)


def click(x: int, y: int, wait: float = 0.8) -> None:
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)
    time.sleep(wait)
    subprocess.run(["xdotool", "mousemove", "1", "1"], check=True)  # no hover left behind


def shot(out: Path, name: str) -> Path:
    path = out / f"{name}.png"
    subprocess.run(["import", "-window", "root", str(path)], check=True)
    print("took", path)
    return path


class Lesson:
    """``main.py tutorial omi`` (or another game's) in a fresh data folder (default settings)."""

    def __init__(self, game_id: str = "omi") -> None:
        self.data = tempfile.TemporaryDirectory()
        env = {**os.environ, "SDL_FRAMEBUFFER_ACCELERATION": "0", "SDL_AUDIODRIVER": "dummy"}
        env["SDL_VIDEODRIVER"] = "x11"  # pytest's conftest asks for the dummy driver
        self.process = subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "main.py"),
                "--data-dir",
                self.data.name,
                "tutorial",
                game_id,
            ],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(120):
            found = subprocess.run(
                ["xdotool", "search", "--pid", str(self.process.pid)], capture_output=True
            )
            if found.stdout.strip():
                break
            time.sleep(0.25)
        time.sleep(3.0)  # the first frames drawn
        subprocess.run(["xdotool", "mousemove", "1", "1"], check=True)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)
        self.data.cleanup()


def played(game_id: str, out: Path, steps: Callable[[Path], None]) -> None:
    """``steps`` played on a fresh ``tutorial GAME``, closed after whatever happens."""
    lesson = Lesson(game_id)
    try:
        steps(out)
    finally:
        lesson.close()


def lesson_main(game_id: str, doc: str | None, steps: Callable[[Path], None]) -> int:
    """The driver's command line: the whole lesson, its screenshots to ``--out``."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--out", type=Path, default=Path(f"/tmp/{game_id}-lesson"))
    out = parser.parse_args().out
    out.mkdir(parents=True, exist_ok=True)
    played(game_id, out, steps)
    return 0


def first_steps_case(game_id: str, out: Path, steps: Callable[[Path], None], picture: str) -> None:
    """The pytest case: ``steps`` played, and the screenshot ``picture`` shows something."""
    import pytest

    tools = shutil.which("xdotool") and shutil.which("import")
    if not (os.environ.get("DISPLAY") and tools):
        pytest.skip("needs an X display, xdotool and ImageMagick")
    played(game_id, out, steps)
    assert (out / picture).stat().st_size > 10_000
