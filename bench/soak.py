"""Memory soak: a table demo for N minutes, its resident memory sampled, growth reported.

Runs ``main.py demo GAME --animation fast --pace quick --seconds ...`` (bots play match after
match on the table, SDL's dummy video and audio drivers, a fresh ``--data-dir``) for each table
asked for, reads the table process's RSS from ``/proc`` every ``--every`` seconds (Linux), and
reports per table: RSS after the warm-up minute, at the end, the peak, the growth from the
warm-up to the end, and the slope of a least-squares line over the samples after the warm-up
(MiB a minute). The bot worker process is sampled apart (it is not the table's memory).

    .venv/bin/python bench/soak.py --minutes 30 omi          # one table
    .venv/bin/python bench/soak.py --minutes 5 --all         # every table in scenes/tables.py

On a real window (issue 32; bench/real_display.py): ``--path auto|software|accelerated|opengl``
runs the demo on an X display (a private Xvfb with ``--xvfb WxH``), ``--size`` sets the window,
``--fullscreen`` starts it fullscreen, ``--churn S`` has a player resize the window or press F11
every S seconds (seeded) and reports the RSS before the first and after the last. The table
process's CPU (user + system, % of one core after the warm-up) is reported too.

    .venv/bin/python bench/soak.py omi --minutes 10 --path auto --xvfb 1920x1080 --size 1280x720
    .venv/bin/python bench/soak.py omg --minutes 10 --path auto --xvfb 1920x1080 --churn 3

Goals: RSS ≤ 120 MiB and growth < 10 MiB over 30 minutes on every table (issue 19; on a real
window at 1280×720 too, and ≤ 160 MiB at 1920×1080: issue 32); churn ends within 10 MiB of its
start.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from real_display import Churn, cpu_seconds, environment, parse_size, write_settings, xvfb  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024
GOAL_PEAK_MIB = 120.0
GOAL_PEAK_BIG_MIB = 160.0  # at 1920×1080 (issue 32)
GOAL_GROWTH_MIB = 10.0
WARMUP_S = 60.0
QUIET_S = 60.0  # churn stops this long before the end


@dataclass
class Soak:
    game: str
    players: int | None
    minutes: float
    samples: list[tuple[float, float]] = field(default_factory=list)  # (seconds, MiB)
    worker_peak_mib: float = 0.0
    exit_code: int | None = None
    path: str = "dummy"
    size: str = ""
    goal_peak_mib: float = GOAL_PEAK_MIB
    cpu_percent: float = 0.0  # of one core, after the warm-up
    churn_actions: int = 0
    churn_start_mib: float = 0.0  # before the first resize or F11

    def after_warmup(self) -> list[tuple[float, float]]:
        late = [(t, m) for t, m in self.samples if t >= min(WARMUP_S, self.minutes * 60 / 4)]
        return late or self.samples

    @property
    def start_mib(self) -> float:
        return self.after_warmup()[0][1] if self.samples else 0.0

    @property
    def end_mib(self) -> float:
        return self.samples[-1][1] if self.samples else 0.0

    @property
    def peak_mib(self) -> float:
        return max((m for _, m in self.samples), default=0.0)

    @property
    def growth_mib(self) -> float:
        return self.end_mib - self.start_mib

    @property
    def slope_mib_per_min(self) -> float:
        points = self.after_warmup()
        if len(points) < 3:
            return 0.0
        slope, _ = statistics.linear_regression([t / 60 for t, _ in points], [m for _, m in points])
        return slope

    @property
    def median_drift_mib(self) -> float:
        """The median of the last 5 minutes' samples less that of minutes 1–6: the climb without
        the swing of single samples (issue 32: a table's caches fill and drain by 10–20 MiB
        between sweeps at 1920×1080, so one end sample against one at 1 minute is noisy)."""
        late = self.after_warmup()
        if len(late) < 3:
            return 0.0
        first = [m for t, m in late if t < late[0][0] + 300] or [late[0][1]]
        last = [m for t, m in late if t >= late[-1][0] - 300]
        return statistics.median(last) - statistics.median(first)

    @property
    def churn_growth_mib(self) -> float:
        return self.end_mib - self.churn_start_mib if self.churn_actions else 0.0

    @property
    def met(self) -> bool:
        return (
            self.peak_mib <= self.goal_peak_mib
            and self.growth_mib < GOAL_GROWTH_MIB
            and self.churn_growth_mib < GOAL_GROWTH_MIB
        )


def rss_mib(pid: int) -> float | None:
    """Resident memory of ``pid`` in MiB (None once it is gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024 / MIB
    except OSError:
        return None
    return None


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


@dataclass
class Run:
    """How the table is shown: the presentation path, window size, fullscreen, churn."""

    path: str = "dummy"
    xvfb: str | None = None
    size: str | None = None
    fullscreen: bool = False
    churn_s: float = 0.0
    goal_peak_mib: float = GOAL_PEAK_MIB
    heap_log: str | None = None  # the table writes a line a sweep here (scenes/heap.py)


def soak(
    game: str, minutes: float, every_s: float, players: int | None, seed: int, run: Run
) -> Soak:
    result = Soak(game, players, minutes, path=run.path, goal_peak_mib=run.goal_peak_mib)
    result.size = "fullscreen" if run.fullscreen else (run.size or "1280x720")
    seconds = minutes * 60
    with tempfile.TemporaryDirectory(prefix="omnibus-soak-") as data_dir, xvfb(run.xvfb) as display:
        write_settings(Path(data_dir), run.path, run.fullscreen)
        command = [
            sys.executable,
            str(REPO / "main.py"),
            "--data-dir",
            data_dir,
            "demo",
            game,
            "--seed",
            str(seed),
            "--animation",
            "fast",
            "--pace",
            "quick",
            "--seconds",
            str(seconds),
        ]
        if players is not None:
            command += ["--players", str(players)]
        if run.size and not run.fullscreen:
            command += ["--size", run.size]
        env = environment(run.path, display)
        if run.heap_log:
            env["OMNIBUS_HEAP_LOG"] = str(Path(run.heap_log).resolve())
        started = time.monotonic()
        process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL)
        churn = Churn(display, process.pid, seed) if run.churn_s and display else None
        warm_cpu: tuple[float, float] | None = None
        next_churn = started + min(WARMUP_S, seconds / 4)
        restored = False
        try:
            while process.poll() is None:
                now = time.monotonic() - started
                mib = rss_mib(process.pid)
                if mib is not None:
                    result.samples.append((now, mib))
                if warm_cpu is None and now >= min(WARMUP_S, seconds / 4):
                    warm_cpu = (now, cpu_seconds(process.pid))
                elif warm_cpu is not None and now > warm_cpu[0]:
                    spent = cpu_seconds(process.pid) - warm_cpu[1]
                    result.cpu_percent = max(0.0, spent) / (now - warm_cpu[0]) * 100
                for child in children(process.pid):
                    result.worker_peak_mib = max(result.worker_peak_mib, rss_mib(child) or 0.0)
                # A player churns the window from the warm-up until a minute before the end,
                # then puts it back as it was: the sweeps (every 20 s) have a minute to forget.
                while churn and time.monotonic() >= next_churn and now < seconds - QUIET_S:
                    if not churn.actions and mib is not None:
                        result.churn_start_mib = mib
                    churn.act()
                    result.churn_actions = churn.actions
                    next_churn += run.churn_s
                if churn and churn.actions and not restored and now >= seconds - QUIET_S:
                    churn.restore(parse_size(run.size or "1280x720"))
                    restored = True
                time.sleep(every_s)
        finally:
            if process.poll() is None:
                process.terminate()
            result.exit_code = process.wait(timeout=30)
    return result


def markdown(results: list[Soak]) -> str:
    lines = [
        "| table | path | window | minutes | RSS after 1 min | end | peak | growth | median drift "
        "| slope | CPU | churn | worker peak | goal |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        seats = f" ({r.players} seats)" if r.players else ""
        churn = (
            f"{r.churn_actions} acts, {r.churn_start_mib:.1f} → {r.end_mib:.1f} MiB"
            if r.churn_actions
            else "-"
        )
        lines.append(
            f"| {r.game}{seats} | {r.path} | {r.size} | {r.minutes:g} | {r.start_mib:.1f} MiB | "
            f"{r.end_mib:.1f} MiB | {r.peak_mib:.1f} MiB | {r.growth_mib:+.1f} MiB | "
            f"{r.median_drift_mib:+.1f} MiB | "
            f"{r.slope_mib_per_min:+.2f} MiB/min | {r.cpu_percent:.1f}% | {churn} | "
            f"{r.worker_peak_mib:.1f} MiB | {'met' if r.met else 'MISSED'} (≤ {r.goal_peak_mib:g}) |"
        )
    return "\n".join(lines)


def registered_tables() -> list[str]:
    sys.path.insert(0, str(REPO))
    from scenes.tables import TABLES

    return list(TABLES)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="table ids (default: omi)")
    parser.add_argument("--all", action="store_true", help="every table in scenes/tables.py")
    parser.add_argument("--minutes", type=float, default=30.0, help="per table (default 30)")
    parser.add_argument("--every", type=float, default=5.0, help="seconds between samples")
    parser.add_argument("--players", type=int, default=None, help="seats (default: fewest)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write every sample to FILE")
    parser.add_argument(
        "--path", default="dummy", help="dummy, auto, software, accelerated or a render driver"
    )
    parser.add_argument("--xvfb", metavar="WxH", help="run on a private Xvfb screen this big")
    parser.add_argument("--size", metavar="WxH", help="the window (default 1280x720)")
    parser.add_argument("--fullscreen", action="store_true", help="start fullscreen")
    parser.add_argument("--churn", type=float, default=0.0, help="resize or F11 every S seconds")
    parser.add_argument(
        "--heap-log", metavar="FILE", help="the table logs its heap and caches each sweep here"
    )
    parser.add_argument("--goal-peak", type=float, default=None, help="MiB (default by size)")
    args = parser.parse_args()
    if not 0 < args.minutes <= 24 * 60:
        parser.error("--minutes must be more than 0 and at most a day")
    if not 0.1 <= args.every <= 600:
        parser.error("--every must be between 0.1 and 600 seconds")
    games = registered_tables() if args.all else (args.games or ["omi"])
    shown = args.xvfb if args.fullscreen else args.size
    # Churn visits 1920x1080 and fullscreen: the big window's goal holds for its peak.
    big = bool(shown) and parse_size(shown)[0] >= 1920 or args.churn > 0
    run = Run(
        args.path,
        args.xvfb,
        args.size,
        args.fullscreen,
        args.churn,
        args.goal_peak or (GOAL_PEAK_BIG_MIB if big else GOAL_PEAK_MIB),
        args.heap_log,
    )
    results = []
    for game in games:
        print(f"soaking {game} for {args.minutes:g} min ...", file=sys.stderr, flush=True)
        results.append(soak(game, args.minutes, args.every, args.players, args.seed, run))
        print(markdown(results[-1:]), file=sys.stderr, flush=True)
    print(markdown(results))
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(r) for r in results], indent=1))
    return 0 if all(r.met and r.exit_code == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
