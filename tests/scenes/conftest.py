"""Headless scenes: SDL's dummy video and audio drivers, one App per test, settings in tmp."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import cast  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.app import App  # noqa: E402
from scenes.omi.table import OmiTable  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(SettingsFile(tmp_path), size=(1280, 720), data_dir=tmp_path)
    yield application
    for scene in list(reversed(application.stack.scenes)):
        scene.exit()
    application.stack.scenes.clear()
    pygame.quit()


@pytest.fixture
def quick_app(app: App) -> App:
    """The app with no animation, bots that answer at once, in this process."""
    from game.core.runner import SyncBotRunner

    app.settings.animation = "instant"
    app.settings.bot_pace = "instant"
    app.runner_factory = SyncBotRunner
    return app


def key(code: int, mod: int = 0) -> pygame.event.Event:
    """A key pressed (and held: follow with ``release`` or use ``keys`` for whole taps)."""
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def release(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)


def keys(*codes: int) -> list[pygame.event.Event]:
    """Each key pressed and released, in order."""
    return [event for code in codes for event in (key(code), release(code))]


def click(pos: tuple[int, int], button: int = 1) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
    ]


def run_frames(app: App, frames: int, dt_ms: int = 16) -> None:
    for _ in range(frames):
        app.tick(dt_ms)


def omi_table(
    app: App,
    humans: tuple[int, ...] = (0,),
    seed: int = 11,
    options: dict[str, object] | None = None,
) -> OmiTable:
    """An Omi table with ``humans`` seated and normal bots elsewhere, bots thinking in-process."""
    from game.core.match import Seat
    from game.core.runner import SyncBotRunner
    from scenes.session import DEFAULT_NAMES, TableSetup, new_match, table_scene

    seats = [Seat("human" if i in humans else "bot", DEFAULT_NAMES[i], "normal") for i in range(4)]
    setup = TableSetup("omi", seats, dict(options or {}), seed)
    match = new_match(setup, app.settings.pace_ms, SyncBotRunner())
    scene = cast(OmiTable, table_scene(app, match))
    app.push(scene)
    return scene


def run_until(
    app: App, predicate: Callable[[], object], max_frames: int = 5000, dt_ms: int = 16
) -> None:
    for _ in range(max_frames):
        if predicate():
            return
        app.tick(dt_ms)
    raise AssertionError(f"condition not reached in {max_frames} frames")


def press(app: App, *codes: int) -> None:
    """Tap the keys, then one frame."""
    app.feed(keys(*codes))
    app.tick(16)


def focus_label(app: App, label: str) -> None:
    """Move the focus of the top scene's form with Down until the item ``label`` has it."""
    form = app.stack.top.form  # type: ignore[union-attr]
    for _ in range(len(form.items)):
        if form.focused.label == label:
            return
        press(app, pygame.K_DOWN)
    raise AssertionError(f"no item {label!r}")
