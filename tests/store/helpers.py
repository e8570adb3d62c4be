"""Shared helpers for the store tests: Omi matches with a human seat played by a seeded hand."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

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


def genuine_files(seed: int = 5) -> dict[str, dict[str, Any]]:
    """One genuine file of each stored kind (the JSON as the program writes it), from a
    finished Omi match: the starting point every damage test varies."""
    from game.omg.cards import DECK_RULES, PRESET_DECKS
    from game.store.autosave import AUTOSAVE_KIND, AUTOSAVE_VERSION
    from game.store.replays import ReplayShelf
    from game.store.settings import Settings
    from game.store.stats import Statistics

    match = omi_match(seed=seed)
    play_until(match, lambda m: len(m.log) >= 12, seed=seed)
    autosave = {
        "kind": AUTOSAVE_KIND,
        "version": AUTOSAVE_VERSION,
        "id": "abc",
        "started": 1_700_000_000.0,
        "saved": 1_700_000_100.0,
        "match": match.to_json(),
    }
    play_until(match, lambda m: False, seed=seed)
    stats = Statistics()
    stats.record("abc", match.game, match.state, match.seats, 1_700_000_200.0)
    return {
        "settings": Settings().to_json(),
        "statistics": stats.to_json(),
        "autosave": autosave,
        "replay": ReplayShelf.record(match, "abc", 1_700_000_000.0, 1_700_000_200.0),
        "omg-deck": {
            "kind": DECK_RULES.kind,
            "version": 1,
            "name": "Storm front",
            "beings": list(PRESET_DECKS["dawn"]),
        },
    }


# Where each kind lives under a --data-dir (the replay's name is its finish time and id).
PLACES = {
    "settings": "settings.json",
    "statistics": "statistics.json",
    "autosave": "autosave.json",
    "replay": "replays/omi/20231114-224320-abc.json",
    "omg-deck": "decks/storm-front.json",
}
