"""Screenshots of the OMYN table at the positions where things used to lie on each other
(sessions 28–29), at the default animation speed, headless (SDL's dummy driver draws the pixels
a window under Xvfb shows): your drawn card between the piles, a chain race with its bar and
banner, a 21-card row at the final reveal, six seats, the memory aids' eyes, and a count with
no Omen in any row (so no Omen line), each at 2, 4 and 6 seats where the seat count matters.

    .venv/bin/python tests/ui/omyn_layout_shots.py --out /tmp/omyn-layout
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.omyn.events import GameWon  # noqa: E402
from game.omyn.scoring import score_game  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omyn.table import OmynTable  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402
from tests.tables.omyn_positions import LONG_ROW, ROWS, state_of, table_at  # noqa: E402

FRAME_MS = 16
NAMES = ("Amal", "Dev", "Rani", "Saman", "Nimal", "Kamala")


def frames(app: App, count: int) -> None:
    for _ in range(count):
        app.tick(FRAME_MS)


def press(app: App, *codes: int) -> None:
    for code in codes:
        app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)])
        app.feed([pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)])
        frames(app, 40)


def drawn(app: App, players: int) -> OmynTable:
    table = table_at(app, ROWS[:players], names=NAMES, draw=["3"])
    frames(app, 30)
    press(app, pygame.K_d)
    return table


def race(app: App, players: int) -> OmynTable:
    table = table_at(app, ROWS[:players], humans=(0, 1), names=NAMES, draw=["3"])
    frames(app, 30)
    press(app, pygame.K_SPACE, pygame.K_d, pygame.K_d)
    (window,) = table.open_windows()
    press(app, pygame.key.key_code(table.reflex.key_of(1) or "z"))  # Dev's key claims first
    race = table.race.race
    if race is not None and race.claims:  # Amal's press, 120 ms behind, is "too slow"
        table.race.record(window, 0, race.claims[0][1] + 120)
        table.caption(0, "too slow")
    return table


def counted(app: App, rows: list[list[str]], swap: bool = False) -> OmynTable:
    """The final reveal of ``rows``, played through the table's own animations."""
    table = table_at(app, rows, names=NAMES, pile=["9"], draw=["7"])
    frames(app, 30)
    if swap:
        press(app, pygame.K_d, pygame.K_4, pygame.K_s)  # a 7 swapped into slot 4
        frames(app, 200)
    events, winner, reason, totals = score_game(state_of(table), None)
    table.presenter.push([*events, GameWon(winner, reason, totals, None, (1, 0))])
    for _ in range(2000):
        app.tick(FRAME_MS)
        if table.hud.won is not None and not table.presenter.busy:
            break
    return table


def eyes(app: App, players: int) -> OmynTable:
    table = table_at(
        app, ROWS[:players], names=NAMES, known={0: [0, 2, 3], 1: [1]}, memory_aids=True
    )
    frames(app, 30)
    return table


SHOTS: dict[str, Callable[[App], OmynTable]] = {
    **{f"drawn-{n}": partial(drawn, players=n) for n in (2, 4, 6)},
    **{f"race-{n}": partial(race, players=n) for n in (2, 4, 6)},
    "reveal-long-row": partial(counted, rows=[LONG_ROW, ["2", "3", "5", "5", "6"]], swap=True),
    "count-no-omen": partial(counted, rows=ROWS[:4]),
    **{f"eyes-{n}": partial(eyes, players=n) for n in (2, 4, 6)},
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--only", nargs="*", default=None, help="names of the shots to take")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, build in SHOTS.items():
        if args.only and name not in args.only:
            continue
        with tempfile.TemporaryDirectory() as folder:
            app = App(SettingsFile(Path(folder)), size=(1280, 720), data_dir=Path(folder))
            app.settings.animation = "normal"
            app.settings.bot_pace = "instant"
            table = build(app)
            table.draw(app.screen)
            path = args.out / f"omyn-{name}.png"
            pygame.image.save(app.screen, str(path))
            print(path)
            app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
