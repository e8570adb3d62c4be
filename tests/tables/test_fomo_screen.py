"""What a player reads on the FOMO table, laid out from a table state built directly: a side
seat's plate leaves the turn's line whole, a seat's caption ("Plot Twist", "Ghosted!") lies off
the piles, their labels, the sets and the plates, a refusal naming a card of a hand goes when the
screen goes public, and a key pressed while your own move is still shown says your turn is over."""

from __future__ import annotations

import math
import os
from collections.abc import Callable

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.fomo.actions import Discard  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.fomo.places import caption_rect, pile_label_rects  # noqa: E402
from scenes.fomo.table import FomoTable  # noqa: E402
from scenes.table.reflex import WINDOW_BAR_TOP, window_bar_box  # noqa: E402
from tests.tables.test_fomo import my_turn, press, table_for  # noqa: E402


def drawn_message(table: FomoTable) -> pygame.Rect:
    """The message line's box as the table draws it."""
    return table.message.rect(table.message_pos(), table.layout.scale, table.message_room())


@pytest.mark.parametrize("players", [3, 6])
def test_the_turn_line_runs_under_no_side_seats_plate_or_cards(app: App, players: int) -> None:
    table = table_for(app, (0,), players=players, seed=5)
    my_turn(app, table)
    app.tick(16)
    assert table.message.text.startswith("Your turn: discard")
    line = drawn_message(table)
    plates = table.plate_rects()
    assert line.collidelist(list(plates.values())) < 0, f"{line} runs under a plate: {plates}"
    others = card_shapes(table, lambda zone: zone.split(":")[1:2] != ["0"])  # (yours: below)
    assert not others.overlap_area(pygame.mask.Mask(line.size, fill=True), line.topleft)


def card_shapes(
    table: FomoTable, which: Callable[[str], bool] = lambda zone: True
) -> pygame.mask.Mask:
    """Every card (of the zones ``which`` takes) as it is drawn, turned as it lies (a turned
    card does not fill its box)."""
    shapes = pygame.Surface(table.layout.size, pygame.SRCALPHA)
    w, h = table.layer.card_size
    for card in table.layer.sprites:
        if not which(card.zone):
            continue
        cx, cy, turn = card.x, card.y - card.lift, math.radians(card.angle)
        half_w, half_h = w * card.scale / 2, h * card.scale / 2
        corners = [
            (
                cx + dx * math.cos(turn) + dy * math.sin(turn),
                cy - dx * math.sin(turn) + dy * math.cos(turn),
            )
            for dx, dy in (
                (-half_w, -half_h),
                (half_w, -half_h),
                (half_w, half_h),
                (-half_w, half_h),
            )
        ]
        pygame.draw.polygon(shapes, (255, 255, 255, 255), corners)
    return pygame.mask.from_surface(shapes)


# Seen together at several seats (a Plot Twist's actor, Ghosted's target, a Canceled race's
# losers), and one seat's alone (a skipped turn is the only thing happening).
TOGETHER = ("Plot Twist", "Ghosted!", "Canceled!", "too slow")
ALONE = ("skipped (Ghosted)", "skipped (Canceled)")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_seats_captions_lie_off_every_card_the_piles_labels_the_plates_and_each_other(
    app: App, players: int
) -> None:
    table = table_for(app, (0,), players=players, seed=5)
    my_turn(app, table)
    app.tick(16)
    cards = card_shapes(table)
    keep_clear = {
        "a pile's label": pile_label_rects(table),
        "a plate": list(table.plate_rects().values()),
        "the message line": [drawn_message(table)],
    }
    screen = pygame.Rect((0, 0), app.size)
    shows = [{seat: text for seat in range(players)} for text in TOGETHER]
    shows += [{seat: text} for text in ALONE for seat in range(players)]
    for captions in shows:
        table.captions.clear()
        for seat, text in captions.items():
            table.caption(seat, text)
        shown = {seat: caption_rect(table, seat) for seat in captions}
        for seat, rect in shown.items():
            text = captions[seat]
            assert screen.contains(rect), f"seat {seat}'s {text!r} runs off the screen"
            covered = cards.overlap_area(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
            assert not covered, f"seat {seat}'s {text!r} {rect} lies on a card"
            others = [other for s, other in shown.items() if s != seat]
            for what, rects in {**keep_clear, "another caption": others}.items():
                hit = rect.collidelist(rects)
                assert hit < 0, f"seat {seat}'s {text!r} {rect} lies on {what} {rects[hit]}"


def test_a_refusal_naming_a_card_goes_when_the_screen_goes_public(app: App) -> None:
    table = table_for(app, (0, 1), players=3, seed=5)
    my_turn(app, table)
    assert table.private == 0
    hand = table.view_of(0).hand
    number = next(card for card in hand if card.isdigit())
    turn = table.turn_input
    assert turn is not None
    turn.selected = [sprite.card for sprite in turn.hand()].index(number)
    press(app, pygame.K_RETURN)  # a number is not played with Enter: refused, naming it
    assert f"A {number} is a number" in table.message.text
    other = next(card for card in hand if card != number)
    assert table.submit(Discard(0, other))
    app.tick(16)
    assert table.private is None  # the public table: Dev is looking too
    assert number not in table.message.text


def test_a_key_pressed_while_your_own_move_is_shown_says_your_turn_is_over(app: App) -> None:
    table = table_for(app, (0,), players=4, seed=5)
    my_turn(app, table)
    app.settings.animation = "normal"  # the discard takes a while to show
    assert table.submit(Discard(0, table.view_of(0).hand[0]))
    app.tick(16)
    assert table.hud.turn == 0 and table.state.turn != 0  # the discard is still being shown
    press(app, pygame.K_d)
    assert table.message.text == "Wait: Amal's turn is over."  # (not "it is Amal's turn")


def test_wait_for_a_players_turn_goes_when_that_turn_is_over(app: App) -> None:
    app.settings.bot_pace = "quick"  # (not instant: each bot's turn is seen)
    table = table_for(app, (0,), players=4, seed=5)
    my_turn(app, table)
    assert table.submit(Discard(0, table.view_of(0).hand[0]))
    for _ in range(400):
        app.tick(50)
        if table.hud.turn == 1 and not table.presenter.busy:
            break
    press(app, pygame.K_d)
    assert table.message.text == "Wait: it is Nimal's turn."
    for _ in range(400):
        app.tick(50)
        if table.hud.turn == 2:  # (while Nimal's move may still be shown)
            break
    assert table.message.warning == ""


def test_a_refusal_in_your_turn_goes_when_your_turn_is_shown_over(app: App) -> None:
    table = table_for(app, (0,), players=4, seed=5)
    my_turn(app, table)
    hand = table.view_of(0).hand
    number = next(card for card in hand if card.isdigit())
    turn = table.turn_input
    assert turn is not None
    turn.selected = [sprite.card for sprite in turn.hand()].index(number)
    press(app, pygame.K_RETURN)
    assert f"A {number} is a number" in table.message.text
    assert table.submit(Discard(0, next(card for card in hand if card != number)))
    for _ in range(100):
        app.tick(16)
        if table.hud.turn != 0:
            break
    assert table.hud.turn == 1 and table.message.warning == ""


@pytest.mark.parametrize("players", [2, 4, 5, 6])
def test_no_seats_plate_lies_under_the_canceled_windows_bar(app: App, players: int) -> None:
    table = table_for(app, (0,), players=players, seed=5)
    my_turn(app, table)
    app.tick(16)
    s = table.layout.scale
    bar = window_bar_box(app.size[0] / 2, WINDOW_BAR_TOP * s, s)
    plates = table.plate_rects()
    assert bar.collidelist(list(plates.values())) < 0, f"{bar} hides a plate: {plates}"
    cards = card_shapes(table)
    for seat, plate in plates.items():
        assert not cards.overlap_area(pygame.mask.Mask(plate.size, fill=True), plate.topleft), (
            f"seat {seat}'s plate {plate} lies on a card"
        )
