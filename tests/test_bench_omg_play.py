"""bench/strength.py --game omg counts how each bot played (issue 30: a hard bot that never
attacks sends matches to the turn limit): its turns, attacks, the Lives it took and the Life
attacks it blocked, per bot, whichever seat it sat in."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load() -> ModuleType:
    if str(BENCH) not in sys.path:  # the bench imports its neighbour ``common``
        sys.path.append(str(BENCH))  # last: its module names shadow nothing
    return importlib.import_module("strength_seats")


seats = load()


def test_every_life_lost_is_counted_for_the_bot_that_took_it_whichever_seat_it_sat_in() -> None:
    for seed in (7, 8):  # an odd seed swaps the bots' seats
        row = seats.play_omg((seed, ["normal", "easy"], ["dawn", "dusk"], {}))
        play = row["play"]
        assert sum(play["turns"]) == row["turns"]
        assert play["life_attacks_faced"] == play["life_attacks"][::-1]
        assert all(b <= f for b, f in zip(play["blocks"], play["life_attacks_faced"], strict=True))
        assert sum(play["lives_taken"]) > 0  # the normal bot beats the easy one on Life
        if row["winner_bot"] is not None and "turn limit" not in row["reason"]:
            assert play["lives_taken"][row["winner_bot"]] == 3  # the winning attack needs 0 Life


def test_the_summary_gives_attacks_per_turn_and_the_share_blocked() -> None:
    play = {
        "turns": [10, 10],
        "life_attacks": [5, 2],
        "fights": [1, 0],
        "lives_taken": [3, 0],
        "life_attacks_faced": [2, 5],
        "blocks": [2, 1],
    }
    summary = seats.omg_play_summary([{"play": play}], ["hard", "normal"])
    assert summary["bot0 hard play"] == (
        "0.50 Life attacks and 0.10 fights a turn, 3.00 Lives taken a match, "
        "blocked 100% of 2 Life attacks faced"
    )
    assert "blocked 20% of 5" in summary["bot1 normal play"]
    assert summary["bot0 hard attacks"] == "0.60 a turn (95% CI 0.60–0.60, over matches)"
    assert seats.omg_play_summary([{"seed": 1}], ["hard", "normal"]) == {}  # older files


def test_the_hard_bots_thinking_is_summed_over_searched_decisions_and_short_ones_counted() -> None:
    think = {"searched": [[301.0, 320.0, 200], [250.0, 6000.0, 90]], "other_ms": 1.0, "other": 4}
    line = seats.omg_think_summary([{"think": think}], {})["hard thinking"]
    assert line == (
        "2 searched decisions: CPU mean 276 ms, p95 301 ms, 145.0 samples; "
        "4 others, mean 0.2 ms; 1 stopped under 300 ms of CPU"
    )  # the table's budget: 300 ms of CPU a searched decision; the second was cut by the wall
    fixed = seats.omg_think_summary([{"think": think}], {"iterations": 3})["hard thinking"]
    assert "stopped under" not in fixed  # a fixed count of samples has no CPU budget to miss
    assert seats.omg_think_summary([{"seed": 1}], {}) == {}  # files saved before it was kept
