"""What the OMYN screen shows (issue 27): an open table opens every row; a private look never
stands while a reflex window is open to another person; prompts and panels ask only what the
match still asks."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


from game.core.match import Match, Seat  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omyn import GAME  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omyn.table import OmynTable  # noqa: E402
from tests.omyn.positions import position  # noqa: E402
from tests.scenes.conftest import keys  # noqa: E402
from tests.tables.omyn_positions import settle  # noqa: E402

ROWS = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]


def press(app: App, *codes: int) -> None:
    """Each key tapped in a frame of its own, as a person types."""
    for code in codes:
        app.feed(keys(code))
        settle(app, 3)


def drawn_rows(table: OmynTable, app: App) -> dict[str, str | None]:
    """Each row card as the frame drew it: its face, or None for its back."""
    table.draw(app.screen)
    return {d.zone: d.card for d in table.layer.drawn if d.zone.startswith("row:")}


def test_an_open_table_shows_every_row_face_up_at_every_move(app: App) -> None:
    """An all-open replay (and a demo) hides nothing: every row's face shows, before and after
    a move, as the replay viewer's table (open_cards) draws it."""
    seats = [Seat("bot", f"P{i}", "normal") for i in range(2)]
    match = Match(GAME, seats, 5, runner=SyncBotRunner())
    match.state = position(ROWS, draw=["3"])
    match.options = dict(match.state.options)
    table = OmynTable(app, match, open_cards=True, auto_continue=True)
    app.push(table)
    settle(app, 2)
    assert drawn_rows(table, app) == {
        f"row:{seat}:{slot}": face for seat, row in enumerate(ROWS) for slot, face in enumerate(row)
    }


def test_an_open_table_shows_every_row_face_up_as_the_bots_play(app: App) -> None:
    seats = [Seat("bot", f"P{i}", "normal") for i in range(3)]
    match = Match(GAME, seats, 8, runner=SyncBotRunner())
    table = OmynTable(app, match, open_cards=True, auto_continue=True)
    app.push(table)
    checked = 0
    for _ in range(3000):
        settle(app, 1)
        if not table.presenter.busy and match.state.phase == "turn" and len(match.log) > 4:
            shown = drawn_rows(table, app)
            assert shown and None not in shown.values(), (len(match.log), shown)
            checked += 1
            if checked == 5:
                break
    assert checked == 5
