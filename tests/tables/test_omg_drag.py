"""A card held by the mouse while the table changes under it (a move made by keys, the screen
handed to the other person) is let go without a fault: nothing is played, it goes home."""

from __future__ import annotations

import pygame

from game.core.match import Seat
from game.omg.actions import EndTurn
from game.omg.state import OmgState
from scenes.app import App
from tests.tables.test_omg import key, settle, table_for


def test_a_card_held_through_a_hand_over_is_let_go_without_a_fault(app: App) -> None:
    table = table_for(app, [Seat("human", "Amal"), Seat("human", "Dev")])
    state = table.match.state
    assert isinstance(state, OmgState)
    for _ in range(2):
        settle(app, table, 3)
        key(app, pygame.K_SPACE)  # each keeps their hand behind the curtain
    settle(app, table, 30)
    first = state.turn_seat
    assert table.private == first and table.bottom == first
    card = table.presenter.zone(f"hand:{first}")[0]
    at = (round(card.x), round(card.y))
    app.feed([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at)])
    app.feed(
        [
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(at[0], at[1] - 80), rel=(0, -80), buttons=(1, 0, 0)
            )
        ]
    )
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
