"""Records (`simulate --record`) and the match statistics: the schema docs/records.md gives."""

from __future__ import annotations

import json

from game.core.actions import Action
from game.core.match import Match, Seat
from game.omg import GAME


def finished_match(seed: int) -> Match:
    match = Match(GAME, [Seat("bot", "a", "normal"), Seat("bot", "b", "easy")], seed)
    match.run_to_end()
    return match


def test_a_record_has_every_card_open_and_replays_to_the_same_end() -> None:
    match = finished_match(4)
    record = json.loads(json.dumps(GAME.record(match.state, 4, ["normal", "easy"])))
    assert record["game"] == "omg" and record["winner"] in (0, 1)
    assert record["decks"][0][0] == "Surtr" and len(record["opening"][1]["life"]) == 3
    cards = sum(
        len(side["deck"])
        + len(side["hand"])
        + len(side["life"])
        + len(side["abyss"])
        + sum(len(loc["cards"]) for loc in side["locations"] if loc)
        for side in record["final"]
    )
    assert cards == 72
    replay = GAME.new_state(2, 4, record["options"])
    for entry in record["actions"]:
        entry = {k: v for k, v in entry.items() if k != "turn"}
        replay.apply(Action.from_json(entry))
    assert replay.fingerprint() == match.state.fingerprint()


def test_match_stats_are_per_seat_lists_and_per_match_numbers() -> None:
    stats = GAME.match_stats(finished_match(5).state)
    assert len(stats["life_left"]) == 2 and stats["draw"] in (0, 1)
    assert isinstance(stats["turns"], int) and stats["turns"] > 1


def test_simulate_takes_the_decks_and_refuses_a_bad_one(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from main import main

    out = tmp_path / "omg.jsonl"
    code = main(
        [
            "simulate",
            "omg",
            "--games",
            "2",
            "--decks",
            "dusk,dawn",
            "--bots",
            "easy",
            "--record",
            str(out),
            "--quiet",
        ]
    )
    assert code == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 2 and rows[0]["decks"][0][0] == "Pele"
    assert main(["simulate", "omg", "--decks", "dawn,Surtr+Pele", "--quiet"]) == 2
    assert "exactly 12" in capsys.readouterr().err
