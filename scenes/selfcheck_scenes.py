"""The scene half of ``--self-check``: find every scene class, build each one, play a short demo
match on every table, and check that no scene class was left unbuilt.

Scenes are found by walking the ``scenes`` package, so a new scene is checked without being
listed. One that needs more than the App gets a factory in ``scene_factories`` (one entry per
variant worth seeing); a table scene and whatever follows it (the results) are built by the demo
matches; ``check_coverage`` fails for any class built by neither.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import pkgutil
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.store.store import Store
    from scenes.app import App
    from scenes.scene import Scene

WINDOW_SIZE = (1280, 720)
SMALL_SIZE = (800, 600)  # a second layout, so size-dependent code runs twice
FRAME_MS = 16
SCENE_FRAMES = 5
# Scenes a table puts up by itself: the demo matches build them.
SHOWN_BY_DEMOS = {"scenes.results.ResultsScene"}
# Modules of the self-check itself: no scenes there.
SELF_CHECK_MODULES = {"scenes.selfcheck", "scenes.selfcheck_scenes"}

DEMO_SEED = 7
# A short match where the game offers a length option: every hand shows the same scenes, so a
# few hands show them all (the results included) in a quarter of the time.
SHORT_MATCH_OPTIONS = {"max_hands": 3}
DEMO_DT_MS = 33  # game time per tick; ticks run as fast as the machine draws them
DEMO_WALL_S = 240.0  # per game
SETTLE_FRAMES = 30  # frames of the scene that follows the table (the results)


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


# --- scenes ----------------------------------------------------------------------------------


def scene_modules() -> list[str]:
    """Every module of the scenes package (works frozen: PyInstaller's importer lists them)."""
    import scenes

    names = ["scenes"]
    for info in pkgutil.walk_packages(scenes.__path__, "scenes."):
        names.append(info.name)
    return names


def scene_classes() -> list[type[Scene]]:
    """Every concrete Scene class defined in the scenes package: a class that another scene
    class extends (the kit's TableScene, the menus' form, a table's mixin layers) is a base,
    built whenever its subclasses are."""
    from scenes.scene import Scene

    for name in scene_modules():
        if name not in SELF_CHECK_MODULES:
            importlib.import_module(name)
    found: list[type[Scene]] = []
    todo = list(Scene.__subclasses__())
    while todo:
        cls = todo.pop()
        subclasses = cls.__subclasses__()
        todo.extend(subclasses)
        extended = any(sub.__module__.startswith("scenes.") for sub in subclasses)
        if cls.__module__.startswith("scenes.") and not extended and cls not in found:
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


def play_choice(app: App) -> Scene:
    from scenes.menus import GameChoiceScene

    return GameChoiceScene(app, then="seats")


def rules_choice(app: App) -> Scene:
    from scenes.menus import GameChoiceScene

    return GameChoiceScene(app, then="rules")


def pause_scene(app: App, game_id: str) -> Scene:
    from scenes.pause import PauseScene

    return PauseScene(app, on_leave=lambda **_: None, game_id=game_id)


def leave_scene(app: App) -> Scene:
    from scenes.pause import LeaveScene

    return LeaveScene(app, on_leave=lambda **_: None)


def forfeit_scene(app: App, own_key: str | None) -> Scene:
    from scenes.omg.forfeit import ForfeitScene

    return ForfeitScene(app, "Amal", "Dev", own_key, give_up=lambda: None)


def seat_change_scene(app: App, game_id: str) -> Scene:
    from game.core.runner import SyncBotRunner
    from scenes.pause import SeatChangeScene
    from scenes.session import default_setup, new_match, table_scene

    match = new_match(default_setup(game_id, None, DEMO_SEED), (0, 0), SyncBotRunner())
    return SeatChangeScene(app, table_scene(app, match))


def seats_scene(app: App, game_id: str) -> Scene:
    from scenes.seats import SeatsScene

    return SeatsScene(app, game_id, seed=DEMO_SEED)


def rules_scene(app: App, game_id: str) -> Scene:
    from scenes.rules import RulesScene

    return RulesScene(app, game_id)


def crash_scene(app: App) -> Scene:
    from scenes.crash import CrashScene

    return CrashScene(app, RuntimeError("a sample error from the self-check"), log_file=None)


def empty_stats_scene(app: App) -> Scene:
    from game.store.stats import Statistics
    from scenes.stats import StatsScene

    return StatsScene(app, Statistics())


def stats_scene(app: App, game_id: str, data_dir: Path) -> Scene:
    from scenes.stats import StatsScene

    return StatsScene(app, store_with_a_finished_match(game_id, data_dir).stats)


def replay_list_scene(app: App, game_id: str, data_dir: Path) -> Scene:
    from scenes.replay import ReplayListScene

    return ReplayListScene(app, store_with_a_finished_match(game_id, data_dir).replays, game_id)


SceneFactory = Callable[["App"], "Scene"]


def scene_factories(data_dir: Path) -> dict[str, list[tuple[str, SceneFactory]]]:
    """How to build the scenes that need more than the App, one entry per variant worth seeing.

    Scenes that show a running match (the tables, their overlays and the results) are built by the
    demo matches instead; ``check_coverage`` fails if any scene was built by neither.
    """
    from scenes.session import games_with_tables

    games = [game.info.id for game in games_with_tables()]

    def per_game(make: Callable[..., Scene], **more: Path) -> list[tuple[str, SceneFactory]]:
        return [(game, functools.partial(make, game_id=game, **more)) for game in games]

    return {
        "scenes.menus.GameChoiceScene": [("play", play_choice), ("rules", rules_choice)],
        "scenes.pause.PauseScene": per_game(pause_scene),
        "scenes.pause.LeaveScene": [("asked", leave_scene)],
        "scenes.omg.forfeit.ForfeitScene": [
            ("one person", functools.partial(forfeit_scene, own_key=None)),
            ("two people", functools.partial(forfeit_scene, own_key="z")),
        ],
        "scenes.pause.SeatChangeScene": per_game(seat_change_scene),
        "scenes.seats.SeatsScene": per_game(seats_scene),
        "scenes.rules.RulesScene": per_game(rules_scene),
        "scenes.crash.CrashScene": [("sample error", crash_scene)],
        "scenes.resume.ResumeScene": per_game(resume_scene, data_dir=data_dir),
        "scenes.stats.StatsScene": [
            ("none yet", empty_stats_scene),
            *per_game(stats_scene, data_dir=data_dir),
        ],
        "scenes.replay.ReplayListScene": per_game(replay_list_scene, data_dir=data_dir),
        "scenes.replay.ReplayScene": per_game(replay_scene, data_dir=data_dir),
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


def needs_only_the_app(cls: type) -> bool:
    """True if ``cls(app)`` is a valid call (every other parameter has a default)."""
    parameters = list(inspect.signature(cls).parameters.values())[1:]
    return all(
        p.default is not inspect.Parameter.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        for p in parameters
    )


def build_plan(factory_names: set[str]) -> dict[str, str]:
    """How each scene class gets built: "factory", "plain" (``cls(app)``), "table" or "demo"
    (both by the demo matches), or "none" (a new scene that needs a factory)."""
    from scenes.tables import TABLES

    tables = {target.replace(":", ".") for target in TABLES.values()}
    plan = {}
    for cls in scene_classes():
        name = qualified_name(cls)
        if name in factory_names:
            plan[name] = "factory"
        elif name in tables:
            plan[name] = "table"
        elif name in SHOWN_BY_DEMOS:
            plan[name] = "demo"
        elif needs_only_the_app(cls):
            plan[name] = "plain"
        else:
            plan[name] = "none"
    return plan


def check_scenes(app: App, ledger: SceneLedger, data_dir: Path) -> str:
    factories = scene_factories(data_dir)
    classes = {qualified_name(cls): cls for cls in scene_classes()}
    count = 0
    errors = []
    for name, how in build_plan(set(factories)).items():
        ledger.expected.add(name)
        if how in ("table", "demo"):
            ledger.deferred[name] = "shown by the demo matches"
            continue
        if how == "none":
            ledger.deferred[name] = (
                "needs more than the app: give it a factory in selfcheck_scenes.py"
            )
            continue
        variants = [("", classes[name])] if how == "plain" else factories[name]
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


# --- demo matches ----------------------------------------------------------------------------


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
