"""A round's summary is the kit's one mechanism (issue 31): a table opens it with its content
(``open_summary``) and fills the kit's panel (``summary_page``); the kit holds the table until
the player's Ready key, or counts it down at a table that goes on by itself, and draws the
frame. The match's end is the kit's ``show_game_over``. No table keeps a copy of either."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import re  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.events import GameOver  # noqa: E402
from game.omi.events import HandScored  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omnomnom.hud import RoundSummary  # noqa: E402
from scenes.table import drawing  # noqa: E402
from scenes.table.base import TableScene  # noqa: E402
from scenes.table.summary import SummaryPage, summary_box  # noqa: E402
from scenes.tables import table_class  # noqa: E402
from tests.tables.test_conformance import bot_match  # noqa: E402

SCENES = Path(__file__).resolve().parents[2] / "scenes"
CONTENT = {
    "omi": HandScored((5, 3), (1, 0), (1, 0), 0, "trump-makers won"),
    "omnomnom": RoundSummary(1, [(0, 2, 1, 1, 5, 5), (1, 1, 0, 2, 5, 5)], False),
}


def table_at(app: App, game_id: str, people: tuple[int, ...]) -> TableScene:
    match = bot_match(game_id, 4 if game_id == "omi" else 2, 0)
    for seat in people:
        match.set_seat(seat, replace(match.seats[seat], kind="human"))
    table = table_class(game_id)(app, match)
    table.update(0)
    return table


def press_ready(table: TableScene) -> None:
    key = pygame.key.key_code(table.app.settings.bindings["ready"])
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


@pytest.mark.parametrize("game_id", sorted(CONTENT))
def test_a_summary_holds_the_table_until_the_player_goes_on(app: App, game_id: str) -> None:
    table = table_at(app, game_id, (0,))
    table.open_summary(CONTENT[game_id], 1000)
    assert table.summary_open() and table.blocked and not table.message.prompt
    table.update(5000)  # a person is seated: no countdown
    assert table.summary_open() and table.blocked
    press_ready(table)
    assert not table.summary_open() and not table.blocked


@pytest.mark.parametrize("game_id", sorted(CONTENT))
def test_a_summary_goes_on_by_itself_where_nobody_is_seated(app: App, game_id: str) -> None:
    table = table_at(app, game_id, ())
    table.open_summary(CONTENT[game_id], 1000)
    table.update(600)
    assert table.summary_open()
    table.update(600)
    assert not table.summary_open() and not table.blocked


@pytest.mark.parametrize("game_id", sorted(CONTENT))
def test_the_table_fills_the_kits_summary_frame(
    app: App, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = table_at(app, game_id, (0,))
    table.open_summary(CONTENT[game_id], 1000)
    drawn: list[SummaryPage] = []
    monkeypatch.setattr(drawing, "draw_summary", lambda surface, s, page, *rest: drawn.append(page))
    table.draw(pygame.Surface(app.size))
    assert len(drawn) == 1, "the kit draws the one summary panel"
    page = drawn[0]
    assert page.then == "the next " + ("hand" if game_id == "omi" else "round")
    box = summary_box(app.size, table.layout.scale, page)
    assert pygame.Rect((0, 0), app.size).contains(box)


@pytest.mark.parametrize("game_id", sorted(CONTENT))
def test_the_end_of_the_match_is_shown_by_the_kit(app: App, game_id: str) -> None:
    table = table_at(app, game_id, (0,))
    table.message.prompt = "Your turn"
    over = GameOver((0,), "Seat 1 wins")
    table.presenter.handlers[GameOver](over)
    assert table.game_over is over and not table.message.prompt


def test_no_table_keeps_its_own_summary_panel_or_countdown() -> None:
    own = re.compile(r"def _summary\(|summary_ms|def _game_over\(|count_down")
    files = [f for game in ("omi", "omnomnom") for f in sorted((SCENES / game).glob("*.py"))]
    found = [
        f"{path.relative_to(SCENES)}:{n}"
        for path in files
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if own.search(line)
    ]
    assert not found, f"summary code outside the kit: {found}"


def test_a_replay_playing_goes_on_past_a_summary_by_itself(app: App) -> None:
    """The replay viewer drives its table's frame itself: the summary's countdown is the kit's
    (``count_down_summary``), so the round's score stands its time and the replay goes on."""
    from scenes.replay import ReplayScene
    from tests.tables.test_conformance import finished_replay

    app.settings.animation = "fast"
    _, info = finished_replay("omnomnom", 2, 0)
    replay = ReplayScene(app, info)
    app.push(replay)
    table = replay.table
    assert table is not None
    for _ in range(2000):
        if table.summary_open():
            break
        if not table.presenter.busy:
            replay.step_forward()
        replay.update(64)
    assert table.summary_open()
    replay.update(100)
    assert table.summary_open(), "the score stands a moment"
    replay.update(5000)
    assert not table.summary_open() and not table.blocked
