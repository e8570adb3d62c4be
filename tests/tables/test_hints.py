"""Hints at the table (scenes/table/hints.py): the hint key lights the hard bot's move for the
person alone with bots and goes when they move; with Hints off, or two people at the screen, the
key is refused with its reason; a hint shown is noted in the match."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.hint import HINTED_NOTE  # noqa: E402
from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omnomnom.actions import Pick  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omnomnom.table import OmNomNomTable  # noqa: E402

SLOW_BOTS = (60_000, 60_000)  # bots wait a minute: the person picks first


def om_nom_nom(app: App, people: int = 1) -> OmNomNomTable:
    seats = [Seat("human", f"Person {i}") for i in range(people)]
    seats += [Seat("bot", f"Bot {i}", "easy") for i in range(people, 3)]
    match = Match(find_game("omnomnom"), seats, 5, runner=SyncBotRunner(), pace_ms=SLOW_BOTS)
    app.settings.bot_pace = "normal"
    table = OmNomNomTable(app, match)
    app.push(table)
    for _ in range(10):
        app.tick(16)
    return table


def press_hint(app: App) -> None:
    slash = pygame.key.key_code(app.settings.bindings["hint"])
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=slash, mod=0, unicode="/")])
    app.feed([pygame.event.Event(pygame.KEYUP, key=slash, mod=0)])
    app.tick(16)
    app.tick(16)


def test_the_hint_key_lights_the_hard_bots_pick_and_its_target(app: App) -> None:
    table = om_nom_nom(app)
    assert table.hints.offered(table)
    press_hint(app)
    hint = table.hints.shown
    assert hint is not None and isinstance(hint.action, Pick)
    assert hint.action in table.match.legal_actions(0)
    assert hint.why.startswith(f"Pick the {hint.action.animal.title()}")
    [(zone, card)] = hint.lift
    lifted = table.hints._sprite(table, zone, card)
    assert lifted is not None and lifted.card == f"{hint.action.animal}/0"
    assert all(table.hints._zone_rect(table, z) is not None for z in hint.light)
    assert table.match.notes[HINTED_NOTE] == [0]  # statistics count the match "with hints"
    table.submit(hint.action)
    app.tick(16)
    assert table.hints.shown is None  # it goes when the person moves


def test_with_hints_off_the_key_is_refused_with_its_reason(app: App) -> None:
    table = om_nom_nom(app)
    app.settings.hints = False
    press_hint(app)
    assert table.hints.shown is None and not table.hints.thinking
    assert "Hints are off" in table.message.warning
    assert not table.hints.offered(table)  # and no button
    assert HINTED_NOTE not in table.match.notes


@pytest.mark.parametrize("people", [2])
def test_two_people_at_one_screen_get_no_hint(app: App, people: int) -> None:
    table = om_nom_nom(app, people)
    for _ in range(3):  # the first person takes the screen
        if table.curtain.active:
            space = pygame.key.key_code(app.settings.bindings["ready"])
            app.feed([pygame.event.Event(pygame.KEYDOWN, key=space, mod=0, unicode=" ")])
            app.tick(16)
    assert not table.curtain.active
    press_hint(app)
    assert table.hints.shown is None
    assert "a hint is private" in table.message.warning


def test_a_person_who_handed_their_seat_to_a_bot_still_looks_so_no_hints(app: App) -> None:
    table = om_nom_nom(app, people=2)
    table.change_seat(1, Seat("bot", "Person 1", "easy"))
    app.tick(16)
    assert table.humans == [0] and table.watchers == (0, 1)
    assert not table.hints.offered(table)


def test_the_hint_button_asks_once_whether_the_game_has_hints(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The button is drawn every frame; finding the game's hint module by name cost about a
    # tenth of a millisecond a frame (issue 31's frame benches).
    from scenes.table import hints

    asked: list[str] = []
    real = hints.find_hint

    def find_hint(game_id: str) -> object:
        asked.append(game_id)
        return real(game_id)

    monkeypatch.setattr(hints, "find_hint", find_hint)
    table = om_nom_nom(app)
    for _ in range(5):
        app.tick(16)
    assert table.hints.offered(table) and asked == ["omnomnom"]


def test_the_controls_panel_lists_the_hint_key_where_hints_are_offered(app: App) -> None:
    alone = om_nom_nom(app)
    [line] = alone.hints.help_lines(alone)
    assert line.startswith("/ or the Hint button")
    app.settings.hints = False
    assert alone.hints.help_lines(alone) == []  # no key to list when Hints are off


def test_the_help_key_shows_the_hint_line_in_the_kits_panel(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = om_nom_nom(app)
    drawn: list[list[str]] = []
    monkeypatch.setattr(
        "scenes.table.drawing.draw_controls", lambda _s, _scale, lines: drawn.append(lines)
    )
    help_key = pygame.key.key_code(app.settings.bindings["help"])
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=help_key, mod=0, unicode="")])
    app.tick(16)
    assert table.help_open()
    assert drawn and drawn[-1][:-1] == table.help_lines()
    assert drawn[-1][-1].startswith("/ or the Hint button")
