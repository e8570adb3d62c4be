"""FOMO bot strength: one bot level against another, seats alternating, on game time.

Game i uses seed ``seed + i``; the tested bot sits at seat ``i % players`` and every other seat
gets the opponent level, so each deal is met from every seat in turn. Reports the tested bot's
win rate with a 95% Wilson interval (an even share is 1/players).

    .venv/bin/python bench/fomo_strength.py --bot normal --against random --games 1000
    .venv/bin/python bench/fomo_strength.py --bot hard --against normal --games 1000 --iterations 4
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tqdm import tqdm  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.fomo import GAME  # noqa: E402


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--against", default="random")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, help="hard: determinizations per move")
    parser.add_argument("--budget-ms", type=int, help="hard: think time per move")
    args = parser.parse_args(argv)
    settings: dict[str, int] = {}
    if args.iterations is not None:
        settings["iterations"] = args.iterations
    if args.budget_ms is not None:
        settings["budget_ms"] = args.budget_ms
    wins = turns = calls = 0
    started = time.perf_counter()
    for index in tqdm(range(args.games), desc=f"{args.bot} vs {args.against}", file=sys.stderr):
        tested = index % args.players
        seats = [
            Seat("bot", str(s), args.bot if s == tested else args.against, settings)
            for s in range(args.players)
        ]
        match = Match(GAME, seats, args.seed + index)
        match.run_to_end()
        state = match.state
        wins += state.winner == tested
        turns += state.turn_number
        calls += state.won_by_call
    elapsed = time.perf_counter() - started
    low, high = wilson(wins, args.games)
    print(
        f"FOMO {args.players} players: {args.bot} vs {args.against} {settings or ''}: "
        f"{args.bot} won {wins}/{args.games} = {wins / args.games:.1%} "
        f"(95% CI {low:.1%}–{high:.1%}); {turns / args.games:.1f} turns a game, "
        f"{calls / args.games:.0%} won by a FOMO! call; seeds {args.seed}–"
        f"{args.seed + args.games - 1}; {elapsed:.0f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
