"""FOMO engine speed on one core, through the public State API only.

Random 4-player games per second: uniformly random legal actions for a random seat that may act
(``to_act`` → ``legal_actions`` → ``apply``), waiting out Canceled windows (``next_deadline`` →
``advance``) when nobody acts. Random players shout FOMO! about once in thirty turns and are put
out for it, so these games are short; ``--no-calls`` plays without calls (long games, every action
card in use) to give actions per second. Also times ``clone``, ``view`` and ``determinize``.

    .venv/bin/python bench/fomo_speed.py [--seconds 10] [--seed 1] [--players 4] [--no-calls]
"""

from __future__ import annotations

import argparse
import random
import time

import common  # noqa: F401  (puts this tree on sys.path)

from game.fomo import GAME
from game.fomo.actions import CallFomo
from game.fomo.state import FomoState


def play_random_game(state: FomoState, rng: random.Random, calls: bool, cap: int) -> int:
    """Random legal play to the end (or ``cap`` actions); returns the actions taken."""
    now = actions = 0
    while not state.is_over() and actions < cap:
        actors = sorted(state.to_act())
        if not actors or (state.next_deadline() is not None and rng.random() < 0.5):
            deadline = state.next_deadline()
            assert deadline is not None, "stuck: nobody may act and no deadline is pending"
            now = max(now, deadline)
            state.advance(now)
            continue
        seat = actors[rng.randrange(len(actors))]
        legal = state.legal_actions(seat)
        if not calls:
            legal = tuple(a for a in legal if not isinstance(a, CallFomo))
        state.apply(legal[rng.randrange(len(legal))], now)
        actions += 1
    return actions


def games_per_second(
    seconds: float, seed: int, players: int, calls: bool
) -> tuple[int, int, float]:
    rng = random.Random(seed)
    games = actions = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        actions += play_random_game(GAME.new_state(players, seed + games), rng, calls, 400)
        games += 1
    return games, actions, time.perf_counter() - started


def search_calls_per_second(seed: int, players: int, repeats: int = 1000) -> dict[str, float]:
    """Rates of the calls a search bot makes, on a position 60 random actions in."""
    rng = random.Random(seed)
    state = GAME.new_state(players, seed)
    play_random_game(state, rng, calls=False, cap=60)
    seat = next(iter(state.to_act()))
    view = state.view(seat)
    rates: dict[str, float] = {}
    for name, call in (
        ("clone", state.clone),
        ("view", lambda: state.view(seat)),
        ("determinize", lambda: GAME.determinize(view, rng)),
    ):
        started = time.perf_counter()
        for _ in range(repeats):
            call()
        rates[name] = repeats / (time.perf_counter() - started)
    return rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--no-calls", action="store_true", help="random play without FOMO! calls")
    args = parser.parse_args(argv)
    calls = not args.no_calls
    games, actions, elapsed = games_per_second(args.seconds, args.seed, args.players, calls)
    kind = "random" if calls else "random, no calls (capped at 400 actions)"
    print(
        f"FOMO {args.players} players, {kind}: {games / elapsed:.1f} games/s, "
        f"{actions / elapsed:.0f} actions/s ({games} games, {actions / games:.1f} actions each, "
        f"{elapsed:.1f} s)"
    )
    rates = search_calls_per_second(args.seed, args.players)
    print("  " + ", ".join(f"{name} {rate:,.0f}/s" for name, rate in rates.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
