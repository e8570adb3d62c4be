"""Work per frame on the Om Nom Nom table during a resolution with all 15 dice moving.

A 6-seat table at 1280×720 (dummy video driver), normal animation speed. Each run sets the
round's dice so that one reveal eats all 15 (Forest: 4 rabbit dice for 2 wolves; Town: 6 mouse
dice for 3 cats; Pond: 5 frog dice for 1 hedgehog), has the six seats make those picks, and times
every frame (update + draw, before the flip) from the last pick until the table is settled:
the flip, the flight to the boards, the three boards' arrows and the catches (dice and cards)
flying to their owners. Issue 17's target: p99 ≤ 4 ms.

    .venv/bin/python bench/omnomnom_frames.py [--runs 30] [--size 1280x720]

``--path auto|software|accelerated|opengl`` (``--xvfb WxH``: a private Xvfb) draws on a real window
and flips every tick: the times are then work + present (bench/real_display.py, issue 32).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import common
import real_display

from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import SyncBotRunner
from game.omnomnom.actions import Pick
from game.omnomnom.state import OmNomNomState
from scenes.app import App
from scenes.omnomnom.table import OmNomNomTable
from scenes.settings import SettingsFile

FRAME_MS = 1000 / 60
DICE = {"rabbit": 4, "mouse": 6, "frog": 5, "carrot": 0, "cheese": 0, "fly": 0}
PICKS = ("wolf", "wolf", "cat", "cat", "cat", "hedgehog")


def one_run(app: App, seed: int, roll: bool = False) -> tuple[list[float], list[float], int]:
    """Wall and CPU times (ms) of the frames of one resolution, and how many dice were in flight
    at the busiest."""
    seats = [Seat("human", f"Player {i}") for i in range(6)]
    match = Match(find_game("omnomnom"), seats, seed, {}, runner=SyncBotRunner())
    state = match.state
    assert isinstance(state, OmNomNomState)
    state.set_dice(DICE)
    table = OmNomNomTable(app, match, open_cards=True)
    app.push(table)
    while table.presenter.busy:  # the opening roll
        app.tick(16)
    for seat, animal in enumerate(PICKS):
        match.submit(Pick(seat, animal))
    times: list[float] = []
    cpu: list[float] = []
    most_dice = 0
    while True:
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.tick(16)  # update and draw, as the app's loop does before the flip
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        moving = sum(
            1 for s in table.layer.sprites if s.moving and s.card and s.card.startswith("die:")
        )
        most_dice = max(most_dice, moving)
        if not table.presenter.busy and len(times) > 10:
            break
    if roll:  # on to the round's end: the cleanup and the roll move all 15 dice at once
        times, cpu = [], []
        app.settings.animation = "instant"
        for _turn in range(4):
            for seat in range(6):
                match.submit(Pick(seat, state.hands[seat][0]))
            app.tick(16)  # the table takes the events in, then shows them at once
            while table.presenter.busy:
                app.tick(16)
        app.settings.animation = "normal"
        for seat in range(6):
            match.submit(Pick(seat, state.hands[seat][0]))
        while True:
            if table.summary_open():
                table.close_summary()
            start, start_cpu = time.perf_counter(), time.thread_time()
            app.tick(16)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - start_cpu) * 1000)
            moving = sum(
                1 for s in table.layer.sprites if s.moving and s.card and s.card.startswith("die:")
            )
            most_dice = max(most_dice, moving)
            if not table.presenter.busy and len(times) > 10:
                break
    app.pop()
    table.exit()
    return times, cpu, most_dice


def main() -> int:
    common.drawing_environment()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument(
        "--roll",
        action="store_true",
        help="time the round's last reveal, cleanup and re-roll instead (15 dice fly at once)",
    )
    real_display.add_arguments(parser)
    args = parser.parse_args()
    with real_display.display_for(args):
        return run_bench(args)


def run_bench(args: argparse.Namespace) -> int:
    size = tuple(int(v) for v in args.size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        app = App(SettingsFile(Path(folder)), size=(size[0], size[1]), data_dir=Path(folder))
        real_display.present_every_tick(app)  # --path: a real window, flipped each tick
        app.settings.animation = "normal"
        one_run(app, 0)  # warm the caches (faces, text) as a player's first turn would
        runs = [one_run(app, seed, args.roll) for seed in range(1, args.runs + 1)]
    what = "round ends and re-rolls" if args.roll else "resolutions"
    print(f"size {size[0]}x{size[1]}, 6 seats, {args.runs} {what}")
    print(f"dice in flight at once (max over runs): {max(d for _, _, d in runs)}")
    walls = [t for wall, _, _ in runs for t in wall]
    cpus = [t for _, cpu, _ in runs for t in cpu]
    for name, frames in (("wall", walls), ("CPU of the frame loop", cpus)):
        rng = random.Random(1)
        boot = sorted(
            common.percentile([rng.choice(frames) for _ in frames], 0.99) for _ in range(400)
        )
        print(
            f"{name}: {len(frames)} frames, median {statistics.median(frames):.2f} ms, "
            f"p99 {common.percentile(frames, 0.99):.2f} ms (95% bootstrap interval "
            f"{boot[10]:.2f}–{boot[389]:.2f}), max {max(frames):.2f} ms, "
            f"over 16.7 ms: {sum(1 for t in frames if t > FRAME_MS)}"
        )
    load = os.getloadavg()
    print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(real_display.report_presented("flips"), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
