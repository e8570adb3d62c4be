"""OMYN bot strength: 2-player matches through the real Match referee (game time, seeded
reflexes), seats fixed, the first dealer drawn at random each game.

    .venv/bin/python bench/omyn_strength.py [--games 1000] [--budget-ms 5] [--pairs normal:random,hard:normal]
        [--set mode=threshold] [--set playout_margin=1.0] [--set call_chance=0.65]
        [--set wall_factor=1000]   # on a busy host: hard's search bounded by CPU time only
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.omyn import GAME  # noqa: E402
from game.simulate import simulate  # noqa: E402


def _number(text: str) -> object:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _callers(lines: str, levels: tuple[str, str]) -> str:
    """How the games ended: each seat's calls and how many it won, rows emptied."""
    calls, won, emptied = [0, 0], [0, 0], [0, 0]
    for line in lines.splitlines():
        for game in json.loads(line)["games"]:
            result = game["result"]
            if result["caller"] is not None:
                calls[result["caller"]] += 1
                won[result["caller"]] += result["winner"] == result["caller"]
            elif result["reason"] == "empty_row":
                emptied[result["winner"]] += 1
    return ", ".join(
        f"{level} called {calls[s]} (won {won[s]}), emptied its row {emptied[s]}"
        for s, level in enumerate(levels)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--budget-ms", type=int, default=5)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--pairs", default="normal:random,hard:normal,normal:easy")
    parser.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE",
        help="a hard-bot setting, e.g. mode=threshold or playout_margin=1.0 (repeatable)",
    )  # fmt: skip
    args = parser.parse_args()
    settings: dict[str, object] = {"budget_ms": args.budget_ms}
    for item in args.set:
        name, _, text = item.partition("=")
        settings[name] = _number(text)
    for pair in args.pairs.split(","):
        first, second = pair.split(":")
        started = time.perf_counter()
        records = io.StringIO()
        result = simulate(
            GAME, 2, [first, second], {}, args.games, args.seed,
            settings, records, progress=True,
        )  # fmt: skip
        share = result["wins"][0]
        low, high = share["ci95"]
        think = result["think_ms"].get(first, {})
        print(
            f"{first} vs {second}: {first} wins {100 * share['rate']:.1f}% of {args.games} "
            f"(95% CI {100 * low:.1f}–{100 * high:.1f}%), {result['means']['turns']:.1f} turns a game, "
            f"{first} think {think.get('mean', 0):.2f} ms mean / {think.get('p95', 0):.2f} ms p95, "
            f"{time.perf_counter() - started:.0f} s"
        )
        print("  " + _callers(records.getvalue(), (first, second)))


if __name__ == "__main__":
    main()
