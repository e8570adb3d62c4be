"""Writes the fixture saves in tests/store/saves/ (run once; the files are kept in git).

Saves taken at a given commit prove that later code still loads them (the save is the log plus a
fingerprint of the replayed state, so a change to a state's snapshot would refuse old saves).
Regenerate only on purpose: ``python -m tests.store.make_saves`` overwrites the fixtures.
"""

from __future__ import annotations

import json
import random
import subprocess
from collections.abc import Callable
from pathlib import Path

from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import SyncBotRunner
from game.omyn.actions import Claim

SAVES = Path(__file__).parent / "saves"

# (file stem, game, players, options, level, seed, stop when)
Stop = Callable[[Match], bool]


def window_open(match: Match) -> bool:
    return bool(match.state.view(None).windows) and len(match.log) >= 12


def omg_defending(match: Match) -> bool:
    return match.state.view(None).phase == "defense" and len(match.log) >= 12  # type: ignore[attr-defined]


def omyn_claim_pending(match: Match) -> bool:
    """Seat 0 (a person) claims the first window it may answer without naming a slot yet."""
    view = match.state.view(0)
    window = view.window  # type: ignore[attr-defined]
    if window is not None and 0 in match.state.to_act() and window.claimant is None:
        match.submit(Claim(0, None, window.number))
        return True
    if 0 in match.state.to_act():
        legal = [a for a in match.legal_actions(0) if type(a).__name__ != "CallOmyn"]
        match.submit(random.Random(len(match.log)).choice(legal))
    return False


CASES: list[tuple[str, str, int, dict[str, object], str, int, Stop | None]] = [
    ("omyn_window", "omyn", 3, {}, "normal", 11, window_open),
    ("omyn_claim", "omyn", 3, {}, "normal", 12, omyn_claim_pending),
    ("omyn_over", "omyn", 2, {}, "normal", 13, None),
    ("fomo_window", "fomo", 3, {}, "normal", 21, window_open),
    ("fomo_over", "fomo", 3, {}, "normal", 22, None),
    ("omg_window", "omg", 2, {"block_window_ms": 4000}, "normal", 31, omg_defending),
    ("omg_over", "omg", 2, {"block_window_ms": 4000}, "normal", 32, None),
    ("omi_over", "omi", 4, {}, "normal", 41, None),
    ("omnomnom_over", "omnomnom", 2, {}, "normal", 51, None),
]


def play(game_id: str, players: int, options: dict[str, object], level: str, seed: int,
         stop: Stop | None) -> Match:  # fmt: skip
    seats = [Seat("bot", f"Bot {i}", level) for i in range(players)]
    if stop is omyn_claim_pending:
        seats[0] = Seat("human", "You")
    match = Match(
        find_game(game_id), seats, seed, options, runner=SyncBotRunner(), pace_ms=(100, 300)
    )
    for _ in range(200_000):
        if match.is_over() or (stop is not None and stop(match)):
            return match
        due = match.next_due_ms()
        match.update(max(1, (due if due is not None else match.now_ms + 50) - match.now_ms))
    raise RuntimeError(f"{game_id} seed {seed} did not reach its stop")


def main() -> None:
    SAVES.mkdir(exist_ok=True)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    for stem, game_id, players, options, level, seed, stop in CASES:
        match = play(game_id, players, options, level, seed, stop)
        data = match.to_json()
        data["written_at_commit"] = commit
        (SAVES / f"{stem}.json").write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(stem, len(match.log), "actions", "over" if match.is_over() else "open")


if __name__ == "__main__":
    main()
