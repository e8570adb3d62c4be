"""The FOMO table as a newcomer reads it (issue 29): a click on a panel's button is that button
only, the loser of a Canceled race hears "too slow", a lone Canceled is no race, the side seats'
hidden sets never overlap, the first pick of a Swap or Plot Twist stays marked, the moves can be
read back in a log, and Esc puts the FOMO! question away."""

from __future__ import annotations

import os
from typing import cast

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.narration import narrate_log  # noqa: E402
from game.fomo.actions import PassCancel, PlaceCard, PlayCanceled, PlayPlotTwist, PlaySwap  # noqa: E402
from game.fomo.cards import PLOT_TWIST, SET_SIZE, SWAP  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.fomo import hud  # noqa: E402
from scenes.fomo.table import FomoTable  # noqa: E402
from scenes.table.layout import TableLayout, card_box  # noqa: E402
from tests.tables.test_fomo import (  # noqa: E402
    answers_of,
    give,
    my_turn,
    press,
    settle,
    table_for,
    window_for,
)


def click(app: App, pos: tuple[int, int]) -> None:
    app.feed(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
    )


def panel_button(table: FomoTable, seat: int, cancel: bool) -> pygame.Rect:
    assert table.turn_input is not None
    return next(r for r, s, c in table.turn_input.cancel_rects if s == seat and c == cancel)


def test_pass_on_a_side_seats_panel_passes_even_over_its_own_cards(app: App) -> None:
    table = window_for(app, (0, 1, 2), canceled=True)
    app.tick(16)  # the panels are drawn: their buttons have their places
    rect = panel_button(table, 1, cancel=False)
    # A panel may lie over its seat's own cards (a click on them claims): put one under Pass.
    card = table.presenter.zone("hand:1")[0]
    card.x, card.y = rect.center
    sprite = table.layer.hit(rect.center)
    assert sprite is not None and sprite.zone == "hand:1"
    click(app, rect.center)
    app.tick(16)
    assert answers_of(table, 1) == [PassCancel(1)]


def test_the_canceled_panels_leave_the_named_sets_in_sight(app: App) -> None:
    table = window_for(app, (0, 1, 2), canceled=True)
    app.tick(16)
    turn = table.turn_input
    assert turn is not None and len(turn.cancel_boxes) == 2
    named = cast(list[pygame.Rect], [turn.target_rect((seat, None)) for seat in (1, 2)])
    for box, seat in turn.cancel_boxes:
        assert box.collidelist(named) < 0, f"the panel of seat {seat} covers a named set"


def test_the_loser_of_a_canceled_race_is_too_slow_not_too_early(app: App) -> None:
    table = window_for(app, (0, 1, 2), canceled=True)
    app.settings.animation = "normal"  # the blocked card is shown a while: Kamala presses then
    first, second = (pygame.key.key_code(table.reflex.key_of(s) or "") for s in (1, 2))
    press(app, first)
    for _ in range(5):
        app.tick(16)
    assert not table.curtain.active
    press(app, second)  # the window went with Nimal's Canceled
    assert answers_of(table, 1) == [PlayCanceled(1)] and answers_of(table, 2) == []
    assert table.captions[2][0] == "too slow"
    assert not table.reflex.is_locked(2), "a seat beaten to it is not locked out"
    banner = table.race.banner([seat.name for seat in table.match.seats])
    assert banner is not None and banner.startswith("Nimal,") and "Kamala" in banner


def test_a_press_just_after_the_window_ran_out_is_too_late_not_too_early(app: App) -> None:
    table = window_for(app, (0, 1, 2), canceled=False)
    app.settings.animation = "normal"  # the twist is shown a while: Kamala presses then
    for _ in range(400):
        app.tick(16)
        if table.state.phase != "cancel":
            break
    assert table.presenter.busy and not table.curtain.active
    press(app, pygame.key.key_code(table.reflex.key_of(2) or ""))
    assert table.captions[2][0] == "too late" and not table.reflex.is_locked(2)


def test_a_press_before_the_window_opens_is_still_too_early(app: App) -> None:
    table = table_for(app, (0, 1), players=3)
    my_turn(app, table, 0)
    press(app, pygame.key.key_code(table.reflex.key_of(1) or ""))
    assert table.captions[1][0] == "too early" and table.reflex.is_locked(1)


def test_a_bots_lone_canceled_is_no_race(app: App) -> None:
    table = window_for(app, (0,), canceled=True)
    table.match._apply(PlayCanceled(1))  # the bot's answer reaches the match
    settle(app, table, 3)
    assert answers_of(table, 1) == [PlayCanceled(1)]
    assert table.race.banner([seat.name for seat in table.match.seats]) is None
    assert "cancels" in table.hud.banner  # the table's own banner tells what happened


SIZES = [(800, 480), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_hidden_sets_of_different_seats_never_overlap(app: App, players: int) -> None:
    table = table_for(app, (0,), players=players)
    for size in SIZES:
        table.layout = TableLayout(size, players, table.bottom, table.match.game.info.clockwise)
        w, h = table.layout.card_size
        slots: dict[int, list[pygame.Rect]] = {}
        for seat in range(players):
            for slot in range(SET_SIZE):
                zone = f"set:{seat}:{slot}"
                scale = table.scale_for(zone)
                box = card_box(table.spot_for(zone, 0, 1), (w * scale, h * scale))
                slots.setdefault(seat, []).append(box)
        for a in range(players):
            for b in range(a + 1, players):
                for ra in slots[a]:
                    hits = [rb for rb in slots[b] if ra.colliderect(rb)]
                    assert not hits, f"{players} seats at {size}: seats {a} and {b} overlap"


def marked(table: FomoTable) -> list[tuple[int, ...]]:
    return [rect for rect, rgba, _ in hud.fomo_under_marks(table) if rgba == hud.PICKED]


@pytest.mark.parametrize("card", [SWAP, PLOT_TWIST])
def test_the_first_pick_of_a_swap_or_plot_twist_stays_marked_until_done(
    app: App, card: str
) -> None:
    table = table_for(app, (0,))
    my_turn(app, table)
    give(table.state, 0, card)
    table.snap_to_view()
    settle(app, table, 2)
    turn = table.turn_input
    assert turn is not None
    turn.play_card(card)
    first = (2, 1) if card == SWAP else (2, None)
    turn.pick(first)
    rect = turn.target_rect(first)
    assert rect is not None
    assert [r for r in marked(table) if pygame.Rect(r).contains(rect)], "the first pick is marked"
    press(app, pygame.K_BACKSPACE)  # back one step: the pick is undone, so is its mark
    assert not marked(table)
    turn.pick(first)
    turn.pick((1, 0) if card == SWAP else (1, None))
    kind = PlaySwap if card == SWAP else PlayPlotTwist
    assert isinstance(table.match.log[-1][1], kind)
    assert not marked(table)


def test_the_log_tells_every_move_in_the_tables_words_and_scrolls_back(app: App) -> None:
    table = table_for(app, (0,), players=4)
    my_turn(app, table)  # the bots before seat 0 have played
    for _ in range(4):  # and a few rounds more
        turn = table.turn_input
        assert turn is not None
        press(app, pygame.K_d)
        my_turn(app, table)
    match = table.match
    names = [seat.name for seat in match.seats]
    words = narrate_log(match.game, 4, match.seed, match.options, match.log, names, 0)
    # Another seat's pass is perceived by nobody else: no line for it.
    heard = [
        line
        for (_, action), line in zip(match.log, words, strict=True)
        if not (isinstance(action, PassCancel) and action.seat != 0)
    ]
    assert len(heard) > 8 and table.log.lines == heard
    for i in range(30):  # more than the panel holds
        table.log.add(f"Line {i}")
    press(app, pygame.K_l)  # the log opens over the table
    app.tick(16)  # drawn: the panel has its place
    assert table.log.rect.width and table.log.rect.height
    assert table.log.scroll == 0
    press(app, pygame.K_PAGEUP)
    app.tick(16)
    assert table.log.scroll > 0, "scrolled back"
    press(app, pygame.K_PAGEDOWN)
    assert table.log.scroll == 0
    press(app, pygame.K_l)
    assert table.turn_input is not None and not table.turn_input.show_log


def test_on_a_shared_screen_the_log_names_no_card_placed_unseen(app: App) -> None:
    table = table_for(app, (0, 1), players=3)
    my_turn(app, table, 0)  # Amal's private turn, behind the curtain
    number = next(c for c in table.view_of(0).hand if c.isdigit())
    assert table.submit(PlaceCard(0, number, 0))
    settle(app, table, 5)
    line = next(line for line in reversed(table.log.lines) if line.startswith("Amal places"))
    assert line.startswith("Amal places a card in slot 1"), line


def test_esc_puts_the_fomo_question_away(app: App) -> None:
    table = table_for(app, (0,))
    my_turn(app, table)
    press(app, pygame.K_o)
    assert table.turn_input is not None and table.turn_input.confirm is not None
    press(app, pygame.K_ESCAPE)
    assert table.turn_input.confirm is None
    assert app.stack.top is table  # the question went; the menu is one more Esc away
