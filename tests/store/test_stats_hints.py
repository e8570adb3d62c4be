"""Statistics mark the matches where a person was shown a hint (issue 30, item 2): the match's
notes say which seats took one (saved with it), the statistics count them "with hints", and
files from before hints load as matches without."""

from __future__ import annotations

import json
from pathlib import Path

from game.core.hint import HINTED_NOTE, hinted_seats, note_hint
from game.core.match import Match
from game.store.stats import Statistics
from game.store.store import Store
from tests.store.test_stats import finished_omi


def test_a_hint_is_noted_in_the_match_and_survives_its_save() -> None:
    match = finished_omi(3)
    note_hint(match.notes, 0)
    note_hint(match.notes, 0)
    assert match.notes[HINTED_NOTE] == [0]
    again = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert hinted_seats(again.notes) == {0}


def test_the_statistics_count_matches_with_hints_for_the_person_only(tmp_path: Path) -> None:
    store = Store.open(tmp_path, logging_to_file=False)
    match = finished_omi(3)
    note_hint(match.notes, 0)
    store.follow(match)
    assert store.sync()
    omi = store.stats.game("omi")
    assert omi.kinds["you"].hinted == 1
    assert omi.kinds["bot:normal"].hinted == 0
    [result] = omi.history
    assert [e.hinted for e in result.entries] == [True, False, False, False]
    again = Store.open(tmp_path, logging_to_file=False).stats
    assert again.game("omi").kinds["you"].hinted == 1
    assert again.game("omi").history[0].entries[0].hinted


def test_statistics_from_before_hints_load_as_matches_without() -> None:
    stats = Statistics()
    match = finished_omi(3)
    stats.record("m", match.game, match.state, match.seats, finished=1.0)
    data = stats.to_json()
    for totals in data["games"]["omi"]["kinds"].values():
        del totals["hinted"]
    assert all("hinted" not in e for e in data["games"]["omi"]["history"][0]["entries"])
    old = Statistics.from_json(json.loads(json.dumps(data)))
    assert old.game("omi").kinds["you"].hinted == 0
    assert not any(e.hinted for e in old.game("omi").history[0].entries)


def test_hinted_seats_read_nothing_from_notes_that_are_not_a_list_of_seats() -> None:
    assert hinted_seats({}) == frozenset()
    assert hinted_seats({HINTED_NOTE: "0"}) == frozenset()
    assert hinted_seats({HINTED_NOTE: [0, True, "1", 2]}) == {0, 2}
