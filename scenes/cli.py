"""Table subcommands: ``demo`` (bots play on the table until closed), ``screenshot`` (the
table rendered headless after K bot actions, saved as PNG) and ``replay`` (a stored match in
the table's words, game/store/replay_text.py)."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from typing import Any

from game.cli_args import (
    INTERRUPTED_EXIT,
    MAX_SECONDS,
    MAX_STEPS,
    SEATS,
    SEED,
    bounded_float,
    bounded_int,
    given,
)
from game.core.errors import OptionError, UnknownGame
from game.core.options import parse_option_text
from game.store.settings import MAX_WINDOW, MIN_WINDOW


def register(subparsers: Any) -> None:
    demo = subparsers.add_parser("demo", help="bots play on the table until the window is closed")
    demo.add_argument("game", help="the game to show (e.g. omi)")
    demo.add_argument("--seed", type=SEED, default=None, help="seed of the first match")
    demo.add_argument(
        "--bots",
        type=given("bot levels"),
        default=None,
        help="bot level for every seat, or a comma list (default: normal, or the game's first)",
    )
    demo.add_argument("--options", default="", help="rule options, name=value,...")
    add_seat_arguments(demo)
    demo.add_argument("--animation", choices=("slow", "normal", "fast", "instant"), default=None)
    demo.add_argument("--pace", choices=("relaxed", "normal", "quick", "instant"), default=None)
    demo.add_argument(
        "--seconds",
        type=bounded_float(0, MAX_SECONDS, "seconds"),
        default=0,
        help="stop after this long (soak tests); 0 = until closed",
    )
    demo.add_argument("--size", type=window_size, default=None, help="window size WxH")
    demo.set_defaults(func=run_demo)

    shot = subparsers.add_parser(
        "screenshot", help="render the table headless to a PNG after K bot actions"
    )
    shot.add_argument("--game", required=True)
    shot.add_argument("--seed", type=SEED, default=1)
    shot.add_argument(
        "--steps",
        type=bounded_int(0, MAX_STEPS, "actions"),
        default=20,
        help="bot actions played before the picture",
    )
    shot.add_argument("--out", required=True, help="the picture to write: .png, .jpg, .bmp or .tga")
    shot.add_argument("--size", type=window_size, default=(1280, 720), help="WxH")
    shot.add_argument(
        "--bots",
        type=given("bot levels"),
        default=None,
        help="bot level for every seat, or a comma list (default: normal, or the game's first)",
    )
    shot.add_argument("--options", default="")
    add_seat_arguments(shot)
    shot.add_argument(
        "--open", action="store_true", help="show every hand (default: seat 0's view)"
    )
    shot.set_defaults(func=run_screenshot)

    from game.store.replay_text import add_parser as add_replay

    add_replay(subparsers)  # a stored match in words (no window)

    tutorial = subparsers.add_parser(
        "tutorial", help="learn a game at the table: a guided first match against scripted bots"
    )
    tutorial.add_argument("game", nargs="?", type=given("a game"), help="the game (e.g. omi)")
    tutorial.add_argument("--list", action="store_true", help="list the lessons and exit")
    tutorial.add_argument(
        "--check",
        action="store_true",
        help="play the lesson headless through the table with its answers; exit 0 at its end",
    )
    tutorial.set_defaults(func=run_tutorial)


def window_size(text: str) -> tuple[int, int]:
    """An argparse ``type`` for ``--size``: a bad size is refused with usage, exit 2."""
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"takes WIDTHxHEIGHT, like 1280x720, not {text!r}"
        ) from None
    (low_width, low_height), (high_width, high_height) = MIN_WINDOW, MAX_WINDOW
    if not (low_width <= width <= high_width and low_height <= height <= high_height):
        raise argparse.ArgumentTypeError(
            f"{text} is out of range ({low_width}x{low_height} to {high_width}x{high_height})"
        )
    return width, height


window_size.__name__ = "size"


def parse_size(text: str | None) -> tuple[int, int] | None:
    """``window_size`` for callers outside argparse (a bad size exits with its reason)."""
    if not text:
        return None
    try:
        return window_size(text)
    except argparse.ArgumentTypeError as exc:
        raise SystemExit(f"omnibus: --size {exc}") from None


def add_seat_arguments(parser: Any) -> None:
    parser.add_argument(
        "--players", type=SEATS, default=None, help="how many seats (default: the game's fewest)"
    )
    parser.add_argument(
        "--solo",
        type=SEATS,
        default=None,
        help="Om Nom Nom solo: 2 or 3 virtual colours (takes no --players)",
    )


def seat_count(game: Any, players: int | None, solo: int | None) -> tuple[int, dict[str, int]]:
    """Seats and the options they imply: ``--players N`` or ``--solo N`` (one person against N
    virtual colours, so N + 1 seats); refused with the reason when the game cannot seat them."""
    info = game.info
    if solo is not None:
        if players is not None:
            raise OptionError("solo takes no --players: it is one person against --solo colours")
        if all(spec.name != "solo" for spec in info.options):
            raise OptionError(f"{info.title} has no solo mode")
        count = solo + 1
        options = {"solo": solo}
    else:
        count = info.min_players if players is None else players
        options = {}
    if not info.min_players <= count <= info.max_players:
        raise OptionError(
            f"{info.title} seats {info.min_players}–{info.max_players} players, not {count}"
        )
    return count, options


def _setup(
    game_name: str,
    bots: str | None,
    options: str,
    seed: int,
    players: int | None,
    solo: int | None,
) -> Any:
    from game.core.match import Seat
    from game.core.registry import find_game
    from scenes.session import DEFAULT_NAMES, TableSetup
    from scenes.tables import TABLES

    game = find_game(game_name)
    if game.info.id not in TABLES:
        raise OptionError(f"{game.info.title} has no table yet (tables: {', '.join(TABLES)})")
    players, implied = seat_count(game, players, solo)
    levels = [v.strip() for v in (bots or game.info.default_bot_level).split(",")]
    if len(levels) == 1:
        levels *= players
    if len(levels) != players:
        raise OptionError(f"--bots needs 1 or {players} levels, not {len(levels)}")
    for level in levels:
        if level not in game.info.bot_levels:
            raise OptionError(
                f"{game.info.title} has no bot level {level!r} (it has: {', '.join(game.info.bot_levels)})"
            )
    resolved = game.resolve_options({**parse_option_text(options), **implied})
    game.new_state(players, seed, resolved)  # the game's own setup rules: OptionError if refused
    seats = [Seat("bot", DEFAULT_NAMES[i] if i else "Amal", levels[i]) for i in range(players)]
    return TableSetup(game.info.id, seats, dict(resolved), seed)


def run_demo(args: argparse.Namespace) -> int:
    import random

    from scenes.app import HEADLESS_HINT, App, NoDisplay
    from scenes.settings import SettingsFile, default_folder

    try:
        setup = _setup(
            args.game,
            args.bots,
            args.options,
            args.seed if args.seed is not None else random.randrange(2**31),
            args.players,
            args.solo,
        )
    except (OptionError, UnknownGame) as exc:
        print(f"omnibus: {exc}", file=sys.stderr)
        return 2
    size = args.size
    try:
        app = App(SettingsFile(default_folder(args.data_dir)), size=size)
    except NoDisplay:
        print(HEADLESS_HINT, file=sys.stderr)
        return 2
    if args.animation:
        app.settings.animation = args.animation
    if args.pace:
        app.settings.bot_pace = args.pace
    from scenes.session import new_match, setup_of, table_scene

    finished_matches = 0

    def next_match(finished: Any) -> None:
        """A demo never ends on the results: the same seats play again, a new shuffle."""
        nonlocal finished_matches
        finished_matches += 1
        again = setup_of(finished)
        again.seed += 1
        runner = app.runner_factory() if app.runner_factory else None
        match = new_match(again, app.settings.pace_ms, runner)
        app.replace(table_scene(app, match, on_finished=next_match))

    app.to_title()
    app.push(table_scene(app, new_match(setup, app.settings.pace_ms), on_finished=next_match))
    import pygame

    if args.seconds:
        # A window-close after that long: the app stops as if the player closed it.
        pygame.time.set_timer(pygame.QUIT, round(args.seconds * 1000), loops=1)
    try:
        return app.run()
    except KeyboardInterrupt:
        app.close()  # the bot worker ends, the settings are kept
        print(f"omnibus demo: interrupted after {finished_matches} matches", file=sys.stderr)
        return INTERRUPTED_EXIT
    finally:
        pygame.quit()


def play_bot_actions(match: Any, steps: int) -> None:
    """Let bots play ``steps`` actions on game time (no waiting)."""
    while len(match.log) < steps and not match.is_over():
        due = match.next_due_ms()
        if due is None:
            match.runner.wait()
            match.update(0)
            if match.next_due_ms() is None:
                break
            continue
        match.update(max(1, due - match.now_ms))


def run_screenshot(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import dataclasses

    import pygame

    from game.core.runner import SyncBotRunner
    from scenes.app import App
    from scenes.session import new_match, table_scene

    if os.path.splitext(args.out)[1].lower() not in PICTURE_TYPES:
        print(
            f"omnibus: --out must end in .png, .jpg, .bmp or .tga, not {args.out!r}",
            file=sys.stderr,
        )
        return 2
    try:
        setup = _setup(args.game, args.bots, args.options, args.seed, args.players, args.solo)
    except (OptionError, UnknownGame) as exc:
        print(f"omnibus: {exc}", file=sys.stderr)
        return 2
    size = args.size
    app = App(size=size)
    app.settings.animation = "instant"
    match = new_match(setup, (10, 10), SyncBotRunner())  # spaced so actions can be counted
    play_bot_actions(match, args.steps)
    if not args.open:
        match.set_seat(0, dataclasses.replace(match.seats[0], kind="human", name="You"))
    scene = table_scene(app, match, open_cards=args.open, auto_continue=False)
    app.push(scene)
    for _ in range(3):
        app.tick(16)
    try:
        save_picture(app.screen, args.out)
    except (OSError, pygame.error) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        print(f"omnibus: cannot write {args.out}: {reason}", file=sys.stderr)
        return 1
    finally:
        scene.exit()
        pygame.quit()
    print(f"wrote {args.out} ({size[0]}x{size[1]}, {len(match.log)} actions played)")
    return 0


PICTURE_TYPES = (".png", ".jpg", ".jpeg", ".bmp", ".tga")  # what pygame.image.save writes


def save_picture(surface: Any, path: str) -> None:
    """``surface`` as a picture at ``path`` (its type from the extension), encoded in memory
    first; a partly written file is removed, so a failure never leaves a broken picture."""
    import io

    import pygame

    encoded = io.BytesIO()
    pygame.image.save(surface, encoded, os.path.basename(path))
    with open(path, "wb") as handle:
        try:
            handle.write(encoded.getvalue())
            handle.flush()
        except BaseException:
            handle.close()
            with contextlib.suppress(OSError):
                os.unlink(path)
            raise


# --- tutorial: the lessons (issue 30) ------------------------------------------------
def run_tutorial(args: argparse.Namespace) -> int:
    from game.core.lesson import find_lesson
    from game.core.registry import find_game

    if args.list:
        return list_lessons()
    if not args.game:
        print("omnibus tutorial: name a game (or --list)", file=sys.stderr)
        return 2
    try:
        game = find_game(args.game)
    except UnknownGame as exc:
        print(f"omnibus: {exc}", file=sys.stderr)
        return 2
    if find_lesson(game.info.id) is None:
        print(f"omnibus: {game.info.title} has no lesson yet", file=sys.stderr)
        return 2
    if args.check:
        return check_tutorial(game.info.id)
    return open_lesson(args, game.info.id)


def list_lessons() -> int:
    from scenes.lesson import lessons_with_tables

    for lesson in lessons_with_tables():
        print(f"{lesson.game_id:10} {lesson.title}  ({len(lesson.steps)} steps)")
    return 0


def check_tutorial(game_id: str) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from scenes.app import App
    from scenes.lesson_check import check_and_report

    app = App(size=(1280, 720))
    try:
        return check_and_report(app, game_id)
    finally:
        app.close()
        pygame.quit()


def open_lesson(args: argparse.Namespace, game_id: str) -> int:
    import pygame

    from game.store.store import Store
    from scenes.app import HEADLESS_HINT, App, NoDisplay
    from scenes.lesson import start_lesson
    from scenes.settings import SettingsFile

    store = Store.open(getattr(args, "data_dir", None), background_autosave=True)
    try:
        app = App(SettingsFile(store), data_dir=store.dirs.data)
    except NoDisplay:
        print(HEADLESS_HINT, file=sys.stderr)
        store.close()
        return 2
    app.to_title()
    start_lesson(app, game_id)
    try:
        return app.run()
    finally:
        store.close()
        pygame.quit()
