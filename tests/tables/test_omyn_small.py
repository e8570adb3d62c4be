"""The OMYN table in the smallest window (issue 29: at 640x480 the slot numbers could not be
read): every slot's number is at least 14 px and lies on the felt, on no card; the middle of the
table keeps apart there too."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.app import App  # noqa: E402
from scenes.omyn.hud import draw_omyn_resting_hud, slot_badge  # noqa: E402
from tests.tables import test_omyn_geometry as geometry  # noqa: E402
from tests.tables.omyn_positions import ROWS, table_at  # noqa: E402

SIZE = (640, 480)  # the app opens its smallest window (800x480)


class Recorder:
    """Takes the badges the HUD blits instead of drawing them."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.surface = pygame.Surface(size)
        self.blits: list[tuple[pygame.Surface, pygame.Rect]] = []

    def fblits(self, blits: list[tuple[pygame.Surface, pygame.Rect]]) -> None:
        self.blits += blits

    def __getattr__(self, name: str) -> object:
        return getattr(self.surface, name)


def test_slot_numbers_are_readable_in_the_smallest_window(app: App) -> None:
    rows = [["9", "9", "8", "1", "2"], ["4", "2", "3", "8", "1"], ["4", "5", "5", "7", "1"]]
    rows.append(["10", "2", "3", "7", "4"])
    table = table_at(app, rows, draw=["3"])
    recorder = Recorder(app.screen.get_size())
    draw_omyn_resting_hud(table, recorder)  # type: ignore[arg-type]
    assert len(recorder.blits) == 20  # every slot numbered
    cards = [s.rect(table.layer.card_size) for s in table.layer.sprites if s.visible]
    for badge, rect in recorder.blits:
        assert badge.get_height() >= slot_badge(1, 14).get_height()  # a 14 px number
        assert rect.collidelist(cards) == -1, "a slot number lies on a card"


def test_a_chain_race_stands_clear_in_the_smallest_window(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bar under the top row's numbers, the banner over the piles, every seat's word clear
    (tests/tables/test_omyn_geometry.py), where the numbers are largest beside the cards."""
    geometry.test_a_chain_race_stands_clear_of_the_rows_numbers_and_the_piles(app, 4, monkeypatch)


def test_a_chosen_slot_stands_clear_of_the_message_in_the_smallest_window(app: App) -> None:
    geometry.test_a_chosen_slot_and_your_caption_stand_clear_of_the_message_line(app)


def test_at_six_seats_the_action_panel_leaves_the_hint_button_clear(app: App) -> None:
    """The bottom left corner is the panel's second place and the kit's Hint button's first."""
    table = table_at(app, ROWS, draw=["3"])
    for _ in range(3):
        table.draw(app.screen)
    assert table.choice is not None and table.hints.button.rect.width
    assert not table.choice.box.colliderect(table.hints.button.rect)
