"""Every stored file comes in through one door: its size is bounded before it is read, a FIFO,
a device or a symlink loop is refused without waiting, every field is checked for type and range,
and a damaged file is set aside once, into a ``damaged/`` folder no listing reads, with one line
for the player. A second start is clean."""

from __future__ import annotations

import copy
import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from game.omg.cards import DECK_RULES
from game.store.decks import DeckShelf
from game.store.files import SafeFiles
from game.store.store import Store
from tests.store.helpers import PLACES, genuine_files


@pytest.fixture(scope="module")
def genuine() -> dict[str, dict[str, Any]]:
    return genuine_files()


def put(root: Path, kind: str, data: Any) -> Path:
    path = root / PLACES[kind]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return path


def start(root: Path) -> Store:
    return Store.open(root, logging_to_file=False)


def read_everything(store: Store) -> list[str]:
    """What a start and its screens read (the resume offer, replays, decks); the notices."""
    store.pending_match()
    store.replays.entries("omi")
    DeckShelf(store.files, store.dirs.data / "decks", DECK_RULES).decks()
    store.close()
    return store.notices.take()


def assert_set_aside_once(root: Path, kind: str, notices: list[str]) -> None:
    place = root / PLACES[kind]
    assert not place.exists() and not place.is_symlink(), "the damaged file left its place"
    [line] = notices
    assert "\n" not in line and "damaged/" in line
    aside = list((place.parent / "damaged").iterdir())
    assert len(aside) == 1
    assert read_everything(start(root)) == [], "the second start is clean"


def with_field(data: dict[str, Any], where: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    holder = changed
    for key in where[:-1]:
        holder = holder[key]
    holder[where[-1]] = value
    return changed


@pytest.mark.parametrize("kind", sorted(PLACES))
def test_a_fifo_in_place_of_a_stored_file_is_set_aside_without_waiting(
    tmp_path: Path, kind: str
) -> None:
    place = tmp_path / PLACES[kind]
    place.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(place)
    notices: list[str] = []
    reader = threading.Thread(
        target=lambda: notices.extend(read_everything(start(tmp_path))), daemon=True
    )
    reader.start()
    reader.join(60)  # a bound for a hang, not a timing: the read takes milliseconds
    if reader.is_alive():
        os.close(os.open(place, os.O_WRONLY | os.O_NONBLOCK))  # let the stuck reader go
        pytest.fail("reading a FIFO waited for a writer")
    assert_set_aside_once(tmp_path, kind, notices)


@pytest.mark.parametrize("kind", sorted(PLACES))
def test_a_symlink_loop_in_place_of_a_stored_file_is_set_aside(tmp_path: Path, kind: str) -> None:
    place = tmp_path / PLACES[kind]
    place.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(place.name, place)
    assert_set_aside_once(tmp_path, kind, read_everything(start(tmp_path)))


@pytest.mark.parametrize("kind", sorted(PLACES))
def test_a_link_to_a_device_is_set_aside(tmp_path: Path, kind: str) -> None:
    place = tmp_path / PLACES[kind]
    place.parent.mkdir(parents=True, exist_ok=True)
    os.symlink("/dev/zero", place)
    assert_set_aside_once(tmp_path, kind, read_everything(start(tmp_path)))


HOSTILE_FIELDS = [
    ("autosave", ("saved",), -1e20),
    ("autosave", ("saved",), "-inf"),
    ("autosave", ("started",), 1e308),
    ("autosave", ("match", "now_ms"), None),
    ("autosave", ("match", "now_ms"), "A" * 100_000),
    ("autosave", ("match", "seats", 0, "name"), "A" * 1_000_000),
    ("autosave", ("match", "seats", 0, "name"), "word " * 20_000),
    ("statistics", ("games", "omi", "history", 0, "finished"), -1e20),
    ("statistics", ("games", "omi", "history", 0, "finished"), 1e308),
    ("statistics", ("games", "omi", "history", 0, "finished"), 2**70),
    ("statistics", ("games", "omi", "history", 0, "entries", 0, "name"), "A" * 1_000_000),
    ("replay", ("finished",), -1e20),
    ("replay", ("finished",), 1e308),
    ("replay", ("finished",), 2**70),
    ("replay", ("match", "now_ms"), None),
    ("replay", ("match", "now_ms"), "x"),
    ("replay", ("match", "now_ms"), []),
    ("replay", ("match", "now_ms"), "A" * 100_000),
    ("replay", ("seats", 0), "A" * 1_000_000),
    ("replay", ("match", "seats", 0, "name"), "word " * 20_000),
    ("replay", ("summary",), "A" * 1_000_000),
    ("omg-deck", ("name",), "A" * 1_000_000),
]


@pytest.mark.parametrize(
    ("kind", "where", "value"),
    HOSTILE_FIELDS,
    ids=[f"{k}-{'.'.join(map(str, w))}-{str(v)[:8]}" for k, w, v in HOSTILE_FIELDS],
)
def test_a_field_of_the_wrong_type_or_range_sets_the_file_aside(
    tmp_path: Path,
    genuine: dict[str, dict[str, Any]],
    kind: str,
    where: tuple[Any, ...],
    value: Any,
) -> None:
    put(tmp_path, kind, with_field(genuine[kind], where, value))
    assert_set_aside_once(tmp_path, kind, read_everything(start(tmp_path)))


def test_a_damaged_deck_is_set_aside_once_not_renamed_at_every_visit(tmp_path: Path) -> None:
    """The OMG rename loop: a set-aside deck stayed in decks/ and was read and renamed again at
    every listing until its name was too long for the file system."""
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "junk.json").write_text("junk")
    notices = []
    for _visit in range(4):
        files = SafeFiles()
        DeckShelf(files, decks, DECK_RULES).decks()
        notices += files.notices.take()
    assert len(notices) == 1
    assert list(decks.glob("*.json")) == []
    assert [p.name.startswith("junk.") for p in (decks / "damaged").iterdir()] == [True]


def test_an_old_set_aside_deck_left_in_the_decks_folder_is_not_read(tmp_path: Path) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "junk.damaged-20261121-120000.json").write_text("junk")
    files = SafeFiles()
    assert DeckShelf(files, decks, DECK_RULES).decks() == []
    assert files.notices.take() == []


def test_a_damaged_file_with_a_long_name_is_set_aside(tmp_path: Path) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / ("x" * 240 + ".json")).write_text("junk")
    files = SafeFiles()
    DeckShelf(files, decks, DECK_RULES).decks()
    [line] = files.notices.take()
    assert "moved aside" not in line and len(line) < 300
    assert len(list((decks / "damaged").iterdir())) == 1


@pytest.mark.parametrize("bad_id", ["../../../escape", "a/b", "i" * 300, ""])
def test_a_replay_id_from_an_autosave_is_never_a_path(
    tmp_path: Path, genuine: dict[str, dict[str, Any]], bad_id: str
) -> None:
    root = tmp_path / "data"
    finished = dict(genuine["autosave"], id=bad_id, match=genuine["replay"]["match"])
    put(root, "autosave", finished)
    store = start(root)
    assert store.pending_match() is None  # finished: filed, not offered
    store.close()
    assert store.notices.take() == []
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.json"))
    assert written[0].parts[:3] == ("data", "replays", "omi") and len(written[0].parts) == 4
    assert written[1:] == [Path("data/statistics.json")]
    again = start(root)
    assert len(again.replays.entries("omi")) == 1
    assert again.pending_match() is None
    again.close()
    assert len(again.stats.recorded) == 1


def test_a_data_dir_that_is_a_symlink_loop_starts_with_one_line(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    os.symlink(loop.name, loop)
    store = start(loop)
    assert store.pending_match() is None
    store.close()
    [line] = store.notices.take()
    assert "nothing will be saved" in line


def test_when_the_saved_match_cannot_be_read_the_player_is_told_this_one_is_not_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, genuine: dict[str, dict[str, Any]]
) -> None:
    """An autosave that cannot be read (permissions) is never written over; the match of this
    run is then not saved, and the player hears so instead of believing it is."""
    from game.store import files
    from tests.store.helpers import omi_match, play_until

    put(tmp_path, "autosave", genuine["autosave"])
    real = files.read_limited

    def refuse(path: Path) -> bytes:
        if path.name == "autosave.json":
            raise PermissionError(13, "Permission denied")
        return real(path)

    monkeypatch.setattr(files, "read_limited", refuse)
    store = start(tmp_path)
    assert store.pending_match() is None
    [start_line] = store.notices.take()
    assert "Permission denied" in start_line and "not be saved" in start_line
    match = omi_match(seed=3)
    store.follow(match)
    play_until(match, lambda m: len(m.log) >= 5, seed=3)
    problems = store.take_problems()
    assert len(problems) == 1 and "is not being saved" in problems[0]
    assert json.loads((tmp_path / "autosave.json").read_text()) == genuine["autosave"]
    store.close()
