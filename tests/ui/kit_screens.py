"""Pictures to look at the screens issue 13's loose ends changed, made headless (SDL's dummy
driver draws the same pixels as a window under Xvfb):

- ``seats-<game>-<players>-<width>.png``: every game's seats screen at its fewest and most seats;
- ``plates-<game>-<players>.png``: every table at every seat count, a few moves in (the plates);
- ``omnomnom-solo<colours>-caption.png``: a solo colour above the boards turning its top card;
- ``controls-<game>-<width>.png``: every table's controls, the kit's one panel (issue 31), the
  help key pressed with one person seated; ``summary-<game>-<width>.png``: the round summary of
  Omi and Om Nom Nom in the kit's frame (``--panels``: these alone).

    .venv/bin/python tests/ui/kit_screens.py --out /tmp/kit-screens [--size 1280x720] [--panels]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import tempfile
from pathlib import Path
from typing import cast

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.cli import play_bot_actions  # noqa: E402
from scenes.omnomnom.table import OmNomNomTable  # noqa: E402
from scenes.seats import SeatsScene  # noqa: E402
from scenes.session import TableSetup, new_match, table_scene  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402
from scenes.table.base import TableScene  # noqa: E402
from scenes.tables import TABLES  # noqa: E402


def seats_screens(app: App, out: Path) -> None:
    for game_id in sorted(TABLES):
        info = find_game(game_id).info
        for count in sorted({info.min_players, info.max_players}):
            seats = SeatsScene(app, game_id, seed=1)
            app.push(seats)
            if len(seats.setup.seats) != count:
                seats._set_players(count)
            app.tick(16)
            pygame.image.save(app.screen, out / f"seats-{game_id}-{count}-{app.size[0]}.png")
            app.pop()


def person_at_table(app: App, game_id: str, count: int, moves: int) -> None:
    """A table of ``count`` seats pushed ``moves`` bot moves in, "You" in seat 0."""
    seats = [Seat("bot", f"Seat {i + 1}", "normal") for i in range(count)]
    # Spaced bots (as the screenshot command has them), so the match waits at that move.
    match = new_match(TableSetup(game_id, seats, {}, 3), (10, 10), SyncBotRunner())
    play_bot_actions(match, moves)
    match.set_seat(0, dataclasses.replace(match.seats[0], kind="human", name="You"))
    app.push(table_scene(app, match, auto_continue=False))
    for _ in range(3):
        app.tick(16)


def plates(app: App, out: Path) -> None:
    app.settings.animation = "instant"
    for game_id in sorted(TABLES):
        info = find_game(game_id).info
        for count in range(info.min_players, info.max_players + 1):
            person_at_table(app, game_id, count, 12)
            pygame.image.save(app.screen, out / f"plates-{game_id}-{count}.png")
            app.pop()


def solo_caption(app: App, out: Path, colours: int) -> None:
    """Play on (the person picks by keys) until a colour above the boards turns its card."""
    app.settings.animation = "normal"
    seats = [Seat("human", "You", "normal")]
    seats += [Seat("bot", f"Colour {i}", "random") for i in range(1, colours + 1)]
    match = Match(find_game("omnomnom"), seats, 3, {"solo": colours}, runner=SyncBotRunner())
    table = cast(OmNomNomTable, table_scene(app, match))
    app.push(table)
    above = [s for s in range(len(seats)) if table.g.above_boards(s)]
    for attempt in range(60 * 20):
        if attempt % 60 == 0:
            for code in (pygame.K_1 + attempt // 60 % 6, pygame.K_RETURN):
                app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])
                app.feed([pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="")])
        app.tick(16)
        if any(seat in table.captions for seat in above):
            for _ in range(30):  # the card lands beside the box
                app.tick(16)
            break
    pygame.image.save(app.screen, out / f"omnomnom-solo{colours}-caption.png")
    app.pop()


def press(app: App, intent: str) -> None:
    code = pygame.key.key_code(app.settings.bindings[intent])
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])
    app.feed([pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="")])


def controls(app: App, out: Path) -> None:
    app.settings.animation = "instant"
    for game_id in sorted(TABLES):
        person_at_table(app, game_id, {"omi": 4, "omg": 2}.get(game_id, 3), 6)
        press(app, "help")
        for _ in range(3):
            app.tick(16)
        pygame.image.save(app.screen, out / f"controls-{game_id}-{app.size[0]}.png")
        app.pop()


def summaries(app: App, out: Path) -> None:
    app.settings.animation = "instant"
    for game_id, players in (("omi", 4), ("omnomnom", 4)):
        seats = [Seat("bot", f"Seat {i + 1}", "normal") for i in range(players)]
        match = new_match(TableSetup(game_id, seats, {}, 3), (10, 10), SyncBotRunner())
        table = cast(TableScene, table_scene(app, match, auto_continue=False))
        app.push(table)
        for _ in range(20_000):
            app.tick(64)
            if table.summary_open():
                break
        for _ in range(3):
            app.tick(16)
        pygame.image.save(app.screen, out / f"summary-{game_id}-{app.size[0]}.png")
        app.pop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--panels", action="store_true", help="the controls and summaries only")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    app = App(SettingsFile(Path(tempfile.mkdtemp())), size=(size[0], size[1]))
    app.runner_factory = SyncBotRunner
    if not args.panels:
        seats_screens(app, args.out)
        plates(app, args.out)
        solo_caption(app, args.out, 3)
    controls(app, args.out)
    summaries(app, args.out)
    print(f"pictures in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
