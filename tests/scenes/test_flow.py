"""Scene flow by keys: title → game choice → seats → table → results → title, plus pause."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.runner import SyncBotRunner
from game.store.settings import MIN_WINDOW
from scenes.app import App
from scenes.menus import GameChoiceScene, PauseScene, SettingsScene, TitleScene
from scenes.omi.table import OmiTable
from scenes.pause import LeaveScene
from scenes.results import QUIET_MS, ResultsScene
from scenes.resume import ResumeScene
from scenes.rules import RulesScene
from scenes.seats import SeatsScene
from scenes.settings import SettingsFile
from tests.scenes.conftest import focus_label, key, press, release, run_frames, run_until


def omi_by_keys(app: App) -> OmiTable:
    """From the title to an Omi table by keys: Play, Omi, Start (bots think in-process)."""
    app.runner_factory = SyncBotRunner
    app.to_title()
    press(app, pygame.K_RETURN, pygame.K_RETURN)
    focus_label(app, "Start")
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, OmiTable)
    return table


def test_menu_seats_table_results_and_back(quick_app: App) -> None:
    app = quick_app
    app.to_title()
    assert isinstance(app.stack.top, TitleScene)
    press(app, pygame.K_RETURN)  # Play
    assert isinstance(app.stack.top, GameChoiceScene)
    press(app, pygame.K_RETURN)  # Omi
    seats = app.stack.top
    assert isinstance(seats, SeatsScene)
    # Seat 1 becomes a bot (Right on its kind), and the match is one hand long.
    press(app, pygame.K_RIGHT)
    assert seats.setup.seats[0].kind == "bot"
    focus_label(app, "max hands")
    press(app, pygame.K_RIGHT)
    assert seats.setup.options["max_hands"] == 1
    focus_label(app, "Start")
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, OmiTable)
    assert [s.kind for s in table.match.seats] == ["bot"] * 4
    # Esc pauses (the clock is held), Esc again resumes.
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene) and table.match.held
    log_length = len(table.match.log)
    for _ in range(30):
        app.tick(16)
    assert len(table.match.log) == log_length
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), max_frames=20000)
    results = app.stack.top
    run_frames(app, QUIET_MS // 16 + 1)  # presses this soon after the end are not for it
    focus_label(app, "Back to the title")
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack.scenes) == 1
    assert results is not app.stack.top
    # The set-up was remembered for next time.
    assert app.settings.last_setup["omi"]["options"]["max_hands"] == 1


def test_pause_leads_to_rules_and_settings_and_leave(app: App) -> None:
    app.settings.animation = "instant"
    table = omi_by_keys(app)
    press(app, pygame.K_ESCAPE)
    focus_label(app, "Rules")
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, RulesScene)
    press(app, pygame.K_RIGHT)
    assert app.stack.top.page == 1
    press(app, pygame.K_ESCAPE)
    focus_label(app, "Settings")
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SettingsScene)
    press(app, pygame.K_ESCAPE)
    focus_label(app, "Leave the table")
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, LeaveScene)  # it asks first
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    focus_label(app, "Leave the table")
    press(app, pygame.K_RETURN)
    moves = list(table.match.log)
    focus_label(app, "Keep it for later")
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack.scenes) == 1
    # Nothing was lost: the title offers the kept match, and it comes back where it was.
    focus_label(app, "Continue the saved match")
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, ResumeScene)
    focus_label(app, "Continue the match")
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, OmiTable) and app.stack.top.match.log == moves
    press(app, pygame.K_ESCAPE)
    focus_label(app, "Leave the table")
    press(app, pygame.K_RETURN)
    focus_label(app, "Throw it away")
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)
    assert app.store is not None and not app.store.dirs.autosave_file.exists()
    assert "Continue the saved match" not in [i.label for i in app.stack.top.form.items]


def test_settings_change_by_keys_and_rebind(app: App) -> None:
    app.push(SettingsScene(app))
    app.tick(16)
    press(app, pygame.K_RIGHT)  # animation speed: normal → fast
    assert app.settings.animation == "fast"
    focus_label(app, "Sound volume")
    press(app, pygame.K_LEFT)
    assert app.settings.volume == 60
    focus_label(app, "Mute")
    press(app, pygame.K_RETURN)
    assert app.settings.muted and app.settings.sound_level == 0
    focus_label(app, "Show the last trick")
    press(app, pygame.K_RETURN, pygame.K_k)  # (T is FOMO's Take: refused, test_menu_keys.py)
    assert app.settings.bindings["last_trick"] == "k"
    assert app.intent(key(pygame.K_k)) == "last_trick"
    # Saved: a new settings file reads the same values back.
    assert app.settings_file.load().bindings["last_trick"] == "k"


def test_mouse_clicks_work_on_menus(app: App) -> None:
    app.to_title()
    app.tick(16)
    rules_button = next(i for i in app.stack.top.form.items if i.label == "Rules")  # type: ignore[union-attr]
    app.feed(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rules_button.rect.center, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rules_button.rect.center, button=1),
        ]
    )
    assert isinstance(app.stack.top, GameChoiceScene) and app.stack.top.then == "rules"


def test_window_resize_relays_out_every_scene(app: App) -> None:
    table = omi_by_keys(app)
    pygame.display.set_mode((900, 600), pygame.RESIZABLE)
    app.feed([pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600)])
    app.tick(16)
    assert table.layout.size == (900, 600)
    assert app.settings.window == (900, 600)
    for sprite in table.layer.sprites:
        assert -50 <= sprite.x <= 950 and -50 <= sprite.y <= 650


def test_a_held_enter_acts_once_but_arrows_repeat(app: App) -> None:
    """Auto-repeat (or a stalled frame that makes a tap look held) never activates twice."""
    app.push(SettingsScene(app))
    app.tick(16)
    focus_label(app, "Mute")
    app.feed([key(pygame.K_RETURN), key(pygame.K_RETURN), key(pygame.K_RETURN)])  # held
    assert app.settings.muted  # toggled once, not three times
    app.feed([release(pygame.K_RETURN), key(pygame.K_RETURN)])  # a new press
    assert not app.settings.muted
    app.feed([key(pygame.K_DOWN), key(pygame.K_DOWN)])  # a held arrow keeps moving
    assert app.stack.top.form.focused.label == "Previous card / choice"


def test_the_window_opens_no_smaller_than_every_screen_is_laid_out_for(tmp_path: Path) -> None:
    small = App(SettingsFile(tmp_path), size=(640, 400), data_dir=tmp_path)  # an old settings file
    try:
        assert small.size == MIN_WINDOW
    finally:
        pygame.quit()
