"""Statistics after scripted matches: per game, per seat kind, with the game's own figures."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from game.core.game import Game
from game.core.match import Seat
from game.store.files import DamagedFile
from game.store.stats import HISTORY_PER_GAME, KindTotals, Statistics, kind_label, seat_figures
from game.store.store import Store
from tests.store.helpers import omi_match, play_until


def finished_omi(seed: int) -> Any:
    match = omi_match(seed, levels=("normal", "random", "normal"))
    play_until(match, lambda m: False, seed=seed)
    return match


def test_a_finished_omi_match_counts_per_seat_kind_with_tokens(tmp_path: Path) -> None:
    store = Store.open(tmp_path, logging_to_file=False)
    match = finished_omi(3)
    store.follow(match)
    assert store.sync()  # the match had ended: filed at once
    omi = store.stats.game("omi")
    outcome = match.state.outcome()
    score = match.state.score  # tokens per team: seats 0 and 2 are team 0
    assert set(omi.kinds) == {"you", "bot:normal", "bot:random"}
    you, normal, rand = omi.kinds["you"], omi.kinds["bot:normal"], omi.kinds["bot:random"]
    # Two normal bots at one table are one result for "normal bot": the match counts once.
    assert (you.played, normal.played, rand.played) == (1, 1, 1)
    assert you.won == (0 in outcome.winners)
    assert normal.won == ((1 in outcome.winners) or (3 in outcome.winners))
    assert you.averages()["tokens"] == score[0]
    assert normal.averages()["tokens"] == score[1]
    assert you.averages()["hands"] == match.state.hand_number
    [result] = omi.history
    assert [e.name for e in result.entries] == ["You", "Bot 1", "Bot 2", "Bot 3"]
    again = Store.open(tmp_path, logging_to_file=False).stats
    assert again.to_json() == store.stats.to_json()


def test_streaks_averages_and_recording_once() -> None:
    stats = Statistics()
    wins = []
    for seed in range(1, 7):
        match = finished_omi(seed)
        assert stats.record(f"m{seed}", match.game, match.state, match.seats, finished=seed)
        assert not stats.record(f"m{seed}", match.game, match.state, match.seats)  # once only
        wins.append(0 in match.state.outcome().winners)
    you = stats.game("omi").kinds["you"]
    assert you.played == 6 and you.won == sum(wins)
    best = run = 0
    for won in wins:
        run = run + 1 if won else 0
        best = max(best, run)
    assert (you.streak, you.best_streak) == (run, best)
    assert len(stats.game("omi").series("you", "tokens")) == 6
    assert kind_label("you") == "You" and kind_label("bot:hard") == "Hard bot"


def recorded_with(winners: tuple[int, ...], seats: list[Seat]) -> Statistics:
    """Statistics after one finished Omi match whose outcome names ``winners``."""
    match = finished_omi(4)
    outcome = match.state.outcome()
    match.state._outcome = dataclasses.replace(outcome, winners=winners)
    stats = Statistics()
    stats.record("m", match.game, match.state, seats, finished=1.0)
    return stats


HUMANS_OPPOSITE = [
    Seat("human", "Amal"),
    Seat("bot", "B1", "normal"),
    Seat("human", "Dev"),
    Seat("bot", "B3", "normal"),
]


def test_a_drawn_match_is_drawn_for_every_seat_not_lost() -> None:
    omi = recorded_with((), HUMANS_OPPOSITE).game("omi")
    for kind in ("amal", "dev", "bot:normal"):
        totals = omi.kinds[kind]
        assert (totals.played, totals.won, totals.drawn, totals.streak) == (1, 0, 1, 0)
        assert [r.result for r in omi.results(kind)] == ["drawn"]


def test_two_people_at_the_table_each_count_the_match_once() -> None:
    omi = recorded_with((0, 2), HUMANS_OPPOSITE).game("omi")
    amal, dev, bots = omi.kinds["amal"], omi.kinds["dev"], omi.kinds["bot:normal"]
    assert (amal.played, amal.won, amal.streak) == (1, 1, 1)
    assert (dev.played, dev.won, dev.streak) == (1, 1, 1)
    assert (bots.played, bots.won, bots.streak) == (1, 0, 0)
    assert "you" not in omi.kinds  # nobody named You sat at this table
    assert len(omi.series("amal", "tokens")) == 1
    [match] = omi.history
    assert [e.name for e in match.entries] == ["Amal", "B1", "Dev", "B3"]  # every seat kept


def test_one_win_by_two_bots_of_a_level_is_a_streak_of_one() -> None:
    seats = [Seat("human", "You"), *(Seat("bot", f"B{i}", "normal") for i in (1, 2, 3))]
    bots = recorded_with((1, 3), seats).game("omi").kinds["bot:normal"]
    assert (bots.played, bots.won, bots.streak, bots.best_streak) == (1, 1, 1, 1)


def test_history_is_capped_but_totals_are_not() -> None:
    stats = Statistics()
    match = finished_omi(2)
    for n in range(HISTORY_PER_GAME + 5):
        stats.record(f"m{n}", match.game, match.state, match.seats)
    omi = stats.game("omi")
    assert len(omi.history) == HISTORY_PER_GAME and omi.history[0].match_id == "m5"
    assert omi.kinds["you"].played == HISTORY_PER_GAME + 5


class FakeGame:
    """Figures of every shape a game may give: per team, per seat, per match, and junk."""

    seat_stats = Game.seat_stats  # the base's generic reading of match_stats

    def teams(self, players: int) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1,))

    def match_stats(self, state: Any) -> dict[str, Any]:
        return {
            "points": [10, 20],
            "cards": [1, 2, 3],
            "rounds": 4,
            "clean": True,
            "note": "text",
            "odd": [1, 2, 3, 4, 5],
            "nan": float("nan"),
        }


class FakeState:
    players = 3


def test_figures_are_read_generically_from_match_stats() -> None:
    figures = [seat_figures(FakeGame(), FakeState(), seat) for seat in range(3)]  # type: ignore[arg-type]
    assert figures[0] == {"points": 10, "cards": 1, "rounds": 4, "clean": 1}
    assert figures[1] == {"points": 20, "cards": 2, "rounds": 4, "clean": 1}
    assert figures[2] == {"points": 10, "cards": 3, "rounds": 4, "clean": 1}


def test_om_nom_nom_points_are_per_seat() -> None:
    from game.core.match import Match
    from game.core.registry import find_game
    from game.core.runner import SyncBotRunner

    game = find_game("omnomnom")
    seats = [Seat("human", "You")] + [Seat("bot", f"B{i}", "random") for i in range(1, 3)]
    match = Match(game, [Seat("bot", s.name, "random") for s in seats], 5, runner=SyncBotRunner())
    match.run_to_end()
    stats = Statistics()
    stats.record("x", game, match.state, seats)
    scores = game.match_stats(match.state)["score"]
    assert stats.game(game.info.id).kinds["you"].averages()["score"] == scores[0]


def test_unknown_games_in_the_file_are_kept() -> None:
    data = Statistics().to_json()
    data["games"]["tiddlywinks"] = {
        "kinds": {"you": KindTotals(played=3, won=1).to_json()},
        "history": [],
    }
    stats = Statistics.from_json(json.loads(json.dumps(data)))
    assert stats.to_json()["games"]["tiddlywinks"]["kinds"]["you"]["played"] == 3


@pytest.mark.parametrize(
    "games",
    [
        {"omi": []},
        {"omi": {"kinds": {"you": {"played": -1}}}},
        {"omi": {"kinds": {"you": {"played": 1, "won": 2}}}},
        {"omi": {"kinds": {"you": {"played": 1, "sums": {"tokens": "ten"}}}}},
        {"omi": {"history": [{"id": "x"}]}},
    ],
)
def test_malformed_statistics_are_damaged(games: dict) -> None:
    with pytest.raises(DamagedFile):
        Statistics.from_json({"kind": "statistics", "version": 1, "games": games})


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b'{"kind": "statistics", "version": 1, "ga',
        b"statistics!",
        b'{"kind": "statistics", "version": 3}',
    ],
    ids=["empty", "truncated", "not-json", "wrong-version"],
)
def test_damaged_statistics_are_set_aside_and_start_afresh(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "statistics.json").write_bytes(content)
    store = Store.open(tmp_path, logging_to_file=False)
    assert store.stats.games == {}
    [message] = store.notices.messages
    assert "statistics could not be read" in message and "they start afresh" in message
    [aside] = (tmp_path / "damaged").glob("statistics.*.json")
    store.follow(finished_omi(1))
    store.sync()
    assert aside.read_bytes() == content
    assert Store.open(tmp_path, logging_to_file=False).stats.game("omi").kinds["you"].played == 1
