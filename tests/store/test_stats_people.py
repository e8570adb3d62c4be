"""Statistics count right (issue 29): per person and per bot level, each figure someone's own.

A person is a human seat's name; a match counts once for each person who played it. Each game's
figures are per seat (``Game.seat_stats``) and say what they count (``Game.stat_labels``).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from game.core.match import Match, Seat
from game.core.registry import all_games, find_game
from game.core.runner import SyncBotRunner
from game.store.stats import Statistics, figure_label

SAVES = Path(__file__).parent / "saves"


def finished(game_id: str) -> Match:
    """A finished match of ``game_id`` from the saved fixtures (replayed, not played)."""
    data = json.loads((SAVES / f"{game_id}_over.json").read_text())
    return Match.from_json(data, runner=SyncBotRunner())


def counted(game_id: str, seats: list[Seat], winners: tuple[int, ...], **kw: Any) -> Statistics:
    """Statistics after the fixture match of ``game_id`` with ``seats``, won by ``winners``."""
    match = finished(game_id)
    outcome = match.state.outcome()
    assert outcome is not None
    match.state._outcome = dataclasses.replace(outcome, winners=winners)  # type: ignore[attr-defined]
    stats = Statistics()
    stats.record("m", match.game, match.state, seats, finished=1.0, **kw)
    return stats


def omi_seats(*names: str) -> list[Seat]:
    """Humans named ``names`` in the first seats, normal bots in the rest."""
    seats = [Seat("human", name) for name in names]
    return seats + [Seat("bot", f"B{i}", "normal") for i in range(len(seats), 4)]


def test_another_persons_win_at_your_screen_is_not_yours() -> None:
    # You (seat 0) and Amal (seat 1) are on opposite teams; Amal's team wins.
    omi = counted("omi", omi_seats("You", "Amal"), (1, 3)).game("omi")
    you, amal = omi.kinds["you"], omi.kinds["amal"]
    assert (you.played, you.won) == (1, 0)
    assert (amal.played, amal.won, amal.name) == (1, 1, "Amal")
    assert omi.label("you") == "You" and omi.label("amal") == "Amal"


def test_a_name_is_one_person_whatever_its_case_and_spaces() -> None:
    stats = Statistics()
    match = finished("omi")
    for n, name in enumerate(["amal", " Amal ", "AMAL"]):
        stats.record(f"m{n}", match.game, match.state, omi_seats(name), finished=float(n + 1))
    omi = stats.game("omi")
    assert list(omi.kinds) == ["amal", "bot:normal"]
    assert omi.kinds["amal"].played == 3 and omi.label("amal") == "AMAL"  # the latest spelling


def test_a_person_named_like_a_bot_level_is_still_a_person() -> None:
    omi = counted("omi", omi_seats("bot:hard"), (0, 2)).game("omi")
    assert omi.kinds["person:bot:hard"].won == 1 and "bot:hard" not in omi.kinds
    assert omi.label("person:bot:hard") == "bot:hard"


def test_each_bot_level_counts_a_match_once() -> None:
    omi = counted("omi", omi_seats("You"), (1, 3)).game("omi")
    assert omi.kinds["bot:normal"].played == 1 and omi.label("bot:normal") == "Normal bot"


def test_the_solo_colours_of_om_nom_nom_are_nobody() -> None:
    seats = [Seat("human", "You"), Seat("bot", "Colour 1", "random"), Seat("bot", "Colour 2")]
    stats = counted("omnomnom", seats, (1,), options={"solo": 2})
    assert list(stats.game("omnomnom").kinds) == ["you"]


def test_every_figure_of_every_game_is_someones_and_says_what_it_counts() -> None:
    for game in all_games():
        players = game.info.min_players
        figures = game.seat_stats(game.new_state(players, 1))
        assert set(figures) == set(game.stat_labels), game.info.id
        for name, values in figures.items():
            assert len(values) == players
            assert figure_label(name, game.stat_labels) == game.stat_labels[name] != ""


def test_fomo_has_no_score() -> None:
    game = find_game("fomo")
    assert "score" not in game.seat_stats(finished("fomo").state)


def test_an_omyn_call_counts_for_the_seat_that_made_it() -> None:
    game = find_game("omyn")
    state = game.new_state(4, 1)
    state.history = [  # type: ignore[attr-defined]
        {"result": {"caller": 1, "winner": 1, "reason": "lowest", "turns": 9}},
        {"result": {"caller": 2, "winner": 0, "reason": "caller_tied", "turns": 5}},
        {"result": {"caller": None, "winner": 3, "reason": "empty_row", "turns": 3}},
    ]
    figures = game.seat_stats(state)
    assert figures["calls"] == [0, 1, 1, 0]
    assert figures["calls_won"] == [0, 1, 0, 0]
    assert figures["row_emptied"] == [0, 0, 0, 1]
    assert figures["turns"] == [17] * 4  # the match's, the same at every seat


@pytest.mark.parametrize(("first", "winner", "won_first"), [(1, 1, [0, 1]), (1, 0, [0, 0])])
def test_omg_won_as_first_player_is_the_first_players_own(
    first: int, winner: int, won_first: list[int]
) -> None:
    game = find_game("omg")
    state = game.new_state(2, 1)
    state.first_player, state.winner = first, winner  # type: ignore[attr-defined]
    figures = game.seat_stats(state)
    assert figures["went_first"] == [1 - first, first]
    assert figures["won_first"] == won_first


def test_om_nom_nom_lead_is_each_seats_own_margin() -> None:
    game = find_game("omnomnom")
    state = game.new_state(3, 1)
    state.round_scores = [[9, 7, 12], [10, 10, 3]]  # type: ignore[attr-defined]
    figures = game.seat_stats(state)
    assert figures["score"] == [19, 17, 15]
    assert figures["lead"] == [2, -2, -4]  # not one number on every row
    assert figures["best_round"] == [10, 10, 12]


def test_only_the_figures_a_game_gives_now_are_shown() -> None:
    stats = Statistics()
    match = finished("fomo")
    stats.record("m", match.game, match.state, omi_seats("You")[:2], finished=1.0)
    fomo = stats.game("fomo")
    fomo.kinds["you"].counts["score"] = 1  # counted by an earlier version
    fomo.kinds["you"].sums["score"] = 1.0
    assert fomo.figure_names(match.game.stat_labels) == ["turns", "call_wins", "out"]


V1_FILE = {
    "kind": "statistics",
    "version": 1,
    "games": {
        "omi": {
            "kinds": {
                "you": {
                    "played": 7,
                    "won": 4,
                    "drawn": 0,
                    "streak": 2,
                    "best_streak": 3,
                    "sums": {"tokens": 50.0, "hands": 40.0},
                    "counts": {"tokens": 7, "hands": 7},
                },
                "bot:normal": {"played": 7, "won": 3},
            },
            "history": [
                {
                    "id": "old",
                    "finished": 1_700_000_000,
                    "entries": [
                        {"seat": 0, "kind": "you", "name": "Amal", "won": True, "figures": {}},
                        {"seat": 1, "kind": "bot:normal", "name": "B1", "won": False},
                    ],
                }
            ],
        }
    },
    "recorded": ["old"],
}


def test_statistics_of_version_1_are_read_as_the_person_you(tmp_path: Path) -> None:
    stats = Statistics.from_json(json.loads(json.dumps(V1_FILE)))
    omi = stats.game("omi")
    assert omi.label("you") == "You"
    you = omi.kinds["you"]
    assert (you.played, you.won, you.best_streak) == (7, 4, 3)
    assert [r.won for r in omi.results("you")] == [True]
    assert omi.history[0].entries[0].name == "Amal"  # the seat names stay kept
    match = finished("omi")
    stats.record("new", match.game, match.state, omi_seats("You"), finished=2.0)
    again = Statistics.from_json(json.loads(json.dumps(stats.to_json())))
    assert again.to_json()["version"] == 2
    assert again.game("omi").kinds["you"].played == 8
