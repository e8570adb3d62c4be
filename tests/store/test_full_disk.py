"""A full disk never loses a finished match: the autosave goes only once the replay and the
statistics are written; every failed write is told to the player (on the table too); and
nothing claims a save that did not happen."""

from __future__ import annotations

import errno
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
    assert any("could not be filed; it stays saved" in p for p in problems)

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
