"""Work per frame on a 6-seat OMYN table at 1280×720 while an Omen is animated (the gather, the
shuffle and the new deal): ``App.tick`` (update + draw, before the flip), dummy video driver.

To have Omens to measure, the bench puts an Omen on top of the draw pile at the start of every
turn (the table does not know the order of the draw pile, so nothing on screen differs); only
frames drawn from an ``OmenPlayed`` until the next turn starts count. Normal bots decide in the
process (they are idle while the Omen is shown: the table holds the match clock).

    .venv/bin/python bench/omyn_frames.py [--frames 1500] [--seed 1]

``--path auto|software|accelerated|opengl`` (``--xvfb WxH``: a private Xvfb) draws on a real window
and flips every tick: the times are then work + present (bench/real_display.py, issue 32).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import common
import real_display

from game.core.events import TurnStarted
from game.core.match import Match, Seat
from game.core.runner import SyncBotRunner
from game.omyn import GAME
from game.omyn.cards import is_omen
from game.omyn.events import OmenPlayed
from scenes.app import App
from scenes.omyn.table import OmynTable
from scenes.settings import SettingsFile

FRAME_MS = 1000 / 60
SIZE = (1280, 720)


def omen_on_top(match: Match) -> None:
    state = match.state
    if getattr(state, "phase", "") != "turn" or state.step != "start":  # type: ignore[attr-defined]
        return
    draw = state.draw  # type: ignore[attr-defined]
    omen = next((i for i, card in enumerate(draw) if is_omen(state.face(card))), None)  # type: ignore[attr-defined]
    if omen:
        draw.insert(0, draw.pop(omen))


def measure(frames: int, seed: int) -> tuple[list[float], list[float], list[int]]:
    """(wall ms, CPU ms, cards in flight) of each frame drawn while an Omen is shown."""
    samples: list[float] = []
    cpu: list[float] = []
    flying: list[int] = []
    with tempfile.TemporaryDirectory() as folder:
        app = App(SettingsFile(Path(folder)), size=SIZE, data_dir=Path(folder))
        real_display.present_every_tick(app)  # --path: a real window, flipped each tick
        app.settings.animation = "normal"
        app.settings.bot_pace = "instant"
        while len(samples) < frames:
            seats = [Seat("bot", f"Bot {i}", "normal") for i in range(6)]
            match = Match(GAME, seats, seed, {}, runner=SyncBotRunner())
            table = OmynTable(app, match, watchers=(0,))
            app.push(table)
            showing = False
            handlers = table.presenter.handlers
            omen, turn = handlers[OmenPlayed], handlers[TurnStarted]

            def on_omen(event: OmenPlayed, shown=omen) -> float:  # type: ignore[no-untyped-def]
                nonlocal showing
                showing = True
                return shown(event)

            def on_turn(event: TurnStarted, shown=turn) -> float:  # type: ignore[no-untyped-def]
                nonlocal showing
                showing = False
                return shown(event)

            table.presenter.on(OmenPlayed, on_omen)
            table.presenter.on(TurnStarted, on_turn)
            while table in app.stack.scenes and len(samples) < frames:
                omen_on_top(match)
                started, cpu_started = time.perf_counter(), time.process_time()
                app.tick(round(FRAME_MS))
                if showing:
                    samples.append((time.perf_counter() - started) * 1000)
                    cpu.append((time.process_time() - cpu_started) * 1000)
                    flying.append(sum(1 for s in table.layer.sprites if s.moving))
            while app.stack.scenes:
                app.stack.scenes[-1].exit()
                app.stack.scenes.pop()
            seed += 1
    return samples, cpu, flying


def main() -> int:
    common.drawing_environment()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    real_display.add_arguments(parser)
    args = parser.parse_args()
    with real_display.display_for(args):
        return run_bench(args)


def run_bench(args: argparse.Namespace) -> int:
    wall, cpu, flying = measure(args.frames, args.seed)
    for name, values in (("wall", wall), ("CPU", cpu)):
        samples = sorted(values)
        n = len(samples)
        p99, low, high = common.percentile_interval(samples, 0.99)
        print(
            f"omen frames ({name}): {n}, median {statistics.median(samples):.2f} ms, "
            f"p99 {p99:.2f} ms (95% interval {low:.2f}–{high:.2f}), max {samples[-1]:.2f} ms, "
            f"over 4 ms: {sum(1 for v in samples if v > 4.0)}"
        )
    # What the slowest frames drew: the cards in flight (the crowd an Omen's riffle makes).
    slowest = sorted(range(len(cpu)), key=cpu.__getitem__)[-max(1, len(cpu) // 100) :]
    print(
        f"cards in flight: max {max(flying, default=0)}, median {statistics.median(flying):.0f}; "
        f"in the 1% slowest frames (CPU) {sorted(flying[i] for i in slowest)}"
    )
    print(real_display.report_presented("flips"), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
