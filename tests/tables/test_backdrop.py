"""The kit's backdrop (felt, marks and resting cards kept in one image, patched where cards
land or take off) draws exactly the pixels the plain drawing does, frame after frame, while
bots play at normal animation speed (cards in flight, piles growing, Omens, Plot Twists)."""

from __future__ import annotations

import pygame
import pytest

from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import SyncBotRunner
from scenes.app import App
from scenes.table.backdrop import Backdrop
from scenes.table.base import TableScene
from scenes.tables import table_class

FRAMES = 420


def plain_drawing(table: TableScene, surface: pygame.Surface) -> None:
    """``table.draw`` without the backdrop (every part drawn every frame)."""
    table.backdrop.enabled = False
    try:
        table.draw(surface)
    finally:
        table.backdrop.enabled = True


@pytest.mark.parametrize(("game_id", "players"), [("fomo", 6), ("omyn", 6), ("omg", 2)])
def test_the_backdrop_draws_what_the_plain_drawing_draws(
    app: App, game_id: str, players: int
) -> None:
    app.settings.animation = "normal"
    seats = [Seat("bot", f"Bot {i}", "normal") for i in range(players)]
    match = Match(find_game(game_id), seats, 7, {}, runner=SyncBotRunner())
    table = table_class(game_id)(app, match, watchers=(0,))
    app.push(table)
    backdrop: Backdrop = table.backdrop
    plain = app.screen.copy()
    differing = []
    for frame in range(FRAMES):
        app.tick(16)
        if table not in app.stack.scenes:
            break
        plain_drawing(table, plain)
        if pygame.image.tobytes(app.screen, "RGB") != pygame.image.tobytes(plain, "RGB"):
            differing.append(frame)
    assert not differing, f"frames drawn differently: {differing[:10]}"
    # Both ways of bringing the image up to date ran (else this test shows nothing).
    assert backdrop.repaints >= 1
    assert backdrop.patches >= 10
