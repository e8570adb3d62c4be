"""Bot-only Omi matches on a real, tiny file system (a tmpfs of 24 KB to 1 MB; needs root), then
room is made and the program started again: is every finished match filed once, or told?

For each size and seed: ``main.py --data-dir TMPFS autoplay omi --pace 0 0`` plays a match to
its end while the disk fills; the tmpfs is then made 8 MB and ``autoplay --resume`` (or, when
nothing is left to resume, a start of the store) files what was kept. A match counts as kept
when its finished replay is on disk once and the statistics count it once; as told when it was
not kept but the program said so ("could not be saved"); lost otherwise. Also counted: Python's
"--- Logging error ---" tracebacks on stderr.

    sudo .venv/bin/python bench/full_disk.py [--seeds 5]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SIZES = ("24k", "64k", "256k", "1m")


def main_py(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, str(REPO / "main.py"), "--data-dir", str(data), *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)


def one(size: str, seed: int) -> tuple[str, int]:
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "disk"
        data.mkdir()
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(data)], check=True
        )
        try:
            played = main_py(data, "autoplay", "omi", "--seed", str(seed), "--pace", "0", "0")
            errors = played.stderr.count("--- Logging error ---")
            told = "could not be saved" in played.stdout + played.stderr
            if os.environ.get("FULL_DISK_VERBOSE"):
                print(size, seed, played.stdout[-600:], played.stderr[-600:])
            subprocess.run(["mount", "-o", "remount,size=8m", str(data)], check=True)
            again = main_py(data, "autoplay", "--resume", "--pace", "0", "0")
            errors += again.stderr.count("--- Logging error ---")
            replays = list((data / "replays" / "omi").glob("*.json"))
            stats = data / "statistics.json"
            counted = json.loads(stats.read_text())["recorded"] if stats.exists() else []
            kept = len(replays) == 1 and len(counted) == 1 and not (data / "autosave.json").exists()
            if kept:  # the match that finished, not the stuck save played on afresh
                finished = json.loads(replays[0].read_text())
                ended = [line.split() for line in played.stdout.splitlines()]
                ended = [words for words in ended if words[:1] == ["finished"]]
                kept = finished["id"] == counted[0] and bool(ended)
                kept = kept and finished["match"]["fingerprint"] == ended[-1][2]
            return ("kept" if kept else "told" if told else "lost"), errors
        finally:
            subprocess.run(["umount", str(data)], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    lost_total = 0
    for size in SIZES:
        outcomes: dict[str, int] = {}
        errors = 0
        for seed in range(1, args.seeds + 1):
            outcome, logged = one(size, seed)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
            errors += logged
        lost_total += outcomes.get("lost", 0)
        print(
            f"tmpfs {size}: {args.seeds} matches, kept {outcomes.get('kept', 0)}, "
            f"told {outcomes.get('told', 0)}, lost {outcomes.get('lost', 0)}; "
            f"logging tracebacks {errors}",
            flush=True,
        )
    return 1 if lost_total else 0


if __name__ == "__main__":
    sys.exit(main())
