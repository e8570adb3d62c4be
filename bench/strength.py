"""Omi bot strength on duplicate deals: each deal is played twice, the two levels swapping seats.

A deal is one hand (the ``max_hands=1`` option) from a seed: the same dealer and the same cards in
both games, first with level A in seats 0 and 2, then with level A in seats 1 and 3, so card luck
cancels. Reported: A's share of all tokens won, with a 95% interval (delta method for a ratio of
sums over deal pairs), the tokens per deal, and each level's think time per move.

    .venv/bin/python bench/strength.py normal random --pairs 300 --seed 1
    .venv/bin/python bench/strength.py hard normal --pairs 300 --iterations 200 --jobs 2
    .venv/bin/python bench/strength.py hard normal --pairs 300 --budget-ms 100
    # in parts (each run short), then one summary over all of them:
    .venv/bin/python bench/strength.py hard normal --first 0 --pairs 100 --save part.jsonl
    .venv/bin/python bench/strength.py hard normal --report part.jsonl
    # two variants on the same deals (saved runs), paired deal by deal:
    .venv/bin/python bench/strength.py hard normal --compare before.jsonl after.jsonl

Bots see only their seat's view and legal actions (``Game.make_bot``), as in a real match.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.rng import derive_seed  # noqa: E402
from game.omi import GAME  # noqa: E402


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
    state = GAME.new_state(4, deal_seed, {"max_hands": 1})
    bots = [
        GAME.make_bot(
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
    tokens = GAME.match_stats(state)["tokens"]
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
        times = sorted(t for r in results for t in r.think_s.get(level, []))
        cpu = sorted(t for r in results for t in r.cpu_s.get(level, []))
        if times:
            p95 = times[int(0.95 * (len(times) - 1))]
            print(
                f"  {level}: {len(times)} moves, think mean {statistics.mean(times) * 1000:.1f} ms,"
                f" p95 {p95 * 1000:.1f} ms (CPU mean {statistics.mean(cpu) * 1000:.1f} ms,"
                f" p95 {cpu[int(0.95 * (len(cpu) - 1))] * 1000:.1f} ms)"
            )
    iterations = [i for r in results for i in r.iterations]
    if iterations:
        print(
            f"  hard: {len(iterations)} searched moves, "
            f"mean {statistics.mean(iterations):.0f} iterations each"
        )


def load_pairs(names: list[str]) -> dict[int, PairResult]:
    """Saved pairs by deal index (a later file's pair replaces an earlier one's)."""
    pairs = {}
    for name in names:
        for line in Path(name).read_text().splitlines():
            row = json.loads(line)
            pairs[row["deal"]] = PairResult(**row["result"])
    return pairs


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
    mean = statistics.mean(changes)
    half = 1.96 * statistics.stdev(changes) / math.sqrt(len(changes))
    differing = sum(1 for c in changes if c)
    print(
        f"  {len(deals)} deal pairs in common ({differing} with a different result): A's margin "
        f"per deal pair changed by {mean:+.3f} tokens (95% interval {mean - half:+.3f} to "
        f"{mean + half:+.3f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
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
    args = parser.parse_args()
    if args.compare:
        before, after = (load_pairs(group.split(",")) for group in args.compare)
        compare_runs(before, after)
        return
    if args.report:
        saved = [
            json.loads(line) for name in args.report for line in Path(name).read_text().splitlines()
        ]
        results = [PairResult(**row["result"]) for row in saved]
        seen = sorted({row["deal"] for row in saved})
        summarize(
            results,
            args.a,
            args.b,
            f"{args.a} vs {args.b}: {len(results)} deal pairs (deals {seen[0]}–{seen[-1]}, "
            f"{len(seen)} distinct) from {', '.join(args.report)}",
        )
        return
    settings: dict[str, Any] = {"budget_ms": args.budget_ms}
    if args.iterations is not None:
        settings["iterations"] = args.iterations
    for item in args.set:
        key, _, value = item.partition("=")
        settings[key] = value
    deals = range(args.first, args.first + args.pairs)
    tasks = [(args.a, args.b, derive_seed(args.seed, "deal", i), settings) for i in deals]
    started = time.perf_counter()
    results: list[PairResult] = []

    def keep(deal: int, result: PairResult) -> None:
        """Each pair is saved as soon as it is played, so a run cut short keeps its pairs."""
        results.append(result)
        if args.save:
            with open(args.save, "a") as out:
                out.write(json.dumps({"deal": deal, "result": asdict(result)}) + "\n")

    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for deal, result in zip(deals, pool.map(play_pair, tasks), strict=True):
                keep(deal, result)
    else:
        for deal, task in zip(deals, tasks, strict=True):
            keep(deal, play_pair(task))
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


if __name__ == "__main__":
    main()
