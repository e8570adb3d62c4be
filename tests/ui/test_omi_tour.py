"""A player's tour of the Omi table under a real X display, driven by xdotool: title → game →
seats → the table (the theme, a trick, the help, the last trick) → the hand summary → results,
then two people at one screen (the curtain, with the public trick still in sight). Screenshots go
to ``--out`` (docs/screenshots/ for the README).

    DISPLAY=:11 .venv/bin/python tests/ui/test_omi_tour.py --out docs/screenshots
    (pytest runs a short version when a display and xdotool are there)
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def key(*names: str, wait: float = 0.6) -> None:
    for name in names:
        subprocess.run(["xdotool", "key", name], check=True)
        time.sleep(wait)


def shot(out: Path, name: str) -> Path:
    path = out / f"{name}.png"
    subprocess.run(["import", "-window", "root", str(path)], check=True)
    print("took", path)
    return path


def mean_brightness(path: Path) -> float:
    result = subprocess.run(
        ["convert", str(path), "-colorspace", "Gray", "-format", "%[fx:mean]", "info:"],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(result.stdout)


class Program:
    """The real program in a fresh data folder (default settings, nothing saved)."""

    def __init__(self) -> None:
        self.data = tempfile.TemporaryDirectory()
        env = {**os.environ, "SDL_FRAMEBUFFER_ACCELERATION": "0", "SDL_AUDIODRIVER": "dummy"}
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--data-dir", self.data.name],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(120):  # a loaded machine may take a while to open the window
            found = subprocess.run(
                ["xdotool", "search", "--pid", str(self.process.pid)], capture_output=True
            )
            if found.stdout.strip():
                break
            time.sleep(0.25)
        time.sleep(2.0)  # the first frames drawn
        # Hovering a menu item focuses it: hover the first, then park the pointer in a corner.
        subprocess.run(["xdotool", "mousemove", "640", "206"], check=True)
        time.sleep(0.3)
        subprocess.run(["xdotool", "mousemove", "1", "719"], check=True)
        time.sleep(0.3)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)
        self.data.cleanup()


def one_person(out: Path, short: bool) -> None:
    app = Program()
    try:
        shot(out, "title")
        key("Return")  # Play
        shot(out, "choice")
        key("Return")  # Omi
        shot(out, "seats")
        key("Up", "Up", "Return", wait=0.8)  # Start
        time.sleep(5)
        shot(out, "table-trumps")
        for _ in range(6 if short else 14):  # name trumps, then play the selected card
            key("Return", wait=0.8)
        time.sleep(1.5)
        shot(out, "table-play")
        if short:
            return
        key("Right", wait=0.4)
        shot(out, "table-select")
        key("l")
        shot(out, "table-last-trick")
        key("l")
        key("h")
        shot(out, "table-help")
        key("h")
    finally:
        app.close()


def two_people(out: Path) -> None:
    """Seat 3 (top, Kamala) becomes a person: the curtain between the two."""
    app = Program()
    try:
        key("Return", "Return")
        key("Down", "Down", "Down", "Down", "Down", "Down", "Left", wait=0.4)
        shot(out, "two-seats")
        # Start: the seats screen pins it to its last row
        subprocess.run(["xdotool", "mousemove", "413", "618", "click", "1"], check=True)
        subprocess.run(["xdotool", "mousemove", "1", "719"], check=True)
        took = 0
        for _ in range(120):
            path = shot(out, "curtain")
            if mean_brightness(path) < 0.2:  # the shade is down
                took += 1
                if took == 3:
                    break
                key("space", wait=1.5)
                continue
            key("Return", wait=0.6)
        key("space", wait=1.5)
        shot(out, "curtain-after")
    finally:
        app.close()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "omi_tour")
    parser.add_argument("--only", choices=("one", "two"), default=None)
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") or not shutil.which("xdotool"):
        print("omi_tour: needs an X display, xdotool and ImageMagick", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    if args.only != "two":
        one_person(args.out, short=False)
    if args.only != "one":
        two_people(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())


def test_a_person_reaches_the_omi_table_and_plays(tmp_path: Path) -> None:
    import pytest

    if not os.environ.get("DISPLAY") or not shutil.which("xdotool") or not shutil.which("import"):
        pytest.skip("needs an X display, xdotool and ImageMagick")
    one_person(tmp_path, short=True)
    play = tmp_path / "table-play.png"
    assert play.exists() and 0.2 < mean_brightness(play) < 0.5  # the felt, not a black window
