"""``python main.py simulate GAME``: bot-only matches on game time, a summary, and records.

Works for every registered game through the ``Game`` contract: ``teams`` says who wins together,
``match_stats`` gives per-team lists (summed into shares) and per-match numbers (averaged), and
``record`` gives one JSON line per match for ``--record``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import signal
import statistics
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from game.cli_args import GAMES, INTERRUPTED_EXIT, MAX_BUDGET_MS, SEATS, SEED, bounded_int, given
from game.core.errors import OptionError, UnknownGame
from game.core.game import Game
from game.core.match import Match, Seat
from game.core.options import parse_option_text
from game.core.registry import find_game
from game.core.runner import SyncBotRunner


class UsageError(ValueError):
    """A bad command-line value: printed with the usage, exit code 2."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play bot-only matches headless and summarise them",
        description="Play whole matches bot against bot on game time (no real waiting).",
    )
    parser.add_argument("game", help="game id or alias: omi, omyn, fomo, omg, omnomnom")
    parser.add_argument("--games", type=GAMES, default=10, help="how many matches (default 10)")
    parser.add_argument("--seed", type=SEED, default=1, help="seed of the first match (default 1)")
    parser.add_argument("--players", type=SEATS, help="number of seats (default: the game's usual)")
    parser.add_argument(
        "--bots",
        type=given("bot levels"),
        help="bot level per seat, comma-separated, or one level for all",
    )
    parser.add_argument("--options", default="", help="rule options: name=value,name=value")
    parser.add_argument(
        "--budget-ms",
        type=bounded_int(1, MAX_BUDGET_MS, "ms"),
        help=f"think time per move for searching bots (1–{MAX_BUDGET_MS} ms)",
    )
    parser.add_argument("--decks", help="OMG: the decks per seat, e.g. dawn,dusk")
    parser.add_argument(
        "--solo", type=int, choices=(2, 3), help="Om Nom Nom: solo against 2 or 3 colours"
    )
    parser.add_argument(
        "--record",
        metavar="FILE",
        type=given("a file name"),
        help="write one JSON line per match, all cards open",
    )
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(func=run_cli, parser=parser)


def run_cli(args: argparse.Namespace) -> int:
    try:
        plan = _plan(args)
    except (UsageError, OptionError, UnknownGame) as exc:
        args.parser.print_usage(sys.stderr)
        print(f"omnibus simulate: error: {exc}", file=sys.stderr)
        return 2
    record_file: TextIO | None = None
    if args.record:
        try:
            record_file = open(args.record, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            print(
                f"omnibus simulate: error: cannot write {args.record}: {exc.strerror}",
                file=sys.stderr,
            )
            return 2
    try:
        summary = simulate(**plan, record_file=record_file, progress=not args.quiet)
        if record_file:
            record_file.close()
    except RecordError as exc:
        print(f"omnibus simulate: error: cannot write {args.record}: {exc}", file=sys.stderr)
        return 1
    finally:
        if record_file:
            with contextlib.suppress(OSError):  # already reported; a full disk fails again
                record_file.close()
    if summary["interrupted"]:
        print(f"interrupted after {summary['games']} matches", file=sys.stderr)
    if args.json:
        print(json.dumps(summary, indent=2))
    elif summary["games"]:
        print(format_summary(summary))
    return INTERRUPTED_EXIT if summary["interrupted"] else 0


def _plan(args: argparse.Namespace) -> dict[str, Any]:
    game = find_game(args.game)
    options: dict[str, Any] = parse_option_text(args.options)
    if args.decks:
        options["decks"] = args.decks
    players = args.players
    if args.solo:
        if players is not None:
            raise UsageError(
                f"--solo {args.solo} is you against {args.solo} virtual colours: it takes no "
                f"--players (the match has {args.solo + 1} seats)"
            )
        options["solo"] = args.solo
        players = args.solo + 1
    if players is None:
        players = _usual_players(game)
    game.check_setup(players, options)  # refuses a bad seat count or options before any match
    levels = _levels(game, args.bots, players, solo=bool(args.solo))
    settings = {"budget_ms": args.budget_ms} if args.budget_ms is not None else {}
    return {
        "game": game,
        "players": players,
        "levels": levels,
        "options": options,
        "games": args.games,
        "seed": args.seed,
        "settings": settings,
    }


def _usual_players(game: Game) -> int:
    return max(game.info.min_players, min(4, game.info.max_players))


def _levels(game: Game, text: str | None, players: int, solo: bool) -> list[str]:
    known = game.info.bot_levels
    default = "normal" if "normal" in known else "random"
    levels = [s.strip() for s in text.split(",")] if text else [default]
    for level in levels:
        if level not in known:
            raise UsageError(
                f"{game.info.title} has no bot level {level!r} (it has: {', '.join(known)})"
            )
    seats = 1 if solo else players
    if len(levels) == 1:
        levels = levels * seats
    if len(levels) != seats:
        raise UsageError(f"--bots names {len(levels)} levels for {seats} seats")
    return levels


def simulate(
    game: Game,
    players: int,
    levels: Sequence[str],
    options: dict[str, Any],
    games: int,
    seed: int,
    settings: dict[str, Any] | None = None,
    record_file: TextIO | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    """Play ``games`` matches (seeds seed, seed+1, ...) and summarise them."""
    from tqdm import tqdm

    teams = game.teams(players)
    wins = [0.0] * len(teams)
    per_team_sums: dict[str, list[float]] = {}
    per_match: dict[str, list[float]] = {}
    think: dict[str, list[float]] = {}
    played = 0
    interrupted = False
    bar = tqdm(
        range(games), desc=f"{game.info.title}", unit="match", disable=not progress, file=sys.stderr
    )
    try:
        for index in bar:
            match_seed = seed + index
            runner = SyncBotRunner()
            seats = [
                Seat("bot", f"{level} {i}", level, dict(settings or {}))
                for i, level in enumerate(levels)
            ]
            seats += [Seat("bot", f"colour {i}", "random") for i in range(len(seats), players)]
            match = Match(game, seats, match_seed, options, runner=runner)
            match.run_to_end()  # Ctrl-C here drops this match only
            outcome = match.state.outcome()
            assert outcome is not None
            stats = game.match_stats(match.state)
            line = None
            if record_file is not None:
                line = json.dumps(game.record(match.state, match_seed, list(levels))) + "\n"
            with interrupts_deferred():  # a match is recorded and counted whole, or not at all
                if line is not None and record_file is not None:
                    write_record(record_file, line)
                for t, team in enumerate(teams):
                    if set(team) & set(outcome.winners):
                        wins[t] += 1.0
                for key, value in stats.items():
                    if isinstance(value, list):
                        sums = per_team_sums.setdefault(key, [0.0] * len(value))
                        for i, v in enumerate(value):
                            sums[i] += v
                    else:
                        per_match.setdefault(key, []).append(float(value))
                for level, times in runner.think_s.items():
                    think.setdefault(level, []).extend(times)
                played += 1
    except KeyboardInterrupt:
        interrupted = True
    finally:
        bar.close()
    games = played
    return {
        "game": game.info.id,
        "games": games,
        "interrupted": interrupted,
        "seed": seed,
        "players": players,
        "bots": list(levels),
        "options": game.resolve_options(options),
        "teams": [list(t) for t in teams],
        "wins": [
            {
                "team": list(team),
                "wins": wins[t],
                "rate": wins[t] / games if games else 0.0,
                "ci95": wilson(wins[t], games),
            }
            for t, team in enumerate(teams)
        ],
        "shares": {
            key: [v / total if (total := sum(sums)) else 0.0 for v in sums]
            for key, sums in per_team_sums.items()
        },
        "means": {key: statistics.fmean(values) for key, values in per_match.items()},
        "think_ms": {
            level: {
                "mean": 1000 * statistics.fmean(times),
                "p95": 1000 * percentile(times, 0.95),
                "moves": len(times),
            }
            for level, times in sorted(think.items())
        },
    }


class RecordError(OSError):
    """The record file could not be written (a full disk, a closed pipe)."""


def write_record(record_file: TextIO, line: str) -> None:
    """One whole line, on disk before the match counts: the file ends at a whole match."""
    try:
        record_file.write(line)
        record_file.flush()
    except OSError as exc:
        raise RecordError(exc.strerror or str(exc)) from exc


@contextlib.contextmanager
def interrupts_deferred() -> Iterator[None]:
    """Hold a Ctrl-C arriving inside the block until it ends (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pending.append(signum))
    try:
        yield
    finally:
        signal.signal(
            signal.SIGINT, previous if previous is not None else signal.default_int_handler
        )
    if pending:
        raise KeyboardInterrupt


def wilson(successes: float, n: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return [0.0, 1.0]
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [max(0.0, centre - half), min(1.0, centre + half)]


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def format_summary(summary: dict[str, Any]) -> str:
    lines = [
        f"{summary['game']}: {summary['games']} matches from seed {summary['seed']}, "
        f"{summary['players']} seats, bots {','.join(summary['bots'])}"
    ]
    for row in summary["wins"]:
        low, high = row["ci95"]
        seats = "+".join(str(s) for s in row["team"])
        lines.append(
            f"  seats {seats:<5} won {row['wins']:g} ({100 * row['rate']:.1f}%, 95% CI {100 * low:.1f}–{100 * high:.1f}%)"
        )
    for key, shares in summary["shares"].items():
        lines.append(f"  share of {key}: " + ", ".join(f"{100 * s:.1f}%" for s in shares))
    for key, mean in summary["means"].items():
        lines.append(f"  {key} per match: {mean:.2f}")
    for level, t in summary["think_ms"].items():
        lines.append(
            f"  think time {level:<7} mean {t['mean']:.2f} ms, p95 {t['p95']:.2f} ms over {t['moves']} moves"
        )
    return "\n".join(lines)
