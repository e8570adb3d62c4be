"""The real start on a data folder and every screen that reads a stored file, headless: shared by
the fuzz suite (tests/store/test_fuzz.py) and the damage matrix (bench/damage_matrix.py)."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.runner import SyncBotRunner  # noqa: E402
from game.store import files  # noqa: E402
from game.store.store import Store  # noqa: E402


@contextmanager
def bounded(seconds: int) -> Iterator[None]:
    """A hang fails the case (``TimeoutError``) instead of stalling the run (POSIX)."""

    def hang(signum: int, frame: object) -> None:
        signal.alarm(5)  # again, should the clean-up on the way out hang as well
        raise TimeoutError(f"a case took over {seconds} s: something hangs")

    previous = signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def hearing() -> Iterator[list[str]]:
    """Every line the player is told (the store's notices), wherever a screen shows it."""
    said: list[str] = []
    real = files.Notices.add

    def add(self: files.Notices, message: str) -> None:
        said.append(message)
        real(self, message)

    files.Notices.add = add  # type: ignore[method-assign]
    try:
        yield said
    finally:
        files.Notices.add = real  # type: ignore[method-assign]


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def visit_every_screen(root: Path) -> None:
    """The real start on ``root`` and every screen that reads a stored file."""
    from game.core.registry import all_games
    from scenes.app import App
    from scenes.omg.builder import DeckBuilderScene
    from scenes.replay import ReplayListScene, ReplayScene
    from scenes.resume import ResumeScene, offer_resume
    from scenes.seats import SeatsScene
    from scenes.settings import SettingsFile
    from scenes.stats import StatsScene

    store = Store.open(root, background_autosave=True, logging_to_file=False)
    app = App(SettingsFile(store), size=(1024, 640))
    app.runner_factory = SyncBotRunner
    app.settings.animation = "instant"
    try:
        app.to_title()
        app.tick(16)
        if offer_resume(app, store) and isinstance(app.stack.top, ResumeScene):
            app.tick(16)
            app.stack.top.form.items[0].activate()  # Continue
            for _ in range(3):
                app.tick(16)
            app.to_title()
        stats = StatsScene(app, store.stats)
        app.push(stats)
        for _ in all_games():
            app.tick(16)
            app.feed([key(pygame.K_RIGHT)])
        app.to_title()
        for game in all_games():
            listing = ReplayListScene(app, store.replays, game.info.id)
            app.push(listing)
            app.tick(16)
            if listing.infos:
                listing.form.items[1].activate()
                if isinstance(app.stack.top, ReplayScene):
                    for code in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_END, pygame.K_LEFT):
                        app.feed([key(code)])
                        app.tick(16)
            app.to_title()
        for game in all_games():
            app.push(SeatsScene(app, game.info.id, seed=1))
            app.tick(16)
            app.to_title()
        app.push(DeckBuilderScene(app))
        app.tick(16)
    finally:
        app.close()


def run_case(root: Path, place: Path | None, bound_s: int = 60) -> str | None:
    """A start on ``root`` visiting every screen, then a second one. None if all went as it
    should: no exception, no hang, ``place`` (the damaged file) read or set aside into
    ``damaged/`` once with one line, and the second start with nothing to say. Otherwise what
    went wrong, in a line. ``place`` None: a folder-level case (one line per start at most)."""
    try:
        with hearing() as heard:
            with bounded(bound_s):
                visit_every_screen(root)
            first = list(heard)
            heard.clear()
            with bounded(bound_s):
                visit_every_screen(root)
            second = list(heard)
    except Exception as exc:  # the finding itself: reported, not raised
        return f"{type(exc).__name__}: {exc}"[:300]
    if any("\n" in line or len(line) >= 400 for line in first + second):
        return "a notice of more than one short line"
    if place is None:
        return None if len(first) <= 1 and len(second) <= 1 else f"told {first} then {second}"
    aside = place.parent / "damaged"
    if aside.exists():
        # The settings are written afresh with the defaults; any other file stays away.
        if place.name != "settings.json" and (place.exists() or place.is_symlink()):
            return "set aside, yet a file is back in its place"
        if len(list(aside.iterdir())) != 1:
            return "set aside more than once"
        if len(first) != 1 or "damaged/" not in first[0]:
            return f"set aside with {len(first)} lines: {first}"
    elif len(first) > 1:
        return f"read, with {len(first)} lines: {first}"
    if second:
        return f"the second start said: {second}"
    return None
