"""``omnibus --self-check``: prove that this copy of the program works, headless, in seconds.

CI runs it on the built one-file executable in an empty environment, so a hidden import or a data
file that PyInstaller missed fails the build instead of a player's first start. It:

1. opens the display (SDL's dummy driver when there is no screen) with the title and icon;
2. opens every bundled asset with the loader its type needs (images, fonts, sounds, texts);
3. builds every scene the program has: enters it, lays it out at two window sizes, updates and
   draws a few frames, and leaves it;
4. plays a short demo match of every game that has a table, bots in every seat thinking in their
   worker process as in a real game, until the match ends.

It prints one line per check and exits 0 only if all passed, else 1 with the reasons. Settings,
saves and statistics go to a temporary folder (or ``--data-dir``), never the player's own.
"""

from __future__ import annotations

import argparse
import faulthandler
import importlib
import json
import os
import pkgutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from scenes.resources import WINDOW_TITLE, app_version, resource_path

if TYPE_CHECKING:
    from scenes.app import App
    from scenes.scene import Scene

WINDOW_SIZE = (1280, 720)
SMALL_SIZE = (800, 600)  # a second layout, so size-dependent code runs twice
FRAME_MS = 16
SCENE_FRAMES = 5
WATCHDOG_S = 600  # a hang (say, a bot worker that never answers) must not stall CI forever

# Scenes that exist only to be subclassed.
BASE_SCENES = {"scenes.scene.Scene", "scenes.menus.MenuScene"}


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


def describe_failure(exc: BaseException) -> str:
    """The error and the innermost project frame it came from: enough to find the cause."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [
        f
        for f in frames
        if "/game/" in f.filename.replace("\\", "/") or "/scenes/" in f.filename.replace("\\", "/")
    ]
    where = ours[-1] if ours else (frames[-1] if frames else None)
    place = f" at {Path(where.filename).name}:{where.lineno}" if where else ""
    return f"{type(exc).__name__}: {exc}{place}"


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
    for needed in ("assets/icon.png", "pyproject.toml"):
        if not resource_path(needed).is_file():
            raise FileNotFoundError(needed)
    return f"{count} files under {resource_path('assets')}"


def check_version() -> str:
    version = app_version()
    if version == "unknown":
        raise RuntimeError("no version: pyproject.toml is missing from the bundle")
    return version


# --- 3. scenes ----------------------------------------------------------------------------------


def scene_modules() -> list[str]:
    """Every module of the scenes package (works frozen: PyInstaller's importer lists them)."""
    import scenes

    names = ["scenes"]
    for info in pkgutil.walk_packages(scenes.__path__, "scenes."):
        names.append(info.name)
    return names


def scene_classes() -> list[type[Scene]]:
    """Every concrete Scene subclass defined in the scenes package."""
    from scenes.scene import Scene

    for name in scene_modules():
        if name != __name__:
            importlib.import_module(name)
    found: list[type[Scene]] = []
    todo = list(Scene.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        qualified = f"{cls.__module__}.{cls.__qualname__}"
        if (
            cls.__module__.startswith("scenes.")
            and qualified not in BASE_SCENES
            and cls not in found
        ):
            found.append(cls)
    return sorted(found, key=lambda cls: (cls.__module__, cls.__qualname__))


def exercise_scene(app: App, scene: Scene) -> None:
    """Enter the scene on top of the stack, lay it out twice, run a few frames, leave it."""
    import pygame

    app.push(scene)
    for size in (SMALL_SIZE, WINDOW_SIZE):
        scene.resize(size)
        for _ in range(SCENE_FRAMES):
            app.tick(FRAME_MS)
    pygame.display.flip()
    if app.stack.top is scene:
        app.stack.pop()


def scene_factories() -> dict[str, list[tuple[str, Callable[[App], Scene]]]]:
    """How to build the scenes that need more than the App, one entry per variant worth seeing.

    Scenes that show a running match (the tables, their overlays and the results) are built by the
    demo matches instead; ``check_coverage`` fails if any scene was built by neither.
    """
    from scenes.menus import GameChoiceScene, PauseScene
    from scenes.rules import RulesScene
    from scenes.seats import SeatsScene
    from scenes.session import games_with_tables

    games = [game.info.id for game in games_with_tables()]
    return {
        "scenes.menus.GameChoiceScene": [
            ("play", lambda app: GameChoiceScene(app, then="seats")),
            ("rules", lambda app: GameChoiceScene(app, then="rules")),
        ],
        "scenes.menus.PauseScene": [
            (game, lambda app, game=game: PauseScene(app, on_leave=lambda: None, game_id=game))
            for game in games
        ],
        "scenes.seats.SeatsScene": [
            (game, lambda app, game=game: SeatsScene(app, game, seed=1)) for game in games
        ],
        "scenes.rules.RulesScene": [
            (game, lambda app, game=game: RulesScene(app, game)) for game in games
        ],
    }


def qualified_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


@dataclass
class SceneLedger:
    """Which scene classes were built, by the scenes check or seen on the stack in a demo."""

    built: set[str] = field(default_factory=set)
    deferred: dict[str, str] = field(
        default_factory=dict
    )  # scene → why the scenes check skipped it

    def saw(self, app: App) -> None:
        for scene in app.stack.scenes:
            self.built.add(qualified_name(type(scene)))


def check_scenes(app: App, ledger: SceneLedger) -> str:
    from scenes.session import TABLES

    table_classes = {target.replace(":", ".") for target in TABLES.values()}
    factories = scene_factories()
    count = 0
    for cls in scene_classes():
        name = qualified_name(cls)
        if name in table_classes:
            ledger.deferred[name] = "a table: built by its demo match"
            continue
        variants = factories.get(name)
        if variants is None:
            try:
                plain = cls(app)  # type: ignore[call-arg]
            except TypeError as exc:  # needs a running match: a demo must show it
                ledger.deferred[name] = f"needs more than the app ({exc})"
                continue
            variants = [("", lambda app, plain=plain: plain)]
        for label, make in variants:
            try:
                exercise_scene(app, make(app))
            except Exception as exc:
                where = f"{name}({label})" if label else name
                raise RuntimeError(f"{where}: {describe_failure(exc)}") from exc
            count += 1
        ledger.built.add(name)
        app.stack.scenes.clear()
    if count == 0:
        raise RuntimeError("the program has no scenes")
    return f"{count} builds of {len(ledger.built)} scene classes"


# --- 4. demo matches ----------------------------------------------------------------------------

DEMO_SEED = 7
DEMO_DT_MS = 33  # game time per tick; ticks run as fast as the machine draws them
DEMO_WALL_S = 240.0  # per game
SETTLE_FRAMES = 120  # after the match ends: let the results scene come up and draw


def demo_match(app: App, game_id: str, ledger: SceneLedger) -> str:
    """Four (or the game's usual number of) bots play one whole match on the real table."""
    from game.core.match import Seat
    from scenes.session import default_setup, new_match, table_scene

    setup = default_setup(game_id, seed=DEMO_SEED)
    setup.seats = [Seat("bot", seat.name, seat.level or "normal") for seat in setup.seats]
    match = new_match(setup, pace_ms=(0, 0))  # the table's own worker-process bot runner
    app.stack.scenes.clear()
    app.push(table_scene(app, match))
    started = time.perf_counter()
    frames = 0
    try:
        while not match.is_over():
            if time.perf_counter() - started > DEMO_WALL_S:
                raise TimeoutError(f"{game_id}: no end after {DEMO_WALL_S:.0f} s ({frames} frames)")
            if not app.stack.scenes:
                raise RuntimeError(f"{game_id}: the table closed before the match ended")
            app.tick(DEMO_DT_MS)
            ledger.saw(app)
            frames += 1
        for _ in range(SETTLE_FRAMES):
            if not app.stack.scenes:
                break
            app.tick(DEMO_DT_MS)
            ledger.saw(app)
            frames += 1
    finally:
        for scene in list(reversed(app.stack.scenes)):
            scene.exit()
        app.stack.scenes.clear()
        runner = getattr(match, "runner", None)
        if runner is not None:
            runner.close()
    return f"{game_id}: {len(match.log)} actions, {frames} frames, {time.perf_counter() - started:.1f} s"


def no_tables() -> str:
    raise RuntimeError("no game has a table")


def check_coverage(ledger: SceneLedger) -> str:
    missing = {name: why for name, why in ledger.deferred.items() if name not in ledger.built}
    if missing:
        lines = "; ".join(f"{name} ({why})" for name, why in sorted(missing.items()))
        raise RuntimeError(f"never built: {lines}. Give it a factory in scenes/selfcheck.py")
    return f"all {len(ledger.built)} scene classes built"


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
    checker.run("display", check_display)
    checker.run("assets", check_assets)
    holder: dict[str, App] = {}

    def start_app() -> str:
        holder["app"] = make_app(data_dir)
        return f"window {holder['app'].size[0]}x{holder['app'].size[1]}"

    if not checker.run("app", start_app):
        return
    app = holder["app"]
    ledger = SceneLedger()
    checker.run("scenes", lambda: check_scenes(app, ledger))
    from scenes.session import games_with_tables

    games = [game.info.id for game in games_with_tables()]
    if not games:
        checker.run("demo", no_tables)
    for game_id in games:
        checker.run(f"demo {game_id}", lambda game_id=game_id: demo_match(app, game_id, ledger))
    checker.run("coverage", lambda: check_coverage(ledger))
    app.close()


def run_self_check(args: argparse.Namespace) -> int:
    """Entry point for ``omnibus --self-check``; returns the process exit code."""
    headless = use_dummy_drivers_if_headless()
    watchdog = sys.stderr is not None  # a windowed Windows build has no stderr to dump into
    if watchdog:
        faulthandler.dump_traceback_later(WATCHDOG_S, exit=True)
    checker = SelfCheck()
    try:
        with tempfile.TemporaryDirectory(prefix="omnibus-self-check-") as scratch:
            data_dir = Path(getattr(args, "data_dir", None) or scratch)
            checker.out(
                f"Omnibus {app_version()} self-check, {'headless' if headless else 'on screen'}"
            )
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
