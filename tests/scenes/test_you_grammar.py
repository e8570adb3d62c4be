"""Grammar with "You": every message about a seat reads right for "Nimal" and for "You" (the
kit's ``says``/``possessive`` speak through game/core/narration.py), and no message in scenes/
glues "'s" or a third-person verb straight onto a seat's name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.core.narration import Voice, counted
from scenes.app import App
from tests.scenes.conftest import omi_table, run_until

SCENES = Path(__file__).resolve().parents[2] / "scenes"
# A seat's name in an f-string: seat_name(...), a Seat's .name, names[...].
SEAT = r"\{[^{}]*(?:seat_name\(|\.name\b|\bnames\[)[^{}]*\}"


def lines_in_scenes(pattern: str) -> list[str]:
    """Every line under scenes/ where ``pattern`` follows a seat's name in an f-string."""
    found = re.compile(SEAT + pattern)
    return [
        f"{path.relative_to(SCENES)}:{number}: {line.strip()}"
        for path in sorted(SCENES.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if found.search(line)
    ]


def test_no_message_puts_s_right_after_a_seat_name() -> None:
    assert lines_in_scenes(r"['’]s\b") == [], "say possessive(seat), not name + 's"


def test_no_message_puts_a_third_person_verb_right_after_a_seat_name() -> None:
    verbs = r" (?:is|has|was|does|[a-z]+s)\b"
    assert lines_in_scenes(verbs) == [], "say says(seat, verb), not name + verb"


@pytest.mark.parametrize(
    ("verb", "nimal", "you"),
    [
        ("plays", "Nimal plays", "You play"),
        ("evolves to", "Nimal evolves to", "You evolve to"),
        ("is", "Nimal is", "You are"),
        ("takes the trick", "Nimal takes the trick", "You take the trick"),
        ("passes", "Nimal passes", "You pass"),
    ],
)
def test_the_tables_say_each_verb_for_nimal_and_for_you(
    app: App, verb: str, nimal: str, you: str
) -> None:
    table = omi_table(app, humans=(0,))  # seat 0 "You", seat 1 "Nimal"
    assert table.says(1, verb) == nimal
    assert table.says(0, verb) == you
    assert (table.possessive(1), table.possessive(0)) == ("Nimal's", "your")


def test_omyn_power_captions_agree_with_you() -> None:
    from scenes.omyn.table import POWER_TEXT

    for names, whose, takes, target in (
        (["You", "Nimal"], "Nimal's", "Nimal takes", "Nimal"),
        (["Nimal", "You"], "your", "You take", "you"),
    ):
        voice = Voice(names)
        assert voice.whose(1) == whose and voice.says(1, "takes") == takes
        texts = [
            text.format(target=target, whose=whose, takes=takes, slot=1, other=2)
            for text in POWER_TEXT.values()
        ]
        assert not any("You's" in t or "You takes" in t or "on You" in t for t in texts)


def test_counts_agree_with_their_nouns() -> None:
    assert (counted(1, "Gem"), counted(2, "Gem"), counted(0, "Gem")) == (
        "1 Gem",
        "2 Gems",
        "0 Gems",
    )
    from game.omg import abilities, moves

    for module in (abilities, moves):
        source = Path(module.__file__ or "").read_text()
        assert "Gem(s)" not in source and "active Gems" not in source
    assert "Gems)" not in (SCENES / "omg" / "picks.py").read_text()


def test_fomo_narration_says_your_own_set_for_you() -> None:
    voice = Voice(["You", "Nimal"])
    assert voice.whose_from(0, 0) == "your own" and voice.whose_from(1, 1) == "their own"


def test_rules_sentences_name_seats_with_you_agreeing() -> None:
    """The rules layer's "seat 1 ..." (results, replays' lists) said with names."""
    from game.core.narration import name_seats

    you, nimal = ["You", "Nimal"], ["Amal", "Nimal"]
    assert name_seats("seat 0 wins the match (lowest)", you) == "You win the match (lowest)"
    assert name_seats("seat 0 wins the match (lowest)", nimal) == "Amal wins the match (lowest)"
    assert name_seats("it is seat 0's turn", you) == "It is your turn"
    assert name_seats("it is seat 1's turn", you) == "It is Nimal's turn"
    assert name_seats("seat 0 is the last player standing", you).startswith("You are the last")
    assert name_seats("it is seat 1's turn, not seat 0's", you) == "It is Nimal's turn, not yours"


def test_a_refused_move_names_the_seats(quick_app: App) -> None:
    from game.omi.actions import PlayCard

    table = omi_table(quick_app, humans=(1,), seed=11)  # Nimal at the screen

    def a_bots_turn() -> bool:
        refusal = table.match.state.check(PlayCard(1, "AS"))
        return refusal is not None and refusal.code == "not_your_turn"

    run_until(quick_app, a_bots_turn, max_frames=3000)
    table.submit(PlayCard(1, "AS"))  # the rules say "it is seat 2's turn, not seat 1's"
    assert "not Nimal's" in table.message.text
    assert "seat" not in table.message.text.lower()
