"""Om Nom Nom bot strength: level A against level B on duplicate dice.

Each seed fixes the dice of all three rounds. With 2 players every seed is played twice, A in
seat 0 then in seat 1, so dice luck cancels. With P > 2 players, A sits in every seat in turn
against P - 1 copies of B (P matches per seed); A's fair share of wins is then 1/P.

Measures (a multi-player scoring game has no single right one, so several):
- win rate: matches A wins outright (a shared win counts as half), with a 95% Wilson interval;
- point share: A's points over all points scored by A and the average B seat;
- margin: A's total minus the average B total per match, with a 95% interval.

    .venv/bin/python bench/omnomnom_strength.py normal random --seeds 500
    .venv/bin/python bench/omnomnom_strength.py hard normal --seeds 500 --iterations 20
    .venv/bin/python bench/omnomnom_strength.py normal random --players 4 --seeds 250

Bots see only their seat's view and legal actions (``Game.make_bot``), as in a real match.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.rng import derive_seed  # noqa: E402
from game.omnomnom import GAME  # noqa: E402


def play(levels: list[str], seed: int, settings: dict[str, Any]) -> dict[str, Any]:
    """One match, ``levels[seat]`` at each seat; totals, winners and think times per level."""
    state = GAME.new_state(len(levels), seed)
    bots = [
        GAME.make_bot(level, seat, derive_seed(seed, "bot", seat, level), **settings)
        for seat, level in enumerate(levels)
    ]
    cpu: dict[str, list[float]] = {}
    while not state.is_over():
        for seat in sorted(state.to_act()):
            legal = state.legal_actions(seat)
            started = time.process_time()
            decision = bots[seat].decide(state.view(seat), legal)
            if len(legal) > 1:  # the last card of a round is no decision
                cpu.setdefault(levels[seat], []).append(time.process_time() - started)
            assert decision is not None
            state.apply(decision.action)
    outcome = state.outcome()
    assert outcome is not None
    return {"totals": list(outcome.scores), "winners": list(outcome.winners), "cpu": cpu}


def play_seed(job: tuple[str, str, int, int, dict[str, Any]]) -> list[dict[str, Any]]:
    a, b, players, seed, settings = job
    rows = []
    for seat_a in range(players):
        levels = [a if s == seat_a else b for s in range(players)]
        result = play(levels, seed, settings)
        result["seat_a"] = seat_a
        rows.append(result)
    return rows


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def summarise(a: str, b: str, players: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    wins = 0.0
    margins, points_a, points_b = [], 0.0, 0.0
    for row in rows:
        seat_a, totals, winners = row["seat_a"], row["totals"], row["winners"]
        if seat_a in winners:
            wins += 1.0 / len(winners)
        others = [t for s, t in enumerate(totals) if s != seat_a]
        mean_b = statistics.fmean(others)
        margins.append(totals[seat_a] - mean_b)
        points_a += totals[seat_a]
        points_b += mean_b
    n = len(rows)
    half = 1.96 * statistics.stdev(margins) / math.sqrt(n) if n > 1 else 0.0
    cpu: dict[str, list[float]] = {}
    for row in rows:
        for level, times in row["cpu"].items():
            cpu.setdefault(level, []).extend(times)
    return {
        "matches": n,
        "win_rate": wins / n,
        "win_ci95": wilson(wins, n),
        "fair_share": 1 / players,
        "point_share": points_a / (points_a + points_b),
        "margin": statistics.fmean(margins),
        "margin_ci95": half,
        "cpu_ms": {k: 1000 * statistics.fmean(v) for k, v in cpu.items()},
        "label": f"{a} vs {b}, {players} seats",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=0, help="hard: samples per card")
    parser.add_argument("--budget-ms", type=int, default=0, help="hard: think time per move")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    settings: dict[str, Any] = {}
    if args.iterations:
        settings["iterations"] = args.iterations
    if args.budget_ms:
        settings["budget_ms"] = args.budget_ms
    from tqdm import tqdm

    jobs = [(args.a, args.b, args.players, args.seed + i, settings) for i in range(args.seeds)]
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for result in tqdm(pool.map(play_seed, jobs), total=len(jobs), file=sys.stderr):
            rows.extend(result)
    summary = summarise(args.a, args.b, args.players, rows)
    low, high = summary["win_ci95"]
    print(
        f"{summary['label']}: {summary['matches']} matches; {args.a} wins "
        f"{100 * summary['win_rate']:.1f}% (95% CI {100 * low:.1f}–{100 * high:.1f}%, "
        f"fair share {100 * summary['fair_share']:.0f}%); point share "
        f"{100 * summary['point_share']:.1f}%; margin {summary['margin']:+.2f} "
        f"± {summary['margin_ci95']:.2f} points a match"
    )
    cpu = ", ".join(f"{k} {v:.2f} ms" for k, v in sorted(summary["cpu_ms"].items()))
    print(f"CPU time per move: {cpu}; wall {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
