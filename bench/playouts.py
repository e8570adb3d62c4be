"""Playouts per CPU second inside the hard bots' shared search, and hard's think time, per game.

One hard bot at seat 0 (the table's default budget unless ``--set`` says otherwise) plays normal
bots through the Match referee until it has made ``--decisions`` searched decisions. Every call of
the shared ``compare`` is counted: playouts = iterations × candidate moves, timed in CPU seconds
(``time.process_time``). Think time is the hard bot's CPU time per decision (searched or not).

    .venv/bin/python bench/playouts.py                          # every game
    .venv/bin/python bench/playouts.py omi --set method=state   # Omi's search over the State API
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import common  # noqa: F401  (puts this tree on sys.path)

import game.bots.search as search
import game.fomo.hard  # noqa: F401  (each hard module is patched below)
import game.omg.hard  # noqa: F401
import game.omi.hard  # noqa: F401
import game.omnomnom.hard  # noqa: F401
import game.omyn.hard  # noqa: F401
from game.core.actions import Action
from game.core.events import Event
from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import SyncBotRunner
from game.core.views import View

GAMES = {"omi": 4, "omyn": 2, "fomo": 2, "omg": 2, "omnomnom": 2}
MODULES = [
    search,
    game.fomo.hard,
    game.omi.hard,
    game.omnomnom.hard,
    game.omyn.hard,
]


class Counter:
    def __init__(self) -> None:
        self.playouts = 0
        self.cpu_s = 0.0
        self.searches = 0

    def wrap(self, compare: Callable[..., Any]) -> Callable[..., Any]:
        def counted(moves: Sequence[Any], *args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            result = compare(moves, *args, **kwargs)
            self.cpu_s += time.process_time() - started
            self.playouts += result.iterations * len(moves)
            self.searches += 1
            return result

        return counted


class CpuTimedRunner(SyncBotRunner):
    """Records each seat's CPU time per decision."""

    def __init__(self) -> None:
        super().__init__()
        self.cpu_s: dict[int, list[float]] = {}

    def ask(self, seat: int, view: View, legal: Sequence[Action], events: Sequence[Event]) -> None:
        started = time.process_time()
        super().ask(seat, view, legal, events)
        self.cpu_s.setdefault(seat, []).append(time.process_time() - started)


def measure(game_id: str, decisions: int, seed: int, settings: Mapping[str, Any]) -> str:
    counter = Counter()
    originals = [module.compare for module in MODULES]
    counted = counter.wrap(search.compare)  # one wrapper: a search counted once, not per module
    for module in MODULES:
        module.compare = counted  # type: ignore[attr-defined]
    game = find_game(game_id)
    players = GAMES[game_id]
    runner = CpuTimedRunner()
    try:
        while counter.searches < decisions:
            seats = [Seat("bot", "hard", "hard", dict(settings))]
            seats += [Seat("bot", f"normal {i}", "normal") for i in range(1, players)]
            match = Match(game, seats, seed, runner=runner)
            match.run_to_end()
            seed += 1
    finally:
        for module, original in zip(MODULES, originals, strict=True):
            module.compare = original  # type: ignore[attr-defined]
    think = sorted(runner.cpu_s.get(0, [0.0]))
    p95 = think[min(len(think) - 1, int(0.95 * len(think)))]
    rate = counter.playouts / counter.cpu_s if counter.cpu_s else 0.0
    return (
        f"{game_id:9} {rate:10,.0f} playouts/CPU s  ({counter.playouts:,} playouts in "
        f"{counter.searches} searches, {counter.cpu_s:.1f} CPU s)   hard think CPU: mean "
        f"{1000 * statistics.mean(think):.0f} ms, p95 {1000 * p95:.0f} ms over {len(think)} "
        f"decisions"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"some of {', '.join(GAMES)} (default: all)")
    parser.add_argument("--decisions", type=int, default=40, help="searched decisions per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    settings = dict(item.split("=", 1) for item in args.set)
    for game_id in args.games or list(GAMES):
        print(measure(game_id, args.decisions, args.seed, settings), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
