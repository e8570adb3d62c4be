"""FOMO hard: does the search choose better moves than its heuristic? Measured move by move.

Positions are every decision of the hard bot's heuristic (``iterations=0``) playing normal,
``--games`` seeds from ``--first``, the hard bot in each seat. At each position the search runs
(``--iterations``, ``--set`` for other settings); where it overrules the heuristic, both moves are
valued by ``--rollouts`` playouts to the end of the game from the *true* position (hidden cards as
they are, the draw pile reshuffled for each playout, then the heuristic against normal). The sum
over positions of value(search's move) − value(heuristic's move), per game, estimates how many
points of win rate the search adds; far less noisy than whole games, since only the decisions
that differ are compared, each on many futures.

    .venv/bin/python bench/fomo_decisions.py --games 40 --iterations 12 --set prior=0.03
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from typing import Any

import common  # noqa: F401  (puts this tree on sys.path)

from game.core.actions import Action
from game.fomo import GAME
from game.fomo.bot import NormalBot
from game.fomo.hard import HardBot, is_key
from game.fomo.state import FomoState


def positions(games: int, first: int) -> list[tuple[FomoState, int]]:
    """Every decision of the heuristic alone against normal: (true state, hard's seat)."""
    found: list[tuple[FomoState, int]] = []
    for seed in range(first, first + games):
        for hard_seat in (0, 1):
            state = GAME.new_state(2, seed)
            bots = [
                HardBot(s, seed, GAME, iterations=0) if s == hard_seat else NormalBot(s, seed)
                for s in range(2)
            ]
            while not state.is_over():
                actors = sorted(state.to_act())
                if not actors:
                    deadline = state.next_deadline()
                    assert deadline is not None
                    state.advance(deadline)
                    continue
                seat = actors[0]
                if seat == hard_seat:
                    found.append((state.clone(), seat))
                decision = bots[seat].decide(state.view(seat), state.legal_actions(seat))
                assert decision is not None
                state.apply(decision.action, state.now_ms)
    return found


def value(state: FomoState, seat: int, move: Action, rollouts: int, salt: int) -> float:
    """How often ``seat`` wins after ``move``: the heuristic against normal to the end, the draw
    pile reshuffled for each playout (the same futures for every move of one position)."""
    wins = 0
    for r in range(rollouts):
        world = state.clone()
        luck = random.Random(r * 7919 + salt)
        luck.shuffle(world.draw)
        world.rng = random.Random(r)
        world.apply(move, world.now_ms)
        HardBot(seat, r, GAME, horizon=1000).playout(world, world.now_ms)
        wins += world.winner == seat
    return wins / rollouts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="seeds (each from both seats)")
    parser.add_argument("--first", type=int, default=30000)
    parser.add_argument("--iterations", type=int, default=12)
    parser.add_argument("--rollouts", type=int, default=24)
    parser.add_argument("--set", action="append", default=[], help="hard: key=number")
    args = parser.parse_args(argv)
    settings: dict[str, Any] = {}
    for pair in args.set:
        key, text = pair.split("=", 1)
        settings[key] = float(text) if "." in text else int(text)
    started = time.process_time()
    found = positions(args.games, args.first)
    searched, gains = 0, []
    by_kind: dict[str, list[float]] = {"key": [], "other": []}
    searched_kind = {"key": 0, "other": 0}
    for index, (state, seat) in enumerate(found):
        view, legal = state.view(seat), state.legal_actions(seat)
        bot = HardBot(seat, 1000 + index, GAME, iterations=args.iterations, **settings)
        moves = bot.shortlist(view, legal)
        if len(moves) < 2:
            continue
        searched += 1
        kind = "key" if view.phase == "turn" and any(is_key(m) for m in moves) else "other"
        searched_kind[kind] += 1
        chosen = bot.search(view, moves)
        if chosen != moves[0]:
            gain = value(state, seat, chosen, args.rollouts, index) - value(
                state, seat, moves[0], args.rollouts, index
            )
            gains.append(gain)
            by_kind[kind].append(gain)
    games = 2 * args.games
    total = sum(gains)
    spread = statistics.stdev(gains) * math.sqrt(len(gains)) if len(gains) > 1 else 0.0
    print(
        f"FOMO hard {settings or ''} {args.iterations} iterations: {len(found)} positions in "
        f"{games} games, {searched} searched, {len(gains)} overruled; search − heuristic "
        f"{100 * total / games:+.1f} points a game (95% CI {100 * (total - 1.96 * spread) / games:+.1f}"
        f" to {100 * (total + 1.96 * spread) / games:+.1f}; {args.rollouts} rollouts a move); "
        f"{time.process_time() - started:.0f} CPU s"
    )
    for kind, found_gains in by_kind.items():
        part = (
            statistics.stdev(found_gains) * math.sqrt(len(found_gains))
            if len(found_gains) > 1
            else 0
        )
        print(
            f"  {kind} turns (Plot Twist or Swap on the shortlist: key): {searched_kind[kind]} "
            f"searched, {len(found_gains)} overruled, {100 * sum(found_gains) / games:+.1f} points "
            f"a game (± {196 * part / games:.1f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
