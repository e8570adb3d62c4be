"""Where the Om Nom Nom table puts its words: the message line lies in the gap between the boards
and the bottom hand, covering neither (the boards' bottom edge and their "×2 pts" marks were
hidden under it), nor a card lifted out of the hand, nor the pick spot; at every seat count, in
solo, and at small and large windows."""

from __future__ import annotations

import os
from unittest import mock

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.omnomnom.cards import ANIMALS, BOARDS  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omnomnom.layout import Geometry  # noqa: E402
from scenes.table.hud import MessageLine  # noqa: E402
from scenes.table.layout import TableLayout  # noqa: E402
from tests.tables.test_omnomnom import table_for  # noqa: E402

# The longest thing the line says at this table (the person's first prompt).
LONGEST = "Pick an animal: click it, drag it to the pick spot, or press 1–6 (Left/Right and Enter)."


def message_rect(pos: tuple[float, float], scale: float) -> pygame.Rect:
    line = MessageLine()
    line.prompt = LONGEST
    return line.rect(pos, scale)


def covered(g: Geometry, message: pygame.Rect) -> list[str]:
    """What of the table the message line lies over: boards (as drawn, 4 px wider), the bottom
    seat's cards lifted as the focused one is (0.12 of a card), the pick spot."""
    found = [
        f"the {spec.name} board"
        for number, spec in enumerate(BOARDS)
        if message.colliderect(g.board_rect(number).inflate(8, 8))
    ]
    for slot, animal in enumerate(ANIMALS):
        spot = g.hand_spot(g.bottom, slot)
        card = pygame.Rect(0, 0, g.cw, g.ch)
        card.center = (round(spot.x), round(spot.y - g.ch * 0.12))
        if message.colliderect(card):
            found.append(f"the {animal} in the hand")
    if message.colliderect(g.pick_area()):
        found.append("the pick spot")
    return found


# The table puts the line where its geometry says (every seat count: the test below).
@pytest.mark.parametrize(("players", "solo"), [(4, 0), (4, 3)])
def test_the_message_line_covers_no_board_no_card_and_no_pick_spot(
    app: App, players: int, solo: int
) -> None:
    table = table_for(app, 1, players, solo)
    rect = message_rect(table.message_pos(), table.layout.scale)
    assert covered(table.g, rect) == []


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080), (800, 600)])
def test_at_every_window_size_the_line_has_its_own_room(app: App, size: tuple[int, int]) -> None:
    for players in range(2, 7):
        layout = TableLayout(size, players)
        g = Geometry(layout)
        rect = message_rect(g.message_spot(), layout.scale)
        assert covered(g, rect) == [], (size, players)


def test_an_empty_solo_stack_is_not_said_to_hold_anything(app: App) -> None:
    """At the last round's score every colour's stack is used up: "left in the stack:" stood
    over nothing beside each of them."""
    from game.core.match import Match, Seat
    from game.core.registry import find_game
    from game.core.runner import SyncBotRunner
    from scenes import theme
    from scenes.omnomnom.table import OmNomNomTable

    seats = [Seat("bot", "You", "normal")] + [
        Seat("bot", f"Colour {i}", "random") for i in (1, 2, 3)
    ]
    match = Match(find_game("omnomnom"), seats, 3, {"solo": 3}, runner=SyncBotRunner())
    match.run_to_end()
    table = OmNomNomTable(app, match, watchers=(0,))
    app.push(table)
    with mock.patch.object(theme, "blit_text", wraps=theme.blit_text) as blit_text:
        table.draw(app.screen)
    assert not any(table.view.hands[seat] for seat in (1, 2, 3))
    assert "left in the stack:" not in [call.args[1] for call in blit_text.call_args_list]
