"""Omi engine speed: random hands per second on one core, through the public State API only.

Plays whole matches with uniformly random legal actions (``to_act`` → ``legal_actions`` →
``apply``; ``next_deadline`` → ``advance`` between hands) and counts the hands completed.
Also times ``clone`` and ``determinize``, the two other calls a search bot makes per iteration.

    .venv/bin/python bench/engine.py [--seconds 10] [--seed 1] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time

import common  # noqa: F401  (puts this tree on sys.path)

from game.core.game import State
from game.omi import GAME


def play_random_match(state: State, rng: random.Random) -> int:
    """Random legal play to the end of the match; returns the number of hands played."""
    now = 0
    while not state.is_over():
        actors = state.to_act()
        if not actors:
            deadline = state.next_deadline()
            assert deadline is not None, "stuck: nobody may act and no deadline is pending"
            now = max(now, deadline)
            state.advance(now)
            continue
        for seat in actors:
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))], now)
            break
    hands = GAME.match_stats(state)["hands"]
    assert isinstance(hands, int)
    return hands


def hands_per_second(seconds: float, seed: int) -> tuple[int, int, float, float]:
    """(hands, matches, wall seconds, CPU seconds): CPU time shows the speed on a shared machine."""
    rng = random.Random(seed)
    hands = matches = 0
    started, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds:
        hands += play_random_match(GAME.new_state(4, seed + matches), rng)
        matches += 1
    return hands, matches, time.perf_counter() - started, time.process_time() - cpu


def search_calls_per_second(seed: int, repeats: int = 2000) -> tuple[float, float]:
    """(clones/s, determinizes/s) on a position in the middle of the third trick."""
    rng = random.Random(seed)
    state = GAME.new_state(4, seed)
    state.advance(0)
    while True:
        (seat,) = state.to_act()
        state.apply(rng.choice(state.legal_actions(seat)))
        view = state.view(seat)
        if getattr(view, "phase", "") == "play" and len(getattr(view, "tricks", ())) == 2:
            break
    started = time.perf_counter()
    for _ in range(repeats):
        state.clone()
    clone_rate = repeats / (time.perf_counter() - started)
    view = state.view(next(iter(state.to_act())))
    started = time.perf_counter()
    for _ in range(repeats):
        GAME.determinize(view, rng)
    return clone_rate, repeats / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print where the time goes")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(hands_per_second, args.seconds, args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    hands, matches, elapsed, cpu = hands_per_second(args.seconds, args.seed)
    clones, determinizes = search_calls_per_second(args.seed)
    print(f"python {sys.version.split()[0]}, seed {args.seed}")
    print(
        f"{hands} hands ({matches} matches) in {elapsed:.1f} s: {hands / elapsed:,.0f} hands/s"
        f" ({hands / cpu:,.0f} per CPU second)"
    )
    print(f"clone: {clones:,.0f}/s   determinize: {determinizes:,.0f}/s")


if __name__ == "__main__":
    main()
