"""OMYN engine speed: random 4-player games per second on one core, through the State API only.

Each step lets 0–400 ms pass, then either a random seat takes a random legal action or, 30% of
the time when a window is open, the clock jumps to the next deadline (as tests/playout.py does).
Also times ``view``, ``clone`` and ``determinize``, the calls a searching bot makes.

    .venv/bin/python bench/omyn_engine.py [--seconds 10] [--players 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

import common  # noqa: F401  (puts this tree on sys.path)

from game.omyn import GAME
from game.omyn.state import OmynState


def play_random_game(state: OmynState, rng: random.Random) -> int:
    now, actions = 0, 0
    while not state.is_over():
        now += rng.choice((0, 0, 50, 400))
        state.advance(now)
        actors = sorted(state.to_act())
        deadline = state.next_deadline()
        if not actors or (deadline is not None and rng.random() < 0.3):
            assert deadline is not None, "stuck"
            now = max(now, deadline)
            state.advance(now)
            continue
        seat = rng.choice(actors)
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randrange(len(legal))], now)
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    games = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < args.seconds:
        actions += play_random_game(GAME.new_state(args.players, args.seed + games), rng)
        games += 1
    elapsed = time.perf_counter() - started
    print(
        f"random {args.players}-player games: {games / elapsed:.1f}/s ({actions / elapsed:.0f} actions/s, {actions / games:.1f} actions a game)"
    )
    state = GAME.new_state(args.players, args.seed)
    state.advance(0)
    for seat in range(args.players):
        state.apply(state.legal_actions(seat)[0], 0)
    for name, call in (
        ("view", lambda: state.view(0)),
        ("clone", state.clone),
        ("determinize", lambda: GAME.determinize(state.view(0), rng)),
        ("legal_actions", lambda: state.legal_actions(state.turn_seat)),
    ):
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < 1.0:
            call()
            n += 1
        print(f"{name}: {1e6 * (time.perf_counter() - t0) / n:.1f} µs")


if __name__ == "__main__":
    main()
