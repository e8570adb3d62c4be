"""Strength where the seats turn with the seed, so every deal is met from every seat: FOMO
(``bench/strength.py --game fomo``), OMG (``--game omg``) and OMYN (``--game omyn``). Bots see
only their seat's view and legal actions, as in a real match.
"""

from __future__ import annotations

import io
import json
import statistics
import time
from pathlib import Path
from typing import Any

from common import (
    append_line,
    mean_interval,
    percentile,
    play_all,
    read_lines,
    settings_from,
    strength_parser,
    wilson,
)

from game.core.match import Match, Seat
from game.fomo import GAME as FOMO
from game.omg import GAME as OMG
from game.omg.actions import Attack, Block
from game.omg.hard import DEFAULT_BUDGET_MS, HardBot
from game.omyn import GAME as OMYN
from game.simulate import simulate

FOMO_USAGE = """FOMO, one bot level against another, seats alternating, on game time.

Game i uses seed ``seed + i``; the tested bot sits at seat ``i % players`` and every other seat
gets the opponent level, so each deal is met from every seat in turn. With ``--swap`` every seed
is played ``players`` times, the tested bot once in each seat (the same deal: seat luck cancels).
Reports the tested bot's win rate with a 95% Wilson interval (an even share is 1/players), and
the hard bot's CPU time per decision.

    .venv/bin/python bench/strength.py --game fomo --bot normal --against random --games 1000
    .venv/bin/python bench/strength.py --game fomo --bot hard --against normal --games 1000 \\
        --iterations 4
    # the search against its heuristic alone, on the same deals, seats swapped, two workers:
    .venv/bin/python bench/strength.py --game fomo --bot hard --against normal --games 400 \\
        --swap --iterations 40 --jobs 2 --save search.jsonl
    .venv/bin/python bench/strength.py --game fomo --bot hard --against normal --games 400 \\
        --swap --iterations 0 --save alone.jsonl
    .venv/bin/python bench/strength.py --game fomo --compare search.jsonl alone.jsonl
"""


def play_fomo(job: tuple[str, str, int, int, int, dict[str, Any]]) -> dict[str, Any]:
    """One game: the tested level at seat ``tested``, the opponent level everywhere else."""
    bot, against, players, seed, tested, settings = job
    seats = [Seat("bot", str(s), bot if s == tested else against, settings) for s in range(players)]
    match = Match(FOMO, seats, seed)
    bots = getattr(match.runner, "bots", {})
    hard = [bots.get(s) for s in range(players)] if bot == "hard" else []
    cpu: list[float] = []
    for searcher in hard:
        if searcher is not None and getattr(searcher, "level", "") == "hard":
            decide = searcher.decide

            def timed(view: Any, legal: Any, decide: Any = decide) -> Any:
                started = time.process_time()
                decision = decide(view, legal)
                cpu.append(time.process_time() - started)
                return decision

            searcher.decide = timed
    match.run_to_end()
    state: Any = match.state
    return {
        "seed": seed,
        "seat": tested,
        "won": int(state.winner == tested),
        "turns": state.turn_number,
        "call": int(state.won_by_call),
        "cpu": cpu,
    }


def fomo_report(results: list[dict[str, Any]], label: str) -> None:
    games = len(results)
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    cpu = [c for r in results for c in r.get("cpu", [])]
    think = ""
    if cpu:
        think = (
            f"; hard CPU a decision mean {statistics.mean(cpu) * 1000:.0f} ms,"
            f" p95 {percentile(cpu, 0.95) * 1000:.0f} ms"
        )
    print(
        f"FOMO {label}: won {wins}/{games} = {wins / max(1, games):.1%} "
        f"(95% CI {low:.1%}–{high:.1%}); "
        f"{statistics.mean(r['turns'] for r in results) if results else 0:.1f} turns a game{think}"
    )


def fomo_compare(first: str, second: str) -> None:
    """The difference in win rate on the games both files played (paired by seed and seat)."""
    a, b = ({(r["seed"], r["seat"]): r["won"] for r in read_lines([p])} for p in (first, second))
    both = sorted(set(a) & set(b))
    n = len(both)
    mean, half = mean_interval([a[key] - b[key] for key in both])
    wins_a, wins_b = sum(a[k] for k in both), sum(b[k] for k in both)
    print(
        f"{n} games in both: {first} {wins_a / n:.1%}, {second} {wins_b / n:.1%}; "
        f"difference {mean * 100:+.1f} points (95% CI {(mean - half) * 100:+.1f} to "
        f"{(mean + half) * 100:+.1f}, paired)"
    )


def fomo(argv: list[str]) -> int:
    parser = strength_parser("fomo", FOMO_USAGE)
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--against", default="random")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000, help="seeds (with --swap: deals)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--swap", action="store_true", help="each seed from every seat")
    parser.add_argument("--iterations", type=int, help="hard: determinizations per move")
    parser.add_argument("--budget-ms", type=int, help="hard: CPU think time per move")
    parser.add_argument("--set", action="append", default=[], help="hard: key=number")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--save", help="append one JSON line per game to this file")
    parser.add_argument("--compare", nargs=2, metavar="JSONL", help="paired difference")
    parser.add_argument("--report", nargs="+", metavar="JSONL", help="summarize saved games")
    args = parser.parse_args(argv)
    if args.compare:
        fomo_compare(*args.compare)
        return 0
    if args.report:
        fomo_report(read_lines(args.report), " + ".join(args.report))
        return 0
    settings: dict[str, Any] = {}
    if args.iterations is not None:
        settings["iterations"] = args.iterations
    if args.budget_ms is not None:
        settings["budget_ms"] = args.budget_ms
    settings.update(settings_from(args.set))
    jobs = [
        (args.bot, args.against, args.players, args.seed + index, seat, settings)
        for index in range(args.games)
        for seat in (range(args.players) if args.swap else [index % args.players])
    ]
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    for row in play_all(play_fomo, jobs, args.jobs):
        results.append(row)
        append_line(args.save, row)
    label = (
        f"{args.players} players: {args.bot} vs {args.against} {settings or ''}; seeds "
        f"{args.seed}–{args.seed + args.games - 1}{', seats swapped' if args.swap else ''}"
    )
    fomo_report(results, label)
    print(f"{time.perf_counter() - started:.0f} s wall")
    return 0


OMG_USAGE = """OMG, strength and balance: whole matches bot against bot, through views only.

    python bench/strength.py --game omg --bots normal,random --games 1000
    python bench/strength.py --game omg --bots normal,normal --games 2000 --decks dawn,dusk
    python bench/strength.py --game omg --bots hard,normal --games 1000 --iterations 3 --jobs 2 \\
        --out hard.jsonl          # one line per match as it ends; --resume skips seeds done
    python bench/strength.py --game omg --summarize hard.jsonl

Seats swap every other match (seed parity) so neither bot always has the same deck; the decks
stay with their seats' order in ``--decks`` (deck i belongs to bot i). Prints win rates with a
95 % Wilson interval: per bot, per deck, and for the first player.
"""


def play_omg(job: tuple[int, list[str], list[str], dict[str, Any]]) -> dict[str, Any]:
    """One match; bot i plays deck i, and the bots swap seats when the seed is odd."""
    seed, bots, decks, settings = job
    swap = seed % 2 == 1
    seat_bot = [1, 0] if swap else [0, 1]  # which bot sits at each seat
    options = {"decks": f"{decks[seat_bot[0]]},{decks[seat_bot[1]]}"}
    state: Any = OMG.new_state(2, seed, options)
    players = [
        OMG.make_bot(
            bots[seat_bot[s]], s, seed, **(settings if bots[seat_bot[s]] == "hard" else {})
        )
        for s in (0, 1)
    ]
    started = time.process_time()
    # Per bot (not seat): its turns, attacks at Life and at Beings, Lives it took, and the Life
    # attacks it faced and blocked (issue 30: a hard bot that never attacks runs to the limit).
    play: dict[str, list[int]] = {key: [0, 0] for key in OMG_PLAY_COUNTS}
    turns_seen: set[int] = set()
    # The hard bots' thinking, pooled: CPU and wall ms and samples of each searched decision
    # (the table's budget is CPU per searched decision), and the CPU of the rest.
    think: dict[str, Any] = {"searched": [], "other_ms": 0.0, "other": 0}
    while not state.is_over():
        seat = min(state.to_act())
        legal = state.legal_actions(seat)
        bot_player = players[seat]
        hard = isinstance(bot_player, HardBot)
        if hard:
            bot_player.last_iterations = 0  # set again only by a search
        cpu, wall = time.process_time(), time.perf_counter()
        decision = bot_player.decide(state.view(seat), legal)
        cpu, wall = (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000
        if hard and bot_player.last_iterations:
            think["searched"].append([round(cpu, 1), round(wall, 1), bot_player.last_iterations])
        elif hard:
            think["other_ms"] += cpu
            think["other"] += 1
        assert decision is not None
        action, bot = decision.action, seat_bot[seat]
        if state.phase == "main" and state.turn_number not in turns_seen:
            turns_seen.add(state.turn_number)
            play["turns"][bot] += 1
        if isinstance(action, Attack):
            play["life_attacks" if action.target is None else "fights"][bot] += 1
            play["life_attacks_faced"][1 - bot] += action.target is None
        play["blocks"][bot] += isinstance(action, Block)
        lives = [len(side.life) for side in state.sides]
        state.apply(action)  # a Life falls on the defender's own FinishDefense
        for s in (0, 1):
            play["lives_taken"][seat_bot[1 - s]] += max(0, lives[s] - len(state.sides[s].life))
    winners = state.outcome().winners
    return {
        "seed": seed,
        "winner_bot": seat_bot[winners[0]] if winners else None,
        "first_bot": seat_bot[state.first_player],
        "first_won": winners == (state.first_player,),
        "draw": not winners,
        "turns": state.turn_number,
        "reason": state.end_reason,
        "seconds": time.process_time() - started,  # CPU time: the machine may be shared
        "play": play,
        "think": think,
    }


OMG_PLAY_COUNTS = ("turns", "life_attacks", "fights", "lives_taken", "life_attacks_faced", "blocks")


def omg_play_summary(results: list[dict[str, Any]], bots: list[str]) -> dict[str, str]:
    """How each bot played: attacks per own turn, Lives taken a match, Life attacks blocked."""
    rows = [r["play"] for r in results if "play" in r]  # files saved before issue 30 lack it
    if not rows:
        return {}
    total = {key: [sum(r[key][i] for r in rows) for i in (0, 1)] for key in OMG_PLAY_COUNTS}
    summary: dict[str, str] = {}
    for i, bot in enumerate(bots):
        turns, faced = max(1, total["turns"][i]), total["life_attacks_faced"][i]
        blocked = f"{total['blocks'][i] / faced:.0%}" if faced else "-"
        summary[f"bot{i} {bot} play"] = (
            f"{total['life_attacks'][i] / turns:.2f} Life attacks and "
            f"{total['fights'][i] / turns:.2f} fights a turn, "
            f"{total['lives_taken'][i] / len(rows):.2f} Lives taken a match, "
            f"blocked {blocked} of {faced} Life attacks faced"
        )
        # Attacks of both kinds per own turn, match by match: the mean and its 95% interval.
        rates = [(r["life_attacks"][i] + r["fights"][i]) / max(1, r["turns"][i]) for r in rows]
        mean, half = mean_interval(rates)
        summary[f"bot{i} {bot} attacks"] = (
            f"{mean:.2f} a turn (95% CI {mean - half:.2f}–{mean + half:.2f}, over matches)"
        )
    return summary


def omg_think_summary(results: list[dict[str, Any]], settings: dict[str, Any]) -> dict[str, str]:
    """The hard bots' CPU a searched decision (mean, p95), samples a search, the rest's CPU, and
    how many searches stopped short of the CPU budget (the wall-time safety net, a starved run)."""
    searched = [s for r in results for s in r.get("think", {}).get("searched", [])]
    if not searched:
        return {}
    others = sum(r["think"]["other"] for r in results)
    other_ms = sum(r["think"]["other_ms"] for r in results)
    cpu = [s[0] for s in searched]
    line = (
        f"{len(searched)} searched decisions: CPU mean {statistics.mean(cpu):.0f} ms, "
        f"p95 {percentile(cpu, 0.95):.0f} ms, {statistics.mean(s[2] for s in searched):.1f} "
        f"samples; {others} others, mean {other_ms / max(1, others):.1f} ms"
    )
    if settings.get("iterations") is None:
        budget = settings.get("budget_ms", DEFAULT_BUDGET_MS)
        short = sum(c < budget for c in cpu)
        line += f"; {short} stopped under {budget} ms of CPU"
    return {"hard thinking": line}


def omg(argv: list[str]) -> int:
    parser = strength_parser("omg", OMG_USAGE)
    parser.add_argument("--bots", default="normal,normal")
    parser.add_argument("--decks", default="dawn,dusk", help="deck of bot 0, deck of bot 1")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=int, default=None, help="hard bot: time per move")
    parser.add_argument("--iterations", type=int, default=None, help="hard bot: playouts per move")
    parser.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="hard: another setting"
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", help="append one JSON line per finished match to this file")
    parser.add_argument("--resume", action="store_true", help="skip the seeds --out already has")
    parser.add_argument("--summarize", nargs="+", metavar="FILE", help="only summarise files")
    args = parser.parse_args(argv)
    if args.summarize:
        rows = read_lines(args.summarize)
        return omg_report(
            rows, rows[0]["bots"], rows[0]["decks"], rows[0]["settings"], 0.0, args.json
        )
    bots = args.bots.split(",")
    decks = args.decks.split(",")
    settings: dict[str, Any] = {}
    if args.budget_ms is not None:
        settings["budget_ms"] = args.budget_ms
    if args.iterations is not None:
        settings["iterations"] = args.iterations
    settings.update(settings_from(args.set))
    done: set[int] = set()
    if args.out and args.resume and Path(args.out).exists():
        done = {row["seed"] for row in read_lines([args.out])}
    seeds = [args.seed + i for i in range(args.games) if args.seed + i not in done]
    jobs = [(seed, bots, decks, settings) for seed in seeds]
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    for result in play_all(play_omg, jobs, args.jobs, progress=True):
        results.append(result)
        if args.out:
            append_line(args.out, {**result, "bots": bots, "decks": decks, "settings": settings})
    return omg_report(results, bots, decks, settings, time.perf_counter() - started, args.json)


def omg_report(
    results: list[dict[str, Any]],
    bots: list[str],
    decks: list[str],
    settings: dict[str, Any],
    elapsed: float,
    as_json: bool,
) -> int:
    n = len(results)
    draws = sum(r["draw"] for r in results)
    summary: dict[str, Any] = {
        "bots": bots,
        "decks": decks,
        "games": n,
        "draws": draws,
        "settings": settings,
        "seconds": round(elapsed, 1),
        "cpu_seconds_per_match": round(sum(r["seconds"] for r in results) / n, 2),
        "turns_mean": round(sum(r["turns"] for r in results) / n, 1),
        "turn_limit_endings": sum("turn limit" in r["reason"] for r in results),
    }
    limited = summary["turn_limit_endings"]
    low, high = wilson(limited, n)
    summary["reached the turn limit"] = f"{limited / n:.1%} (95% CI {low:.1%}–{high:.1%})"
    summary.update(omg_play_summary(results, bots))
    summary.update(omg_think_summary(results, settings))
    # A draw counts half to each side.
    for i, (bot, deck) in enumerate(zip(bots, decks, strict=True)):
        wins = sum(1.0 if r["winner_bot"] == i else 0.5 if r["draw"] else 0.0 for r in results)
        low, high = wilson(wins, n)
        summary[f"bot{i} {bot} ({deck})"] = f"{wins / n:.1%} (95% CI {low:.1%}–{high:.1%})"
    first = sum(1.0 if r["first_won"] else 0.5 if r["draw"] else 0.0 for r in results)
    low, high = wilson(first, n)
    summary["first player"] = f"{first / n:.1%} (95% CI {low:.1%}–{high:.1%})"
    if as_json:
        print(json.dumps(summary, indent=2))
    else:
        for key, value in summary.items():
            print(f"{key:>24}: {value}")
    return 0


OMYN_USAGE = """OMYN, 2-player matches through the real Match referee (game time, seeded reflexes),
seats fixed, the first dealer drawn at random each game.

    .venv/bin/python bench/strength.py --game omyn [--games 1000] [--budget-ms 5] \\
        [--pairs normal:random,hard:normal] [--set mode=threshold] [--set playout_margin=1.0] \\
        [--set call_chance=0.65] \\
        [--set wall_factor=1000]   # on a busy host: hard's search bounded by CPU time only
"""


def omyn_callers(lines: str, levels: tuple[str, str]) -> str:
    """How the games ended: each seat's calls and how many it won, rows emptied."""
    calls, won, emptied = [0, 0], [0, 0], [0, 0]
    for line in lines.splitlines():
        for game in json.loads(line)["games"]:
            result = game["result"]
            if result["caller"] is not None:
                calls[result["caller"]] += 1
                won[result["caller"]] += result["winner"] == result["caller"]
            elif result["reason"] == "empty_row":
                emptied[result["winner"]] += 1
    return ", ".join(
        f"{level} called {calls[s]} (won {won[s]}), emptied its row {emptied[s]}"
        for s, level in enumerate(levels)
    )


def omyn(argv: list[str]) -> int:
    parser = strength_parser("omyn", OMYN_USAGE)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--budget-ms", type=int, default=5)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--pairs", default="normal:random,hard:normal,normal:easy")
    parser.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE",
        help="a hard-bot setting, e.g. mode=threshold or playout_margin=1.0 (repeatable)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    settings: dict[str, object] = {"budget_ms": args.budget_ms}
    settings.update(settings_from(args.set))
    for pair in args.pairs.split(","):
        first, second = pair.split(":")
        started = time.perf_counter()
        records = io.StringIO()
        result = simulate(
            OMYN, 2, [first, second], {}, args.games, args.seed,
            settings, records, progress=True,
        )  # fmt: skip
        share = result["wins"][0]
        low, high = share["ci95"]
        think = result["think_ms"].get(first, {})
        print(
            f"{first} vs {second}: {first} wins {100 * share['rate']:.1f}% of {args.games} "
            f"(95% CI {100 * low:.1f}–{100 * high:.1f}%), {result['means']['turns']:.1f} turns a game, "
            f"{first} think {think.get('mean', 0):.2f} ms mean / {think.get('p95', 0):.2f} ms p95, "
            f"{time.perf_counter() - started:.0f} s"
        )
        print("  " + omyn_callers(records.getvalue(), (first, second)))
    return 0
