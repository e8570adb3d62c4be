"""``omnibus --self-check``: prove that this copy of the program works, headless, in under a minute.

CI runs it on the built one-file executable in an empty environment, so a hidden import or a data
file that PyInstaller missed fails the build instead of a player's first start. It:

1. opens the display (SDL's dummy driver when there is no screen) with the title and icon;
2. opens every bundled asset with the loader its type needs (images, fonts, sounds, texts), and
   plays one bot-only match of every registered game on game time (rules, data files, bots);
3. builds every scene the program has: enters it, lays it out at two window sizes, updates and
   draws a few frames, and leaves it;
4. plays a short demo match (three hands, where the game has a ``max_hands`` option) of every game
   that has a table, bots in every seat thinking in their worker process as in a real game, until
   the match ends and the results show; then checks that every scene class was built.

It prints one line per check and exits 0 only if all passed, else 1 with the reasons. Settings,
saves and statistics go to a temporary folder (or ``--data-dir``), never the player's own.
"""

from __future__ import annotations

import argparse
import faulthandler
import functools
import importlib.util
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from scenes.resources import (
    ICON_FILE,
    PYPROJECT_FILE,
    WINDOW_TITLE,
    app_version,
    is_frozen,
    resource_path,
)
from scenes.selfcheck_scenes import (
    DEMO_SEED,
    WINDOW_SIZE,
    SceneLedger,
    check_coverage,
    check_scenes,
    demo_match,
    describe_failure,
    no_tables,
)

if TYPE_CHECKING:
    from scenes.app import App

WATCHDOG_S = 600  # a hang (say, a bot worker that never answers) must not stall CI forever


def has_screen() -> bool:
    """Whether a real display is there to open (Windows and macOS always have one)."""
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def use_dummy_drivers_if_headless() -> bool:
    """Pick SDL's dummy video and audio drivers when there is no screen; True if it did."""
    if has_screen() or os.environ.get("SDL_VIDEODRIVER"):
        return False
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return True


@dataclass
class CheckResult:
    name: str
    ok: bool
    detail: str
    seconds: float


@dataclass
class SelfCheck:
    """Runs named checks, keeps going after a failure, and reports each one."""

    out: Callable[[str], None] = print
    results: list[CheckResult] = field(default_factory=list)

    def run(self, name: str, check: Callable[[], str]) -> bool:
        started = time.perf_counter()
        try:
            detail = check()
            ok = True
        except Exception as exc:  # every failure is reported, then the next check runs
            detail = describe_failure(exc)
            ok = False
        result = CheckResult(name, ok, detail, time.perf_counter() - started)
        self.results.append(result)
        mark = "ok  " if ok else "FAIL"
        self.out(f"{mark} {name} ({result.seconds:.2f} s): {detail}")
        return ok

    @property
    def failures(self) -> list[CheckResult]:
        return [result for result in self.results if not result.ok]


# --- 1. display ---------------------------------------------------------------------------------


def check_display() -> str:
    import pygame

    from scenes.resources import set_window_identity

    pygame.display.init()
    set_window_identity()
    surface = pygame.display.set_mode(WINDOW_SIZE)
    surface.fill((0, 0, 0))
    pygame.display.flip()
    if pygame.display.get_caption()[0] != WINDOW_TITLE:
        raise RuntimeError(f"window title is {pygame.display.get_caption()[0]!r}")
    return f"driver {pygame.display.get_driver()}, {surface.get_width()}x{surface.get_height()}"


# --- 2. assets ----------------------------------------------------------------------------------

IMAGE_SUFFIXES = {".png", ".bmp", ".jpg", ".jpeg", ".gif", ".webp"}
FONT_SUFFIXES = {".ttf", ".otf"}
SOUND_SUFFIXES = {".wav", ".ogg", ".mp3", ".flac"}
TEXT_SUFFIXES = {".md", ".txt", ".json", ".csv", ".toml"}
# Present in the source tree only: not bundled (see omnibus.spec), so not looked for.
SOURCE_ONLY_ASSETS = {"icon.py", "icon.ico", "icon.icns"}


def bundled_assets() -> Iterator[Path]:
    root = resource_path("assets")
    if not root.is_dir():
        raise FileNotFoundError(f"no assets folder at {root}")
    for path in sorted(root.rglob("*")):
        if (
            path.is_file()
            and path.name not in SOURCE_ONLY_ASSETS
            and "__pycache__" not in path.parts
        ):
            yield path


def open_asset(path: Path) -> None:
    """Open one asset the way the program would; raises if it cannot be used."""
    import pygame

    suffix = path.suffix.lower()
    if suffix in IMAGE_SUFFIXES:
        pygame.image.load(path)
    elif suffix in FONT_SUFFIXES:
        pygame.font.init()
        pygame.font.Font(path, 16).render("Omnibus", True, (255, 255, 255))
    elif suffix in SOUND_SUFFIXES:
        if pygame.mixer.get_init() is None:
            pygame.mixer.init()
        pygame.mixer.Sound(path)
    elif suffix in TEXT_SUFFIXES:
        text = path.read_text(encoding="utf-8")
        if suffix == ".json":
            json.loads(text)
    else:
        path.read_bytes()


def check_assets() -> str:
    count = 0
    for path in bundled_assets():
        open_asset(path)
        count += 1
    if count == 0:
        raise FileNotFoundError("the assets folder is empty")
    for needed in (ICON_FILE, PYPROJECT_FILE):
        if not resource_path(needed).is_file():
            raise FileNotFoundError(needed)
    return f"{count} files under {resource_path('assets')}"


def check_version() -> str:
    version = app_version()
    if version == "unknown":
        raise RuntimeError("no version: pyproject.toml is missing from the bundle")
    return version


# Test, benchmark and heavy packages that must never be in a build (the spec excludes them and
# `make dist` builds from a venv without them).
KEPT_OUT_OF_BUILDS = (
    "pytest",
    "hypothesis",
    "mypy",
    "ruff",
    "numpy",
    "PIL",
    "tkinter",
    "PyInstaller",
)


def check_bundle_contents() -> str:
    """In a build: none of the packages that must stay out can be imported."""
    if not is_frozen():
        return "running from source: nothing to check"
    found = [name for name in KEPT_OUT_OF_BUILDS if importlib.util.find_spec(name) is not None]
    if found:
        raise RuntimeError(f"the build contains {', '.join(found)}")
    return f"none of {', '.join(KEPT_OUT_OF_BUILDS)}"


def check_games() -> str:
    """Every registered game (with or without a table) plays one bot-only match on game time:
    its rules, data files and bots load in this build."""
    from game.core.match import Match, Seat
    from game.core.registry import all_games

    played = []
    for game in all_games():
        players = max(game.info.min_players, min(4, game.info.max_players))
        level = "normal" if "normal" in game.info.bot_levels else game.info.bot_levels[0]
        seats = [Seat("bot", f"bot {seat}", level) for seat in range(players)]
        match = Match(game, seats, DEMO_SEED)
        match.run_to_end()
        played.append(f"{game.info.id} ({len(match.log)} actions)")
    if not played:
        raise RuntimeError("no game is registered")
    return ", ".join(played)


# --- the run ------------------------------------------------------------------------------------


def make_app(data_dir: Path) -> App:
    from scenes.app import App
    from scenes.settings import SettingsFile

    app = App(SettingsFile(data_dir), size=WINDOW_SIZE, data_dir=data_dir)
    app.settings.animation = "fast"
    app.settings.bot_pace = "instant"
    return app


def run_checks(checker: SelfCheck, data_dir: Path) -> None:
    checker.run("version", check_version)
    checker.run("bundle", check_bundle_contents)
    checker.run("display", check_display)
    checker.run("assets", check_assets)
    checker.run("games", check_games)
    holder: dict[str, App] = {}

    def start_app() -> str:
        holder["app"] = make_app(data_dir)
        return f"window {holder['app'].size[0]}x{holder['app'].size[1]}"

    if not checker.run("app", start_app):
        return
    app = holder["app"]
    ledger = SceneLedger()
    checker.run("scenes", lambda: check_scenes(app, ledger, data_dir))
    from scenes.session import games_with_tables

    games = [game.info.id for game in games_with_tables()]
    if not games:
        checker.run("demo", no_tables)
    for game_id in games:
        checker.run(f"demo {game_id}", functools.partial(demo_match, app, game_id, ledger))
    checker.run("coverage", lambda: check_coverage(ledger))
    app.close()


def start_watchdog() -> bool:
    """End the process with a traceback if the checks hang; False where stderr is no real file
    (a windowed Windows build has none, and test runners capture it)."""
    try:
        faulthandler.dump_traceback_later(WATCHDOG_S, exit=True)
    except (RuntimeError, ValueError, OSError):  # io.UnsupportedOperation is an OSError
        return False
    return True


def run_self_check(args: argparse.Namespace) -> int:
    """Entry point for ``omnibus --self-check``; returns the process exit code."""
    use_dummy_drivers_if_headless()
    watchdog = start_watchdog()
    checker = SelfCheck()
    try:
        with tempfile.TemporaryDirectory(prefix="omnibus-self-check-") as scratch:
            data_dir = Path(getattr(args, "data_dir", None) or scratch)
            where = "on screen" if has_screen() else "headless"
            checker.out(f"Omnibus {app_version()} self-check, {where}, data in {data_dir}")
            run_checks(checker, data_dir)
    finally:
        if watchdog:
            faulthandler.cancel_dump_traceback_later()
        import pygame

        pygame.quit()
    failures = checker.failures
    if failures:
        checker.out(f"self-check FAILED: {len(failures)} of {len(checker.results)} checks")
        for result in failures:
            checker.out(f"  {result.name}: {result.detail}")
        return 1
    checker.out(f"self-check passed: {len(checker.results)} checks")
    return 0
