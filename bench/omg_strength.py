"""OMG bot strength and balance: whole matches bot against bot, through views only.

    python bench/omg_strength.py --bots normal,random --games 1000
    python bench/omg_strength.py --bots normal,normal --games 2000 --decks dawn,dusk   # balance
    python bench/omg_strength.py --bots hard,normal --games 1000 --iterations 3 --jobs 2 \
        --out hard.jsonl          # one line per match as it ends; --resume skips seeds done
    python bench/omg_strength.py --summarize hard.jsonl

Seats swap every other match (seed parity) so neither bot always has the same deck; the decks
stay with their seats' order in ``--decks`` (deck i belongs to bot i). Prints win rates with a
95 % Wilson interval: per bot, per deck, and for the first player.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.omg import GAME  # noqa: E402


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def play_one(job: tuple[int, list[str], list[str], dict[str, Any]]) -> dict[str, Any]:
    """One match; bot i plays deck i, and the bots swap seats when the seed is odd."""
    seed, bots, decks, settings = job
    swap = seed % 2 == 1
    seat_bot = [1, 0] if swap else [0, 1]  # which bot sits at each seat
    options = {"decks": f"{decks[seat_bot[0]]},{decks[seat_bot[1]]}"}
    state = GAME.new_state(2, seed, options)
    players = [
        GAME.make_bot(
            bots[seat_bot[s]], s, seed, **(settings if bots[seat_bot[s]] == "hard" else {})
        )
        for s in (0, 1)
    ]
    started = time.process_time()
    while not state.is_over():
        seat = min(state.to_act())
        legal = state.legal_actions(seat)
        decision = players[seat].decide(state.view(seat), legal)
        assert decision is not None
        state.apply(decision.action)
    winners = state.outcome().winners  # type: ignore[union-attr]
    return {
        "seed": seed,
        "winner_bot": seat_bot[winners[0]] if winners else None,
        "first_bot": seat_bot[state.first_player],
        "first_won": winners == (state.first_player,),
        "draw": not winners,
        "turns": state.turn_number,
        "reason": state.end_reason,
        "seconds": time.process_time() - started,  # CPU time: the machine may be shared
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bots", default="normal,normal")
    parser.add_argument("--decks", default="dawn,dusk", help="deck of bot 0, deck of bot 1")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=int, default=None, help="hard bot: time per move")
    parser.add_argument("--iterations", type=int, default=None, help="hard bot: playouts per move")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", help="append one JSON line per finished match to this file")
    parser.add_argument("--resume", action="store_true", help="skip the seeds --out already has")
    parser.add_argument("--summarize", nargs="+", metavar="FILE", help="only summarise files")
    args = parser.parse_args()
    if args.summarize:
        rows = [
            json.loads(line) for name in args.summarize for line in open(name, encoding="utf-8")
        ]
        return report(rows, rows[0]["bots"], rows[0]["decks"], rows[0]["settings"], 0.0, args.json)
    bots = args.bots.split(",")
    decks = args.decks.split(",")
    settings: dict[str, Any] = {}
    if args.budget_ms is not None:
        settings["budget_ms"] = args.budget_ms
    if args.iterations is not None:
        settings["iterations"] = args.iterations
    done: set[int] = set()
    if args.out and args.resume and Path(args.out).exists():
        done = {json.loads(line)["seed"] for line in open(args.out, encoding="utf-8")}
    seeds = [args.seed + i for i in range(args.games) if args.seed + i not in done]
    jobs = [(seed, bots, decks, settings) for seed in seeds]
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for result in tqdm(pool.imap_unordered(play_one, jobs), total=len(jobs), file=sys.stderr):
            results.append(result)
            if out is not None:
                row = {**result, "bots": bots, "decks": decks, "settings": settings}
                out.write(json.dumps(row) + "\n")
                out.flush()
    if out is not None:
        out.close()
    return report(results, bots, decks, settings, time.perf_counter() - started, args.json)


def report(
    results: list[dict[str, Any]],
    bots: list[str],
    decks: list[str],
    settings: dict[str, Any],
    elapsed: float,
    as_json: bool,
) -> int:
    n = len(results)
    draws = sum(r["draw"] for r in results)
    summary: dict[str, Any] = {
        "bots": bots,
        "decks": decks,
        "games": n,
        "draws": draws,
        "settings": settings,
        "seconds": round(elapsed, 1),
        "cpu_seconds_per_match": round(sum(r["seconds"] for r in results) / n, 2),
        "turns_mean": round(sum(r["turns"] for r in results) / n, 1),
        "turn_limit_endings": sum("turn limit" in r["reason"] for r in results),
    }
    # A draw counts half to each side.
    for i, (bot, deck) in enumerate(zip(bots, decks, strict=True)):
        wins = sum(1.0 if r["winner_bot"] == i else 0.5 if r["draw"] else 0.0 for r in results)
        low, high = wilson(wins, n)
        summary[f"bot{i} {bot} ({deck})"] = f"{wins / n:.1%} (95% CI {low:.1%}–{high:.1%})"
    first = sum(1.0 if r["first_won"] else 0.5 if r["draw"] else 0.0 for r in results)
    low, high = wilson(first, n)
    summary["first player"] = f"{first / n:.1%} (95% CI {low:.1%}–{high:.1%})"
    if as_json:
        print(json.dumps(summary, indent=2))
    else:
        for key, value in summary.items():
            print(f"{key:>24}: {value}")
    return 0


class _Serial:
    """``multiprocessing.Pool``'s imap_unordered, in this process (for --jobs 1)."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap_unordered(self, fn: Any, items: list[Any]) -> Any:
        return map(fn, items)


if __name__ == "__main__":
    sys.exit(main())
