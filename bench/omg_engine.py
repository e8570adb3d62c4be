"""OMG engine speed: random matches per second through the public State API, and the rates of
the calls a search bot makes (clone, determinize, legal_actions, view).

    python bench/omg_engine.py --games 300
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import common  # noqa: F401  (puts this tree on sys.path)
from tqdm import tqdm

from game.omg import GAME
from game.omg.state import OmgState


def random_match(seed: int) -> tuple[int, list[OmgState]]:
    """A whole match of uniformly random legal actions; returns its length and some positions."""
    state = GAME.new_state(2, seed)
    rng = random.Random(seed)
    actions, kept = 0, []
    while not state.is_over():
        seat = rng.choice(sorted(state.to_act()))
        state.apply(rng.choice(state.legal_actions(seat)))
        actions += 1
        if actions % 25 == 0:
            kept.append(state.clone())
    return actions, kept


def rate(label: str, calls: int, seconds: float) -> None:
    print(f"{label:>28}: {calls / seconds:10,.0f} per second ({seconds * 1e6 / calls:.1f} µs each)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    positions: list[OmgState] = []
    total_actions = 0
    started = time.perf_counter()
    for i in tqdm(range(args.games), file=sys.stderr, unit="match"):
        actions, kept = random_match(args.seed + i)
        total_actions += actions
        positions += kept
    elapsed = time.perf_counter() - started
    print(
        f"{'random matches':>28}: {args.games / elapsed:10,.1f} per second "
        f"({total_actions / args.games:.0f} actions a match, {total_actions / elapsed:,.0f} actions/s)"
    )
    sample = positions[:2000]
    for label, call in (
        ("clone", lambda s: s.clone()),
        ("legal_actions", lambda s: s.legal_actions(min(s.to_act()) if s.to_act() else 0)),
        ("view", lambda s: s.view(0)),
        ("determinize", lambda s: GAME.determinize(s.view(0), random.Random(1))),
        ("fingerprint", lambda s: s.fingerprint()),
    ):
        started = time.perf_counter()
        for state in sample:
            call(state)
        rate(label, len(sample), time.perf_counter() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
