"""Strength on duplicate deals, where every seed is played once with each level in each place so
card and dice luck cancel: Omi (``bench/strength.py --game omi``) and Om Nom Nom (``--game
omnomnom``). Bots see only their seat's view and legal actions (``Game.make_bot``), as in a match.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import asdict, dataclass, field
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

from game.core.rng import derive_seed
from game.omi import GAME as OMI
from game.omnomnom import GAME as OMNOMNOM

OMI_USAGE = """Omi on duplicate deals: each deal is played twice, the two levels swapping seats.

A deal is one hand (the ``max_hands=1`` option) from a seed: the same dealer and the same cards in
both games, first with level A in seats 0 and 2, then with level A in seats 1 and 3, so card luck
cancels. Reported: A's share of all tokens won, with a 95% interval (delta method for a ratio of
sums over deal pairs), the tokens per deal, and each level's think time per move.

    .venv/bin/python bench/strength.py --game omi normal random --pairs 300 --seed 1
    .venv/bin/python bench/strength.py --game omi hard normal --pairs 300 --iterations 200 --jobs 2
    .venv/bin/python bench/strength.py --game omi hard normal --pairs 300 --budget-ms 100
    # in parts (each run short), then one summary over all of them:
    .venv/bin/python bench/strength.py --game omi hard normal --first 0 --pairs 100 --save part.jsonl
    .venv/bin/python bench/strength.py --game omi hard normal --report part.jsonl
    # two variants on the same deals (saved runs), paired deal by deal:
    .venv/bin/python bench/strength.py --game omi hard normal --compare before.jsonl after.jsonl
"""


@dataclass
class PairResult:
    tokens_a: int = 0
    tokens_b: int = 0
    think_s: dict[str, list[float]] = field(default_factory=dict)
    cpu_s: dict[str, list[float]] = field(default_factory=dict)  # CPU time: load-independent
    iterations: list[int] = field(default_factory=list)


def play_deal(
    levels: list[str], deal_seed: int, settings: dict[str, Any], result: PairResult
) -> list[int]:
    """Play one hand from ``deal_seed`` with ``levels[seat]`` at each seat; tokens per team."""
    state = OMI.new_state(4, deal_seed, {"max_hands": 1})
    bots = [
        OMI.make_bot(
            level,
            seat,
            derive_seed(deal_seed, "bot", seat),
            **(settings if level == "hard" else {}),
        )
        for seat, level in enumerate(levels)
    ]
    now = 0
    while not state.is_over():
        actors = sorted(state.to_act())
        if not actors:
            deadline = state.next_deadline()
            assert deadline is not None
            now = max(now, deadline)
            state.advance(now)
            continue
        seat = actors[0]
        legal = state.legal_actions(seat)
        started, cpu = time.perf_counter(), time.process_time()
        decision = bots[seat].decide(state.view(seat), legal)
        result.think_s.setdefault(levels[seat], []).append(time.perf_counter() - started)
        result.cpu_s.setdefault(levels[seat], []).append(time.process_time() - cpu)
        searched = getattr(bots[seat], "last_iterations", 0)
        if searched:
            result.iterations.append(searched)
            bots[seat].last_iterations = 0  # type: ignore[attr-defined]
        assert decision is not None and decision.action in legal, f"{levels[seat]} bot: {decision}"
        state.apply(decision.action, now)
    tokens = OMI.match_stats(state)["tokens"]
    return [int(tokens[0]), int(tokens[1])]


def play_pair(args: tuple[str, str, int, dict[str, Any]]) -> PairResult:
    level_a, level_b, deal_seed, settings = args
    result = PairResult()
    first = play_deal([level_a, level_b, level_a, level_b], deal_seed, settings, result)
    second = play_deal([level_b, level_a, level_b, level_a], deal_seed, settings, result)
    result.tokens_a = first[0] + second[1]
    result.tokens_b = first[1] + second[0]
    return result


def share_interval(a: list[int], b: list[int]) -> tuple[float, float]:
    """A's share of all tokens and the half-width of its 95% interval (ratio of sums)."""
    totals = [x + y for x, y in zip(a, b, strict=True)]
    n, total = len(a), sum(totals)
    if total == 0 or n < 2:
        return 0.5, 0.5
    share = sum(a) / total
    residuals = [x - share * t for x, t in zip(a, totals, strict=True)]
    variance = sum(r * r for r in residuals) / (n - 1)
    return share, 1.96 * math.sqrt(variance / n) / (total / n)


def summarize(results: list[PairResult], a_level: str, b_level: str, header: str) -> None:
    a = [r.tokens_a for r in results]
    b = [r.tokens_b for r in results]
    share, half = share_interval(a, b)
    print(header)
    print(
        f"  tokens {sum(a)}–{sum(b)}: {a_level} share {share:.1%} ± {half:.1%} "
        f"(95% interval {share - half:.1%}–{share + half:.1%})"
    )
    print(
        f"  tokens per deal: {a_level} {sum(a) / (2 * len(a)):.3f}, "
        f"{b_level} {sum(b) / (2 * len(b)):.3f}"
    )
    for level in sorted({a_level, b_level}):
        times = [t for r in results for t in r.think_s.get(level, [])]
        cpu = [t for r in results for t in r.cpu_s.get(level, [])]
        if times:
            print(
                f"  {level}: {len(times)} moves, think mean {statistics.mean(times) * 1000:.1f} ms,"
                f" p95 {percentile(times, 0.95) * 1000:.1f} ms (CPU mean"
                f" {statistics.mean(cpu) * 1000:.1f} ms, p95 {percentile(cpu, 0.95) * 1000:.1f} ms)"
            )
    iterations = [i for r in results for i in r.iterations]
    if iterations:
        print(
            f"  hard: {len(iterations)} searched moves, "
            f"mean {statistics.mean(iterations):.0f} iterations each"
        )


def load_pairs(names: list[str]) -> dict[int, PairResult]:
    """Saved pairs by deal index (a later file's pair replaces an earlier one's)."""
    return {row["deal"]: PairResult(**row["result"]) for row in read_lines(names)}


def compare_runs(before: dict[int, PairResult], after: dict[int, PairResult]) -> None:
    """A's share in each run on the deals both played, and the change in A's token margin per
    deal pair (after minus before) with its 95% interval: far less noisy than two shares."""
    deals = sorted(set(before) & set(after))
    if len(deals) < 2:
        print("fewer than two deal pairs in common")
        return
    for name, run in (("before", before), ("after", after)):
        a = [run[d].tokens_a for d in deals]
        b = [run[d].tokens_b for d in deals]
        share, half = share_interval(a, b)
        print(f"  {name}: {sum(a)}–{sum(b)}, share {share:.1%} ± {half:.1%}")
    changes = [
        (after[d].tokens_a - after[d].tokens_b) - (before[d].tokens_a - before[d].tokens_b)
        for d in deals
    ]
    mean, half = mean_interval(changes)
    differing = sum(1 for c in changes if c)
    print(
        f"  {len(deals)} deal pairs in common ({differing} with a different result): A's margin "
        f"per deal pair changed by {mean:+.3f} tokens (95% interval {mean - half:+.3f} to "
        f"{mean + half:+.3f})"
    )


def omi(argv: list[str]) -> int:
    parser = strength_parser("omi", OMI_USAGE)
    parser.add_argument("a", help="level A (random, normal, hard)")
    parser.add_argument("b", help="level B")
    parser.add_argument("--pairs", type=int, default=300, help="deal pairs (each deal twice)")
    parser.add_argument("--first", type=int, default=0, help="index of the first deal pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=int, default=100, help="hard: time per move")
    parser.add_argument(
        "--iterations", type=int, default=None, help="hard: fixed iterations per move"
    )
    parser.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="hard: another setting"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--save", help="append each pair's result to this JSON-lines file")
    parser.add_argument(
        "--report", nargs="+", metavar="FILE", help="only summarise saved results (run in parts)"
    )
    parser.add_argument(
        "--compare",
        nargs=2,
        metavar="FILES",
        help="two saved runs (comma-separated files each) to compare on their common deals",
    )
    args = parser.parse_args(argv)
    if args.compare:
        before, after = (load_pairs(group.split(",")) for group in args.compare)
        compare_runs(before, after)
        return 0
    if args.report:
        saved = read_lines(args.report)
        pairs = [PairResult(**row["result"]) for row in saved]
        seen = sorted({row["deal"] for row in saved})
        summarize(
            pairs,
            args.a,
            args.b,
            f"{args.a} vs {args.b}: {len(pairs)} deal pairs (deals {seen[0]}–{seen[-1]}, "
            f"{len(seen)} distinct) from {', '.join(args.report)}",
        )
        return 0
    settings: dict[str, Any] = {"budget_ms": args.budget_ms}
    if args.iterations is not None:
        settings["iterations"] = args.iterations
    settings.update(settings_from(args.set))
    deals = range(args.first, args.first + args.pairs)
    tasks = [(args.a, args.b, derive_seed(args.seed, "deal", i), settings) for i in deals]
    started = time.perf_counter()
    results: list[PairResult] = []
    # Each pair is saved as soon as it is played, so a run cut short keeps its pairs.
    for deal, result in zip(deals, play_all(play_pair, tasks, args.jobs), strict=True):
        results.append(result)
        append_line(args.save, {"deal": deal, "result": asdict(result)})
    elapsed = time.perf_counter() - started
    per_move = f"{args.iterations} iterations" if args.iterations else f"{args.budget_ms} ms"
    extra = "".join(f", {item}" for item in args.set)
    hard = f" (hard: {per_move}/move{extra})" if "hard" in (args.a, args.b) else ""
    summarize(
        results,
        args.a,
        args.b,
        f"{args.a} vs {args.b}{hard}: {args.pairs} deal pairs from #{args.first}, "
        f"seed {args.seed}, {args.jobs} job(s)",
    )
    print(f"  wall time {elapsed:.0f} s")
    return 0


OMNOMNOM_USAGE = """Om Nom Nom, level A against level B on duplicate dice.

Each seed fixes the dice of all three rounds. With 2 players every seed is played twice, A in
seat 0 then in seat 1, so dice luck cancels. With P > 2 players, A sits in every seat in turn
against P - 1 copies of B (P matches per seed); A's fair share of wins is then 1/P.

Measures (a multi-player scoring game has no single right one, so several):
- win rate: matches A wins outright (a shared win counts as half), with a 95% Wilson interval;
- point share: A's points over all points scored by A and the average B seat;
- margin: A's total minus the average B total per match, with a 95% interval.

    .venv/bin/python bench/strength.py --game omnomnom normal random --seeds 500
    .venv/bin/python bench/strength.py --game omnomnom hard normal --seeds 500 --iterations 20
    .venv/bin/python bench/strength.py --game omnomnom normal random --players 4 --seeds 250
"""


def play_match(levels: list[str], seed: int, settings: dict[str, Any]) -> dict[str, Any]:
    """One match, ``levels[seat]`` at each seat; totals, winners and think times per level."""
    state = OMNOMNOM.new_state(len(levels), seed)
    bots = [
        OMNOMNOM.make_bot(level, seat, derive_seed(seed, "bot", seat, level), **settings)
        for seat, level in enumerate(levels)
    ]
    cpu: dict[str, list[float]] = {}
    while not state.is_over():
        for seat in sorted(state.to_act()):
            legal = state.legal_actions(seat)
            started = time.process_time()
            decision = bots[seat].decide(state.view(seat), legal)
            if len(legal) > 1:  # the last card of a round is no decision
                cpu.setdefault(levels[seat], []).append(time.process_time() - started)
            assert decision is not None
            state.apply(decision.action)
    outcome = state.outcome()
    assert outcome is not None
    return {"totals": list(outcome.scores), "winners": list(outcome.winners), "cpu": cpu}


def play_seed(job: tuple[str, str, int, int, dict[str, Any]]) -> list[dict[str, Any]]:
    a, b, players, seed, settings = job
    rows = []
    for seat_a in range(players):
        levels = [a if s == seat_a else b for s in range(players)]
        result = play_match(levels, seed, settings)
        result["seat_a"] = seat_a
        rows.append(result)
    return rows


def summarise_dice(a: str, b: str, players: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    wins = 0.0
    margins, points_a, points_b = [], 0.0, 0.0
    for row in rows:
        seat_a, totals, winners = row["seat_a"], row["totals"], row["winners"]
        if seat_a in winners:
            wins += 1.0 / len(winners)
        others = [t for s, t in enumerate(totals) if s != seat_a]
        mean_b = statistics.fmean(others)
        margins.append(totals[seat_a] - mean_b)
        points_a += totals[seat_a]
        points_b += mean_b
    n = len(rows)
    cpu: dict[str, list[float]] = {}
    for row in rows:
        for level, times in row["cpu"].items():
            cpu.setdefault(level, []).extend(times)
    margin, half = mean_interval(margins)
    return {
        "matches": n,
        "win_rate": wins / n,
        "win_ci95": wilson(wins, n),
        "fair_share": 1 / players,
        "point_share": points_a / (points_a + points_b),
        "margin": margin,
        "margin_ci95": half,
        "cpu_ms": {k: 1000 * statistics.fmean(v) for k, v in cpu.items()},
        "label": f"{a} vs {b}, {players} seats",
    }


def omnomnom(argv: list[str]) -> int:
    parser = strength_parser("omnomnom", OMNOMNOM_USAGE)
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=0, help="hard: samples per card")
    parser.add_argument("--budget-ms", type=int, default=0, help="hard: think time per move")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    settings: dict[str, Any] = {}
    if args.iterations:
        settings["iterations"] = args.iterations
    if args.budget_ms:
        settings["budget_ms"] = args.budget_ms
    jobs = [(args.a, args.b, args.players, args.seed + i, settings) for i in range(args.seeds)]
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    for result in play_all(play_seed, jobs, args.jobs, progress=True):
        rows.extend(result)
    summary = summarise_dice(args.a, args.b, args.players, rows)
    low, high = summary["win_ci95"]
    print(
        f"{summary['label']}: {summary['matches']} matches; {args.a} wins "
        f"{100 * summary['win_rate']:.1f}% (95% CI {100 * low:.1f}–{100 * high:.1f}%, "
        f"fair share {100 * summary['fair_share']:.0f}%); point share "
        f"{100 * summary['point_share']:.1f}%; margin {summary['margin']:+.2f} "
        f"± {summary['margin_ci95']:.2f} points a match"
    )
    cpu = ", ".join(f"{k} {v:.2f} ms" for k, v in sorted(summary["cpu_ms"].items()))
    print(f"CPU time per move: {cpu}; wall {time.perf_counter() - started:.0f} s")
    return 0
