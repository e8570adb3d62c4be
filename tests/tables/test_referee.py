"""The screen tells the truth: every table, played to its results through the real App by bots
or by synthetic people, at every animation speed, with the screen referee checking every frame
(``scenes/table/referee.py``): everything the view puts on the table is drawn as it is, nothing
is drawn that the people at the screen may not know, and no words ask what the match no longer
asks. Then the replay, all open and through each seat's eyes, under the same referee.

The cross product of tables × seat counts × speeds × {bots, one person, two people} is covered
pairwise (every table meets every speed with every kind of company; the seat counts rotate through
each table's seatings); ``bench/referee_soak.py`` runs all of it.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import itertools  # noqa: E402
import random  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.table.referee import Fault, ScreenReferee  # noqa: E402
from scenes.tables import TABLES, table_class  # noqa: E402
from tests.tables.people import People, frame, summary, watch  # noqa: E402
from tests.tables.seatings import seatings  # noqa: E402
from tests.tables.test_conformance import bot_match, finished_replay  # noqa: E402

SIZE = (960, 600)
SPEEDS = ("instant", "fast", "normal", "slow")
COMPANY = ("bots", "one person", "two people")
PEOPLE_NAMES = ("Amal", "Dev")


def referee_cases(games: Any = TABLES) -> list[Any]:
    cases = []
    for game_id in games:
        setups = seatings(game_id)
        for n, (speed, company) in enumerate(itertools.product(SPEEDS, COMPANY)):
            players, solo = setups[n % len(setups)]
            if company == "two people" and players - (solo and 1) < 2:
                players, solo = max(setups)
            name = f"{game_id}-{players}{f'-solo{solo}' if solo else ''}-{speed}-{company}"
            cases.append(pytest.param(game_id, players, solo, speed, company, id=name))
    return cases


def seat_people(match: Match, company: str) -> tuple[int, ...]:
    count = {"bots": 0, "one person": 1, "two people": 2}[company]
    for seat in range(count):
        match.set_seat(seat, Seat("human", PEOPLE_NAMES[seat]))
    return tuple(range(count))


@pytest.mark.parametrize(("game_id", "players", "solo", "speed", "company"), referee_cases())
def test_the_screen_tells_the_truth_through_a_whole_match(
    app: App, game_id: str, players: int, solo: int, speed: str, company: str
) -> None:
    app.settings.animation = speed
    app.settings.bot_pace = "instant" if speed == "instant" else "quick"
    match = bot_match(game_id, players, solo)
    seats = seat_people(match, company)
    table = table_class(game_id)(app, match, auto_continue=True)
    app.push(table)
    people = People(app, table, seats, random.Random(f"{game_id}{players}{speed}{company}"))
    referee, faults = watch(app, table, people if seats else None, dt_ms=16)
    assert match.is_over() and type(app.stack.top).__name__ == "ResultsScene"
    assert referee.checked_at_rest > 0
    assert not faults, summary(faults)
    if seats:
        assert people.moves > 0  # the people played through the App, not the bots


@pytest.mark.parametrize("game_id", list(TABLES))
def test_a_replay_tells_the_truth_all_open_and_through_each_seats_eyes(
    app: App, game_id: str
) -> None:
    from scenes.replay import ReplayScene

    players, solo = seatings(game_id)[0]
    match, info = finished_replay(game_id, players, solo)
    app.settings.animation = "fast"
    for viewer in (None, *range(players)):
        replay = ReplayScene(app, info, viewer)
        app.push(replay)
        assert replay.table is not None
        referee = ScreenReferee(replay.table)
        faults: list[Fault] = []
        steps = 0
        # Up to 100 frames an action: the pick that completes an Om Nom Nom turn plays the
        # whole reveal (about 3 s at fast), and a round's score stands 2.2 s.
        for _ in range(100 * len(match.log) + 400):
            if not replay.table.presenter.busy and not replay.step_forward():
                break
            steps += 1
            frame(app, 16)
            faults += referee.check()
        assert replay.cursor.position == len(match.log), "the replay never reached the end"
        assert referee.checked_at_rest > 0
        assert not faults, f"viewer {viewer}:\n{summary(faults)}"
        app.pop()
