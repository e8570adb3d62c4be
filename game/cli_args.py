"""Command-line numbers with bounds, for every subcommand's numeric options.

A number outside its range is refused by argparse with the option's name and the bound (usage,
exit 2), before any work starts: ``--budget-ms 999999999`` would otherwise hang on the first
move, ``--seconds nan`` would fail deep inside pygame.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import TypeVar

from game.core.budget import MAX_BUDGET_MS as MAX_BUDGET_MS  # the bots' own cap, reported here

INTERRUPTED_EXIT = 130  # 128 + SIGINT: what a shell reports for a command stopped by Ctrl-C
MAX_SEED = 2**63 - 1
MAX_GAMES = 10_000_000
MAX_SEATS = 64  # far above any game's; each game then says its own range
MAX_PACE_MS = 60_000
MAX_STEPS = 100_000
MAX_SECONDS = 24 * 60 * 60.0


def given(what: str) -> Callable[[str], str]:
    """An argparse ``type``: text that is not empty (``--data-dir ""`` would mean the current
    folder, ``--record ""`` and ``--bots ""`` would be silently ignored)."""

    def parse(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"needs {what}, not an empty text")
        return text

    parse.__name__ = what
    return parse


def bounded_int(low: int, high: int, unit: str = "") -> Callable[[str], int]:
    """An argparse ``type``: a whole number in ``low..high`` (``unit`` names it in the error)."""
    suffix = f" {unit}" if unit else ""

    def parse(text: str) -> int:
        value = int(text)  # a ValueError: argparse says "invalid int value: 'many'"
        return in_range(value, low, high, suffix, ",")

    parse.__name__ = "int"
    return parse


def bounded_float(low: float, high: float, unit: str = "") -> Callable[[str], float]:
    """An argparse ``type``: a finite number in ``low..high``."""
    suffix = f" {unit}" if unit else ""

    def parse(text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be a finite number, not {text}")
        return in_range(value, low, high, suffix, "g")

    parse.__name__ = "float"
    return parse


N = TypeVar("N", int, float)


def in_range(value: N, low: N, high: N, suffix: str, style: str) -> N:
    """``value``, or the error naming the bound it passed (numbers written in ``style``)."""
    if value < low:
        raise argparse.ArgumentTypeError(
            f"must be at least {low:{style}}{suffix}, not {value:{style}}"
        )
    if value > high:
        raise argparse.ArgumentTypeError(
            f"must be at most {high:{style}}{suffix}, not {value:{style}}"
        )
    return value


SEED = bounded_int(0, MAX_SEED)
GAMES = bounded_int(1, MAX_GAMES, "matches")
SEATS = bounded_int(1, MAX_SEATS, "seats")
