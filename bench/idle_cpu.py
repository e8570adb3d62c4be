"""Idle CPU of the real program on a screen where nothing moves (issue 13: at most 5% of a core).

Starts ``main.py`` on an X display (Xvfb) with a fresh data folder, walks to a screen with
xdotool, lets it settle, then reads the process's CPU ticks (user + system, /proc/PID/stat) over
``--seconds``. No input arrives while it measures, so what it costs is the scene's own idling.

    Xvfb :32 -screen 0 1280x720x24 &
    DISPLAY=:32 SDL_FRAMEBUFFER_ACCELERATION=0 .venv/bin/python bench/idle_cpu.py \
        --screens title,choice,seats,settings,stats,rules --seconds 30

``--roots /tmp/before,.`` alternates two checkouts screen by screen (A/B in one run).
``--path auto|software|accelerated`` (issue 32) is written to the fresh data folder's settings, so
the app chooses its presentation path as a player's would (``--path opengl``: SDL's hint), and
``--xvfb 1280x720`` starts a private server for the run; the table process's RSS at the end of
each screen's measurement and, on a private server, the X server's CPU are printed too.

    .venv/bin/python bench/idle_cpu.py --path auto --xvfb 1280x720 --screens title,settings
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from real_display import SERVERS, cpu_seconds, environment, write_settings, xvfb

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


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def measure(
    root: Path, screen: str, seconds: float, settle: float, shots: Path | None, path: str
) -> tuple[float, float, float | None]:
    """% of a core the idle screen costs, the table process's RSS (MiB) and the X server's %."""
    display = os.environ["DISPLAY"]
    with tempfile.TemporaryDirectory() as data:
        if path != "inherit":
            write_settings(Path(data), path, fullscreen=False)
        env = environment(path, display) if path != "inherit" else None
        process = subprocess.Popen(
            [sys.executable, str(root / "main.py"), "--data-dir", data],
            cwd=root,
            env=env,
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
            server = SERVERS.get(display, 0)
            before, server_before = cpu_ticks(process.pid), cpu_seconds(server) if server else 0
            time.sleep(seconds)
            used = cpu_ticks(process.pid) - before
            server_share = (cpu_seconds(server) - server_before) / seconds * 100 if server else None
            rss = rss_mib(process.pid)
        finally:
            process.terminate()
            process.wait(timeout=10)
    return 100.0 * used / TICKS / seconds, rss, server_share


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
    parser.add_argument(
        "--path",
        default="inherit",
        help="auto, software, accelerated or a render driver (default: the environment's)",
    )
    parser.add_argument(
        "--xvfb", metavar="WxH", help="a private Xvfb screen (1280x720: the routes)"
    )
    args = parser.parse_args()
    with xvfb(args.xvfb) as display:
        if not display:
            raise SystemExit("idle_cpu: needs an X display (DISPLAY=:NN under Xvfb, or --xvfb)")
        os.environ["DISPLAY"] = display
        print(f"load {os.getloadavg()[0]:.2f}; {args.seconds:.0f} s a screen; path {args.path}")
        for screen in args.screens.split(","):
            for root in args.roots.split(","):
                share, rss, server = measure(
                    Path(root), screen, args.seconds, args.settle, args.shots, args.path
                )
                load = os.getloadavg()[0]
                x = f", X server {server:.1f}%" if server is not None else ""
                print(
                    f"{screen:10s} {share:6.1f}% of a core{x}, RSS {rss:.1f} MiB  {root}  "
                    f"(load {load:.2f})",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
