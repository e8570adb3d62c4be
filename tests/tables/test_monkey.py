"""A seeded monkey at every table: random clicks, drags, keys (Esc, Tab, F11, digits, letters,
Space, Enter, arrows), window resizes and seats changing hands, through the real App for 20,000
frames a table. Nothing may raise, nothing may be logged as an error, and the screen referee stays
silent on every table it plays (a match that ends starts another).

A failure names its seed and the last inputs; ``python -m tests.tables.test_monkey GAME SEED
[FRAMES]`` plays the same monkey again from them (the frames are the same for the same seed).
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import logging  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from collections import deque  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402
from scenes.table.base import TableScene  # noqa: E402
from scenes.table.referee import Fault, ScreenReferee  # noqa: E402
from scenes.tables import TABLES, table_class  # noqa: E402
from tests.tables.people import frame, summary  # noqa: E402
from tests.tables.seatings import seatings  # noqa: E402
from tests.tables.test_conformance import bot_match  # noqa: E402

FRAMES = 20_000
SIZES = ((960, 600), (640, 480), (1280, 720), (800, 1000))
KEYS = (
    [pygame.K_ESCAPE, pygame.K_TAB, pygame.K_F11, pygame.K_SPACE, pygame.K_RETURN]
    + [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN]
    + list(range(pygame.K_1, pygame.K_7))
    + list(range(pygame.K_a, pygame.K_z + 1))
)
SPEEDS = ("instant", "fast", "normal")


def cheap_level(match: Match) -> str:
    """The cheapest level that still thinks (easy): the screen is under test, not the bots (the
    hardest level searched hundreds of ms a move in process and made Om Nom Nom's monkey 147 s)."""
    levels = match.game.info.bot_levels
    return levels[1] if len(levels) > 1 else levels[0]


class ErrorLog(logging.Handler):
    """Every record of ERROR or worse (an exception the App caught and logged counts)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class Monkey:
    def __init__(self, app: App, game_id: str, seed: int) -> None:
        self.app, self.game_id, self.rng = app, game_id, random.Random(seed)
        self.inputs: deque[str] = deque(maxlen=40)
        self.table: TableScene | None = None
        self.referee: ScreenReferee | None = None
        self.tables = 0
        self.moving = True  # the last frame moved: the App draws the next one

    def new_table(self) -> None:
        """A fresh match: one or two people and bots, at a speed the monkey chooses."""
        players, solo = self.rng.choice(seatings(self.game_id))
        match = bot_match(self.game_id, players, solo, seed=self.rng.randrange(1 << 30))
        people = self.rng.choice((1, 2)) if players - (solo and 1) >= 2 else 1
        for seat, info in enumerate(match.seats):
            if seat < people:
                match.set_seat(seat, Seat("human", ("Amal", "Dev")[seat]))
            elif info.is_bot:
                match.set_seat(seat, Seat("bot", info.name, cheap_level(match)))
        self.app.settings.animation = self.rng.choice(SPEEDS)
        self.app.stack.scenes.clear()
        self.table = table_class(self.game_id)(self.app, match)
        self.app.push(self.table)
        self.referee = ScreenReferee(self.table)
        self.tables += 1
        self.inputs.append(f"new table: {players} seats, {people} people")

    def inputs_for_frame(self) -> list[pygame.event.Event]:
        rng, (w, h) = self.rng, self.app.size
        roll = rng.random()
        if roll < 0.55:
            return []
        pos = (rng.randrange(w), rng.randrange(h))
        if roll < 0.72:
            key = rng.choice(KEYS)
            self.inputs.append(f"key {pygame.key.name(key)}")
            uni = pygame.key.name(key) if len(pygame.key.name(key)) == 1 else ""
            return [
                pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=uni, scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=uni, scancode=0),
            ]
        if roll < 0.85:
            self.inputs.append(f"click {pos}")
            return [
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
            ]
        if roll < 0.97:
            start = self._card_spot() or pos
            self.inputs.append(f"drag {start} -> {pos}")
            mid = ((start[0] + pos[0]) // 2, (start[1] + pos[1]) // 2)
            return [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
            ]
        if roll < 0.985:
            size = rng.choice(SIZES)
            self.inputs.append(f"resize {size}")
            self.app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            return [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1])]
        self._change_a_seat()
        return []

    def _card_spot(self) -> tuple[int, int] | None:
        table = self.table
        if table is None or not table.layer.sprites:
            return None
        sprite = self.rng.choice(table.layer.sprites)
        return (round(sprite.x), round(sprite.y - sprite.lift))

    def _change_a_seat(self) -> None:
        """A person hands their seat to a bot, or takes a bot's seat (as Seats in the pause menu
        does)."""
        table = self.table
        if table is None or table.match.is_over():
            return
        seat = self.rng.randrange(table.match.state.players)
        info = table.match.seats[seat]
        level = cheap_level(table.match)
        new = Seat("human", f"Person {seat}") if info.is_bot else Seat("bot", info.name, level)
        if not new.is_bot or len(table.humans) > 1 or seat not in table.humans:
            self.inputs.append(f"seat {seat} -> {new.kind}")
            table.change_seat(seat, new)
            # Made with keys on the Seats dialog, the change comes with a drawn frame (the App
            # asks only the top scene whether it moves: under the pause menu, the table not).
            self.moving = True

    def play(self, frames: int) -> list[Fault]:
        faults: list[Fault] = []
        self.new_table()
        for _ in range(frames):
            top = self.app.stack.top
            if (
                not self.app.running
                or top is None
                or type(top).__name__
                in (
                    "TitleScene",
                    "ResultsScene",
                    "GameChoiceScene",
                )
            ):
                self.app.running = True
                self.new_table()
            for event in self.inputs_for_frame():
                pygame.event.post(event)
            # An idle App draws nothing: the screen keeps the last frame, which must still be true.
            frame(self.app, 16, lively=self.moving)
            top = self.app.stack.top
            self.moving = top is not None and top.needs_frame()
            table = self.table
            # (a table under an opaque scene, Settings from the pause menu, is not on screen)
            if self.referee is None or table not in self.app.stack.scenes:
                continue
            if table not in self.app.stack.visible():
                self.referee.follow()  # not on screen: only who sits there, and whose it is
            else:
                for fault in self.referee.check():
                    faults.append(fault)
                    if len(faults) == 1:
                        self.inputs.append(f"FIRST FAULT: {fault}")
                        self.first_inputs = list(self.inputs)
        return faults


def run_monkey(game_id: str, seed: int, frames: int, data: Path) -> tuple[Monkey, list[Fault]]:
    app = App(SettingsFile(data), size=SIZES[0], data_dir=data)
    app.settings.bot_pace = "quick"
    monkey = Monkey(app, game_id, seed)
    try:
        return monkey, monkey.play(frames)
    except Exception as exc:
        raise AssertionError(
            f"{game_id} monkey seed {seed} raised {exc!r} after:\n" + "\n".join(monkey.inputs)
        ) from exc
    finally:
        for scene in list(reversed(app.stack.scenes)):
            scene.exit()
        app.stack.scenes.clear()
        pygame.quit()


@pytest.mark.parametrize("game_id", list(TABLES))
def test_a_monkey_breaks_nothing_and_the_screen_stays_true(game_id: str, tmp_path: Path) -> None:
    seed = sum(map(ord, game_id))
    errors = ErrorLog()
    logging.getLogger().addHandler(errors)
    try:
        monkey, faults = run_monkey(game_id, seed, FRAMES, tmp_path)
    finally:
        logging.getLogger().removeHandler(errors)
    assert not errors.records, [r.getMessage() for r in errors.records]
    assert monkey.tables >= 1
    assert not faults, (
        f"{game_id} monkey seed {seed}:\n{summary(faults)}\nfirst fault after:\n"
        + "\n".join(getattr(monkey, "first_inputs", []))
    )


if __name__ == "__main__":
    game, seed_arg = sys.argv[1], int(sys.argv[2])
    count = int(sys.argv[3]) if len(sys.argv) > 3 else FRAMES
    _, found = run_monkey(game, seed_arg, count, Path(tempfile.mkdtemp()))
    print(summary(found) or "the screen stayed true")
