"""OMYN's Pass (issue 29): with ``close_windows_early`` a person lets a window go with a Pass
button beside the window's bar, one for each person it names; the window closes once all
have passed."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.omyn.actions import Pass  # noqa: E402
from scenes.app import App  # noqa: E402
from tests.scenes.conftest import click, keys  # noqa: E402
from tests.tables.omyn_positions import seen, settle, table_at  # noqa: E402

ROWS = [["9", "9", "9", "8", "1"], ["4", "2", "6", "8", "1"]]


def test_each_person_named_by_a_window_may_pass_it_with_a_button(app: App) -> None:
    table = table_at(app, ROWS, humans=(0, 1), draw=["3"], close_windows_early=True)
    for code in (pygame.K_SPACE, pygame.K_d, pygame.K_d):  # P0 drops a 3: a chain window
        app.feed(keys(code))
        settle(app, 3)
    buttons = table.pass_buttons()
    assert [b.label for b in buttons.values()] == ["P0: pass", "P1: pass"]
    assert sorted(table.panels_asking()) == [(0, (Pass,)), (1, (Pass,))]
    cards = [s.rect(table.layer.card_size) for s in table.layer.sprites if s.visible]
    assert all(b.rect.collidelist(cards) == -1 for b in buttons.values())  # on no card
    app.feed(click(buttons[1].rect.center))
    settle(app, 2)
    assert table.match.log[-1][1] == Pass(1, seen(table, 1).window.number)  # type: ignore[union-attr]
    assert list(table.pass_buttons()) == [0]
    app.feed(click(table.pass_buttons()[0].rect.center))
    settle(app, 5)
    assert seen(table, 0).window is None  # both passed: the window closed early


def test_without_the_option_no_pass_is_offered(app: App) -> None:
    table = table_at(app, ROWS, humans=(0, 1), draw=["3"])
    for code in (pygame.K_SPACE, pygame.K_d, pygame.K_d):
        app.feed(keys(code))
        settle(app, 3)
    assert seen(table, 1).window is not None and table.pass_buttons() == {}
