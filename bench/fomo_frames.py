"""Work per frame on a 6-seat FOMO table at 1280×720 during Plot Twists (update + draw, before
the flip, dummy video driver).

A real 6-seat match is dealt and played a few turns by normal bots (seat 0 is the viewer: its hand
face up, every hidden set face down); then the match is held and the table is shown Plot Twist
after Plot Twist between random pairs of seats — the events the rules send (the card played, the
eight crossing moves, the exchange) through the table's own handlers, at normal animation speed.
Only frames while a slide is under way count.

Target (issue 15): p99 ≤ 4 ms.

    .venv/bin/python bench/fomo_frames.py [--twists 60] [--seed 1]

``--path auto|software|accelerated|opengl`` (``--xvfb WxH``: a private Xvfb) draws on a real window
and flips every tick: the times are then work + present (bench/real_display.py, issue 32).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

import common
import real_display

from game.core.events import CardMoved, Event
from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import SyncBotRunner
from game.fomo.cards import PLOT_TWIST, SET_SIZE
from game.fomo.events import ActionPlayed, SetsExchanged
from scenes.app import App
from scenes.fomo.table import FomoTable

SIZE = (1280, 720)
NOBODY: frozenset[int] = frozenset()


def plot_twist(actor: int, a: int, b: int) -> list[Event]:
    """What a Plot Twist between ``a`` < ``b`` sends to a seat that knows none of the cards."""
    events: list[Event] = [ActionPlayed(actor, PLOT_TWIST, (a, b))]
    for slot in range(SET_SIZE):
        events.append(CardMoved(None, f"set:{a}:{slot}", f"set:{b}:{slot}", NOBODY))
        events.append(CardMoved(None, f"set:{b}:{slot}", f"set:{a}:{slot}", NOBODY))
    events.append(SetsExchanged(a, b))
    return events


def main() -> int:
    common.drawing_environment()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--twists", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    real_display.add_arguments(parser)
    args = parser.parse_args()
    with real_display.display_for(args):
        return run_bench(args)


def run_bench(args: argparse.Namespace) -> int:
    app = App(size=SIZE)
    real_display.present_every_tick(app)  # --path: a real window, flipped each tick
    app.settings.animation = "normal"
    app.settings.bot_pace = "instant"
    seats = [Seat("bot", f"Bot {i}", "normal") for i in range(6)]
    match = Match(find_game("fomo"), seats, args.seed, {}, runner=SyncBotRunner())
    table = FomoTable(app, match, watchers=(0,))
    app.push(table)
    for _ in range(900):  # the deal and a few turns, as a player would have seen them
        app.tick(16)
    while table.presenter.busy:
        app.tick(16)
    match.hold()

    def update(dt_ms: int) -> None:  # the presenter and the clocks, no match
        table.presenter.update(dt_ms)
        table.tick(dt_ms)

    table.update = update  # type: ignore[method-assign]
    rng = random.Random(args.seed)
    alive = [s for s in range(6) if not table.is_out(s)]
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(args.twists):
        a, b = sorted(rng.sample(alive, 2))
        table.presenter.push(plot_twist(rng.choice(alive), a, b))
        while True:
            started, started_cpu = time.perf_counter(), time.process_time()
            app.tick(16)
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
            if not table.presenter.busy:
                break
    load = os.getloadavg()
    for name, samples in (("wall", wall), ("cpu", cpu)):
        p99, low, high = common.percentile_interval(samples, 0.99)
        print(
            f"{name}: {len(samples)} frames during {args.twists} Plot Twists, median "
            f"{statistics.median(samples):.2f} ms, p99 {p99:.2f} ms (95% interval "
            f"{low:.2f}–{high:.2f}), max {max(samples):.2f} ms, over 16.7 ms: "
            f"{sum(v > 1000 / 60 for v in samples)}"
        )
    print(f"load average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(real_display.report_presented("flips"), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
