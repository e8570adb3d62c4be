"""Work per frame on the OMG table at 1280×720 with full boards and a hovered card zoomed:
update + draw, before the flip, dummy video driver.

The board: both sides have three stacks of three levels (some rested, with modifiers), seven
cards in the bottom hand, six in the other, Abysses of ten; it is the person's turn with an
attacker chosen, so the lines to the targets and the combat preview are drawn, and the mouse
moves over the board's cards in turn, so the zoom shows a different card every 20 frames; every
90 frames the hand's cards are nudged up and settle back (all seven in flight: a settle leaves
cards already on their spots alone). Several runs; each run's p99, and their mean with a 95% interval (t over
the runs).

    .venv/bin/python bench/omg_frames.py [--frames 3000] [--runs 5]

``--path auto|software|accelerated|opengl`` (``--xvfb WxH``: a private Xvfb) draws on a real window
and flips every tick: the times are then work + present (bench/real_display.py, issue 32).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import common
import pygame
import real_display

from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import SyncBotRunner
from game.omg.actions import Mulligan
from game.omg.board import Stack
from game.omg.state import OmgState
from scenes.app import App
from scenes.omg.table import OmgTable

SIZE = (1280, 720)
FRAME_MS = 1000 / 60


def full_board(app: App) -> OmgTable:
    match = Match(
        find_game("omg"),
        [Seat("human", "You"), Seat("human", "Nimal")],
        11,
        {},
        runner=SyncBotRunner(),
    )
    state = match.state
    assert isinstance(state, OmgState)
    for seat in (0, 1):
        match.submit(Mulligan(seat, ()))
    state.turn_seat, state.turn_number, state.phase = 0, 5, "main"
    for seat, side in enumerate(state.sides):
        for loc in range(3):
            being = side.deck[-1].partition(":")[0]
            cards = [f"{being}:{level}" for level in (1, 2, 3)]
            for card in cards:
                for pile in (side.deck, side.hand, side.life):
                    if card in pile:
                        pile.remove(card)
                        break
            side.locations[loc] = Stack(cards, rested=seat == 1 and loc != 1, entered_turn=1)
        side.locations[0].turn_mod = -1  # type: ignore[union-attr]
        while len(side.hand) < 7 - seat and side.deck:
            side.hand.append(side.deck.pop())
        while len(side.abyss) < 10 and side.deck:
            side.abyss.append(side.deck.pop())
        side.gems_active, side.gems_rested, side.gem_deck = 3, 2, 1
    match.set_seat(1, Seat("bot", "Nimal", "normal"))  # it waits: it is seat 0's turn
    table = OmgTable(app, match)
    app.push(table)
    table.snap_to_view()
    for _ in range(5):
        app.tick(round(FRAME_MS))
    table.picker.choose_attacker(1)  # lines to the targets and the preview
    return table


def run(frames: int) -> tuple[list[float], list[float]]:
    app = App(size=SIZE)
    real_display.present_every_tick(app)  # --path: a real window, flipped each tick
    app.settings.animation = "normal"
    table = full_board(app)
    cards = [s for s in table.layer.sprites if s.card is not None]
    samples: list[float] = []
    cpu: list[float] = []
    for frame in range(frames + 30):
        if frame % 20 == 0:
            sprite = cards[(frame // 20) % len(cards)]
            pos = sprite.rect(table.layer.card_size).center
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            )
        if frame % 90 == 0:  # the hand's cards are nudged up and fly back: every one moves
            for sprite in table.presenter.zone(f"hand:{table.bottom}"):
                sprite.y -= table.layer.card_size[1] / 4  # a hovered card stays under the mouse
            table.presenter.settle(f"hand:{table.bottom}", 600)
        started, cpu_started = time.perf_counter(), time.process_time()
        app.feed(pygame.event.get())
        app.tick(round(FRAME_MS))
        work = (time.perf_counter() - started) * 1000
        if frame >= 30:  # the first frames draw the faces once
            samples.append(work)
            cpu.append((time.process_time() - cpu_started) * 1000)
        assert table.play.zoom_card() is not None or frame < 30
    app.close()
    pygame.quit()
    return samples, cpu


def main() -> int:
    common.drawing_environment()
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--frames", type=int, default=3000)
    parser.add_argument("--runs", type=int, default=5)
    real_display.add_arguments(parser)
    args = parser.parse_args()
    with real_display.display_for(args):
        return run_bench(args)


def run_bench(args: argparse.Namespace) -> int:
    p99s: list[float] = []
    cpu_p99s: list[float] = []
    for index in range(args.runs):
        samples, cpu = run(args.frames)
        p99s.append(common.percentile(samples, 0.99))
        cpu_p99s.append(common.percentile(cpu, 0.99))
        over = sum(1 for v in samples if v > FRAME_MS)
        print(
            f"run {index + 1}: {len(samples)} frames, wall median {statistics.median(samples):.2f}"
            f" ms, p99 {p99s[-1]:.2f} ms, max {max(samples):.2f} ms, over 16.7 ms: {over};"
            f" CPU median {statistics.median(cpu):.2f} ms, p99 {cpu_p99s[-1]:.2f} ms",
            flush=True,
        )
    for name, values in (("wall", p99s), ("CPU", cpu_p99s)):
        mean, half = common.mean_interval(values)
        print(f"{name} p99 over {len(values)} runs: {mean:.2f} ms ± {half:.2f} (95%)")
    print(real_display.report_presented("flips"), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
