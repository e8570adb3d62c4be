"""Atomic writes and damaged files: set aside with a timestamp, told in one line, never overwritten."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.store import files
from game.store.files import DamagedFile, SafeFiles, aside_name, check_envelope, remove_stale_temps


def parse(data: object) -> dict:
    return check_envelope(data, "thing", 1)


def test_a_write_replaces_the_file_whole_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "thing.json"
    safe = SafeFiles()
    assert safe.write(target, {"kind": "thing", "version": 1, "n": 1})
    assert safe.write(target, {"kind": "thing", "version": 1, "n": 2})
    assert json.loads(target.read_text()) == {"kind": "thing", "version": 1, "n": 2}
    assert sorted(p.name for p in target.parent.iterdir()) == ["thing.json"]
    assert safe.read(target, "thing", parse) == {"kind": "thing", "version": 1, "n": 2}
    assert safe.notices.messages == []


def test_a_write_that_fails_midway_keeps_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "thing.json"
    safe = SafeFiles()
    safe.write(target, {"kind": "thing", "version": 1, "n": 1})

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", broken_fsync)
    assert not safe.write(target, {"kind": "thing", "version": 1, "n": 2})
    assert not safe.write(target, {"kind": "thing", "version": 1, "n": 3})
    assert json.loads(target.read_text())["n"] == 1
    assert [p.name for p in tmp_path.iterdir()] == ["thing.json"]
    assert safe.notices.messages == ["Could not save thing.json (No space left on device)."]


def test_a_missing_file_is_no_problem(tmp_path: Path) -> None:
    safe = SafeFiles()
    assert safe.read(tmp_path / "absent.json", "thing", parse) is None
    assert safe.notices.messages == []


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "it is empty"),
        (b"  \n", "it is empty"),
        (b'{"kind": "thing", "vers', "it is not valid JSON"),
        (b"kind=thing", "it is not valid JSON"),
        (b"\xff\xfe\x00garbage", "it is not text"),
        (b"[1, 2]", "it holds a JSON list, not an object"),
        (b'{"kind": "other", "version": 1}', "it is not an Omnibus thing file"),
        (b'{"kind": "thing", "version": 7}', "it was written by a newer Omnibus (version 7)"),
        (b'{"kind": "thing", "version": "1"}', "its version '1' is not 1"),
    ],
)
def test_a_damaged_file_is_set_aside_and_reported_in_one_line(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    target = tmp_path / "thing.json"
    target.write_bytes(content)
    safe = SafeFiles()
    assert safe.read(target, "thing", parse) is None
    assert not target.exists()
    [aside] = [p for p in (tmp_path / "damaged").iterdir()]
    assert aside.name.startswith("thing.") and aside.suffix == ".json"
    assert aside.read_bytes() == content  # kept exactly as it was
    [message] = safe.notices.messages
    assert reason in message and aside.name in message and "\n" not in message
    # The program goes on: the next write makes a fresh file beside the kept one.
    assert safe.write(target, {"kind": "thing", "version": 1})
    assert aside.read_bytes() == content


def test_a_file_that_can_be_neither_read_nor_moved_is_never_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "thing.json"
    target.write_bytes(b"not json")

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files.os, "replace", refuse)
    safe = SafeFiles()
    assert safe.read(target, "thing", parse) is None
    assert "left untouched" in safe.notices.messages[0]
    monkeypatch.undo()
    assert not safe.write(target, {"kind": "thing", "version": 1})
    safe.remove(target)
    assert target.read_bytes() == b"not json"


def test_validators_raise_damaged_file_with_a_reason() -> None:
    with pytest.raises(DamagedFile, match="newer Omnibus"):
        check_envelope({"kind": "thing", "version": 2}, "thing", 1)


def test_aside_names_never_collide(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    first = aside_name(path, now=0)
    first.write_text("x")
    second = aside_name(path, now=0)
    assert second != first and second.name.endswith("-2.json")


def test_stale_temps_of_killed_writers_are_removed_fresh_ones_kept(tmp_path: Path) -> None:
    stale = tmp_path / ".autosave.json.123.tmp"
    fresh = tmp_path / ".autosave.json.456.tmp"
    stale.write_text("half")
    fresh.write_text("half")
    os.utime(stale, (0, 0))
    (tmp_path / "autosave.json").write_text("{}")
    assert remove_stale_temps(tmp_path) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == [".autosave.json.456.tmp", "autosave.json"]
