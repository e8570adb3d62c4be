"""The reflex race rig: two seats' keys pressed 0–5 ms apart by xdotool on a real X display, 100
races; the earlier press must win every one.

It checks the whole path a slap takes at one keyboard: X server → SDL's event queue → pygame →
the App → the kit's ``ReflexInput`` (per-seat keys, ranked by queue order). The window is the
kit's own harness (``RaceHarness`` below: a scene whose window is always open), so the rig
measures the input path, not one game's rules; each game's table runs its own race on top.

    xvfb-run -a .venv/bin/python tests/ui/test_race_rig.py [--races 100]
    (or with DISPLAY set; pytest runs it when a display and xdotool are there)
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KEYS = ("left shift", "z")  # the kit's default reflex keys of seats 0 and 1
XDOTOOL_KEYS = {"left shift": "Shift_L", "z": "z"}


def harness(races: int) -> int:
    """The window: prints one line per race, "seat seat frames", in the order the kit ranked."""
    sys.path.insert(0, str(ROOT))
    import pygame

    from scenes.app import App
    from scenes.scene import Scene
    from scenes.settings import SettingsFile
    from scenes.table.reflex import ReflexInput

    class RaceHarness(Scene):
        def __init__(self, app: App) -> None:
            super().__init__(app)
            self.reflex = ReflexInput()
            self.reflex.bind(list(KEYS), {}, seats=[0, 1])
            self.frame = 0
            self.pressed: list[tuple[int, int]] = []  # (seat, frame it was read in)
            self.done = 0

        def handle(self, event: pygame.event.Event) -> bool:
            found = self.reflex.seat_of(event)
            if found is None:
                return False
            press = self.reflex.press(found[0], found[1], self.frame, True, None)
            if press is not None and press.seat not in (s for s, _ in self.pressed):
                self.pressed.append((press.seat, self.frame))
            if len(self.pressed) == 2:
                (first, f1), (second, f2) = self.pressed
                print(f"{first} {second} {f2 - f1}", flush=True)
                self.pressed = []
                self.done += 1
                if self.done >= races:
                    self.app.quit()
            return True

        def update(self, dt_ms: int) -> None:
            self.frame += 1

        def draw(self, surface: pygame.Surface) -> None:
            surface.fill((22, 92, 58))

    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        app = App(SettingsFile(Path(folder)), size=(400, 300))
        app.push(RaceHarness(app))
        print("ready", flush=True)
        return app.run()


def run_races(races: int, seed: int = 1) -> tuple[int, list[int]]:
    """Drive the harness; returns (races won by the earlier press, frames between the presses)."""
    rng = random.Random(seed)
    child = subprocess.Popen(
        [sys.executable, __file__, "--harness", "--races", str(races)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "SDL_FRAMEBUFFER_ACCELERATION": "0", "SDL_AUDIODRIVER": "dummy"},
    )
    assert child.stdout is not None
    while child.stdout.readline().strip() != "ready":
        pass
    time.sleep(1.0)
    # No window manager under Xvfb: the window sits at the top left and keys go where the
    # pointer is; give it the focus too, for a desktop with a window manager.
    subprocess.run(["xdotool", "mousemove", "200", "150"], check=False)
    window = subprocess.run(
        ["xdotool", "search", "--pid", str(child.pid)], capture_output=True, text=True
    ).stdout.split()
    if window:
        subprocess.run(["xdotool", "windowfocus", window[-1]], check=False)
    won, gaps = 0, []
    for _ in range(races):
        order = [0, 1] if rng.random() < 0.5 else [1, 0]
        apart_s = rng.uniform(0.0, 0.005)
        first, second = (XDOTOOL_KEYS[KEYS[seat]] for seat in order)
        subprocess.run(
            [
                "xdotool",
                "keydown",
                first,
                "sleep",
                f"{apart_s:.4f}",
                "keydown",
                second,
                "sleep",
                "0.05",
                "keyup",
                first,
                "keyup",
                second,
            ],
            check=True,
        )
        line = child.stdout.readline().split()
        ranked = [int(line[0]), int(line[1])]
        won += ranked == order
        gaps.append(int(line[2]))
        time.sleep(0.15)
    child.wait(timeout=20)
    return won, gaps


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--races", type=int, default=100)
    parser.add_argument("--harness", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.harness:
        return harness(args.races)
    if not os.environ.get("DISPLAY") or not shutil.which("xdotool"):
        print("race_rig: needs an X display and xdotool (try xvfb-run -a)", file=sys.stderr)
        return 2
    won, gaps = run_races(args.races)
    same = sum(1 for g in gaps if g == 0)
    print(f"{won} of {args.races} races won by the earlier press; {same} read in the same frame")
    return 0 if won == args.races else 1


def test_the_earlier_press_wins_every_race() -> None:
    import pytest

    if not os.environ.get("DISPLAY") or not shutil.which("xdotool"):
        pytest.skip("needs an X display and xdotool")
    won, _ = run_races(20)
    assert won == 20


if __name__ == "__main__":
    sys.exit(main())
