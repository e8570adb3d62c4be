"""Idle CPU of the real program on a screen where nothing moves (issue 13: at most 5% of a core).

Starts ``main.py`` on an X display (Xvfb) with a fresh data folder, walks to a screen with
xdotool, lets it settle, then reads the process's CPU ticks (user + system, /proc/PID/stat) over
``--seconds``. No input arrives while it measures, so what it costs is the scene's own idling.

    Xvfb :32 -screen 0 1280x720x24 &
    DISPLAY=:32 SDL_FRAMEBUFFER_ACCELERATION=0 .venv/bin/python bench/idle_cpu.py \
        --screens title,choice,seats,settings,stats,rules --seconds 30

``--roots /tmp/before,.`` alternates two checkouts screen by screen (A/B in one run).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TICKS = os.sysconf("SC_CLK_TCK")

# Keys from the title screen to each screen (the title's buttons with a store: Play, Rules,
# Statistics, Replays, Settings, Quit; focus starts on Play).
ROUTES: dict[str, list[str]] = {
    "title": [],
    "choice": ["Return"],
    "seats": ["Return", "Return"],
    "rules": ["Down", "Return", "Return"],
    "stats": ["Down", "Down", "Return"],
    "settings": ["Down", "Down", "Down", "Down", "Return"],
}


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of the line)


def measure(root: Path, screen: str, seconds: float, settle: float, shots: Path | None) -> float:
    with tempfile.TemporaryDirectory() as data:
        process = subprocess.Popen(
            [sys.executable, str(root / "main.py"), "--data-dir", data],
            cwd=root,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            time.sleep(4.0)  # the window opens and the title shows
            # Hovering a button focuses it (the pointer starts mid-screen, on Replays): hover
            # Play, then park the pointer in a corner, off every form.
            for x, y in ((640, 203), (5, 715)):
                subprocess.run(["xdotool", "mousemove", str(x), str(y)], check=True)
                time.sleep(0.3)
            for name in ROUTES[screen]:
                subprocess.run(["xdotool", "key", name], check=True)
                time.sleep(0.6)
            time.sleep(settle)  # the input's lively moment passes
            if shots is not None:  # to see that the route reached the screen
                shots.mkdir(parents=True, exist_ok=True)
                picture = shots / f"{root.name}-{screen}.png"
                subprocess.run(["import", "-window", "root", str(picture)], check=True)
            before = cpu_ticks(process.pid)
            time.sleep(seconds)
            used = cpu_ticks(process.pid) - before
        finally:
            process.terminate()
            process.wait(timeout=10)
    return 100.0 * used / TICKS / seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", default="title", help="comma list of " + ",".join(ROUTES))
    parser.add_argument(
        "--roots",
        default=str(ROOT),
        help="comma list of checkouts to compare, alternated screen by screen (A/B in one run)",
    )
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--settle", type=float, default=2.0)
    parser.add_argument("--shots", type=Path, default=None, help="a screenshot of each screen here")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY"):
        raise SystemExit("idle_cpu: needs an X display (DISPLAY=:NN under Xvfb)")
    print(f"load {os.getloadavg()[0]:.2f}; {args.seconds:.0f} s a screen")
    for screen in args.screens.split(","):
        for root in args.roots.split(","):
            share = measure(Path(root), screen, args.seconds, args.settle, args.shots)
            load = os.getloadavg()[0]
            print(f"{screen:10s} {share:6.1f}% of a core  {root}  (load {load:.2f})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
