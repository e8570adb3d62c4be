"""The seats screen overlaps nothing: for every game at its fewest and most seats, at several
window sizes, with the form at its top and scrolled to Start, the heading, the status line (the
reflex-key check or why the set-up is refused), every row in view and the help line below the
form lie apart, on screen, and each label fits its box."""

from __future__ import annotations

from typing import cast

import pygame
import pytest

from game.core.registry import find_game
from scenes import theme, ui
from scenes.app import App
from scenes.seats import SeatsScene
from scenes.tables import TABLES

SIZES = [(1280, 720), (900, 600), (1920, 1080), (800, 480)]
CASES = [
    pytest.param(game_id, count, id=f"{game_id}-{count}")
    for game_id in sorted(TABLES)
    for count in sorted({find_game(game_id).info.min_players, find_game(game_id).info.max_players})
]


def boxes(seats: SeatsScene, size: tuple[int, int]) -> list[tuple[str, pygame.Rect]]:
    """What the screen shows, each with its box."""
    form = seats.form
    shown: list[tuple[str, pygame.Rect]] = [
        ("heading", seats.heading_rect(size)),
        ("status line", seats.status_rect(size)),
    ]
    for item in form.items:
        if form.shows(item):
            shown.append((f"item {item.label or item.value_text()!r}", item.rect))
            if isinstance(item, ui.Label):
                text = theme.font(round(24 * form.scale), True).size(item.label)
                assert text[0] + 4 <= item.rect.width, f"{item.label!r} is wider than its box"
    line = round(22 * form.scale)
    help_top = round(form.area.bottom + 12 * form.scale)
    shown.append(("help", pygame.Rect(form.area.x, help_top, form.area.width, line)))
    shown += [("'more' hint", rect) for rect in form.hint_rects]
    return shown


def assert_apart(shown: list[tuple[str, pygame.Rect]], size: tuple[int, int]) -> None:
    screen = pygame.Rect((0, 0), size)
    for index, (name, rect) in enumerate(shown):
        assert screen.contains(rect), f"{name} {rect} is off the {size} screen"
        for other, other_rect in shown[index + 1 :]:
            assert not rect.colliderect(other_rect), f"{name} {rect} overlaps {other} {other_rect}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("game_id", "count"), CASES)
def test_nothing_on_the_seats_screen_overlaps(
    app: App, game_id: str, count: int, size: tuple[int, int]
) -> None:
    pygame.display.set_mode(size)
    app.screen = cast(pygame.Surface, pygame.display.get_surface())
    seats = SeatsScene(app, game_id, seed=1)
    app.push(seats)
    if len(seats.setup.seats) != count:
        seats._set_players(count)
    seats.problem = "a set-up refused for a reason"  # the status line is in use
    app.tick(16)
    assert_apart(boxes(seats, size), size)
    seats.form.focus = next(i for i, it in enumerate(seats.form.items) if it.label == "Start")
    seats.form.layout(seats.form.area, seats.form.scale)  # scrolled down to Start
    app.tick(16)
    assert_apart(boxes(seats, size), size)


def test_start_is_always_in_view_and_the_wheel_scrolls_the_rows(app: App) -> None:
    """At six seats the rows run below the fold: Start and Back stay at the bottom in view (Start
    was below the fold, and the wheel walked the focus a field a notch, never scrolling to it);
    the wheel scrolls the rows a row a notch, stops at the last, and a click on Start sits down."""
    size = (1280, 720)
    pygame.display.set_mode(size)
    app.screen = cast(pygame.Surface, pygame.display.get_surface())
    seats = SeatsScene(app, "omyn", seed=1)
    app.push(seats)
    seats._set_players(6)
    app.tick(16)
    form = seats.form
    start = next(item for item in form.items if item.label == "Start")
    assert form.shows(start) and pygame.Rect((0, 0), size).contains(start.rect)
    last_rule = [item for item in form.items if item not in form.pinned][-1]
    assert not form.shows(last_rule), "this set-up is longer than the window"
    notches = 0
    while not form.shows(last_rule) and notches < 40:
        seats.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        notches += 1
    assert form.shows(last_rule) and notches <= 8, f"{notches} notches to the last rule"
    assert form.shows(form.focused), "the focus follows into view"
    bottom = last_rule.rect.bottom
    seats.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    assert last_rule.rect.bottom == bottom, "the wheel stops at the last row"
    assert not last_rule.rect.colliderect(start.rect), "the rows scroll above Start"
    seats.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start.rect.center))
    assert type(app.stack.top).__name__ != "SeatsScene", "a click on Start sits down"
