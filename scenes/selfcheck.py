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
    from game.store.store import Store
    from scenes.app import App
    from scenes.scene import Scene

WINDOW_SIZE = (1280, 720)
SMALL_SIZE = (800, 600)  # a second layout, so size-dependent code runs twice
FRAME_MS = 16
SCENE_FRAMES = 5
WATCHDOG_S = 600  # a hang (say, a bot worker that never answers) must not stall CI forever

# Scenes that exist only to be subclassed.
BASE_SCENES = {"scenes.scene.Scene", "scenes.menus.MenuScene", "scenes.table.base.TableScene"}


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


def resume_scene(app: App, game_id: str, data_dir: Path) -> Scene:
    """The start-up prompt for a saved match, made the real way: a store follows a match with the
    default seats (you and bots) until it is your turn, autosaving each action, then finds it
    pending as at the next start."""
    from game.store.store import Store
    from scenes.resume import ResumeScene
    from scenes.session import default_setup, new_match, sync_runner

    store = Store.open(data_dir / "resume-check", logging_to_file=False)
    setup = default_setup(game_id, seed=DEMO_SEED)
    humans = set(setup.humans())
    match = new_match(setup, pace_ms=(0, 0), runner=sync_runner())
    store.follow(match)
    for _ in range(1000):
        if match.log and humans & match.state.to_act():
            break
        match.update(DEMO_DT_MS)
    store.close()
    saved = store.pending_match()
    if saved is None:
        raise RuntimeError(f"{game_id}: the autosaved match was not found again")
    return ResumeScene(app, store, saved)


@functools.cache
def store_with_a_finished_match(game_id: str, data_dir: Path) -> Store:
    """A store that followed one short bot match to its end: it filed statistics and a replay."""
    from game.core.match import Seat
    from game.store.store import Store
    from scenes.session import default_setup, new_match, sync_runner

    store = Store.open(data_dir / f"finished-{game_id}", logging_to_file=False)
    setup = default_setup(game_id, seed=DEMO_SEED)
    setup.seats = [Seat("bot", seat.name, seat.level or "normal") for seat in setup.seats]
    setup.options.update(short_match_options(game_id))
    match = new_match(setup, pace_ms=(0, 0), runner=sync_runner())
    store.follow(match)
    match.run_to_end()
    store.close()
    return store


def replay_scene(app: App, game_id: str, data_dir: Path) -> Scene:
    from scenes.replay import ReplayScene

    entries = store_with_a_finished_match(game_id, data_dir).replays.entries(game_id)
    if not entries:
        raise RuntimeError(f"{game_id}: the finished match was not kept as a replay")
    return ReplayScene(app, entries[0])


def scene_factories(data_dir: Path) -> dict[str, list[tuple[str, Callable[[App], Scene]]]]:
    """How to build the scenes that need more than the App, one entry per variant worth seeing.

    Scenes that show a running match (the tables, their overlays and the results) are built by the
    demo matches instead; ``check_coverage`` fails if any scene was built by neither.
    """
    from game.store.stats import Statistics
    from scenes.crash import CrashScene
    from scenes.menus import GameChoiceScene, PauseScene
    from scenes.replay import ReplayListScene
    from scenes.rules import RulesScene
    from scenes.seats import SeatsScene
    from scenes.session import games_with_tables
    from scenes.stats import StatsScene

    games = [game.info.id for game in games_with_tables()]

    def filed(game_id: str) -> Store:
        return store_with_a_finished_match(game_id, data_dir)

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
        "scenes.crash.CrashScene": [
            (
                "sample error",
                lambda app: CrashScene(app, RuntimeError("self-check sample"), log_file=None),
            )
        ],
        "scenes.rules.RulesScene": [
            (game, lambda app, game=game: RulesScene(app, game)) for game in games
        ],
        "scenes.resume.ResumeScene": [
            (game, lambda app, game=game: resume_scene(app, game, data_dir)) for game in games
        ],
        "scenes.stats.StatsScene": [
            ("none yet", lambda app: StatsScene(app, Statistics())),
            *((game, lambda app, game=game: StatsScene(app, filed(game).stats)) for game in games),
        ],
        "scenes.replay.ReplayListScene": [
            (game, lambda app, game=game: ReplayListScene(app, filed(game).replays, game))
            for game in games
        ],
        "scenes.replay.ReplayScene": [
            (game, lambda app, game=game: replay_scene(app, game, data_dir)) for game in games
        ],
    }


def qualified_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


@dataclass
class SceneLedger:
    """Which scene classes were built, by the scenes check or seen on the stack in a demo."""

    expected: set[str] = field(default_factory=set)  # every scene class found
    built: set[str] = field(default_factory=set)
    # Scene → why the scenes check left it to the demos.
    deferred: dict[str, str] = field(default_factory=dict)

    def saw(self, app: App) -> None:
        for scene in app.stack.scenes:
            self.built.add(qualified_name(type(scene)))


def check_scenes(app: App, ledger: SceneLedger, data_dir: Path) -> str:
    from scenes.session import TABLES

    table_classes = {target.replace(":", ".") for target in TABLES.values()}
    factories = scene_factories(data_dir)
    count = 0
    errors = []
    for cls in scene_classes():
        name = qualified_name(cls)
        ledger.expected.add(name)
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
                ledger.built.add(name)
                count += 1
            except Exception as exc:  # keep going: report every broken scene at once
                errors.append(f"{name}({label}): {describe_failure(exc)}")
            app.stack.scenes.clear()
    if errors:
        raise RuntimeError("; ".join(errors))
    if count == 0:
        raise RuntimeError("the program has no scenes")
    return f"{count} builds of {len(ledger.built)} scene classes"


# --- 4. demo matches ----------------------------------------------------------------------------

DEMO_SEED = 7
# A short match where the game offers a length option: every hand shows the same scenes, so a
# few hands show them all (the results included) in a quarter of the time.
SHORT_MATCH_OPTIONS = {"max_hands": 3}
DEMO_DT_MS = 33  # game time per tick; ticks run as fast as the machine draws them
DEMO_WALL_S = 240.0  # per game
SETTLE_FRAMES = 30  # frames of the scene that follows the table (the results)


def short_match_options(game_id: str) -> dict[str, int]:
    from game.core.registry import find_game

    names = {spec.name for spec in find_game(game_id).info.options}
    return {name: value for name, value in SHORT_MATCH_OPTIONS.items() if name in names}


def demo_match(app: App, game_id: str, ledger: SceneLedger) -> str:
    """Four (or the game's usual number of) bots play one whole match on the real table."""
    from game.core.match import Seat
    from scenes.session import default_setup, new_match, table_scene

    setup = default_setup(game_id, seed=DEMO_SEED)
    setup.seats = [Seat("bot", seat.name, seat.level or "normal") for seat in setup.seats]
    setup.options.update(short_match_options(game_id))
    match = new_match(setup, pace_ms=(0, 0))  # the table's own worker-process bot runner
    app.stack.scenes.clear()
    table = table_scene(app, match)
    app.push(table)
    started = time.perf_counter()
    frames = 0

    def step() -> None:
        nonlocal frames
        if time.perf_counter() - started > DEMO_WALL_S:
            raise TimeoutError(f"{game_id}: no end after {DEMO_WALL_S:.0f} s ({frames} frames)")
        app.tick(DEMO_DT_MS)
        ledger.saw(app)
        frames += 1

    try:
        # The table leaves the stack once the match is over and everything about it was shown.
        while table in app.stack.scenes:
            step()
        if not match.is_over():
            raise RuntimeError(f"{game_id}: the table closed before the match ended")
        if not app.stack.scenes:
            raise RuntimeError(f"{game_id}: nothing came after the table")
        for _ in range(SETTLE_FRAMES):  # the results (or whatever follows) draw a while
            step()
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
    missing = sorted(ledger.expected - ledger.built)
    if not ledger.expected:
        raise RuntimeError("no scene classes were found")
    if missing:
        reasons = "; ".join(
            f"{name} ({ledger.deferred.get(name, 'failed above')})" for name in missing
        )
        raise RuntimeError(f"never built: {reasons}")
    names = sorted(name.rsplit(".", 1)[1] for name in ledger.built)
    return f"all {len(names)} scene classes built: {', '.join(names)}"


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
        checker.run(f"demo {game_id}", lambda game_id=game_id: demo_match(app, game_id, ledger))
    checker.run("coverage", lambda: check_coverage(ledger))
    app.close()


def run_self_check(args: argparse.Namespace) -> int:
    """Entry point for ``omnibus --self-check``; returns the process exit code."""
    use_dummy_drivers_if_headless()
    watchdog = sys.stderr is not None  # a windowed Windows build has no stderr to dump into
    if watchdog:
        faulthandler.dump_traceback_later(WATCHDOG_S, exit=True)
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
