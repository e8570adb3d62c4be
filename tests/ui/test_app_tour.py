"""A tour of the app's screens as a person meets them, driven by xdotool on a real X display:
title → game choice → seats (seat counts, "press your reflex key") → Settings (a seat's reflex
key rebound) → an Omi match → pause → leave? (asked, not taken) → a seat handed to a bot → the
results → Statistics. Screenshots of each go to a folder (docs/screenshots/ when run by hand).

    .venv/bin/python tests/ui/test_app_tour.py [--display :16] [--out docs/screenshots]
    (pytest runs it into a temporary folder when an X display and xdotool are there)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)
OMI_BOTS = ("Nimal", "Kamala", "Saman")


def settings_file(folder: Path) -> None:
    """Quick bots and animations, and remembered set-ups: OMYN with two people, Omi one hand."""
    you, dev = {"kind": "human", "name": "You"}, {"kind": "human", "name": "Dev"}
    bots = [{"kind": "bot", "name": n, "level": "normal"} for n in ("Kamala", "Saman")]
    data = {
        "kind": "settings",
        "version": 1,
        "window": list(SIZE),
        "animation": "fast",
        "bot_pace": "quick",
        "last_setup": {
            "omyn": {"game": "omyn", "seats": [you, dev, *bots], "options": {}},
            "omi": {
                "game": "omi",
                "seats": [you, *({"kind": "bot", "name": n, "level": "normal"} for n in OMI_BOTS)],
                "options": {"max_hands": 1},
            },
        },
    }
    (folder / "settings.json").write_text(json.dumps(data), encoding="utf-8")


class Tour:
    def __init__(self, out: Path, data: Path) -> None:
        self.out, self.data = out, data
        self.child = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data)],
            env={
                **os.environ,
                "SDL_FRAMEBUFFER_ACCELERATION": "0",
                "SDL_AUDIODRIVER": "dummy",
                "SDL_VIDEO_WINDOW_POS": "0,0",  # where the screenshots are cut
            },
            cwd=ROOT,
        )
        time.sleep(4.0)
        # No window manager: give the window the keyboard focus by hand (the pointer, which
        # xdotool cannot move on Xvfb, stays off the window, where it would focus a button).
        window = subprocess.run(
            ["xdotool", "search", "--pid", str(self.child.pid)], capture_output=True, text=True
        ).stdout.split()
        if window:
            subprocess.run(["xdotool", "windowfocus", window[-1]], check=False)
        self.shots: list[str] = []

    def keys(self, *names: str, wait: float = 0.5) -> None:
        for name in names:
            subprocess.run(["xdotool", "key", "--delay", "60", name], check=True)
            time.sleep(wait)

    def shot(self, name: str, wait: float = 0.6) -> None:
        time.sleep(wait)
        path = self.out / f"{name}.png"
        subprocess.run(
            ["import", "-window", "root", "-crop", f"{SIZE[0]}x{SIZE[1]}+0+0", str(path)],
            check=True,
        )
        self.shots.append(name)

    def match_filed(self) -> bool:
        """Has the match ended (the store files its statistics as the results come up)?"""
        return (self.data / "statistics.json").exists()

    def alive(self) -> bool:
        return self.child.poll() is None

    def close(self) -> None:
        if self.alive():
            self.child.terminate()
            self.child.wait(timeout=10)


def tour(out: Path) -> list[str]:
    sys.path.insert(0, str(ROOT))
    from game.core.registry import all_games
    from scenes.tables import TABLES

    playable = [g.info.id for g in all_games() if g.info.id in TABLES]
    with tempfile.TemporaryDirectory() as folder:
        settings_file(Path(folder))
        t = Tour(out, Path(folder))
        try:
            t.shot("title")
            t.keys("Return")  # Play
            t.shot("choice")
            if "omyn" in playable:  # a game with reflex windows and 2–6 seats
                t.keys(*["Down"] * playable.index("omyn"), "Return")
                t.keys("Shift_L", "z")  # both people press their reflex keys
                t.shot("seats-press-your-key")
                t.keys("Up", "Right")  # the Players choice: 4 → 5 seats
                t.shot("seats-counts")
                t.keys("Escape")  # back to the game choice
            t.keys("Escape")  # and to the title
            t.keys("Down", "Down", "Down", "Down", "Return")  # Settings
            t.keys(*["Up"] * 7, "Return", "q")  # up from the top wraps: seat 2's key becomes Q
            t.shot("settings-reflex-keys")
            t.keys("Escape", "Up", "Up", "Up", "Up", "Return", "Return")  # title: Play → Omi
            t.shot("seats")
            t.keys("Up", "Up", "Return")  # Start
            t.shot("table", wait=3.0)
            t.keys("Escape")
            t.shot("pause")
            t.keys("Down", "Down", "Down", "Down", "Return")  # Leave the table
            t.shot("leave")
            t.keys("Escape", "Up", "Return")  # no: Seats
            t.keys("Right", "Right")  # You → random bot → normal bot
            t.shot("seat-change")
            t.keys("Escape", "Escape")  # back to the table: the bots play on
            for _ in range(120):  # the hand summary waits for a press; then the results
                if t.match_filed():
                    break
                t.keys("space", wait=1.0)
            # With every seat a bot nobody is asked to close the last summary: the results come
            # by themselves, and a key pressed then would be "Play again" (a new match).
            time.sleep(8.0)
            t.shot("results")
            t.keys("Escape", "Down", "Down", "Return")  # the title (focus on Play) → Statistics
            t.shot("stats")
            assert t.alive(), "the app closed during the tour"
        finally:
            t.close()
    return t.shots


def available() -> bool:
    return bool(os.environ.get("DISPLAY")) and all(map(shutil.which, ("xdotool", "import")))


@pytest.mark.skipif(not available(), reason="needs an X display, xdotool and ImageMagick")
def test_the_tour_reaches_every_screen(tmp_path: Path) -> None:
    shots = tour(tmp_path)
    assert shots[-1] == "stats" and all((tmp_path / f"{s}.png").stat().st_size for s in shots)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--display", help="start Xvfb on this display (e.g. :16)")
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args()
    xvfb = None
    if args.display:
        # A screen larger than the window, so the pointer (at the screen's centre) is off it.
        screen = f"{SIZE[0] * 2 + 40}x{SIZE[1] * 2 + 40}x24"
        xvfb = subprocess.Popen(["Xvfb", args.display, "-screen", "0", screen])
        os.environ["DISPLAY"] = args.display
        time.sleep(1.0)
    try:
        if not available():
            print("tour: needs an X display, xdotool and ImageMagick", file=sys.stderr)
            return 2
        print(" ".join(tour(Path(args.out))))
        return 0
    finally:
        if xvfb is not None:
            xvfb.terminate()


if __name__ == "__main__":
    sys.exit(main())
