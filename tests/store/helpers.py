"""Shared helpers for the store tests: Omi matches with a human seat played by a seeded hand."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.core.match import Match, Seat
from game.core.runner import SyncBotRunner
from game.omi import GAME as OMI


def omi_match(
    seed: int = 7, levels: tuple[str, str, str] = ("random", "random", "random")
) -> Match:
    seats = [Seat("human", "You")] + [
        Seat("bot", f"Bot {i}", lvl) for i, lvl in enumerate(levels, 1)
    ]
    return Match(OMI, seats, seed, runner=SyncBotRunner(), pace_ms=(100, 300))


def play_step(match: Match, rng: random.Random) -> None:
    """One step of a table: the human plays a random legal action, or game time passes."""
    if 0 in match.state.to_act():
        match.submit(rng.choice(match.legal_actions(0)))
        return
    due = match.next_due_ms()
    match.update(max(1, (due or match.now_ms + 50) - match.now_ms))


def play_until(
    match: Match,
    done: Callable[[Match], bool],
    seed: int = 1,
    after_step: Callable[[], object] | None = None,
) -> None:
    rng = random.Random(seed)
    for _ in range(100_000):
        if done(match) or match.is_over():
            return
        play_step(match, rng)
        if after_step is not None:
            after_step()
    raise AssertionError("the match did not get there")
