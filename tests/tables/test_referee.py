"""The screen tells the truth: every table, played to its results through the real App by bots
or by synthetic people, at every animation speed, with the screen referee checking every frame
(``scenes/table/referee.py``): everything the view puts on the table is drawn as it is, nothing
is drawn that the people at the screen may not know, and no words ask what the match no longer
asks. Then the replay, all open and through each seat's eyes, under the same referee.

The cross product of tables × seat counts × speeds × {bots, one person, two people} is covered
pairwise: every table meets every speed, every kind of company and each of its seatings, and
every speed meets every kind of company (21 matches; test_the_cases_cover_every_pair checks it).
``bench/referee_soak.py`` plays the whole product (every table × every seat count × every speed
× every company, 228 matches); the 39 table × speed × company triples the suite played before
this cut (slow and normal ones the dearest) run there.
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


def fits(company: str, players: int, solo: int) -> bool:
    """Two people need two seats for people (a solo match has one)."""
    return company != "two people" or players - (solo and 1) >= 2


def case_id(game_id: str, players: int, solo: int, speed: str, company: str) -> str:
    return f"{game_id}-{players}{f'-solo{solo}' if solo else ''}-{speed}-{company}"


def referee_cases(games: Any = TABLES) -> list[Any]:
    """Pairwise: table i at speed j keeps company (i + j) mod 3, so each table meets every
    company and each speed meets every company over the tables; the seatings rotate, and a
    table with more seatings than speeds plays the rest from the first speed on."""
    cases = []
    for t, game_id in enumerate(games):
        setups = seatings(game_id)
        for n in range(max(len(SPEEDS), len(setups))):
            speed, company = SPEEDS[n % len(SPEEDS)], COMPANY[(t + n) % len(COMPANY)]
            players, solo = setups[n % len(setups)]
            if not fits(company, players, solo):
                players, solo = max(setups)
            name = case_id(game_id, players, solo, speed, company)
            cases.append(pytest.param(game_id, players, solo, speed, company, id=name))
    return cases


def seat_people(match: Match, company: str) -> tuple[int, ...]:
    count = {"bots": 0, "one person": 1, "two people": 2}[company]
    for seat in range(count):
        match.set_seat(seat, Seat("human", PEOPLE_NAMES[seat]))
    return tuple(range(count))


def play_to_the_results(
    app: App, game_id: str, players: int, solo: int, speed: str, company: str
) -> tuple[Match, ScreenReferee, list[Fault], People]:
    """One match of ``company`` at ``speed`` through the App to its results, the referee on."""
    app.settings.animation = speed
    app.settings.bot_pace = "instant" if speed == "instant" else "quick"
    match = bot_match(game_id, players, solo)
    seats = seat_people(match, company)
    table = table_class(game_id)(app, match, auto_continue=True)
    app.push(table)
    people = People(app, table, seats, random.Random(f"{game_id}{players}{speed}{company}"))
    referee, faults = watch(app, table, people if seats else None, dt_ms=16)
    return match, referee, faults, people


@pytest.mark.parametrize(("game_id", "players", "solo", "speed", "company"), referee_cases())
def test_the_screen_tells_the_truth_through_a_whole_match(
    app: App, game_id: str, players: int, solo: int, speed: str, company: str
) -> None:
    match, referee, faults, people = play_to_the_results(
        app, game_id, players, solo, speed, company
    )
    assert match.is_over() and type(app.stack.top).__name__ == "ResultsScene"
    assert referee.checked_at_rest > 0
    assert not faults, summary(faults)
    if people.seats:
        assert people.moves > 0  # the people played through the App, not the bots


def test_the_cases_cover_every_pair() -> None:
    """Every table × speed, table × company, table × seating and speed × company pair is played."""
    cases = [tuple(c.values) for c in referee_cases()]
    pairs: dict[str, set[tuple[object, object]]] = {
        "table × speed": {(g, v) for g, _, _, v, _ in cases},
        "table × company": {(g, c) for g, _, _, _, c in cases},
        "table × seating": {(g, (p, s)) for g, p, s, _, _ in cases},
        "speed × company": {(v, c) for _, _, _, v, c in cases},
    }
    wanted: dict[str, set[tuple[object, object]]] = {
        "table × speed": set(itertools.product(TABLES, SPEEDS)),
        "table × company": set(itertools.product(TABLES, COMPANY)),
        "table × seating": {(g, setup) for g in TABLES for setup in seatings(g)},
        "speed × company": set(itertools.product(SPEEDS, COMPANY)),
    }
    for name, want in wanted.items():
        assert want <= pairs[name], f"{name}: {sorted(want - pairs[name])} never played"


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
