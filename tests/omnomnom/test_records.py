"""``simulate omnomnom --record``: one JSON object per match in the schema of issue 6."""

from __future__ import annotations

import io
import json
from typing import Any

from game.omnomnom import GAME
from game.omnomnom.cards import ANIMALS, FACES
from game.simulate import simulate

KEYS = ["game", "seed", "players", "solo", "rounds", "totals", "winners"]


def records(players: int, solo: int, games: int = 3) -> list[dict[str, Any]]:
    out = io.StringIO()
    options = {"solo": solo} if solo else {}
    levels = ["normal"] * (1 if solo else players)
    simulate(GAME, players, levels, options, games, seed=7, record_file=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def check(record: dict[str, Any], players: int) -> None:
    assert list(record) == KEYS
    assert record["game"] == "omnomnom" and record["players"] == players
    assert len(record["rounds"]) == 3
    for round_ in record["rounds"]:
        assert list(round_) == ["dice", "turns", "scores"]
        assert list(round_["dice"]) == list(FACES) and sum(round_["dice"].values()) == 15
        assert len(round_["turns"]) == 6
        for seat in range(players):
            assert sorted(t["picks"][seat] for t in round_["turns"]) == sorted(ANIMALS)
        assert len(round_["scores"]) == players
    totals = [sum(r["scores"][s] for r in record["rounds"]) for s in range(players)]
    assert record["totals"] == totals
    assert record["winners"]
    if record["solo"] is None:
        assert all(totals[w] == max(totals) for w in record["winners"])
    else:  # the player (seat 0) wins alone, or the best virtual colours do
        assert record["winners"] == [0] or 0 not in record["winners"]


def test_a_four_player_record_follows_the_schema() -> None:
    rows = records(4, 0)
    assert [r["seed"] for r in rows] == [7, 8, 9]
    for row in rows:
        assert row["solo"] is None
        check(row, 4)


def test_a_solo_record_names_the_variant_and_seats_the_player_first() -> None:
    for row in records(4, 3):
        assert row["solo"] == 3
        check(row, 4)
