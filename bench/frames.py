"""Work per frame on a table: the event reads, update + draw, before the flip, dummy video
driver.

Runs (each table registered in scenes/tables.py, or the kit's stress table):
1. ``demo``: a bot match (normal bots in their worker process, normal animation and bot pace),
   frames stepped back to back;
2. ``think``: the same table with hard bots and frames paced at 60 FPS in real time, so the search
   runs in the worker *while* frames are drawn; only frames drawn while a hard bot was thinking
   count;
3. ``stress`` (``--game stress``): the kit alone: 6 seats and 60 cards on the table, a card set
   flying every 60 ms, so sprites are always moving.
``--busy K`` starts K processes that spin at normal priority for the whole run (a busy machine), each
in a session of its own as another program's would be (``--busy-session ours``: in the bench's).

Targets (issue 13): p99 ≤ 4 ms of work while sprites move (stress, 1280×720, 6 seats, 60
cards); 0 frames over 16.7 ms of wall-clock time while a hard bot thinks, also with ``--busy 1``.

    .venv/bin/python bench/frames.py --game omi [--players N] [--frames 3000]
        [--think-frames 1000] [--budget 300] [--busy 1] [--runs demo,think]
    .venv/bin/python bench/frames.py --game stress --frames 3000 [--busy 1]

On a real window (issue 32; bench/real_display.py): ``--path auto|software|accelerated|opengl``
draws on an X display (``--xvfb WxH``: a private Xvfb), ``--size WxH`` or ``--fullscreen``, and
flips every frame: it reports the work, the presentation (``display.flip``) and the two together
(CPU and wall), and the process's RSS at the end.

    .venv/bin/python bench/frames.py --game omi --runs demo --frames 600 --path auto \
        --xvfb 1920x1080 --size 1920x1080
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import common
import pygame
from real_display import (
    Present,
    add_arguments,
    display_for,
    early_path,
    parse_size,
    rss_mib,
    summary,
    write_settings,
)

from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.views import View
from game.omi.cards import DECK
from scenes.app import App
from scenes.session import TableSetup, new_match
from scenes.settings import SettingsFile
from scenes.table.base import TableScene, ZoneCards
from scenes.table.faces import FaceRenderer, PlayingCardFaces
from scenes.table.zones import CentrePlace, SeatPlace, ZoneSpec
from scenes.tables import table_class

PATH = early_path(sys.argv)  # SDL's environment for it is set in main()
FRAME_MS = 1000 / 60
REAL = PATH != "dummy"


class Stalls:
    """Where a long frame's wall time went, read from Linux's per-thread scheduler counters.

    For each frame over 16.7 ms: the process's CPU time, the main thread's wait on the run queue
    (runnable, no core given: ``/proc/thread-self/schedstat``), the VM's steal time over the frame
    (the host ran someone else on our virtual CPUs: ``/proc/stat``, in 10 ms ticks, all CPUs) and
    the thread's voluntary context switches (it blocked: I/O, a pipe, a lock). What is left is
    time the guest counts as running that the process did not get, i.e. steal inside a tick.
    """

    def __init__(self) -> None:
        self.available = Path("/proc/thread-self/schedstat").exists()
        self.long: list[tuple[float, float, float, float, int]] = []

    @staticmethod
    def _sample() -> tuple[float, float, int]:
        run_delay = int(Path("/proc/thread-self/schedstat").read_text().split()[1]) / 1e6
        steal = int(Path("/proc/stat").read_text().split(maxsplit=9)[8]) * 10.0
        return run_delay, steal, resource.getrusage(resource.RUSAGE_THREAD).ru_nvcsw

    def start(self) -> None:
        self._before = self._sample() if self.available else (0.0, 0.0, 0)

    def stop(self, wall_ms: float, cpu_ms: float) -> None:
        if self.available and wall_ms > FRAME_MS:
            after = self._sample()
            waited, stolen = after[0] - self._before[0], after[1] - self._before[1]
            self.long.append((wall_ms, cpu_ms, waited, stolen, after[2] - self._before[2]))

    def report(self) -> str:
        if not self.available:
            return "long frames: no /proc/thread-self/schedstat here, not broken down"
        lines = [f"long frames: {len(self.long)} (wall, CPU, run-queue wait, VM steal, blocked)"]
        for wall, cpu, waited, stolen, blocked in self.long:
            lines.append(
                f"  {wall:6.1f} ms: CPU {cpu:5.1f}, waited for a core {waited:5.1f}, "
                f"steal {stolen:3.0f} (10 ms ticks, both CPUs), blocked {blocked}x"
            )
        return "\n".join(lines)


def spin(own_session: bool) -> None:
    if own_session:
        os.setsid()  # another program (a build, a browser): its own session and autogroup
    while True:
        pass


class StressTable(TableScene):
    """The kit with nothing of a game: 6 seats' hands and rows, two piles, 60 cards in motion."""

    ZONES = (
        ZoneSpec("hand", "fan", "everyone", SeatPlace(), owned=True),
        ZoneSpec("row", "slots", "nobody", SeatPlace(inward=1.15), owned=True, scale=0.8),
        ZoneSpec("pile", "pile", "everyone", CentrePlace(x=0.7), z=300),
        ZoneSpec("draw", "pile", "nobody", CentrePlace(x=-0.7), z=300),
    )

    def __init__(self, app: App, match: Match, **kwargs: Any) -> None:
        self.rng = random.Random(1)
        self.every_ms = 0.0
        super().__init__(app, match, open_cards=True, **kwargs)

    def face_renderer(self) -> FaceRenderer:
        return PlayingCardFaces()

    def zone_cards(self, view: View) -> ZoneCards:
        cards: list[str | None] = [DECK[i % len(DECK)] for i in range(60)]
        zones: dict[str, list[str | None]] = {"pile": cards[48:54], "draw": [None] * 6}
        for seat in range(6):
            zones[f"hand:{seat}"] = cards[seat * 4 : seat * 4 + 4]
            for slot in range(4):
                zones[f"row:{seat}:{slot}"] = [None]
        return zones

    def tick(self, dt_ms: int) -> None:
        self.every_ms += dt_ms
        if self.every_ms < 60:
            return
        self.every_ms = 0.0
        zones = [z for z, sprites in self.presenter.zones.items() if sprites]
        src = self.rng.choice(zones)
        dst = self.rng.choice(list(self.presenter.zones))
        sprite = self.presenter.zone(src)[-1]
        self.presenter.move(src, dst, sprite.card, None)
        self.presenter.settle(src, 300)
        self.presenter.settle(dst, 500)

    def update(self, dt_ms: int) -> None:  # the match stands still: only the kit works
        self.presenter.update(dt_ms)
        self.tick(dt_ms)


def start(
    app: App, game_id: str, players: int, solo: int, level: str, seed: int, budget: int
) -> TableScene:
    if game_id == "stress":
        match = Match(find_game("fomo"), [Seat("bot", f"Bot {i}") for i in range(6)], seed)
        table: TableScene = StressTable(app, match)
    else:
        settings = {"budget_ms": budget} if level == "hard" else {}
        seats = [Seat("bot", f"Bot {i + 1}", level, settings) for i in range(players)]
        options = {"solo": solo} if solo else {}
        match = new_match(TableSetup(game_id, seats, options, seed), app.settings.pace_ms)
        table = table_class(game_id)(app, match)
    app.push(table)
    return table


def frames(
    args: argparse.Namespace,
    level: str,
    paced: bool,
    stalls: Stalls | None = None,
    present: Present | None = None,
) -> tuple[list[float], list[float]]:
    """Work of each frame (wall, CPU); with ``paced`` only frames overlapping a bot's search."""
    settings = SettingsFile(None)  # in memory, no autosave (as the dummy runs always were)
    if REAL:  # the display path and fullscreen as a player's settings file has them
        folder = Path(tempfile.mkdtemp(prefix="omnibus-frames-"))
        write_settings(folder, PATH, args.fullscreen)
        settings = SettingsFile(folder)
    app = App(settings, size=args.window)
    if args.fullscreen and not app.settings.fullscreen:
        app.set_fullscreen(True)
    if paced:
        app.settings.bot_pace = "instant"  # ask bots as often as possible: more overlap
        app.settings.animation = "fast"
    seed = args.seed
    table = start(app, args.game, args.players, args.solo, level, seed, args.budget)
    for _ in range(30):  # warm the face and text caches as a player's first second would
        app.tick(round(FRAME_MS))
    wall: list[float] = []
    cpu: list[float] = []
    wanted = args.think_frames if paced else args.frames
    next_frame = time.perf_counter()
    # The app's loop reads the queue twice a frame (App.run): before the tick and right after
    # the flip (what was pressed while the picture was made, fed at the next frame).
    carried: list[tuple[list[pygame.event.Event], Any]] = [([], app.queue_read())]

    def read_after_picture() -> None:
        carried[0] = (pygame.event.get(), app.queue_read(before_picture=True))

    while len(wall) < wanted:
        runner = table.match.runner
        thinking = bool(getattr(runner, "_outstanding", None))
        if stalls:
            stalls.start()
        started, cpu_started = time.perf_counter(), time.process_time()
        app.feed(*carried[0])
        app.feed(pygame.event.get(), app.queue_read())
        carried[0] = ([], carried[0][1])
        app.tick(round(FRAME_MS))
        work = (time.perf_counter() - started) * 1000
        counted = not paced or (thinking and getattr(runner, "_outstanding", None))
        if counted:
            wall.append(work)
            cpu.append((time.process_time() - cpu_started) * 1000)
            if stalls:
                stalls.stop(work, cpu[-1])
        if present is not None:
            present.flip(read_after_picture)
            if not counted:
                present.wall.pop(), present.cpu.pop()
        if paced:
            next_frame += FRAME_MS / 1000
            time.sleep(max(0.0, next_frame - time.perf_counter()))
        if app.stack.top is not table:  # the match ended: the next one
            app.stack.scenes.clear()
            seed += 1
            table = start(app, args.game, args.players, args.solo, level, seed, args.budget)
    args.shown = f"{app.size[0]}x{app.size[1]}{' fullscreen' if app.settings.fullscreen else ''}"
    args.path_in_use = app.display_path.describe()
    args.rss_mib = rss_mib()
    app.close()
    pygame.quit()
    return wall, cpu


def main() -> int:
    common.drawing_environment(
        settings_in_env=False
    )  # the app reads the path from its settings file
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="omi", help="a game with a table, or 'stress'")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--solo", type=int, default=0)
    parser.add_argument("--frames", type=int, default=3000)
    parser.add_argument("--think-frames", type=int, default=1000)
    parser.add_argument("--budget", type=int, default=300, help="hard bot search per move, ms")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--busy", type=int, default=0, help="spinning processes during the run")
    parser.add_argument(
        "--busy-session",
        choices=("own", "ours"),
        default="own",
        help="spinners in sessions of their own, as another program's are (default), or in ours",
    )
    parser.add_argument("--runs", default="demo,think", help="demo and/or think (not for stress)")
    add_arguments(parser)
    parser.add_argument("--size", metavar="WxH", default="1280x720", help="the window")
    parser.add_argument("--fullscreen", action="store_true", help="fullscreen (the screen's size)")
    args = parser.parse_args()
    args.window = parse_size(args.size)
    with display_for(args):
        return run(args)


def run(args: argparse.Namespace) -> int:
    if args.players is None:
        args.players = 6 if args.game == "stress" else find_game(args.game).info.min_players
    own = args.busy_session == "own"
    spinners = [
        multiprocessing.Process(target=spin, args=(own,), daemon=True) for _ in range(args.busy)
    ]
    for process in spinners:
        process.start()
    print(
        f"pygame-ce {pygame.version.ver}, {args.size}{' fullscreen' if args.fullscreen else ''}, "
        f"{args.game}, {args.players} seats, "
        f"driver {os.environ.get('SDL_VIDEODRIVER') or 'x11'}, path {PATH}, cores {os.cpu_count()}, "
        f"busy processes {args.busy} (sessions: {args.busy_session})"
    )
    try:
        runs = ["demo"] if args.game == "stress" else args.runs.split(",")
        if "demo" in runs:
            present = Present() if REAL else None
            wall, cpu = frames(args, "normal", paced=False, present=present)
            name = "sprites moving" if args.game == "stress" else "demo match (normal bots)"
            print(f"window {args.shown}, path in use: {args.path_in_use}")
            print(summary(f"{name}, wall", wall))
            print(summary(f"{name}, CPU", cpu))
            if present is not None:
                print(present.report(name, cpu, rss=False))
            print(f"RSS at the end: {args.rss_mib:.1f} MiB")
        if "think" in runs:
            stalls = Stalls()
            wall, cpu = frames(args, "hard", paced=True, stalls=stalls)
            label = f"while a hard bot thinks ({args.budget} ms/move)"
            print(summary(label + ", wall", wall))
            print(summary(label + ", CPU", cpu))
            print(stalls.report())
    finally:
        for process in spinners:
            process.terminate()
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (other processes share the cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
