"""Welcome back tells the match so far in the statistics' words (issue 29): no "Score" for FOMO,
which has none; team figures by team; a yes-or-no by who has it."""

from __future__ import annotations

import json
from pathlib import Path

from game.core.match import Match
from game.core.runner import SyncBotRunner
from scenes.resume import describe_progress

SAVES = Path(__file__).parents[1] / "store" / "saves"


def saved(name: str) -> Match:
    return Match.from_json(json.loads((SAVES / f"{name}.json").read_text()), runner=SyncBotRunner())


def test_a_fomo_match_shows_no_score() -> None:
    match = saved("fomo_window")
    lines = describe_progress(match)
    assert not any("Score" in line for line in lines)
    assert lines[0] == f"Turns: {match.state.turn_number}"  # type: ignore[attr-defined]
    assert lines[-1] == f"{len(match.log)} moves played"


def test_a_wrong_call_names_who_is_out() -> None:
    match = saved("fomo_window")
    match.state.out[1] = True  # type: ignore[attr-defined]
    assert "Out by a wrong FOMO! call: Bot 1" in describe_progress(match)


def test_omi_tokens_are_told_by_team() -> None:
    match = saved("omi_over")
    us, them = match.state.score  # type: ignore[attr-defined]
    line = f"Team's tokens: {us} for Bot 0 & Bot 2,  {them} for Bot 1 & Bot 3"
    assert line in describe_progress(match)
