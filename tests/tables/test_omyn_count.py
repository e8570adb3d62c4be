"""The OMYN count's panel says only what is true of this count: what an Omen is worth is told
when an Omen lies in a row (or in a tiebreak's cards), never when none is shown."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from game.omyn.events import GameWon  # noqa: E402
from game.omyn.scoring import score_game  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omyn.hud import _reveal_lines  # noqa: E402
from scenes.omyn.table import OmynTable  # noqa: E402
from tests.tables.omyn_positions import settle, state_of, table_at  # noqa: E402


def counted(app: App, rows: list[list[str]]) -> OmynTable:
    """The table after the count of ``rows`` (a 9 on top of the play pile), played through
    the table's own animations as a called game's end."""
    table = table_at(app, rows, pile=["9"])
    events, winner, reason, totals = score_game(state_of(table), None)
    table.presenter.push([*events, GameWon(winner, reason, totals, None, (1, 0))])
    settle(app, 200)
    assert table.hud.won is not None
    return table


def test_a_count_with_no_omen_in_any_row_says_nothing_of_omens(app: App) -> None:
    table = counted(app, [["1", "2", "3"], ["4", "5", "6"]])
    assert not [line for line in _reveal_lines(table) if "Omen" in line]


def test_a_count_with_an_omen_in_a_row_says_what_it_counts(app: App) -> None:
    table = counted(app, [["1", "GO", "3"], ["4", "5", "6"]])
    assert "Omens count 9: the top card of the play pile" in _reveal_lines(table)
