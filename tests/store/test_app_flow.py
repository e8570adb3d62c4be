"""Persistence through the real App: a match started from the seats is autosaved, comes back
after the program is closed, is filed when it ends, and an error in the frame loop shows the
crash screen with the save kept."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import cast  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.match import Seat  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.store.store import Store  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.scene import Scene  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402
from scenes.table.base import TableScene  # noqa: E402


def open_app(root: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    import scenes.session

    monkeypatch.setattr(scenes.session, "process_runner", SyncBotRunner)
    store = Store.open(root, background_autosave=True, logging_to_file=False)  # as run_app
    app = App(SettingsFile(store), size=(1280, 720))
    app.settings.animation = "instant"
    app.settings.bot_pace = "instant"
    app.runner_factory = SyncBotRunner
    return app


def start_omi(app: App, humans: int = 1, max_hands: int = 0) -> None:
    from scenes.session import default_setup, start_table

    setup = default_setup("omi", seed=12)
    setup.seats = [Seat("human" if i < humans else "bot", f"P{i}", "random") for i in range(4)]
    setup.options["max_hands"] = max_hands
    app.to_title()
    start_table(app, setup)


def play(app: App, until: Callable[[TableScene], bool]) -> None:
    table = cast(TableScene, app.stack.top)
    for _ in range(20_000):
        if until(table):
            return
        match = table.match
        if 0 in match.state.to_act() and not match.seats[0].is_bot and not table.presenter.busy:
            table.submit(match.legal_actions(0)[0])
        app.tick(16)
    raise AssertionError("did not get there")


def test_close_and_come_back_to_the_same_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.resume import ResumeScene, offer_resume
    from scenes.table.base import TableScene

    app = open_app(tmp_path, monkeypatch)
    start_omi(app)
    play(app, lambda t: len(t.match.log) >= 20)
    fingerprint = cast(TableScene, app.stack.top).match.state.fingerprint()
    log = list(cast(TableScene, app.stack.top).match.log)
    app.close()  # the window is closed mid-match
    pygame.quit()

    again = open_app(tmp_path, monkeypatch)
    again.to_title()
    assert offer_resume(again, cast(Store, again.store))
    assert isinstance(again.stack.top, ResumeScene)
    again.stack.top.form.items[0].activate()
    table = again.stack.top
    assert isinstance(table, TableScene)
    assert table.match.log == log and table.match.state.fingerprint() == fingerprint
    again.close()
    pygame.quit()


def test_a_finished_match_is_filed_and_reachable_from_the_title(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scenes.menus import TitleScene
    from scenes.replay import ReplayListScene
    from scenes.stats import StatsScene

    app = open_app(tmp_path, monkeypatch)
    start_omi(app, humans=0, max_hands=1)
    play(app, lambda t: t.match.is_over())
    assert app.store is not None
    app.store.autosave.flush()  # filing runs on the writer thread
    assert app.store.pending_match() is None
    assert app.store.stats.game("omi").kinds["bot:random"].played == 1  # once per match
    app.to_title()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    labels = [item.label for item in title.form.items]
    title.form.items[labels.index("Statistics")].activate()
    assert isinstance(app.stack.top, StatsScene)
    app.tick(16)
    app.pop()
    title.form.items[labels.index("Replays")].activate()
    assert isinstance(app.stack.top, ReplayListScene) and len(app.stack.top.infos) == 1
    app.close()
    pygame.quit()


def test_leaving_the_table_abandons_the_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = open_app(tmp_path, monkeypatch)
    start_omi(app)
    play(app, lambda t: len(t.match.log) >= 5)
    assert app.store is not None
    app.store.autosave.flush()  # the writer thread has it on disk
    assert app.store.dirs.autosave_file.exists()
    cast(TableScene, app.stack.top).leave()
    app.store.autosave.flush()
    assert not app.store.dirs.autosave_file.exists()
    app.close()
    pygame.quit()


class Boom(Scene):
    def update(self, dt_ms: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # end the loop after the crash
        raise RuntimeError("boom in a frame")


def test_an_error_in_the_frame_loop_shows_the_crash_screen_and_keeps_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import scenes.crash

    shown: list[str] = []
    real = scenes.crash.show_crash

    def recording(app: App, error: BaseException, store: Store | None = None) -> None:
        real(app, error, store)
        shown.append(type(app.stack.top).__name__)

    monkeypatch.setattr(scenes.crash, "show_crash", recording)
    app = open_app(tmp_path, monkeypatch)
    start_omi(app)
    play(app, lambda t: len(t.match.log) >= 5)
    app.push(Boom(app))
    assert app.run() == 0
    assert shown == ["CrashScene"]
    assert app.store is not None and app.store.pending_match() is not None
    pygame.quit()
