"""FOMO bot strength: one bot level against another, seats alternating, on game time.

Game i uses seed ``seed + i``; the tested bot sits at seat ``i % players`` and every other seat
gets the opponent level, so each deal is met from every seat in turn. With ``--swap`` every seed
is played ``players`` times, the tested bot once in each seat (the same deal: seat luck cancels).
Reports the tested bot's win rate with a 95% Wilson interval (an even share is 1/players), and
the hard bot's CPU time per decision.

    .venv/bin/python bench/fomo_strength.py --bot normal --against random --games 1000
    .venv/bin/python bench/fomo_strength.py --bot hard --against normal --games 1000 --iterations 4
    # the search against its heuristic alone, on the same deals, seats swapped, two workers:
    .venv/bin/python bench/fomo_strength.py --bot hard --against normal --games 400 --swap \
        --iterations 40 --jobs 2 --save search.jsonl
    .venv/bin/python bench/fomo_strength.py --bot hard --against normal --games 400 --swap \
        --iterations 0 --save alone.jsonl
    .venv/bin/python bench/fomo_strength.py --compare search.jsonl alone.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.match import Match, Seat  # noqa: E402
from game.fomo import GAME  # noqa: E402


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def play(job: tuple[str, str, int, int, int, dict[str, Any]]) -> dict[str, Any]:
    """One game: the tested level at seat ``tested``, the opponent level everywhere else."""
    bot, against, players, seed, tested, settings = job
    seats = [Seat("bot", str(s), bot if s == tested else against, settings) for s in range(players)]
    match = Match(GAME, seats, seed)
    bots = getattr(match.runner, "bots", {})
    hard = [bots.get(s) for s in range(players)] if bot == "hard" else []
    cpu: list[float] = []
    for searcher in hard:
        if searcher is not None and getattr(searcher, "level", "") == "hard":
            decide = searcher.decide

            def timed(view: Any, legal: Any, decide: Any = decide) -> Any:
                started = time.process_time()
                decision = decide(view, legal)
                cpu.append(time.process_time() - started)
                return decision

            searcher.decide = timed  # type: ignore[method-assign]
    match.run_to_end()
    state = match.state
    return {
        "seed": seed,
        "seat": tested,
        "won": int(state.winner == tested),
        "turns": state.turn_number,
        "call": int(state.won_by_call),
        "cpu": cpu,
    }


def report(results: list[dict[str, Any]], label: str) -> None:
    games = len(results)
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    cpu = sorted(c for r in results for c in r.get("cpu", []))
    think = ""
    if cpu:
        p95 = cpu[min(len(cpu) - 1, int(0.95 * len(cpu)))]
        think = f"; hard CPU a decision mean {statistics.mean(cpu) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"
    print(
        f"FOMO {label}: won {wins}/{games} = {wins / max(1, games):.1%} "
        f"(95% CI {low:.1%}–{high:.1%}); "
        f"{statistics.mean(r['turns'] for r in results) if results else 0:.1f} turns a game{think}"
    )


def load(path: str) -> dict[tuple[int, int], int]:
    games: dict[tuple[int, int], int] = {}
    for line in Path(path).read_text().splitlines():
        row = json.loads(line)
        games[(row["seed"], row["seat"])] = row["won"]
    return games


def compare(first: str, second: str) -> None:
    """The difference in win rate on the games both files played (paired by seed and seat)."""
    a, b = load(first), load(second)
    both = sorted(set(a) & set(b))
    diffs = [a[key] - b[key] for key in both]
    n = len(diffs)
    mean = statistics.mean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 1.0
    wins_a, wins_b = sum(a[k] for k in both), sum(b[k] for k in both)
    print(
        f"{n} games in both: {first} {wins_a / n:.1%}, {second} {wins_b / n:.1%}; "
        f"difference {mean * 100:+.1f} points (95% CI {(mean - 1.96 * se) * 100:+.1f} to "
        f"{(mean + 1.96 * se) * 100:+.1f}, paired)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--against", default="random")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000, help="seeds (with --swap: deals)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--swap", action="store_true", help="each seed from every seat")
    parser.add_argument("--iterations", type=int, help="hard: determinizations per move")
    parser.add_argument("--budget-ms", type=int, help="hard: CPU think time per move")
    parser.add_argument("--set", action="append", default=[], help="hard: key=number")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--save", help="append one JSON line per game to this file")
    parser.add_argument("--compare", nargs=2, metavar="JSONL", help="paired difference")
    parser.add_argument("--report", nargs="+", metavar="JSONL", help="summarize saved games")
    args = parser.parse_args(argv)
    if args.compare:
        compare(*args.compare)
        return 0
    if args.report:
        rows = [json.loads(line) for p in args.report for line in Path(p).read_text().splitlines()]
        report(rows, " + ".join(args.report))
        return 0
    settings: dict[str, Any] = {}
    if args.iterations is not None:
        settings["iterations"] = args.iterations
    if args.budget_ms is not None:
        settings["budget_ms"] = args.budget_ms
    for pair in args.set:
        key, value = pair.split("=", 1)
        settings[key] = float(value) if "." in value else int(value)
    jobs = [
        (args.bot, args.against, args.players, args.seed + index, seat, settings)
        for index in range(args.games)
        for seat in (range(args.players) if args.swap else [index % args.players])
    ]
    started = time.perf_counter()
    out = open(args.save, "a") if args.save else None  # noqa: SIM115 (written as games end)
    results: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for row in pool.map(play, jobs, chunksize=1):
            results.append(row)
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
    if out is not None:
        out.close()
    label = (
        f"{args.players} players: {args.bot} vs {args.against} {settings or ''}; seeds "
        f"{args.seed}–{args.seed + args.games - 1}{', seats swapped' if args.swap else ''}"
    )
    report(results, label)
    print(f"{time.perf_counter() - started:.0f} s wall")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
