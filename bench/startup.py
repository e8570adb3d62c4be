"""Startup time and build size: from launch to the first drawn frame, from source and both builds.

Each program is started with SDL's dummy drivers, a fresh ``--data-dir`` and
``OMNIBUS_EXIT_AFTER_FIRST_FRAME=1``, which makes it print ``first-frame`` right after its first
``display.flip()`` (the title screen) and exit. The time is measured here, from just before the
process is started to the moment that line is read. One warm-up run per program is discarded
(it fills the disk cache); then the median, min and max of ``--runs`` runs are reported, with the
size of each build (the one-folder build's whole folder). The CPU time each start took (user +
system, from the child's resource usage) is reported beside it: on a shared machine the wall
clock includes waiting for a core, the CPU time does not, so it shows what an idle machine gives.

    make dist && .venv/bin/python bench/startup.py [--runs 15] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
ONE_FILE = REPO / "dist" / f"omnibus{EXE_SUFFIX}"
ONE_FOLDER = REPO / "dist" / "omnibus-folder"
TIMEOUT_S = 60.0
TARGET_ONE_FILE_MB = 30.0
TARGET_FIRST_FRAME_S = {"one-folder": 0.5, "one-file": 1.0}


@dataclass
class Result:
    program: str
    runs: int
    median_s: float
    min_s: float
    max_s: float
    size_mb: float | None  # None: running from source
    cpu_median_s: float = 0.0  # user + system time of the program (and its children)


def folder_size(path: Path) -> int:
    """Bytes in the folder's files, counting each once (the build links some libraries)."""
    return sum(
        file.stat().st_size for file in path.rglob("*") if file.is_file() and not file.is_symlink()
    )


def children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_to_first_frame(command: list[str]) -> tuple[float, float]:
    """Seconds from starting ``command`` to reading its ``first-frame`` line, and the CPU
    seconds it used on the way."""
    cpu_before = children_cpu_s()
    with tempfile.TemporaryDirectory(prefix="omnibus-startup-") as data_dir:
        env = dict(os.environ)
        env.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            OMNIBUS_EXIT_AFTER_FIRST_FRAME="1",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        started = time.perf_counter()
        process = subprocess.Popen(
            [*command, "--data-dir", data_dir],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            stdin=subprocess.DEVNULL,
            env=env,
            cwd=data_dir,
            text=True,
        )
        assert process.stdout is not None
        elapsed = None
        for line in process.stdout:
            if line.strip() == "first-frame":
                elapsed = time.perf_counter() - started
                break
        # Let the one-file build's bootloader clean its unpacked folder before the next run.
        process.wait(timeout=TIMEOUT_S)
        if elapsed is None:
            raise RuntimeError(
                f"{command[0]} exited ({process.returncode}) without drawing a frame"
            )
        return elapsed, children_cpu_s() - cpu_before


def measure(program: str, command: list[str], runs: int, size: int | None) -> Result:
    time_to_first_frame(command)  # warm-up, discarded
    measured = [time_to_first_frame(command) for _ in range(runs)]
    times = [wall for wall, _ in measured]
    return Result(
        program=program,
        runs=runs,
        median_s=statistics.median(times),
        min_s=min(times),
        max_s=max(times),
        size_mb=None if size is None else size / 1e6,
        cpu_median_s=statistics.median(cpu for _, cpu in measured),
    )


def programs() -> list[tuple[str, list[str], int | None]]:
    found: list[tuple[str, list[str], int | None]] = [
        ("python main.py", [sys.executable, str(REPO / "main.py")], None)
    ]
    if (ONE_FOLDER / f"omnibus{EXE_SUFFIX}").exists():
        found.append(
            ("one-folder", [str(ONE_FOLDER / f"omnibus{EXE_SUFFIX}")], folder_size(ONE_FOLDER))
        )
    else:
        print(f"no one-folder build at {ONE_FOLDER} (run `make dist`)", file=sys.stderr)
    if ONE_FILE.is_file():
        found.append(("one-file", [str(ONE_FILE)], ONE_FILE.stat().st_size))
    else:
        print(f"no one-file build at {ONE_FILE} (run `make dist`)", file=sys.stderr)
    return found


def markdown(results: list[Result]) -> str:
    lines = [
        "| program | first frame, median | min | max | CPU, median | runs | size | target |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        size = "—" if r.size_mb is None else f"{r.size_mb:.1f} MB"
        targets = []
        if r.program in TARGET_FIRST_FRAME_S:
            limit = TARGET_FIRST_FRAME_S[r.program]
            targets.append(f"≤ {limit} s {'met' if r.median_s <= limit else 'MISSED'}")
        if r.program == "one-file" and r.size_mb is not None:
            met = "met" if r.size_mb <= TARGET_ONE_FILE_MB else "MISSED"
            targets.append(f"≤ {TARGET_ONE_FILE_MB:.0f} MB {met}")
        lines.append(
            f"| {r.program} | {r.median_s * 1000:.0f} ms | {r.min_s * 1000:.0f} ms | "
            f"{r.max_s * 1000:.0f} ms | {r.cpu_median_s * 1000:.0f} ms | {r.runs} | {size} | "
            f"{', '.join(targets) or '—'} |"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="timed runs per program (default 15)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    results = [measure(name, command, args.runs, size) for name, command, size in programs()]
    if args.json:
        print(json.dumps([asdict(r) for r in results], indent=2))
    else:
        print(markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
