"""Work per frame on the Omi table: update + draw, before the flip, at 1280×720, dummy driver.

Two runs:
1. a demo match (four normal bots in their worker process, normal animation and bot pace),
   frames stepped back to back, ``--frames`` of them;
2. the same table with hard bots (``--budget`` ms of search a move) and frames paced at 60 FPS in
   real time, so the search runs in the worker *while* frames are drawn; only frames drawn while
   a hard bot was thinking are counted.

Targets (issue 3): p99 ≤ 8 ms in run 1; no frame over 16.7 ms while a bot thinks.

    .venv/bin/python bench/frames.py [--frames 6000] [--think-frames 1500] [--budget 300]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.core.match import Seat  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.session import TableSetup, new_match, table_scene  # noqa: E402

FRAME_MS = 1000 / 60
SIZE = (1280, 720)


def summary(name: str, samples: list[float]) -> str:
    if not samples:
        return f"{name}: no frames"
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    over = sum(1 for v in samples if v > FRAME_MS)
    return (
        f"{name}: {len(samples)} frames, median {statistics.median(samples):.2f} ms, "
        f"p99 {p99:.2f} ms, max {max(samples):.2f} ms, over 16.7 ms: {over}"
    )


def start(app: App, level: str, seed: int, budget: int) -> object:
    settings = {"budget_ms": budget} if level == "hard" else {}
    seats = [Seat("bot", f"Bot {i + 1}", level, settings) for i in range(4)]
    match = new_match(TableSetup("omi", seats, {}, seed), app.settings.pace_ms)
    scene = table_scene(app, match)
    app.push(scene)
    return scene


def demo_frames(frames: int, seed: int) -> tuple[list[float], list[float]]:
    app = App(size=SIZE)
    table = start(app, "normal", seed, 0)
    for _ in range(30):  # warm the face and text caches as a player's first second would
        app.tick(round(FRAME_MS))
    work: list[float] = []
    cpu: list[float] = []
    for _ in range(frames):
        started, cpu_started = time.perf_counter(), time.process_time()
        app.tick(round(FRAME_MS))
        work.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - cpu_started) * 1000)
        if app.stack.top is not table:  # the match ended: next one
            app.stack.scenes.clear()
            seed += 1
            table = start(app, "normal", seed, 0)
    app.close()
    pygame.quit()
    return work, cpu


def thinking_frames(frames: int, seed: int, budget: int) -> tuple[list[float], list[float], int]:
    """Frames paced in real time; returns the work of frames drawn while a hard bot thought."""
    app = App(size=SIZE)
    app.settings.bot_pace = "instant"  # ask bots as often as possible: more thinking to overlap
    app.settings.animation = "fast"
    table = start(app, "hard", seed, budget)
    runner = table.match.runner  # type: ignore[attr-defined]
    for _ in range(30):
        app.tick(round(FRAME_MS))
    during: list[float] = []
    during_cpu: list[float] = []
    asks = 0
    next_frame = time.perf_counter()
    while len(during) < frames:
        thinking = bool(runner._outstanding)
        started, cpu_started = time.perf_counter(), time.process_time()
        app.tick(round(FRAME_MS))
        work = (time.perf_counter() - started) * 1000
        if (
            thinking and runner._outstanding
        ):  # thinking before and after: the whole frame overlapped
            during.append(work)
            during_cpu.append((time.process_time() - cpu_started) * 1000)
        asks = runner._next_ticket
        next_frame += FRAME_MS / 1000
        time.sleep(max(0.0, next_frame - time.perf_counter()))
        if app.stack.top is not table:
            app.stack.scenes.clear()
            seed += 1
            table = start(app, "hard", seed, budget)
            runner = table.match.runner  # type: ignore[attr-defined]
    app.close()
    pygame.quit()
    return during, during_cpu, asks


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--frames", type=int, default=6000)
    parser.add_argument("--think-frames", type=int, default=1500)
    parser.add_argument("--budget", type=int, default=300, help="hard bot search per move, ms")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"pygame-ce {pygame.version.ver}, {SIZE[0]}x{SIZE[1]}, driver {os.environ['SDL_VIDEODRIVER']}, cores {os.cpu_count()}"
    )
    wall, cpu = demo_frames(args.frames, args.seed)
    print(summary("demo match (normal bots), wall", wall))
    print(summary("demo match (normal bots), CPU", cpu))
    during, during_cpu, asks = thinking_frames(args.think_frames, args.seed, args.budget)
    label = f"while a hard bot thinks ({args.budget} ms/move, {asks} moves)"
    print(summary(label + ", wall", during))
    print(summary(label + ", CPU", during_cpu))
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (other processes share the cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
