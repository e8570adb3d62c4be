"""A still screen is not redrawn every frame: the app's own loop, run on a fake clock over
three seconds of nobody touching anything, draws the title, the menus, the readers and the
overlays a few times (once a second), not 60 times a second. A replay that plays still moves."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from game.core.runner import SyncBotRunner
from game.store.replays import ReplayInfo
from scenes.app import App
from scenes.menus import GameChoiceScene, TitleScene
from scenes.omi.table import OmiTable
from scenes.pause import LeaveScene, PauseScene, SeatChangeScene
from scenes.results import ResultsScene
from scenes.rules import RulesScene
from scenes.scene import Scene
from scenes.seats import SeatsScene
from scenes.settings_menu import SettingsScene
from scenes.stats import StatsScene
from scenes.tables import TABLES
from tests.scenes.conftest import omi_table, run_until

SECONDS = 3


class FakeClock:
    """``pygame.time.Clock`` without the sleeping: each tick is the frame time asked for, and the
    app stops after ``SECONDS`` of it. Counts frames drawn in the last two seconds (the first
    one holds the start-up frames and the input's lively moment)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.now_ms = 0
        self.drawn_at_one_second: int | None = None

    def tick(self, fps: int = 0) -> int:
        step = 1000 // fps if fps else 16
        self.now_ms += step
        if self.drawn_at_one_second is None and self.now_ms >= 1000:
            self.drawn_at_one_second = self.app.drawn_frames
        if self.now_ms >= SECONDS * 1000:
            self.app.running = False
        return step


def frames_drawn_while_idle(app: App) -> int:
    clock = FakeClock(app)
    app.clock = clock  # type: ignore[assignment]
    app.run()
    assert clock.drawn_at_one_second is not None
    return app.drawn_frames - clock.drawn_at_one_second


def results(app: App) -> Scene:
    app.settings.animation = "instant"
    app.settings.bot_pace = "instant"
    omi_table(app, humans=(), options={"max_hands": 1})
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), max_frames=20000)
    return app.stack.top  # type: ignore[return-value]


def over_a_table(overlay: Callable[[App, OmiTable], Scene]) -> Callable[[App], Scene]:
    def build(app: App) -> Scene:
        table = omi_table(app, humans=(0,))
        return overlay(app, table)

    return build


def seats_of(game_id: str) -> Callable[[App], Scene]:
    return lambda app: SeatsScene(app, game_id, seed=1)


def rules_of(game_id: str) -> Callable[[App], Scene]:
    return lambda app: RulesScene(app, game_id)


STILL_SCREENS: dict[str, Callable[[App], Scene]] = {
    "title": TitleScene,
    "choice to play": lambda app: GameChoiceScene(app, then="seats"),
    "choice of rules": lambda app: GameChoiceScene(app, then="rules"),
    "settings": SettingsScene,
    "statistics": lambda app: StatsScene(app, app.store.stats),  # type: ignore[union-attr]
    "pause": over_a_table(lambda app, table: PauseScene(app, table.leave, "omi")),
    "leave": over_a_table(lambda app, table: LeaveScene(app, table.leave)),
    "seat change": over_a_table(SeatChangeScene),
    **{f"seats {g}": seats_of(g) for g in sorted(TABLES)},
    **{f"rules {g}": rules_of(g) for g in sorted(TABLES)},
}


@pytest.mark.parametrize("screen", sorted(STILL_SCREENS))
def test_a_still_screen_is_drawn_about_once_a_second(app: App, screen: str) -> None:
    scene = STILL_SCREENS[screen](app)
    if app.stack.top is not scene:
        app.push(scene)
    app.tick(16)
    assert not scene.needs_frame(), f"{screen} says it moves while nothing does"
    drawn = frames_drawn_while_idle(app)
    assert drawn <= SECONDS, f"{screen}: {drawn} frames drawn in {SECONDS - 1} idle seconds"


def test_the_results_screen_is_still_too(app: App) -> None:
    scene = results(app)
    assert not scene.needs_frame()
    assert frames_drawn_while_idle(app) <= SECONDS


def test_a_playing_replay_keeps_drawing(app: App) -> None:
    """The other side: a scene that moves by itself is drawn every frame."""
    from scenes.replay import ReplayScene

    app.runner_factory = SyncBotRunner
    match = results(app).match  # type: ignore[attr-defined]
    outcome = match.state.outcome()
    seats = tuple(seat.name for seat in match.seats)
    info = ReplayInfo(
        Path("test.json"),
        "m1",
        "omi",
        0.0,
        1.0,
        seats,
        outcome.winners,
        outcome.summary,
        len(match.log),
        match.to_json(),
    )
    replay = ReplayScene(app, info)
    app.push(replay)
    assert not replay.needs_frame()  # paused at the start
    replay.playing = True
    assert replay.needs_frame()
    assert frames_drawn_while_idle(app) >= 60 * (SECONDS - 1) * 0.9
