"""What every bench shares: the source tree on ``sys.path``, and the statistics they report.

A bench runs as a script, ``python bench/x.py``, so its own folder is first on ``sys.path`` and
``import common`` finds this module; importing it puts the tree the bench sits in ahead of any
installed copy (a bench run from a ``git archive`` in /tmp measures that copy's code). ruff's
import order puts ``common`` among the third-party imports, before ``game`` and ``scenes``.

Benches that draw set SDL's environment for ``--path`` with ``drawing_environment`` before they
open a window (importing ``scenes`` opens nothing).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
# pygame prints a banner when it is imported; benches import it (through scenes) at the top.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

J = TypeVar("J")
R = TypeVar("R")
Z95 = 1.96
# Student's t for a two-sided 95% interval, by degrees of freedom (few runs: frame benches).
_T95 = (
    (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23)
    + (2.20, 2.18, 2.16, 2.14, 2.13, 2.12, 2.11, 2.10, 2.09, 2.09)
    + (2.08, 2.07, 2.07, 2.06, 2.06, 2.06, 2.05, 2.05, 2.05, 2.04)
)


def drawing_environment(settings_in_env: bool = True) -> str:
    """SDL's environment for this run's ``--path`` (default: the dummy driver); the path."""
    import real_display  # the display helpers load only for the benches that draw

    return real_display.prepare_environment(sys.argv, settings_in_env)


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson interval of a rate of ``successes`` in ``n`` (a half counts for a draw)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile by rank (the value ``int(n * q)`` places up the sorted list)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def percentile_interval(values: Sequence[float], q: float) -> tuple[float, float, float]:
    """The ``q`` quantile and its 95% interval from order statistics (normal approximation)."""
    ordered = sorted(values)
    n = len(ordered)
    spread = Z95 * math.sqrt(n * q * (1 - q))
    low = ordered[max(0, math.floor(n * q - spread))]
    high = ordered[min(n - 1, math.ceil(n * q + spread))]
    return ordered[min(n - 1, int(n * q))], low, high


def t95(n: int) -> float:
    """The multiplier of the standard error for a 95% interval of a mean of ``n`` values."""
    return _T95[n - 2] if 2 <= n <= len(_T95) + 1 else Z95


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (Student's t for few values; 0 for one)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0
    return mean, t95(len(values)) * statistics.stdev(values) / math.sqrt(len(values))


def strength_parser(game: str, usage: str) -> argparse.ArgumentParser:
    """The command line of ``bench/strength.py --game <game>``; ``usage`` is its help text."""
    return argparse.ArgumentParser(
        prog=f"strength.py --game {game}",
        description=usage,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def number(text: str) -> int | float | str:
    """A ``--set KEY=VALUE`` value: an int, a float, or the text itself."""
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def settings_from(pairs: Sequence[str]) -> dict[str, object]:
    """``--set`` pairs (``KEY=VALUE``, repeatable) as a bot's settings."""
    settings: dict[str, object] = {}
    for pair in pairs:
        key, _, text = pair.partition("=")
        settings[key] = number(text)
    return settings


def play_all(
    play: Callable[[J], R], jobs: Sequence[J], workers: int = 1, progress: bool = False
) -> Iterator[R]:
    """``play`` over ``jobs`` in order, in this process or ``workers`` processes; each result as
    soon as it is in, so a caller saves every finished game even if the run is cut short."""
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            yield from _shown(pool.map(play, jobs), len(jobs), progress)
    else:
        yield from _shown(map(play, jobs), len(jobs), progress)


def _shown(results: Iterator[R], total: int, progress: bool) -> Iterator[R]:
    if not progress:
        return results
    from tqdm import tqdm

    return iter(tqdm(results, total=total, file=sys.stderr))


def append_line(path: str | None, row: object) -> None:
    """One JSON line appended to ``path`` (nothing without one), flushed at once."""
    if path:
        with open(path, "a", encoding="utf-8") as out:
            out.write(json.dumps(row) + "\n")


def read_lines(paths: Sequence[str]) -> list[dict[str, Any]]:
    """Every JSON line of ``paths``, in order."""
    return [json.loads(line) for p in paths for line in Path(p).read_text().splitlines() if line]
