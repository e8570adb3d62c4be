"""OMYN's memory aids (the ``memory_aids`` rule option): an eye on the slots the bottom seat knows,
with the turn it learned them; it follows a card that moves, goes when the card is shuffled away,
never appears with the option off and never shows another seat's knowledge."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omyn import GAME  # noqa: E402
from game.omyn.view import OmynView  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omyn.table import OmynTable  # noqa: E402
from tests.scenes.conftest import key, keys, release  # noqa: E402
from tests.tables.omyn_positions import seen, settle, table_at  # noqa: E402

AIDS: dict[str, Any] = {"memory_aids": True}


def until(app: App, done: Callable[[], bool], frames: int = 600) -> None:
    for _ in range(frames):
        if done():
            return
        app.tick(16)
    assert done()


def press(app: App, *codes: int) -> None:
    for code in codes:
        app.feed(keys(code))
        settle(app, 3)


def eyes(table: OmynTable, app: App) -> list[tuple[str, int]]:
    """The eyes drawn on a frame, after checking each against the seat's own view."""
    table.draw(app.screen)
    view = table.match.view(table.viewer)
    assert isinstance(view, OmynView)
    for zone, turn in table.eyes_drawn:
        _, seat, slot = zone.split(":")
        assert view.rows[int(seat)][int(slot)].since == turn, zone
    return sorted(table.eyes_drawn)


def faces_drawn(table: OmynTable, app: App) -> list[str]:
    table.draw(app.screen)
    return sorted(d.zone for d in table.layer.drawn if d.card is not None and "row:" in d.zone)


def opening_peek(app: App, options: dict[str, bool]) -> OmynTable:
    seats = [Seat("human", "You"), Seat("bot", "Bot", "normal")]
    table = OmynTable(app, Match(GAME, seats, 3, options, runner=SyncBotRunner()))
    app.push(table)
    until(app, lambda: table.stage() == "peek")
    press(app, pygame.K_1, pygame.K_4)
    return table


def test_an_eye_on_each_peeked_slot_with_the_aids_on(app: App) -> None:
    table = opening_peek(app, AIDS)
    assert eyes(table, app) == [("row:0:0", 0), ("row:0:3", 0)]
    press(app, pygame.K_RETURN)  # done looking: the game goes on, the eyes stay
    settle(app, 5)
    assert ("row:0:0", 0) in eyes(table, app) and ("row:0:3", 0) in eyes(table, app)
    app.feed([key(pygame.K_TAB)])  # the aids on: the look key shows every card you know
    settle(app, 2)
    assert {"row:0:0", "row:0:3"} <= set(faces_drawn(table, app))
    app.feed([release(pygame.K_TAB)])


def test_with_the_aids_off_nothing_remembers_after_the_look(app: App) -> None:
    table = opening_peek(app, {})
    assert eyes(table, app) == []
    app.feed([key(pygame.K_TAB)])  # still looking after the peek: both cards show
    settle(app, 2)
    assert faces_drawn(table, app) == ["row:0:0", "row:0:3"]
    app.feed([release(pygame.K_TAB)])
    press(app, pygame.K_RETURN)  # done looking
    settle(app, 5)
    app.feed([key(pygame.K_TAB)])
    settle(app, 2)
    assert faces_drawn(table, app) == [] and eyes(table, app) == []
    assert table.message.text == "" or "look" not in table.message.text
    app.feed([release(pygame.K_TAB)])


def test_the_eye_follows_a_switched_card_to_the_other_row(app: App) -> None:
    rows = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, draw=["10"], known={0: [0]}, **AIDS)
    assert eyes(table, app) == [("row:0:0", 0)]
    press(app, pygame.K_d, pygame.K_d, pygame.K_y, pygame.K_1)  # draw, drop, Switch my slot 1
    target = table.presenter.zone("row:1:3")[0]
    app.feed([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(round(target.x), round(target.y)), button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(round(target.x), round(target.y)), button=1)])  # fmt: skip
    until(app, lambda: seen(table, 0).effect is None and not table.presenter.busy)
    assert seen(table, 0).rows[1][3].since == 0  # the rules: the knowledge moved with it
    assert eyes(table, app) == [("row:1:3", 0)]


def test_the_eyes_go_when_a_bad_omen_shuffles_the_row_away(app: App) -> None:
    rows = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, draw=["BO"], known={0: [1, 2]}, **AIDS)
    assert eyes(table, app) == [("row:0:1", 0), ("row:0:2", 0)]
    press(app, pygame.K_d, pygame.K_d)  # draw the Bad Omen, drop it: the row is dealt anew
    until(app, lambda: seen(table, 0).turn_seat == 1 or seen(table, 0).turn_number > 1)
    until(app, lambda: not table.presenter.busy)
    assert eyes(table, app) == []


def test_a_swapped_in_card_gets_an_eye_of_this_turn(app: App) -> None:
    rows = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, draw=["3"], known={0: [1]}, **AIDS)
    press(app, pygame.K_d, pygame.K_2, pygame.K_s)  # draw, swap into the known slot 2
    until(app, lambda: not table.presenter.busy)
    assert eyes(table, app) == [("row:0:1", 1)]  # the new card, seen on turn 1


def test_never_another_seats_knowledge_under_the_curtain(app: App) -> None:
    rows = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, humans=(0, 1), draw=["3"], known={1: [0, 2], 0: [4]}, **AIDS)
    table.bottom = 1  # the screen was last turned to seat 1
    table.show_private(None)
    settle(app, 2)
    assert table.curtain.active  # seat 0's turn is next: nobody's eyes behind the curtain
    assert eyes(table, app) == []
    press(app, pygame.K_SPACE)  # seat 0 takes the screen: its own eye only
    assert table.private == 0
    assert eyes(table, app) == [("row:0:4", 0)]


def test_no_eye_ever_with_the_aids_off(app: App) -> None:
    rows = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, draw=["3"], known={0: [0, 1, 2]})
    assert eyes(table, app) == []
    press(app, pygame.K_d, pygame.K_2, pygame.K_s)
    until(app, lambda: not table.presenter.busy)
    assert eyes(table, app) == []


def test_the_option_is_offered_and_saved_in_the_record() -> None:
    spec = GAME.info.options
    assert any(o.name == "memory_aids" and o.default is False for o in spec)
    state = GAME.new_state(2, 1, AIDS)
    assert GAME.record(state, 1, ["", ""])["options"]["memory_aids"] is True


def test_an_insight_gives_a_moment_to_look_then_it_is_to_be_remembered(app: App) -> None:
    rows = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, draw=["7"])
    press(app, pygame.K_d, pygame.K_d, pygame.K_y, pygame.K_3)  # Insight on my slot 3
    until(app, lambda: table.looking_after_peek)
    app.feed([key(pygame.K_TAB)])
    settle(app, 2)
    assert faces_drawn(table, app) == ["row:0:2"]
    app.feed([release(pygame.K_TAB)])
    press(app, pygame.K_RETURN)  # done looking
    app.feed([key(pygame.K_TAB)])
    settle(app, 2)
    assert faces_drawn(table, app) == [] and eyes(table, app) == []
    app.feed([release(pygame.K_TAB)])


def test_two_people_the_insight_is_looked_at_behind_the_curtain(app: App) -> None:
    rows = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, humans=(0, 1), draw=["7"])
    press(app, pygame.K_SPACE, pygame.K_d, pygame.K_d, pygame.K_y, pygame.K_3)
    for _ in range(600):  # the Void window on the Insight runs on the open table
        if table.looking_after_peek:
            break
        if table.curtain.active:
            press(app, pygame.K_SPACE)  # seat 0 takes the screen to look
        app.tick(16)
    assert table.looking_after_peek and table.private == 0
    app.feed([key(pygame.K_TAB)])
    settle(app, 2)
    assert faces_drawn(table, app) == ["row:0:2"]
    app.feed([release(pygame.K_TAB)])
    press(app, pygame.K_RETURN)
    settle(app, 5)
    assert not table.looking_after_peek and table.look_pending is None


def test_the_eyes_are_the_per_card_marks_the_view_gives(app: App) -> None:
    """The screen referee's hooks: card_marks (from the view) and drawn_marks (the eyes the HUD
    drew) agree, and both go under the curtain."""
    rows = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, humans=(0, 1), draw=["3"], known={0: [0, 2]}, **AIDS)
    app.feed(keys(pygame.K_SPACE))  # seat 0 lifts its curtain
    settle(app, 3)
    table.draw(app.screen)
    view = table.match.view(table.viewer)
    marks = table.card_marks(view)
    assert set(marks) == {"row:0:0", "row:0:2"} and marks == table.drawn_marks()
    for _ in range(2):  # draw and drop: the chain window, then seat 1's curtain
        app.feed(keys(pygame.K_d))
        settle(app, 3)
    for _ in range(400):
        settle(app, 1)
        if table.curtain.active:
            break
    table.draw(app.screen)
    assert table.curtain.active
    assert table.card_marks(table.match.view(table.viewer)) == table.drawn_marks() == {}
