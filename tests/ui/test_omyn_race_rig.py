"""The OMYN race rig: the kit's reflex race (tests/ui/test_race_rig.py) on a real OMYN table.

Two human seats share the screen (Left Shift and Z, the kit's default reflex keys). For every
race the harness puts the match in a position, opens a real window through the rules (seat 0
draws and drops a 3: a chain window "match a 3"; or seat 0 calls OMYN: a Void window) and says
so; xdotool then presses both seats' keys 0–5 ms apart, in a seeded random order. The harness
reports, per race: the order the two key-downs came out of SDL's event queue, the seat the match
made the claimant, and the frames from reading the first key to (a) the claim in the match's
log and (b) the "Chain!"/"Void!" caption the table animates. A race counts as won by the earlier
press when the claimant is the seat xdotool pressed first, and the claimant must always be the
first key in SDL's queue.

    Xvfb :33 -screen 0 1280x720x24 &
    DISPLAY=:33 .venv/bin/python tests/ui/test_omyn_race_rig.py --races 100 --kind chain
    DISPLAY=:33 .venv/bin/python tests/ui/test_omyn_race_rig.py --races 100 --kind void
    (pytest runs 20 chain races when a display and xdotool are there)
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parents[1].parent
KEYS = ("left shift", "z")  # the kit's default reflex keys of seats 0 and 1
XDOTOOL_KEYS = {"left shift": "Shift_L", "z": "z"}
ROWS = [["9", "3", "8", "1", "4"], ["2", "3", "9", "5", "0"]]


def harness(races: int, kind: str) -> int:
    """The real table in a window; one line per race:
    "race <queue first> <queue second> <claimant> <frames to log> <frames to caption> <gap>"
    (frames counted from the frame that read the first key: 0 = the same frame)."""
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.core.match import Match, Seat
    from game.core.runner import SyncBotRunner
    from game.omyn import GAME
    from game.omyn.actions import CallOmyn, Claim, Draw, Drop
    from game.omyn.events import Claimed
    from game.omyn.view import WindowView
    from scenes.app import App
    from scenes.omyn.table import OmynTable
    from scenes.settings import SettingsFile
    from tests.omyn.positions import position

    folder = tempfile.mkdtemp()
    app = App(SettingsFile(Path(folder)), size=(1280, 720), data_dir=Path(folder))
    seats = [Seat("human", "Amal"), Seat("human", "Dev")]
    match = Match(GAME, seats, 1, runner=SyncBotRunner())
    table = OmynTable(app, match)
    app.push(table)
    frame = 0
    keys_read: list[tuple[int, int]] = []  # (seat, frame) in SDL's queue order
    claim_frame: int | None = None
    shown_frame: int | None = None
    done = 0
    wait_after = 0
    announce = False  # the window is open: say so once the table has shown the play
    racing = False  # said so: the presses may come

    def open_window() -> None:
        nonlocal claim_frame, shown_frame, keys_read, wait_after, announce
        # Long windows: on a loaded machine a 2.5 s window could close before xdotool presses.
        match.state = position(
            [list(r) for r in ROWS], draw=["3"], turn=0, chain_window_ms=20000, void_window_ms=20000
        )
        match.log.clear()
        table._log_seen = 0
        for seat in (None, 0, 1):
            match.subscribe(seat)
            match.drain(seat)
        table.presenter.queue.clear()
        table.presenter.finish()
        table.show_private(None)
        # The play that opens the window is animated as in a game; the presses come after it.
        if kind == "void":
            match.submit(CallOmyn(0))
        else:
            match.submit(Draw(0))
            match.submit(Drop(0))
        keys_read, claim_frame, shown_frame, wait_after = [], None, None, 0
        announce = True

    handle, claimed = table.handle, table.presenter.handlers[Claimed]

    def handle_logged(event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and pygame.key.name(event.key) in KEYS:
            keys_read.append((KEYS.index(pygame.key.name(event.key)), frame + 1))
        return handle(event)

    def claimed_shown(event: Claimed) -> float:
        nonlocal shown_frame
        if shown_frame is None:
            shown_frame = frame
        return claimed(event)

    table.handle = handle_logged  # type: ignore[method-assign]
    table.presenter.on(Claimed, claimed_shown)
    update = table.update

    def update_logged(dt_ms: int) -> None:
        nonlocal frame, claim_frame, done, wait_after, announce, racing
        frame += 1  # events of this tick were handled just before: they carry frame + 1
        update(dt_ms)
        if announce and not table.presenter.busy and table.omyn_view(None).window is not None:
            announce, racing = False, True
            print(
                f"open {kind} {cast(WindowView, table.omyn_view(None).window).number}", flush=True
            )
        if claim_frame is None and any(isinstance(a, Claim) for _, a in match.log):
            claim_frame = frame
        if racing and claim_frame is None and table.omyn_view(None).window is None:
            print("race -1 -1 -1 -1 -1 -1", flush=True)  # closed unanswered: a lost race
            done += 1
            racing = False
            app.quit() if done >= races else open_window()
            return
        if len(keys_read) >= 2 and claim_frame is not None and shown_frame is not None:
            wait_after += 1
            if wait_after < 6:  # a few frames for the second claim ("too slow")
                return
            window = table.omyn_view(None).window
            claimant = window.claimant if window is not None else -1
            (first, f1), (second, f2) = keys_read[:2]
            print(
                f"race {first} {second} {claimant} {claim_frame - f1} {shown_frame - f1} {f2 - f1}",
                flush=True,
            )
            done += 1
            racing = False
            if done >= races:
                app.quit()
            else:
                open_window()

    table.update = update_logged  # type: ignore[method-assign]
    for _ in range(30):
        app.tick(16)
    open_window()
    return app.run()


def window_env() -> dict[str, str]:
    """The harness's environment: a real window (tests/conftest.py sets the dummy video driver
    for every test, and a child process would inherit it: no window, no keys, a hang)."""
    env = {**os.environ, "SDL_FRAMEBUFFER_ACCELERATION": "0", "SDL_AUDIODRIVER": "dummy"}
    env.pop("SDL_VIDEODRIVER", None)
    return env


def run_races(races: int, kind: str, seed: int = 1) -> list[dict[str, int]]:
    rng = random.Random(seed)
    child = subprocess.Popen(
        [sys.executable, __file__, "--harness", "--races", str(races), "--kind", kind],
        stdout=subprocess.PIPE,
        text=True,
        env=window_env(),
    )
    assert child.stdout is not None
    line = child.stdout.readline().split()
    while line and line[0] != "open":
        line = child.stdout.readline().split()
    time.sleep(1.0)
    subprocess.run(["xdotool", "mousemove", "640", "700"], check=False)
    window = subprocess.run(
        ["xdotool", "search", "--pid", str(child.pid)], capture_output=True, text=True
    ).stdout.split()
    if window:
        subprocess.run(["xdotool", "windowfocus", window[-1]], check=False)
    results = []
    for _ in range(races):
        time.sleep(0.12)  # the window has been open a moment (a press before it locks out)
        order = [0, 1] if rng.random() < 0.5 else [1, 0]
        apart_s = rng.uniform(0.0, 0.005)
        first, second = (XDOTOOL_KEYS[KEYS[seat]] for seat in order)
        subprocess.run(
            ["xdotool", "keydown", first, "sleep", f"{apart_s:.4f}", "keydown", second,
             "sleep", "0.05", "keyup", first, "keyup", second],
            check=True,
        )  # fmt: skip
        line = child.stdout.readline().split()
        assert line and line[0] == "race", line
        q1, q2, claimant, to_log, to_caption, gap = (int(x) for x in line[1:7])
        results.append(
            {"pressed_first": order[0], "queue_first": q1, "queue_second": q2,
             "claimant": claimant, "to_log": to_log, "to_caption": to_caption, "gap": gap}
        )  # fmt: skip
        nxt = child.stdout.readline().split() if len(results) < races else []
        assert not nxt or nxt[0] == "open", nxt
    child.wait(timeout=30)
    return results


def summary(results: list[dict[str, int]]) -> str:
    n = len(results)
    won = sum(r["claimant"] == r["pressed_first"] for r in results)
    queue = sum(r["claimant"] == r["queue_first"] for r in results)
    same = sum(r["gap"] == 0 for r in results)
    to_log = [r["to_log"] for r in results]
    to_caption = [r["to_caption"] for r in results]
    return (
        f"{won} of {n} races won by the earlier press; claimant = first key in SDL's queue "
        f"{queue} of {n}; {same} pairs read in the same frame\n"
        f"input to claim in the match: frames median {statistics.median(to_log)}, "
        f"max {max(to_log)}; to the caption on screen: median "
        f"{statistics.median(to_caption)}, max {max(to_caption)}"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--races", type=int, default=100)
    parser.add_argument("--kind", choices=("chain", "void"), default="chain")
    parser.add_argument("--harness", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.harness:
        return harness(args.races, args.kind)
    if not os.environ.get("DISPLAY") or not shutil.which("xdotool"):
        print("omyn race rig: needs an X display and xdotool", file=sys.stderr)
        return 2
    results = run_races(args.races, args.kind)
    for i, r in enumerate(results):
        print(i, r)
    print(summary(results))
    ok = all(r["claimant"] == r["pressed_first"] == r["queue_first"] for r in results)
    return 0 if ok else 1


def test_the_earlier_press_wins_every_omyn_chain_race() -> None:
    import pytest

    if not os.environ.get("DISPLAY") or not shutil.which("xdotool"):
        pytest.skip("needs an X display and xdotool")
    results = run_races(20, "chain")
    assert all(r["claimant"] == r["queue_first"] for r in results)
    assert all(r["claimant"] == r["pressed_first"] for r in results)


if __name__ == "__main__":
    sys.exit(main())
