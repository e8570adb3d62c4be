"""Memory soak: a table demo for N minutes, its resident memory sampled, growth reported.

Runs ``main.py demo GAME --animation fast --pace quick --seconds ...`` (bots play match after
match on the table, SDL's dummy video and audio drivers, a fresh ``--data-dir``) for each table
asked for, reads the table process's RSS from ``/proc`` every ``--every`` seconds (Linux), and
reports per table: RSS after the warm-up minute, at the end, the peak, the growth from the
warm-up to the end, and the slope of a least-squares line over the samples after the warm-up
(MiB a minute). The bot worker process is sampled apart (it is not the table's memory).

    .venv/bin/python bench/soak.py --minutes 30 omi          # one table
    .venv/bin/python bench/soak.py --minutes 5 --all         # every table in scenes/tables.py

Goal (issue 19): RSS ≤ 120 MiB and growth < 10 MiB over 30 minutes on every table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MIB = 1024 * 1024
GOAL_PEAK_MIB = 120.0
GOAL_GROWTH_MIB = 10.0
WARMUP_S = 60.0


@dataclass
class Soak:
    game: str
    players: int | None
    minutes: float
    samples: list[tuple[float, float]] = field(default_factory=list)  # (seconds, MiB)
    worker_peak_mib: float = 0.0
    exit_code: int | None = None

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
    def met(self) -> bool:
        return self.peak_mib <= GOAL_PEAK_MIB and self.growth_mib < GOAL_GROWTH_MIB


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


def soak(game: str, minutes: float, every_s: float, players: int | None, seed: int) -> Soak:
    result = Soak(game, players, minutes)
    seconds = minutes * 60
    with tempfile.TemporaryDirectory(prefix="omnibus-soak-") as data_dir:
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
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
        started = time.monotonic()
        process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL)
        try:
            while process.poll() is None:
                mib = rss_mib(process.pid)
                if mib is not None:
                    result.samples.append((time.monotonic() - started, mib))
                for child in children(process.pid):
                    result.worker_peak_mib = max(result.worker_peak_mib, rss_mib(child) or 0.0)
                time.sleep(every_s)
        finally:
            if process.poll() is None:
                process.terminate()
            result.exit_code = process.wait(timeout=30)
    return result


def markdown(results: list[Soak]) -> str:
    lines = [
        "| table | minutes | RSS after 1 min | end | peak | growth | slope | worker peak | goal |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        seats = f" ({r.players} seats)" if r.players else ""
        lines.append(
            f"| {r.game}{seats} | {r.minutes:g} | {r.start_mib:.1f} MiB | {r.end_mib:.1f} MiB | "
            f"{r.peak_mib:.1f} MiB | {r.growth_mib:+.1f} MiB | {r.slope_mib_per_min:+.2f} MiB/min | "
            f"{r.worker_peak_mib:.1f} MiB | {'met' if r.met else 'MISSED'} |"
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
    args = parser.parse_args()
    if not 0 < args.minutes <= 24 * 60:
        parser.error("--minutes must be more than 0 and at most a day")
    if not 0.1 <= args.every <= 600:
        parser.error("--every must be between 0.1 and 600 seconds")
    games = registered_tables() if args.all else (args.games or ["omi"])
    results = []
    for game in games:
        print(f"soaking {game} for {args.minutes:g} min ...", file=sys.stderr, flush=True)
        results.append(soak(game, args.minutes, args.every, args.players, args.seed))
        print(markdown(results[-1:]), file=sys.stderr, flush=True)
    print(markdown(results))
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(r) for r in results], indent=1))
    return 0 if all(r.met and r.exit_code == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
