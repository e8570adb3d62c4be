"""A card held by the mouse while the table changes under it (a move made by keys, the screen
handed to the other person) is let go without a fault: nothing is played, it goes home. A Being
carried over a target shows that attack's preview."""

from __future__ import annotations

import pygame
import pytest

from game.omg.actions import EndTurn
from scenes import theme
from scenes.app import App
from scenes.omg.draw_play import draw_play
from scenes.omg.table import OmgTable
from tests.omg.positions import stack
from tests.tables.test_omg import settle, two_people_at_the_first_turn
from tests.tables.test_omg_newcomer import lay, my_turn


def press(app: App, at: tuple[int, int]) -> None:
    app.feed([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at)])


def move(app: App, to: tuple[int, int]) -> None:
    """The mouse moved with its button held."""
    app.feed([pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(1, 1), buttons=(1, 0, 0))])


def carry(app: App, table: OmgTable, zone: str, to: tuple[int, int]) -> None:
    """Press on the top card of ``zone`` and move the mouse to ``to`` (not let go)."""
    card = table.presenter.zone(zone)[-1]
    at = (round(card.x), round(card.y))
    press(app, at)
    move(app, (at[0] + 20, at[1] - 20))
    move(app, to)


def test_a_card_held_through_a_hand_over_is_let_go_without_a_fault(app: App) -> None:
    table, state = two_people_at_the_first_turn(app)
    first = state.turn_seat
    assert table.private == first and table.bottom == first
    carry(app, table, f"hand:{first}", (640, 300))
    assert table.drag.dragging
    table.submit(EndTurn(first))  # the move made by keys while the card is held
    settle(app, table, 40)  # the curtain goes up for the other person
    assert table.bottom == 1 - first
    moves = len(table.match.log)
    lane = table.board.lane_rect(table.bottom, 1).center
    app.feed([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=lane)])
    settle(app, table, 30)
    assert len(table.match.log) == moves  # nothing played for anyone
    assert not table.drag.active


def test_a_being_carried_over_a_target_shows_that_attacks_preview(app: App) -> None:
    table, state = my_turn(app)
    board = table.board
    geb, hel = stack("Geb:1", rested=True), stack("Hel:1")
    lay(table, app, state, mine_1=stack("Zeus:1"), theirs_0=geb, theirs_2=hel)
    carry(app, table, "loc:0:1", board.life_rect(1).center)
    shown = table.play.drag_preview()
    assert shown is not None and shown[1]
    assert shown[0].startswith("Zeus L1 4 (3 printed, +1 Zeus attacking) at Life")
    move(app, board.lane_rect(1, 0).center)
    shown = table.play.drag_preview()
    assert shown is not None and shown[1] and "Storm vs Earth" in shown[0]
    move(app, board.lane_rect(1, 2).center)
    assert table.play.drag_preview() == ("Only a rested enemy Being can be attacked", False)
    app.tick(16)  # drawn without a fault


def test_a_carried_card_hides_the_label_of_the_pick_the_keys_point_at(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, state = my_turn(app)
    lay(table, app, state, mine_1=stack("Zeus:1"))
    focused = table.picker.ring.focused()
    assert focused is not None and focused.kind == "hand"  # its label shows above the message
    carry(app, table, "loc:0:1", table.board.life_rect(1).center)
    shown: list[str] = []

    def text(content: str, *args: object, **kwargs: object) -> pygame.Surface:
        shown.append(content)
        return pygame.Surface((1, 1))

    monkeypatch.setattr(theme, "text", text)
    draw_play(table, table.play, app.screen, table.layout.scale)
    assert shown and focused.label not in shown
