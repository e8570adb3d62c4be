"""An OMYN table set at a chosen position (tests.omyn.positions), for the table tests."""

from __future__ import annotations

from typing import Any, cast

from game.core.match import Match, Seat
from game.core.runner import SyncBotRunner
from game.omyn import GAME
from game.omyn.state import OmynState
from game.omyn.view import OmynView
from scenes.app import App
from scenes.omyn.table import OmynTable
from tests.omyn.positions import position

# A row for each of six seats, and a row of 21 cards (5 dealt, 16 taken as penalties).
ROWS = [
    ["9", "9", "8", "1", "2"],
    ["4", "2", "3", "8", "1"],
    ["4", "5", "5", "7", "1"],
    ["10", "2", "3", "7", "4"],
    ["6", "10", "3", "7", "4"],
    ["6", "9", "12", "11", "5"],
]
LONG_ROW = ["4", "4", "4", "2", "2", "9", "GO", "6", "12", "1", "7", "6", "4", "8", "9", "3"]
LONG_ROW += ["11", "2", "9", "10", "5"]


def table_at(
    app: App,
    rows: list[list[str]],
    humans: tuple[int, ...] = (0,),
    names: tuple[str, ...] = (),
    **kw: Any,
) -> OmynTable:
    """The table over ``rows`` (a row of card faces a seat), people at ``humans``, normal bots
    elsewhere, named ``names`` (or P0, P1, ...); ``kw`` goes to ``position`` (options among
    them, which the match keeps too)."""
    named = list(names) + [f"P{i}" for i in range(len(names), len(rows))]
    seats = [Seat("human" if i in humans else "bot", named[i], "normal") for i in range(len(rows))]
    match = Match(GAME, seats, 5, runner=SyncBotRunner())
    match.state = position(rows, **kw)
    match.options = dict(match.state.options)
    table = OmynTable(app, match)
    app.push(table)
    app.tick(16)
    return table


def seen(table: OmynTable, seat: int) -> OmynView:
    """What ``seat`` sees of the table's match (typed: the match's view is OMYN's)."""
    return cast(OmynView, table.match.view(seat))


def state_of(table: OmynTable) -> OmynState:
    """The table's match state, typed as OMYN's."""
    return cast(OmynState, table.match.state)


def at_the_peek(app: App) -> OmynTable:
    """A new match, you against a bot, played on until you are asked to peek."""
    seats = [Seat("human", "You"), Seat("bot", "Bot", "normal")]
    table = OmynTable(app, Match(GAME, seats, 3, runner=SyncBotRunner()))
    app.push(table)
    for _ in range(400):
        app.tick(16)
        if table.stage() == "peek":
            break
    assert table.stage() == "peek"
    return table


def settle(app: App, frames: int = 20) -> None:
    for _ in range(frames):
        app.tick(16)
