"""``simulate omi --record`` writes the schema of issue 2, and bad arguments exit 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.omi.cards import DECK, trick_winner
from tests.conftest import REPO


def exit_code(argv: list[str]) -> object:
    """``main.main``'s exit code, whether it returns it or argparse exits."""
    import main

    try:
        return main.main(argv)
    except SystemExit as exc:
        return exc.code


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args], capture_output=True, text=True, cwd=REPO
    )


def test_records_follow_the_schema(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    result = run(
        "simulate",
        "omi",
        "--games",
        "3",
        "--seed",
        "7",
        "--bots",
        "random",
        "--record",
        str(out),
        "--quiet",
    )
    assert result.returncode == 0, result.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == 3
    for index, line in enumerate(lines):
        record = json.loads(line)
        assert record["game"] == "omi" and record["seed"] == 7 + index
        assert record["bots"] == ["random"] * 4
        assert set(record["options"]) == {"tie_carry", "kapothi_challenge", "max_hands"}
        score = [0, 0]
        for hand in record["hands"]:
            assert hand["trump_maker"] == (hand["dealer"] + 1) % 4
            assert sorted(c for seat in hand["deal"] for c in seat) == sorted(DECK)
            assert len(hand["tricks"]) == 8
            for trick in hand["tricks"]:
                winner = (trick["leader"] + trick_winner(trick["cards"], hand["trump"])) % 4
                assert trick["winner"] == winner
            score = [min(10, s + t) for s, t in zip(score, hand["tokens"], strict=True)]
            assert hand["score"] == score
        assert record["winner"] in (0, 1) and max(score) == 10 and score[record["winner"]] == 10


def test_a_summary_reports_wins_with_an_interval_and_think_times() -> None:
    result = run("simulate", "omi", "--games", "4", "--bots", "random", "--json", "--quiet")
    summary = json.loads(result.stdout)
    assert sum(row["wins"] for row in summary["wins"]) == 4
    low, high = summary["wins"][0]["ci95"]
    assert 0 <= low <= summary["wins"][0]["rate"] <= high <= 1
    assert abs(sum(summary["shares"]["tokens"]) - 1) < 1e-9
    assert summary["means"]["hands"] >= 4
    assert "random" in summary["think_ms"]


def test_bad_arguments_print_a_clear_message_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for args, message in [
        (("simulate", "chess"), "unknown game"),
        (("simulate", "omi", "--bots", "genius"), "no bot level"),
        (("simulate", "omi", "--options", "tie_carry=double"), "tie_carry"),
        (("simulate", "omi", "--options", "colour=red"), "unknown option"),
        (("simulate", "omi", "--games", "0"), "at least 1"),
        (("simulate", "omi", "--players", "3"), "exactly 4 players"),
        (("simulate", "omi", "--games", "many"), "invalid int"),
    ]:
        code = exit_code(list(args))
        err = capsys.readouterr().err
        assert code == 2, args
        assert message in err, (args, err)
