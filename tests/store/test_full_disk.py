"""A full disk never loses a finished match: the autosave goes only once the replay and the
statistics are written; every failed write is told to the player (on the table too); and
nothing claims a save that did not happen."""

from __future__ import annotations

import errno
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from game.store import files
from game.store.store import Store
from tests.store.helpers import omi_match, play_until


class FullDisk:
    """``write_atomic`` failing with ENOSPC for the files ``full(path)`` picks, as a disk with
    room for small files only would."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full: Callable[[Path], bool] = lambda path: False
        real = files.write_atomic

        def write(path: Path, payload: bytes) -> None:
            if self.full(path):
                raise OSError(errno.ENOSPC, "No space left on device")
            real(path, payload)

        monkeypatch.setattr(files, "write_atomic", write)


@pytest.fixture
def disk(monkeypatch: pytest.MonkeyPatch) -> FullDisk:
    return FullDisk(monkeypatch)


def open_store(root: Path, background: bool = False) -> Store:
    return Store.open(root, background_autosave=background, logging_to_file=False)


@pytest.mark.parametrize("background", [False, True], ids=["direct", "writer-thread"])
@pytest.mark.parametrize("failing", ["replays", "statistics.json"])
def test_a_match_that_cannot_be_filed_keeps_its_autosave_and_is_filed_later(
    tmp_path: Path, disk: FullDisk, background: bool, failing: str
) -> None:
    store = open_store(tmp_path, background)
    match = omi_match(seed=8)
    store.follow(match)
    disk.full = lambda path: failing in str(path)
    play_until(match, lambda m: False, seed=8)
    store.close()
    saved = store.dirs.autosave_file
    assert saved.exists(), "the autosave is the finished match's only copy"
    problems = store.take_problems()
    assert any("No space left on device" in p for p in problems)
    said = "could not be filed" if failing == "replays" else "statistics could not be saved"
    assert any(said in p for p in problems)

    disk.full = lambda path: False  # room again: the next start files it, once
    again = open_store(tmp_path)
    assert again.pending_match() is None
    again.close()
    assert not saved.exists()
    assert len(again.replays.entries("omi")) == 1
    assert len(again.stats.recorded) == 1
    assert again.stats.game("omi").kinds["bot:random"].played == 1


def test_a_match_not_filed_is_filed_before_the_next_match_takes_the_autosave(
    tmp_path: Path, disk: FullDisk
) -> None:
    store = open_store(tmp_path)
    first = omi_match(seed=9)
    store.follow(first)
    disk.full = lambda path: "replays" in str(path)
    play_until(first, lambda m: False, seed=9)
    disk.full = lambda path: False
    store.follow(omi_match(seed=10))  # "play again" with room on the disk
    assert len(store.replays.entries("omi")) == 1
    store.close()


def test_a_failed_autosave_is_not_claimed(tmp_path: Path, disk: FullDisk) -> None:
    store = open_store(tmp_path)
    match = omi_match(seed=11)
    store.follow(match)
    play_until(match, lambda m: len(m.log) >= 3, seed=11)
    claimed = store.autosave.last_saved
    assert claimed is not None and claimed[0] == len(match.log)
    disk.full = lambda path: path.name == "autosave.json"
    play_until(match, lambda m: len(m.log) >= 8, seed=11)
    assert store.autosave.last_saved == claimed  # the writes that failed claim nothing
    assert store.take_problems() == ["Could not save autosave.json (No space left on device)."]
    disk.full = lambda path: False
    play_until(match, lambda m: len(m.log) >= 9, seed=11)
    assert store.autosave.last_saved is not None and store.autosave.last_saved[0] == len(match.log)
    store.close()


class SmallDisk:
    """A file system of ``room`` bytes more than ``root`` holds now: ``write_atomic`` fails with
    ENOSPC when the temp file would not fit beside everything already there (as on a tmpfs)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, root: Path, room: int) -> None:
        self.root = root
        self.capacity = self.used() + room
        real = files.write_atomic

        def write(path: Path, payload: bytes) -> None:
            if self.used() + len(payload) > self.capacity:
                raise OSError(errno.ENOSPC, "No space left on device")
            real(path, payload)

        monkeypatch.setattr(files, "write_atomic", write)

    def used(self) -> int:
        return sum(p.stat().st_size for p in self.root.rglob("*") if p.is_file())


@pytest.mark.parametrize("background", [False, True], ids=["direct", "writer-thread"])
def test_the_room_kept_at_start_files_the_finished_match_on_a_full_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, background: bool
) -> None:
    store = open_store(tmp_path, background)
    assert (tmp_path / ".room").stat().st_size == files.RESERVE_BYTES
    SmallDisk(monkeypatch, tmp_path, room=12_000)  # the autosave soon stops fitting
    match = omi_match(seed=8)
    store.follow(match)
    play_until(match, lambda m: False, seed=8)
    store.close()
    assert store.filing_note(match) is None
    [replay] = store.replays.entries("omi")
    assert replay.match["fingerprint"] == match.state.fingerprint()
    assert open_store(tmp_path).stats.game("omi").kinds["you"].played == 1
    assert not store.dirs.autosave_file.exists()


def test_with_no_room_at_all_the_finished_match_waits_in_memory_and_play_again_keeps_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on a 24 KB tmpfs: no room kept, the autosave stuck at an early move. The results say
    the match could not be saved; the next match's saves never write over the autosave; once
    there is room the finished match (not the stuck save) is filed, then the new one saved."""
    store = open_store(tmp_path)
    (tmp_path / ".room").unlink()
    disk = SmallDisk(monkeypatch, tmp_path, room=12_000)
    first = omi_match(seed=8)
    store.follow(first)
    play_until(first, lambda m: False, seed=8)
    note = store.filing_note(first)
    assert note is not None and "could not be saved (No space left on device)" in note
    stuck = store.dirs.autosave_file.read_bytes()
    store.take_problems()

    second = omi_match(seed=9)  # Play again
    store.follow(second)
    play_until(second, lambda m: len(m.log) >= 5, seed=9)
    assert store.dirs.autosave_file.read_bytes() == stuck, "the unfiled match's save stays"
    assert any("saved once the last one is filed" in p for p in store.take_problems())

    disk.capacity += 10_000_000  # room made
    play_until(second, lambda m: len(m.log) >= 30, seed=9)
    [replay] = store.replays.entries("omi")
    assert replay.match["fingerprint"] == first.state.fingerprint()
    assert store.filing_note(first) is None
    store.close()
    again = open_store(tmp_path)
    assert again.stats.game("omi").kinds["you"].played == 1
    pending = again.pending_match()
    assert pending is not None and len(pending.data["log"]) == len(second.log)
    again.close()


def test_a_counted_match_whose_end_was_never_saved_is_not_offered_again(tmp_path: Path) -> None:
    from tests.store.helpers import PLACES, genuine_files

    genuine = genuine_files()
    for kind in ("autosave", "statistics"):  # the save at move 12, the match counted at its end
        (tmp_path / PLACES[kind]).write_text(json.dumps(genuine[kind]))
    store = open_store(tmp_path)
    assert store.pending_match() is None
    [line] = store.take_problems()
    assert "damaged/" in line and "counted" in line
    assert open_store(tmp_path).pending_match() is None
    store.close()


def test_a_log_file_on_a_full_disk_prints_no_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import logging

    from game.store.logs import setup_logging, stop_logging

    setup_logging(tmp_path / "omnibus.log")
    handler = logging.getLogger().handlers[-1]

    def full(_text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    handler.stream.write = full  # type: ignore[attr-defined]
    try:
        for _ in range(5):
            logging.getLogger("test").warning("a line that does not fit")
    finally:
        stop_logging()
    assert "Logging error" not in capsys.readouterr().err


def test_with_room_for_one_copy_the_end_of_the_match_replaces_its_older_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A disk with room for the finished match once, not beside its older save (the 24 KB
    tmpfs): the older save makes way, the finished state stays in the autosave, and the next
    start with room files that very match."""
    rehearsal = omi_match(seed=8)
    play_until(rehearsal, lambda m: False, seed=8)
    store = open_store(tmp_path)
    final_size = len(store.autosave.payload(rehearsal)[0])
    (tmp_path / ".room").unlink()
    disk = SmallDisk(monkeypatch, tmp_path, room=final_size + 3_000)
    match = omi_match(seed=8)
    store.follow(match)
    play_until(match, lambda m: False, seed=8)
    note = store.filing_note(match)
    assert note is not None and "could not be filed" in note and "stays saved" in note
    saved = json.loads(store.dirs.autosave_file.read_text())
    assert saved["match"]["fingerprint"] == match.state.fingerprint()  # the end, not move N
    store.close()
    disk.capacity += 10_000_000
    again = open_store(tmp_path)
    assert again.pending_match() is None  # filed, not offered
    [replay] = again.replays.entries("omi")
    assert replay.match["fingerprint"] == match.state.fingerprint()
    assert again.stats.game("omi").kinds["you"].played == 1
    again.close()


def test_a_match_thrown_away_while_the_last_one_waits_to_be_filed_is_never_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_store(tmp_path)
    (tmp_path / ".room").unlink()
    disk = SmallDisk(monkeypatch, tmp_path, room=12_000)
    first = omi_match(seed=8)
    store.follow(first)
    play_until(first, lambda m: False, seed=8)
    second = omi_match(seed=9)
    store.follow(second)
    play_until(second, lambda m: len(m.log) >= 5, seed=9)
    store.abandon()  # thrown away while its saves wait in memory
    disk.capacity += 10_000_000
    store.close()  # the first is filed now
    assert len(store.replays.entries("omi")) == 1
    assert not store.dirs.autosave_file.exists(), "nothing of the thrown-away matches is kept"
