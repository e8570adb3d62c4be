"""OMYN's races on input times (issue 29): the banner gives the difference of the presses'
input times, and a press made before the window was on the screen is early, however long the
frame that showed it took."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.omyn.actions import Claim  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omyn.table import OmynTable  # noqa: E402
from scenes.table.reflex import LOCKOUT_MS  # noqa: E402
from tests.scenes.conftest import key, keys, release  # noqa: E402
from tests.tables.omyn_positions import seen, settle, table_at  # noqa: E402

ROWS = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]


def chain_open(app: App) -> OmynTable:
    """Seat 0 draws and drops a 3: a chain window opens to both people at the screen."""
    table = table_at(app, ROWS, humans=(0, 1), draw=["3"])
    for code in (pygame.K_SPACE, pygame.K_d, pygame.K_d):
        app.feed(keys(code))
        settle(app, 3)
    assert seen(table, 1).window is not None
    return table


def tap(table: OmynTable, seat: int) -> list[pygame.event.Event]:
    code = pygame.key.key_code(table.reflex.key_of(seat) or "")
    return [key(code), release(code)]


@pytest.mark.parametrize("apart_ms", [20, 50, 150])
def test_the_race_banner_gives_the_difference_of_the_input_times(app: App, apart_ms: int) -> None:
    table = chain_open(app)
    app.feed(tap(table, 1))  # the claim holds the game clock while it is shown ...
    app.tick(apart_ms)  # ... but the second press comes this much later all the same
    app.feed(tap(table, 0))
    assert table.race.banner(["Dev", "Nimal"]) == f"Nimal, {apart_ms} ms ahead of Dev"


def test_two_presses_in_one_read_say_how_close_they_may_have_been(app: App) -> None:
    table = chain_open(app)
    app.feed([])  # a read of the queue with nothing in it ...
    app.tick(16)
    app.feed(tap(table, 1) + tap(table, 0))  # one read: both in the 16 ms since the last
    assert table.race.banner(["Dev", "Nimal"]) == "Nimal, less than 16 ms ahead of Dev"


def test_a_press_made_while_the_window_s_first_picture_was_made_is_early(app: App) -> None:
    """A busy frame: the window opens in it and is shown at its end; a key pressed meanwhile is
    read right after that picture (App.run's second read), so it was pressed before anyone saw
    the window: "too early", and the lockout runs on input time."""
    table = table_at(app, ROWS, humans=(0, 1), draw=["3"])
    for code in (pygame.K_SPACE, pygame.K_d):
        app.feed(keys(code))
        settle(app, 3)
    app.feed(keys(pygame.K_d))  # the drop: the window opens in the state ...
    app.tick(180)  # ... and is first drawn in a frame that took 180 ms
    assert seen(table, 1).window is not None
    app.feed(tap(table, 1), app.queue_read(before_picture=True))
    assert not any(isinstance(a, Claim) for _, a in table.match.log)
    assert table.captions[1][0] == "too early"
    app.tick(LOCKOUT_MS - 60)
    app.feed(tap(table, 1))  # still locked out: 250 ms of input time have not passed
    assert not any(isinstance(a, Claim) for _, a in table.match.log)
    app.tick(60)
    app.feed(tap(table, 1))
    assert [a.seat for _, a in table.match.log if isinstance(a, Claim)] == [1]
