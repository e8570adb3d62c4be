"""Seats change hands mid-match from the pause menu, and Settings rebinds each seat's reflex key
and gives a gamepad to a seat."""

from __future__ import annotations

import pygame

from game.core.match import Seat
from scenes.app import App
from scenes.pause import PauseScene, SeatChangeScene
from scenes.results import ResultsScene
from scenes.settings_menu import ReflexKey, SettingsScene
from tests.scenes.conftest import focus_label, key, omi_table, press, run_frames, run_until


def test_a_person_hands_their_seat_to_a_bot_and_takes_it_back(quick_app: App) -> None:
    app = quick_app
    table = omi_table(app, humans=(0,), options={"max_hands": 1})
    run_until(app, lambda: 0 in table.match.state.to_act(), max_frames=2000)
    moves = len(table.match.log)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    focus_label(app, "Seats")
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SeatChangeScene)
    focus_label(app, "You")
    press(app, pygame.K_RIGHT, pygame.K_RIGHT)  # a person → random bot → normal bot
    assert table.match.seats[0].is_bot and table.match.seats[0].level == "normal"
    assert table.match.seats[0].name == "You"  # the same seat, now played by a bot
    press(app, pygame.K_ESCAPE, pygame.K_ESCAPE)  # back to the table: the match goes on
    assert app.stack.top is table
    run_until(app, lambda: len(table.match.log) > moves + 4, max_frames=4000)
    assert table.viewer == 0  # the same view
    press(app, pygame.K_ESCAPE)
    focus_label(app, "Seats")
    press(app, pygame.K_RETURN)
    focus_label(app, "You")
    press(app, pygame.K_LEFT, pygame.K_LEFT)  # normal bot → random bot → a person
    assert not table.match.seats[0].is_bot
    press(app, pygame.K_ESCAPE, pygame.K_ESCAPE)
    assert app.stack.top is table
    # Everyone hands over: the bots finish the match, past the hand's summary, untouched.
    assert not table.auto_continue
    press(app, pygame.K_ESCAPE)
    focus_label(app, "Seats")
    press(app, pygame.K_RETURN)
    focus_label(app, "You")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_ESCAPE, pygame.K_ESCAPE)
    assert table.auto_continue
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), max_frames=20000)


def test_a_summary_waits_again_once_a_person_takes_a_seat_back(app: App) -> None:
    """auto_continue follows the seating as it is now, both ways."""
    app.settings.animation = "fast"  # the summary shows for a moment (instant: not at all)
    app.settings.bot_pace = "instant"
    table = omi_table(app, humans=(), options={"max_hands": 3})
    assert table.auto_continue
    run_until(app, lambda: table.summary_open(), max_frames=3000)
    table.change_seat(2, Seat("human", "Kamala", "normal"))  # sits down during the summary
    assert not table.auto_continue
    run_frames(app, 600)  # ten seconds: the summary waits for the person
    assert table.summary_open() and table.blocked
    table.change_seat(2, Seat("bot", "Kamala", "normal"))
    assert table.auto_continue
    run_until(app, lambda: not table.summary_open(), max_frames=300)


def test_each_seat_has_its_own_reflex_key_and_rebinding_swaps_or_refuses(app: App) -> None:
    settings = SettingsScene(app)
    app.push(settings)
    app.tick(16)
    focus_label(app, "Seat 2")
    assert isinstance(app.stack.top.form.focused, ReflexKey)  # type: ignore[union-attr]
    assert app.stack.top.form.focused.value_text() == "Z"  # type: ignore[union-attr]
    press(app, pygame.K_RETURN, pygame.K_q)
    assert app.settings.reflex_keys[1] == "q"
    press(app, pygame.K_RETURN, pygame.K_v)  # seat 3's key: the two seats swap
    assert app.settings.reflex_keys[1:3] == ["v", "q"]
    press(app, pygame.K_RETURN, pygame.K_RETURN)  # Play's key is refused, with the reason
    assert app.settings.reflex_keys[1] == "v"
    assert "Enter is the key for Play" in app.stack.top.form.focused.help  # type: ignore[union-attr]
    focus_label(app, "Restore default keys")
    press(app, pygame.K_RETURN)
    assert app.settings.reflex_keys[1] == "z"


def test_a_connected_gamepad_is_given_to_a_seat(app: App) -> None:
    app.gamepads[5] = "Test pad"  # as if SDL had reported it (no pad on the test machine)
    app.push(SettingsScene(app))
    app.tick(16)
    focus_label(app, "Test pad (1)")
    press(app, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT)  # no seat → seat 1 → 2 → 3
    assert app.gamepad_seats == {5: 2}
    # It unplugs: the seat keeps its key, the pad is forgotten.
    app.feed([pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=5)])
    app.tick(16)
    assert app.gamepad_seats == {} and app.gamepads == {}
    labels = [item.label for item in app.stack.top.form.items]  # type: ignore[union-attr]
    assert "No gamepad connected: plug one in to give it to a seat." in labels


def test_a_given_pad_presses_for_its_seat_at_the_table(app: App) -> None:
    table = omi_table(app, humans=(0, 2))
    app.gamepad_seats = {9: 2}
    table._bind_reflexes()  # the table binds pads when seats change hands
    pad = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=9, button=0, joy=0)
    assert table.reflex.seat_of(pad) == (2, "pad")
    assert table.reflex.seat_of(key(pygame.K_LSHIFT)) == (0, "key")
