"""Hint latency (issue 30, item 2): how long a person waits for a hint, per game, on seeded
positions never used by the tests.

Each position is a match of seeded random moves stopped when seat 0 faces a choice whose hint
searches (a choice the hard bot makes by rule, such as OMYN's peek, answers at once); the hint is asked as the table
asks it (``HINT_BUDGET_MS`` of CPU, every search stopped ``HINT_WALL_MS`` after the ask) in this
process, or with ``--worker`` through the table's worker-process runner (``ProcessBotRunner``:
the view pickled to the worker and the hint back, polled as the frame loop polls; CPU time is
then the worker's own count; the other seats' bots are set first, normal level, as a table sets
them when the match starts, so the worker has found the game's hints before the first is asked). Prints p50/p95/max of wall and CPU time per game, the samples the
search drew, and the share of hints that quote the search's figures.

    .venv/bin/python bench/hint_latency.py --positions 30 --seed 2026 [--worker] [--each]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots.process_runner import ProcessBotRunner  # noqa: E402
from game.core.game import State  # noqa: E402
from game.core.hint import HINT_BUDGET_MS, HINT_WALL_MS, Hint, gives_hints, hint_for  # noqa: E402
from game.core.registry import all_games, find_game  # noqa: E402
from game.core.rng import derive_seed  # noqa: E402

FIXED_PLAYERS = {"omg": 2, "omi": 4}  # games for exactly this many


def position(game_id: str, seed: int, players: int) -> State | None:
    """A seeded random match stopped at a choice of seat 0 with several moves (None: none)."""
    state = find_game(game_id).new_state(players, seed, {})
    rng = random.Random(seed)
    stop_after = rng.randrange(0, 8)  # how many of seat 0's choices to pass over first
    for _ in range(3000):
        if state.is_over():
            return None
        legal0 = state.legal_actions(0) if 0 in state.to_act() else ()
        if len(legal0) > 1:
            probe = hint_for(game_id, state.view(0), legal0, 0, 0, 1) if stop_after <= 0 else None
            if probe is not None and probe.figures:  # a searched choice (the rest take ~0 ms)
                return state
            stop_after -= 1
        seats = [s for s in sorted(state.to_act()) if state.legal_actions(s)]
        if not seats:
            deadline = state.next_deadline()
            if deadline is None:
                return None
            state.advance(deadline)
            continue
        state.apply(rng.choice(state.legal_actions(seats[0])), getattr(state, "now_ms", 0))
    return None


def through_worker(
    runner: ProcessBotRunner, game_id: str, state: State, seed: int
) -> tuple[Hint | None, float]:
    """The hint as the table gets it: asked of the worker, polled until it is back."""
    ticket = runner.ask_hint(game_id, state.view(0), state.legal_actions(0), seed, HINT_BUDGET_MS)
    while True:
        answer = runner.hint_answer(ticket)
        if answer is not None:
            return answer[0], runner.think_s["hint"][-1] * 1000
        time.sleep(0.002)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--game", action="append", help="a game id (default: every one with hints)")
    parser.add_argument("--worker", action="store_true", help="through the table's worker process")
    parser.add_argument(
        "--each", action="store_true", help="a line per hint (with --worker: the worker's own wall)"
    )
    args = parser.parse_args()
    runner = ProcessBotRunner() if args.worker else None
    games = args.game or [g.info.id for g in all_games() if gives_hints(g.info.id)]
    if runner is not None:  # the worker starts with the table, and its bots with the match,
        for game_id in games:  # before any hint is asked (the worker then finds the game's hints)
            for seat in range(1, FIXED_PLAYERS.get(game_id, args.players)):
                runner.set_bot(seat, game_id, "normal", args.seed, {})
        warm = find_game("omnomnom").new_state(3, 1, {})
        through_worker(runner, "omnomnom", warm, 1)  # back once the worker has done all that
    where = "the worker process" if runner else "this process"
    print(f"budget {HINT_BUDGET_MS} ms CPU, deadline {HINT_WALL_MS} ms; {args.players} players")
    print(f"(OMG: 2 players, Omi: 4); in {where}")
    print("| game | hints | wall p50 | wall p95 | wall max | CPU p50 | CPU p95 | samples p50 |")
    print("|---|---|---|---|---|---|---|---|")
    for game_id in games:
        walls: list[float] = []
        cpus: list[float] = []
        samples: list[int] = []
        index = 0
        while len(walls) < args.positions and index < args.positions * 5:
            seed = derive_seed(args.seed, "hint-bench", game_id, index) % 2**31
            index += 1
            players = FIXED_PLAYERS.get(game_id, args.players)
            state = position(game_id, seed, players)
            if state is None:
                continue
            view, legal = state.view(0), state.legal_actions(0)
            wall, cpu = time.perf_counter(), time.process_time()
            worker_wall = float("nan")
            if runner is not None:
                hint, worker_wall = through_worker(runner, game_id, state, seed)
                walls.append(1000 * (time.perf_counter() - wall))
                cpus.append(float("nan"))
            else:
                hint = hint_for(game_id, view, legal, seed)
                walls.append(1000 * (time.perf_counter() - wall))
                cpus.append(1000 * (time.process_time() - cpu))
            samples.append(hint.figures[0].samples if hint is not None and hint.figures else 0)
            if args.each:  # which position a tail comes from, and whether the worker took it
                print(
                    f"  {game_id} position {len(walls)} (seed {seed}): wall {walls[-1]:.0f} ms, "
                    f"worker {worker_wall:.0f} ms, cpu {cpus[-1]:.0f} ms, {samples[-1]} samples",
                    flush=True,
                )
        cpu_text = (
            "(worker) | (worker)"
            if runner is not None
            else f"{statistics.median(cpus):.0f} ms | {pct(cpus, 0.95):.0f} ms"
        )
        print(
            f"| {game_id} | {len(walls)} | {statistics.median(walls):.0f} ms "
            f"| {pct(walls, 0.95):.0f} ms | {max(walls):.0f} ms | {cpu_text} "
            f"| {statistics.median(samples):.0f} |",
            flush=True,
        )
    if runner is not None:
        runner.close()


if __name__ == "__main__":
    main()
