"""The persistence scenes, headless: resume prompt, crash screen, statistics, replays."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import cast  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.runner import SyncBotRunner  # noqa: E402
from game.store.store import Store  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omi.table import OmiTable  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402
from tests.store.helpers import omi_match, play_until  # noqa: E402


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    import scenes.session

    monkeypatch.setattr(scenes.session, "process_runner", SyncBotRunner)  # no worker processes
    application = App(SettingsFile(None), size=(1280, 720))
    yield application
    for scene in list(reversed(application.stack.scenes)):
        scene.exit()
    application.stack.scenes.clear()
    pygame.quit()


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "data", logging_to_file=False)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def saved_match(store: Store, actions: int = 30):  # type: ignore[no-untyped-def]
    match = omi_match(seed=6)
    store.follow(match)
    play_until(match, lambda m: len(m.log) >= actions)
    return match


def test_continue_puts_the_table_back_exactly_where_it_was(app: App, store: Store) -> None:
    from scenes.resume import ResumeScene, offer_resume
    from scenes.table.base import TableScene

    match = saved_match(store)
    app.to_title()
    assert offer_resume(app, store)
    assert isinstance(app.stack.top, ResumeScene)
    app.tick(16)
    app.stack.top.form.items[0].activate()  # Continue
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.match.state.fingerprint() == match.state.fingerprint()
    assert table.match.log == match.log
    before = store.autosave.writes
    for _ in range(3000):
        if len(table.match.log) > len(match.log):
            break
        if 0 in table.match.state.to_act():
            table.match.submit(table.match.legal_actions(0)[0])
        app.tick(16)
    assert store.autosave.writes > before  # the resumed match is saved as it goes on
    assert store.pending_match() is not None


def test_discarding_takes_two_presses_and_esc_keeps_the_match(app: App, store: Store) -> None:
    from scenes.menus import TitleScene
    from scenes.resume import offer_resume

    saved_match(store)
    app.to_title()
    offer_resume(app, store)
    app.feed([key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, TitleScene) and store.dirs.autosave_file.exists()
    offer_resume(app, store)
    discard = app.stack.top.form.items[1]
    discard.activate()
    assert store.dirs.autosave_file.exists()
    app.stack.top.form.items[1].activate()
    assert isinstance(app.stack.top, TitleScene)
    assert not store.dirs.autosave_file.exists() and store.pending_match() is None


def test_the_crash_screen_keeps_the_save_and_leads_back_to_it(app: App, store: Store) -> None:
    from scenes.crash import CrashScene, show_crash
    from scenes.resume import ResumeScene

    saved_match(store)
    app.to_title()
    try:
        raise RuntimeError("a sprite lost its zone")
    except RuntimeError as exc:
        show_crash(app, exc, store)
    crash = app.stack.top
    assert isinstance(crash, CrashScene) and len(app.stack.scenes) == 1
    text = " ".join(line for line, _ in crash.lines())
    assert "RuntimeError: a sprite lost its zone" in text and "saved" in text
    app.tick(16)
    with pytest.raises(ValueError):
        show_crash(app, ValueError("while showing the crash screen"), store)
    crash.form.items[0].activate()  # Continue the saved match
    assert isinstance(app.stack.top, ResumeScene)


def test_statistics_scene_draws_and_changes_game_and_figure(app: App, store: Store) -> None:
    from scenes.stats import StatsScene

    match = omi_match(seed=2)
    store.follow(match)
    play_until(match, lambda m: False)
    scene = StatsScene(app, store.stats)
    app.push(scene)
    app.tick(16)
    assert scene.figures() == ["tokens", "hands"]
    app.feed([key(pygame.K_DOWN)])
    assert scene.figure == 1
    app.tick(16)
    app.feed([key(pygame.K_RIGHT)])
    app.tick(16)
    app.feed([key(pygame.K_ESCAPE)])
    assert app.stack.top is not scene


def test_a_replay_steps_both_ways_per_seat_and_open_without_touching_its_match(
    app: App, store: Store
) -> None:
    from scenes.replay import ReplayListScene, ReplayScene

    match = omi_match(seed=8)
    store.follow(match)
    play_until(match, lambda m: False)
    app.to_title()
    app.push(ReplayListScene(app, store.replays))
    app.tick(16)
    cast(ReplayListScene, app.stack.top).form.items[1].activate()  # the one replay
    scene = app.stack.top
    assert isinstance(scene, ReplayScene) and scene.cursor.length == len(match.log)
    for _ in range(6):
        app.feed([key(pygame.K_RIGHT)])
        for _ in range(40):
            app.tick(16)
    assert scene.cursor.position == 6
    app.feed([key(pygame.K_LEFT), key(pygame.K_LEFT)])
    assert scene.cursor.position == 4
    app.feed([key(pygame.K_v)])
    assert scene.cursor.viewer == 0 and scene.table is not None and scene.table.viewer == 0
    view = cast(OmiTable, scene.table).view
    assert view.hands[1] is None and view.hand
    app.tick(16)
    bar = scene.bar
    app.feed([click((bar.x + bar.width // 2, bar.centery))])
    assert abs(scene.cursor.position - scene.cursor.length // 2) <= 1
    app.feed([key(pygame.K_END)])
    assert scene.cursor.state.is_over()
    app.feed([key(pygame.K_HOME), key(pygame.K_SPACE)])
    for _ in range(400):
        app.tick(16)
    assert scene.cursor.position > 2  # playing on by itself
    # The replay never acts on a match: its stand-in holds the record up to the cursor, no more.
    assert scene.stand_in.log == list(scene.cursor.log[: scene.cursor.position])
    app.feed([key(pygame.K_ESCAPE)])
    assert isinstance(app.stack.top, ReplayListScene)


def test_a_damaged_save_at_start_is_reported_on_the_title(app: App, store: Store) -> None:
    from scenes.resume import offer_resume

    store.dirs.autosave_file.write_text('{"kind": "autosave", "version": 1, "match": {')
    app.to_title()
    assert not offer_resume(app, store)
    assert app.notice is not None and "saved match could not be read" in app.notice
    app.tick(16)
