"""What the kit asks of every table is declared in the kit, not found by duck typing (issue 31):
a table's drag-and-drop is the kit's typed ``drag`` (the card a person drags is held: the
screen referee lets it lie off its spot), and one kit method says whether a reflex window is
open, or still held, to another person at the screen."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from game.core.registry import find_game  # noqa: E402
from game.core.windows import Window  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.tables import TABLES, table_class  # noqa: E402
from tests.tables.test_conformance import bot_match  # noqa: E402


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_the_card_a_person_drags_is_held_at_every_table(app: App, game_id: str) -> None:
    match = bot_match(game_id, find_game(game_id).info.min_players, 0)
    table = table_class(game_id)(app, match, watchers=(0,))
    assert table.drag is not None, "the table declares its drag-and-drop"
    sprite = table.layer.sprites[0]
    table.drag.sprite = sprite
    assert table.held_cards()[:1] == [sprite]


def test_a_window_open_or_held_for_another_person_here(app: App) -> None:
    """Amal and Dev at one screen; a Void window names Dev only."""
    match = bot_match("omyn", 3, 0)
    table = table_class("omyn")(app, match, watchers=(0, 1))
    void = Window("void", 0, 1000, frozenset({1}))
    table.windows_of = lambda seat=None: [void]  # type: ignore[method-assign]
    match.now_ms = 500  # open
    assert table.window_for_others(0) and table.window_for_others(0, held=True)
    assert not table.window_for_others(1), "Dev's own window is nobody else's"
    match.now_ms = 1500  # closed to new claims, still held while a claim in it is settled
    assert not table.window_for_others(0) and table.window_for_others(0, held=True)
