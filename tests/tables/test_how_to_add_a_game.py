"""docs/how-to-add-a-game.md, kept true: its worked example, High Card (``tests/how_to_add/``),
registered the way the page says, passes the checks every real game and table passes (the rules
contract, determinizing, saving, bots, the screen referee through whole matches and a replay),
and every code block the page shows is the example's own text."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import re  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

import tests.test_conformance as rules_checks  # noqa: E402
from game.core import registry  # noqa: E402
from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from scenes import tables  # noqa: E402
from scenes.app import App  # noqa: E402
from tests.tables import test_referee as screen_checks  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "how-to-add-a-game.md"
SIZE = screen_checks.SIZE


@pytest.fixture(autouse=True)
def high_card_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The two lines the page's step 4 adds, for the length of one test."""
    monkeypatch.setattr(
        registry, "GAME_MODULES", (*registry.GAME_MODULES, "tests.how_to_add.highcard")
    )
    monkeypatch.setitem(tables.TABLES, "highcard", "tests.how_to_add.table:HighCardTable")
    yield


def test_registered_it_is_a_game_with_a_table() -> None:
    assert find_game("high card").info.id == "highcard"
    assert "highcard" in [game.info.id for game in tables.games_with_tables()]
    assert tables.table_class("highcard").__name__ == "HighCardTable"


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2)])
def test_it_keeps_the_rules_contract(players: int, seed: int) -> None:
    rules_checks.test_random_play_keeps_the_contract("highcard", players, seed)
    rules_checks.test_determinized_state_looks_the_same_to_its_seat("highcard", players, seed)


def test_its_matches_save_replay_and_its_bots_play_only_legal_moves() -> None:
    game = find_game("highcard")
    rules_checks.test_save_and_load_replays_to_the_same_fingerprint(game)
    rules_checks.test_the_same_seed_and_log_give_the_same_game(game)
    rules_checks.test_every_bot_level_chooses_only_legal_actions(game)


def test_its_moves_are_told_in_the_tables_words() -> None:
    game = find_game("highcard")
    match = Match(game, [Seat("human", "You"), Seat("bot", "Nimal", "easy")], 5, {})
    state = match.state
    first = state.legal_actions(0)[0]
    assert game.narrate(state, first, ["You", "Nimal"]).startswith("You lead the ")
    state.apply(first)
    answer = state.legal_actions(1)[0]
    told = game.narrate(state, answer, ["You", "Nimal"])
    assert told.startswith("Nimal plays the ") and "the trick" in told


@pytest.mark.parametrize(
    ("players", "speed", "company"),
    [(2, "normal", "one person"), (3, "fast", "bots"), (4, "instant", "two people")],
)
def test_the_screen_tells_the_truth_at_its_table(
    app: App, players: int, speed: str, company: str
) -> None:
    screen_checks.test_the_screen_tells_the_truth_through_a_whole_match(
        app, "highcard", players, 0, speed, company
    )


def test_its_replay_tells_the_truth(app: App) -> None:
    screen_checks.test_a_replay_tells_the_truth_all_open_and_through_each_seats_eyes(
        app, "highcard"
    )


def code_blocks(page: str) -> list[tuple[str, str]]:
    """(file, code) for every ```python block whose first line names the file it comes from."""
    blocks = []
    for body in re.findall(r"```python\n(.*?)```", page, flags=re.S):
        first, _, rest = body.partition("\n")
        if first.startswith("# tests/how_to_add/"):
            blocks.append((first[2:].strip(), rest))
    return blocks


def test_every_code_block_on_the_page_is_the_examples_own_text() -> None:
    blocks = code_blocks(PAGE.read_text(encoding="utf-8"))
    assert len(blocks) >= 6, "the page shows the example's files"
    for name, code in blocks:
        source = (ROOT / name).read_text(encoding="utf-8")
        for piece in code.split("\n...\n"):  # "..." on its own line: lines left out
            assert piece.strip("\n") in source, f"{name} no longer has:\n{piece}"
