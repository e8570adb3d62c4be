"""A save cannot make a bot think for ever (issue 19): the bounds of ``budget_ms`` and
``iterations`` live in the bots' budget code (game/core/budget.py), not only in the parser. A
hand-made autosave with a huge budget is set aside at start like any damaged file; settings that
pass the bounds are refused by ``build_bot``; whatever reaches a search's ``Budget`` is clamped."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from game.bots.search import Budget
from game.core.budget import MAX_BUDGET_MS, MAX_ITERATIONS, checked_bot_settings
from game.core.errors import OptionError, SaveError
from game.core.match import Match
from game.core.runner import SyncBotRunner, build_bot
from game.store.autosave import load_match
from game.store.files import DamagedFile
from game.store.store import Store
from tests.store.helpers import omi_match

HOSTILE: list[Any] = [
    999_999_999,
    MAX_BUDGET_MS + 1,
    -5,
    math.inf,
    math.nan,
    "999",
    True,
    [300],
    None,
]


def hard_save(settings: dict[str, Any]) -> dict[str, Any]:
    """A FOMO save from the fixtures whose bot seats are hard bots with ``settings``."""
    data = json.loads((Path(__file__).parent / "saves" / "fomo_window.json").read_text())
    for seat in data["seats"]:
        seat.update(kind="bot", level="hard", settings=dict(settings))
    return data


@pytest.mark.parametrize("budget", HOSTILE, ids=repr)
def test_a_save_with_a_budget_past_the_cap_is_refused_as_damaged(budget: Any) -> None:
    data = hard_save({"budget_ms": budget})
    with pytest.raises(SaveError, match="budget_ms"):
        Match.from_json(data, runner=SyncBotRunner())
    with pytest.raises(DamagedFile, match="budget_ms"):
        load_match(data)


def test_huge_iterations_are_refused_too_and_sane_settings_load() -> None:
    with pytest.raises(SaveError, match="iterations"):
        Match.from_json(hard_save({"iterations": 10**12}), runner=SyncBotRunner())
    match = Match.from_json(hard_save({"budget_ms": 5, "iterations": 3}), runner=SyncBotRunner())
    assert match.seats[1].settings == {"budget_ms": 5, "iterations": 3}
    assert Match.from_json(hard_save({"iterations": None}), runner=SyncBotRunner())
    with pytest.raises(SaveError, match="budget_ms must be a number"):
        Match.from_json(hard_save({"budget_ms": None}), runner=SyncBotRunner())


def test_an_autosave_with_a_huge_budget_is_set_aside_at_start(tmp_path: Path) -> None:
    source = Store.open(tmp_path / "source", logging_to_file=False)
    match = omi_match(seed=9)
    source.follow(match)
    source.sync()
    envelope = json.loads(source.dirs.autosave_file.read_text())
    for seat in envelope["match"]["seats"][1:]:
        seat.update(level="hard", settings={"budget_ms": 999_999_999})
    root = tmp_path / "hostile"
    root.mkdir()
    (root / "autosave.json").write_text(json.dumps(envelope))
    store = Store.open(root, logging_to_file=False)
    assert store.pending_match() is None
    [message] = store.notices.messages
    assert "saved match could not be read" in message
    assert len(list((root / "damaged").glob("autosave.*.json"))) == 1


def test_build_bot_refuses_settings_past_the_bounds_from_any_caller() -> None:
    with pytest.raises(OptionError, match="budget_ms must be 0–60000"):
        build_bot("omi", "hard", 1, 7, {"budget_ms": 999_999_999})
    with pytest.raises(OptionError, match="must be a number"):
        build_bot("omi", "hard", 1, 7, {"iterations": "lots"})
    with pytest.raises(OptionError, match="mapping"):
        checked_bot_settings([("budget_ms", 1)])  # type: ignore[arg-type]
    assert build_bot("omi", "hard", 1, 7, {"budget_ms": MAX_BUDGET_MS}) is not None


def test_the_search_budget_clamps_whatever_reaches_it() -> None:
    assert Budget(cpu_ms=1e12).cpu_ms == MAX_BUDGET_MS
    assert Budget(cpu_ms=math.nan).cpu_ms == 0.0 and Budget(cpu_ms=-1).cpu_ms == 0.0
    assert Budget(iterations=10**15).iterations == MAX_ITERATIONS
    wide = Budget(max_iterations=10**15, min_iterations=10**14)
    assert wide.max_iterations == MAX_ITERATIONS and wide.min_iterations == MAX_ITERATIONS
    assert Budget(cpu_ms=250, iterations=40) == Budget(cpu_ms=250.0, iterations=40)
