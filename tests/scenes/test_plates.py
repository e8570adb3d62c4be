"""Seat plates never cover a card: every registered table, every seat count it allows (and its
solo modes), at 1280×720 and at the smallest window (900×600), a few moves into a match and at
its end. Plate rects as the kit draws them against the resting box of every card on the table."""

from __future__ import annotations

import dataclasses
from typing import cast

import pygame
import pytest

from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import SyncBotRunner
from scenes.app import App
from scenes.cli import play_bot_actions
from scenes.session import table_scene
from scenes.table.base import TableScene
from scenes.table.hud import plate_size
from scenes.table.layout import card_box
from scenes.tables import TABLES
from tests.tables.seatings import table_cases

SIZES = [(1280, 720), (900, 600)]


CASES = table_cases(sorted(TABLES), every_count=True)


def sit_down(app: App, game_id: str, players: int, solo: int, steps: int) -> TableScene:
    """A match ``steps`` bot moves in, seat 0 then handed to a person (as the screenshot does)."""
    game = find_game(game_id)
    level = "normal" if "normal" in game.info.bot_levels else game.info.bot_levels[-1]
    seats = [Seat("bot", f"Seat {i + 1} Longname", level) for i in range(players)]
    match = Match(game, seats, 3, {"solo": solo} if solo else {}, runner=SyncBotRunner())
    play_bot_actions(match, steps)
    match.set_seat(0, dataclasses.replace(match.seats[0], kind="human", name="You"))
    app.settings.animation = "instant"
    table = cast(TableScene, table_scene(app, match, auto_continue=False))
    app.push(table)
    for _ in range(3):  # the HUD lays its buttons out as it draws
        app.tick(16)
    return table


def plate_rects(table: TableScene) -> dict[int, pygame.Rect]:
    """Each plate as ``seat_label`` draws it (at its spot, then kept on screen)."""
    screen = pygame.Rect((0, 0), table.layout.size)
    rects = {}
    for seat, info in enumerate(table.match.seats):
        pos, anchor = table.plate_spot(seat)
        rect = pygame.Rect(
            (0, 0), plate_size(info.name, table.plate_chips(seat), table.layout.scale)
        )
        setattr(rect, anchor, (round(pos[0]), round(pos[1])))
        rects[seat] = rect.clamp(screen)
    return rects


def card_rects(table: TableScene) -> list[tuple[str, pygame.Rect]]:
    w, h = table.layout.card_size
    found = []
    for zone, sprites in table.presenter.zones.items():
        scale = table.scale_for(zone)
        for index in range(len(sprites)):
            spot = table.spot_for(zone, index, len(sprites))
            found.append((zone, card_box(spot, (w * scale, h * scale))))
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("game_id", "players", "solo"), CASES)
@pytest.mark.parametrize("steps", [12, 400])
def test_no_plate_covers_a_card(
    app: App, game_id: str, players: int, solo: int, size: tuple[int, int], steps: int
) -> None:
    pygame.display.set_mode(size)
    app.screen = cast(pygame.Surface, pygame.display.get_surface())
    table = sit_down(app, game_id, players, solo, steps)
    assert table.layout.size == size
    plates = plate_rects(table)
    cards = card_rects(table)
    assert cards, "no cards on the table to check against"
    for seat, plate in plates.items():
        for zone, card in cards:
            assert not plate.colliderect(card), f"seat {seat}'s plate {plate} covers {zone} {card}"
        for other, rect in plates.items():
            assert other == seat or not plate.colliderect(rect), f"plates {seat} and {other} meet"
