"""Om Nom Nom engine speed: random 4-player matches per second.

Figures are per CPU second (``time.process_time``), so they hold on a shared machine.
Two figures: the rules alone (a ``State`` driven by seeded random picks, as search bots and
tests use it) and whole matches through the ``Match`` referee with ``random`` bots (what
``simulate`` does: views, redacted events, the bot runner).

    .venv/bin/python bench/omnomnom_speed.py --games 2000 --players 4
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import common  # noqa: F401  (puts this tree on sys.path)

from game.core.match import Match, Seat
from game.core.runner import SyncBotRunner
from game.omnomnom import GAME


def rules_only(games: int, players: int, seed: int) -> tuple[float, int]:
    picks = 0
    started = time.process_time()
    for index in range(games):
        state = GAME.new_state(players, seed + index)
        rng = random.Random(seed + index)
        while not state.is_over():
            for seat in sorted(state.to_act()):
                state.apply(rng.choice(state.legal_actions(seat)))
                picks += 1
    return time.process_time() - started, picks


def through_match(games: int, players: int, seed: int, level: str) -> float:
    started = time.process_time()
    for index in range(games):
        seats = [Seat("bot", f"{level} {i}", level) for i in range(players)]
        match = Match(GAME, seats, seed + index, runner=SyncBotRunner())
        match.run_to_end()
    return time.process_time() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    seconds, picks = rules_only(args.games, args.players, args.seed)
    print(
        f"rules only: {args.games / seconds:.0f} random {args.players}-player matches/s "
        f"({picks / seconds:.0f} picks/s)"
    )
    seconds = through_match(args.games, args.players, args.seed, "random")
    print(f"through Match, random bots: {args.games / seconds:.0f} matches/s")
    normal_games = max(1, args.games // 10)
    seconds = through_match(normal_games, args.players, args.seed, "normal")
    print(f"through Match, normal bots: {normal_games / seconds:.1f} matches/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
