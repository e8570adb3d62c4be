"""Autosave after every action, resume to the same fingerprint, and damaged saves set aside."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.core.match import Match, Seat
from game.core.runner import SyncBotRunner
from game.store.autosave import NullRunner
from game.store.store import Store
from tests.store.helpers import omi_match, play_step, play_until


def open_store(root: Path, background: bool = False) -> Store:
    return Store.open(root, background_autosave=background, logging_to_file=False)


def on_disk(store: Store) -> dict:
    return json.loads(store.dirs.autosave_file.read_text())


@pytest.mark.parametrize("background", [False, True], ids=["direct", "writer-thread"])
def test_the_save_follows_every_action_and_replays_to_the_same_fingerprint(
    tmp_path: Path, background: bool
) -> None:
    store = open_store(tmp_path, background)
    match = omi_match(seed=3)
    store.follow(match)
    rng = random.Random(5)
    checked = 0
    while len(match.log) < 60:
        before, writes = len(match.log), store.autosave.writes
        play_step(match, rng)  # the match itself tells the store: no sync() call needed
        wrote = store.autosave.writes > writes
        assert wrote == (len(match.log) != before)  # a save per action, none without one
        store.autosave.flush()
        saved = on_disk(store)["match"]
        assert len(saved["log"]) == len(match.log)
        if wrote and len(match.log) % 7 == 0:  # replaying every save is quadratic: a spread
            again = Match.from_json(saved, runner=NullRunner())
            assert again.state.fingerprint() == match.state.fingerprint()
            checked += 1
    assert checked >= 5
    store.close()


def test_an_idle_table_writes_nothing(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    match = omi_match()
    store.follow(match)
    writes = store.autosave.writes
    for _ in range(10):
        match.hold()
        match.update(16)
        match.release()
        store.sync()
    assert store.autosave.writes == writes


def test_a_seat_changing_hands_is_saved(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    match = omi_match()
    store.follow(match)
    match.set_seat(0, Seat("bot", "You (bot)", "random"))
    assert on_disk(store)["match"]["seats"][0]["kind"] == "bot"


def test_resume_continues_exactly_where_it_was_and_files_the_match_once(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    match = omi_match(seed=11)
    store.follow(match)
    play_until(match, lambda m: len(m.log) >= 45)
    match_id = store.autosave.match_id
    # The program dies here: nothing is closed or flushed.
    again = open_store(tmp_path)
    saved = again.pending_match()
    assert saved is not None and saved.match_id == match_id
    assert saved.preview.state.fingerprint() == match.state.fingerprint()
    resumed = saved.resume(SyncBotRunner(), (100, 300))
    assert resumed.state.fingerprint() == match.state.fingerprint()
    assert resumed.log == match.log and resumed.now_ms == match.now_ms
    assert [s.to_json() for s in resumed.seats] == [s.to_json() for s in match.seats]
    again.follow(resumed, saved)
    play_until(resumed, lambda m: False, seed=2)
    assert not again.dirs.autosave_file.exists()
    assert again.pending_match() is None
    [replay] = again.replays.entries("omi")
    assert replay.match_id == match_id and replay.actions == len(resumed.log)
    assert replay.match["log"][:45] == [[at, a.to_json()] for at, a in match.log[:45]]
    assert again.stats.game("omi").kinds["you"].played == 1
    assert open_store(tmp_path).stats.recorded == [match_id]


def test_a_match_killed_while_being_filed_is_filed_once_at_the_next_start(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    match = omi_match(seed=4)
    store.autosave.start(match)  # saves by hand below, but never files
    play_until(match, lambda m: False, after_step=store.autosave.sync)
    assert store.dirs.autosave_file.exists()
    store.replays.add(
        match, store.autosave.match_id, store.autosave.started
    )  # died after this step
    again = open_store(tmp_path)
    assert again.pending_match() is None
    assert not again.dirs.autosave_file.exists()
    assert len(again.replays.entries("omi")) == 1
    [filed] = again.stats.game("omi").history  # filed once, with every seat
    assert len(filed.entries) == 4


def test_abandoning_removes_the_save_and_counts_nothing(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    match = omi_match()
    store.follow(match)
    play_until(match, lambda m: len(m.log) >= 10, after_step=store.sync)
    store.abandon()
    assert not store.dirs.autosave_file.exists()
    assert match.listeners == []
    play_until(match, lambda m: len(m.log) >= 20)
    assert not store.dirs.autosave_file.exists()  # no longer followed
    assert open_store(tmp_path).pending_match() is None
    assert store.stats.games == {}


def damaged_variants(good: dict) -> dict[str, bytes]:
    text = json.dumps(good)
    unknown = json.loads(text)
    unknown["match"]["game"] = "tiddlywinks"
    bad_log = json.loads(text)
    bad_log["match"]["log"][3][1]["card"] = "ZZ"
    wrong_print = json.loads(text)
    wrong_print["match"]["fingerprint"] = "0" * 32
    newer = dict(good, version=2)
    old_match = json.loads(text)
    old_match["match"]["format"] = 0
    return {
        "empty": b"",
        "truncated": text[: len(text) // 2].encode(),
        "not-json": b"\x00\x01 binary",
        "wrong-version": json.dumps(newer).encode(),
        "wrong-match-format": json.dumps(old_match).encode(),
        "unknown-game": json.dumps(unknown).encode(),
        "illegal-log": json.dumps(bad_log).encode(),
        "wrong-fingerprint": json.dumps(wrong_print).encode(),
    }


def test_every_kind_of_damaged_save_is_set_aside_and_reported(tmp_path: Path) -> None:
    source = open_store(tmp_path / "source")
    match = omi_match(seed=9)
    source.follow(match)
    play_until(match, lambda m: len(m.log) >= 12, after_step=source.sync)
    good = on_disk(source)
    for name, content in damaged_variants(good).items():
        root = tmp_path / name
        root.mkdir(parents=True)
        (root / "autosave.json").write_bytes(content)
        store = open_store(root)
        assert store.pending_match() is None, name
        [message] = store.notices.messages
        assert (
            "saved match could not be read" in message and "a new match can be started" in message
        ), name
        [aside] = (root / "damaged").glob("autosave.*.json")
        assert aside.read_bytes() == content, name
        # A new match can be saved and resumed beside the kept file.
        store.follow(omi_match(seed=1))
        assert open_store(root).pending_match() is not None, name


def test_a_save_taken_before_due_deadlines_fired_still_loads(tmp_path: Path) -> None:
    # Omi's deal is a deadline at 0: a match saved at creation has not dealt yet.
    store = open_store(tmp_path)
    match = omi_match()
    store.follow(match)
    saved = open_store(tmp_path).pending_match()
    assert saved is not None
    assert saved.preview.state.fingerprint() == match.state.fingerprint()


def test_bots_of_a_previewed_save_never_think(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    match = omi_match()
    store.follow(match)
    saved = open_store(tmp_path).pending_match()
    assert saved is not None
    saved.preview.update(10_000)
    assert saved.preview.log == []


def test_match_listeners_hear_every_action_and_seat_change() -> None:
    match = omi_match(seed=2)
    heard: list[int] = []
    match.listeners.append(lambda m: heard.append(len(m.log)))
    play_until(match, lambda m: len(m.log) >= 8)
    assert heard == list(range(1, 9))
    match.set_seat(2, Seat("human", "Friend"))
    assert heard[-1] == 8 and len(heard) == 9


def test_the_writer_thread_keeps_order_and_survives_a_failing_job(tmp_path: Path) -> None:
    store = open_store(tmp_path, background=True)
    match = omi_match(seed=5)
    store.follow(match)
    done: list[int] = []
    store.autosave.after_saves(lambda: done.append(len(on_disk(store)["match"]["log"])))
    store.autosave.after_saves(lambda: 1 / 0)  # type: ignore[arg-type]  # logged, and the writer carries on
    play_until(match, lambda m: len(m.log) >= 10)
    store.autosave.flush()
    assert done == [0]  # ran after the save handed over before it, not later ones
    assert len(on_disk(store)["match"]["log"]) == len(match.log)
    play_until(match, lambda m: False)
    store.close()
    assert not store.dirs.autosave_file.exists()
    assert len(store.replays.entries("omi")) == 1
    assert open_store(tmp_path).stats.game("omi").kinds["you"].played == 1
