"""Replays: every finished match kept (the last N per game), stepped both ways, per seat and open."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import cast

import pytest

from game.core.actions import Action
from game.core.events import CardMoved
from game.core.game import Outcome
from game.core.registry import find_game
from game.omi.view import OmiView
from game.store.files import DamagedFile, SafeFiles
from game.store.replay_cursor import CHECKPOINT_EVERY, ReplayCursor
from game.store.replays import ReplayShelf
from tests.store.helpers import omi_match, play_until


@pytest.fixture(scope="module")
def finished() -> dict:
    match = omi_match(seed=21)
    play_until(match, lambda m: False, seed=21)
    return match.to_json()


def reference_fingerprints(save: dict) -> list[str]:
    """The match after each number of actions, replayed independently of the cursor."""
    state = find_game(save["game"]).new_state(len(save["seats"]), save["seed"], save["options"])
    log = [(at, Action.from_json(a)) for at, a in save["log"]]
    state.advance(log[0][0])
    prints = [state.fingerprint()]
    for at, action in log:
        state.advance(at)
        state.apply(action, at)
        prints.append(state.fingerprint())
    return prints


def test_stepping_forwards_and_backwards_visits_the_same_states(finished: dict) -> None:
    cursor = ReplayCursor(finished)
    expected = reference_fingerprints(finished)
    assert cursor.length == len(finished["log"]) > 2 * CHECKPOINT_EVERY
    assert cursor.state.fingerprint() == expected[0]
    assert not cursor.back()
    while cursor.forward():
        assert cursor.state.fingerprint() == expected[cursor.position]
    assert cursor.position == cursor.length and cursor.state.is_over()
    assert cursor.state.fingerprint() == finished["fingerprint"]
    assert not cursor.forward()
    while cursor.back():
        assert cursor.state.fingerprint() == expected[cursor.position]
    assert cursor.position == 0
    rng = random.Random(4)
    for _ in range(40):
        target = rng.randrange(cursor.length + 1)
        cursor.seek(target)
        assert cursor.state.fingerprint() == expected[target]


def test_the_opening_shows_the_deal(finished: dict) -> None:
    cursor = ReplayCursor(finished, viewer=None)
    assert all(len(cast(tuple[str, ...], hand)) == 4 for hand in cast(OmiView, cursor.view()).hands)


def test_one_seat_sees_only_its_own_cards_and_the_open_view_sees_all(finished: dict) -> None:
    cursor = ReplayCursor(finished, viewer=1)
    cursor.seek(12)
    view = cast(OmiView, cursor.view())
    assert view.seat == 1 and view.hand == view.hands[1] and view.hand
    assert [h is None for h in view.hands] == [True, False, True, True]
    cursor.set_viewer(None)
    assert all(hand for hand in cast(OmiView, cursor.view()).hands)
    with pytest.raises(ValueError):
        cursor.set_viewer(7)


def test_step_events_are_redacted_for_the_viewer(finished: dict) -> None:
    cursor = ReplayCursor(finished, viewer=0)
    cursor.seek(1)  # the trump is named, then the second four cards are dealt
    step = cursor.last_step()
    assert step is not None and step.index == 0
    dealt = [e for e in cursor.events_seen(step) if isinstance(e, CardMoved) and e.src == "deck"]
    assert dealt and all((e.card is not None) == (e.dst == "hand:0") for e in dealt)
    cursor.set_viewer(None)
    assert all(e.card for e in cursor.events_seen(step) if isinstance(e, CardMoved))
    cursor.seek(0)
    assert cursor.last_step() is None


def test_a_log_that_does_not_replay_is_damaged(finished: dict) -> None:
    broken = json.loads(json.dumps(finished))
    broken["log"][5][1]["card"] = "ZZ"
    with pytest.raises(DamagedFile):
        ReplayCursor(broken)
    changed = json.loads(json.dumps(finished))
    changed["fingerprint"] = "f" * 32
    with pytest.raises(DamagedFile, match="differs"):
        ReplayCursor(changed)
    with pytest.raises(DamagedFile):
        ReplayCursor({"game": "omi"})


def test_the_shelf_keeps_the_newest_matches_once_each(tmp_path: Path) -> None:
    shelf = ReplayShelf(SafeFiles(), tmp_path, keep=3)
    matches = []
    for seed in range(5):
        match = omi_match(seed)
        play_until(match, lambda m: False, seed=seed)
        matches.append(match)
        assert shelf.add(match, f"id{seed}", started=1000.0 * seed, finished=1000.0 * seed + 500)
    assert shelf.add(matches[4], "id4", started=0.0) is not None  # again: nothing new
    infos = shelf.entries("omi")
    assert [i.match_id for i in infos] == ["id4", "id3", "id2"]
    newest = infos[0]
    assert newest.title == "Omi" and newest.seat_names == ("You", "Bot 1", "Bot 2", "Bot 3")
    assert newest.winners == cast(Outcome, matches[4].state.outcome()).winners
    assert ReplayCursor(newest.match).length == newest.actions == len(matches[4].log)


def test_damaged_replays_are_set_aside_and_the_rest_listed(tmp_path: Path, finished: dict) -> None:
    files = SafeFiles()
    shelf = ReplayShelf(files, tmp_path)
    match = omi_match(seed=2)
    play_until(match, lambda m: False)
    good = shelf.add(match, "good", started=0.0)
    assert good is not None
    record = json.loads(good.read_text())
    (tmp_path / "omi" / "20200101-000000-empty.json").write_bytes(b"")
    (tmp_path / "omi" / "20200101-000001-cut.json").write_text(good.read_text()[:300])
    (tmp_path / "omi" / "20200101-000002-alien.json").write_text(
        json.dumps(dict(record, game="tiddlywinks"))
    )
    (tmp_path / "omi" / "20200101-000003-newer.json").write_text(
        json.dumps(dict(record, version=5))
    )
    assert [info.match_id for info in shelf.entries("omi")] == ["good"]
    assert len(files.notices.messages) == 4
    assert len(list((tmp_path / "omi" / "damaged").glob("*.json"))) == 4
    assert [info.match_id for info in shelf.entries("omi")] == ["good"]  # nothing new to report
    assert len(files.notices.messages) == 4
