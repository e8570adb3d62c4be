"""Every file Omnibus reads survives any bytes: a hostile or damaged file is set aside with a
one-line notice and the program goes on; it never raises, and never loops on the same file.

The readers are listed once (``READERS``); a new kind of file joins the list and every test below.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.omg.cards import DECK_RULES
from game.store.autosave import parse_autosave
from game.store.decks import parse_deck_file
from game.store.files import MAX_DEPTH, SafeFiles
from game.store.replay_cursor import ReplayCursor
from game.store.replays import ReplayShelf, parse_replay
from game.store.settings import Settings
from game.store.stats import Statistics
from game.store.store import Store


@dataclass(frozen=True)
class Reader:
    kind: str  # the envelope's "kind"
    parse: Callable[[Any], Any]


READERS = {
    "settings": Reader("settings", Settings.from_json),
    "statistics": Reader("statistics", Statistics.from_json),
    "autosave": Reader("autosave", parse_autosave),
    "replay": Reader("replay", parse_replay),
    "omg-deck": Reader(DECK_RULES.kind, lambda data: parse_deck_file(data, DECK_RULES)),
}

QUICK = settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(["kind", "version", "match", "log", "seats", "game", "omi", "you"]),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "kind",
                    "version",
                    "id",
                    "match",
                    "log",
                    "seats",
                    "game",
                    "started",
                    "saved",
                    "finished",
                    "winners",
                    "games",
                    "kinds",
                    "history",
                    "recorded",
                    "window",
                    "volume",
                    "bindings",
                    "last_setup",
                    "options",
                    "seed",
                    "decks",
                    "cards",
                    "x",
                ]
            ),
            children,
            max_size=6,
        )
    ),
    max_leaves=20,
)


def read_survives(reader: Reader, content: bytes) -> Any:
    """Reading ``content`` returns a value or None; if None the file is moved aside and the
    player told in one line; nothing raises."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "file.json"
        path.write_bytes(content)
        safe = SafeFiles()
        result = safe.read(path, reader.kind, reader.parse)
        messages = safe.notices.take()
        if result is None:
            assert not path.exists(), "an unreadable file is set aside"
            [message] = messages
            assert "\n" not in message and "damaged/file." in message
        else:
            assert path.exists()
        return result


DEEP = b"[" * 1100 + b"]" * 1100


@pytest.mark.parametrize("name", sorted(READERS))
@pytest.mark.parametrize(
    "content",
    [
        DEEP,
        b'{"kind": "x", "version": 1, "deep": ' + b"[" * 200 + b"]" * 200 + b"}",
        b"9" * 5000,
        b"[" * 100_000,
    ],
    ids=["nested-1100", "nested-200-in-an-object", "huge-integer", "unclosed-100000"],
)
def test_deep_or_huge_json_is_set_aside_not_a_crash(name: str, content: bytes) -> None:
    read_survives(READERS[name], content)


@pytest.mark.parametrize("name", sorted(READERS))
def test_a_deep_value_inside_a_valid_envelope_is_set_aside(name: str) -> None:
    reader = READERS[name]
    deep = "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5)
    content = f'{{"kind": "{reader.kind}", "version": 1, "extra": {deep}}}'.encode()
    assert read_survives(reader, content) is None


def test_the_store_starts_with_every_file_nested_deeply(tmp_path: Path) -> None:
    for name in ("settings.json", "statistics.json", "autosave.json"):
        (tmp_path / name).write_bytes(DEEP)
    (tmp_path / "replays" / "omi").mkdir(parents=True)
    (tmp_path / "replays" / "omi" / "20261121-120000-abc.json").write_bytes(DEEP)
    store = Store.open(tmp_path, logging_to_file=False)
    assert store.pending_match() is None
    assert store.replays.entries("omi") == []
    messages = store.notices.take()
    assert len(messages) == 4 and all("nested more than" in m for m in messages)
    # Set aside, so the next start is clean: no crash loop.
    again = Store.open(tmp_path, logging_to_file=False)
    again.pending_match()
    again.replays.entries("omi")
    assert again.notices.take() == []
    store.close()
    again.close()


def test_a_replay_whose_match_is_deep_does_not_raise_when_opened() -> None:
    from game.store.files import DamagedFile

    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(DamagedFile):
        ReplayCursor({"game": "omi", "seats": deep, "seed": 1, "options": {}, "log": []})


@pytest.mark.parametrize("name", sorted(READERS))
@QUICK
@given(content=st.binary(max_size=300))
def test_any_bytes_are_read_or_set_aside(name: str, content: bytes) -> None:
    read_survives(READERS[name], content)


@pytest.mark.parametrize("name", sorted(READERS))
@QUICK
@given(shape=json_values, extra=st.dictionaries(st.text(max_size=6), json_values, max_size=3))
def test_any_json_shape_in_the_right_envelope_is_read_or_set_aside(
    name: str, shape: Any, extra: dict[str, Any]
) -> None:
    import json

    reader = READERS[name]
    read_survives(reader, json.dumps(shape).encode())
    envelope = {**extra, "kind": reader.kind, "version": 1}
    if isinstance(shape, dict):
        envelope.update(shape)
        envelope.update(kind=reader.kind, version=1)
    read_survives(reader, json.dumps(envelope).encode())


@pytest.mark.parametrize("name", sorted(READERS))
@QUICK
@given(data=st.data())
def test_any_field_of_a_real_file_replaced_by_any_json_is_read_or_set_aside(
    name: str, data: st.DataObject, real_files: dict[str, dict[str, Any]]
) -> None:
    import json

    if name not in real_files:
        pytest.skip(f"no real {name} file to vary")
    real = dict(real_files[name])
    field = data.draw(st.sampled_from(sorted(real)))
    real[field] = data.draw(json_values)
    read_survives(READERS[name], json.dumps(real).encode())


@pytest.fixture(scope="module")
def real_files() -> dict[str, dict[str, Any]]:
    """One genuine file of each kind, from a finished Omi match."""
    from game.omg.cards import PRESET_DECKS
    from game.store.autosave import AUTOSAVE_KIND, AUTOSAVE_VERSION
    from tests.store.helpers import omi_match, play_until

    match = omi_match(seed=5)
    play_until(match, lambda m: len(m.log) >= 12, seed=5)
    autosave = {
        "kind": AUTOSAVE_KIND,
        "version": AUTOSAVE_VERSION,
        "id": "abc",
        "started": 1.0,
        "saved": 2.0,
        "match": match.to_json(),
    }
    play_until(match, lambda m: False, seed=5)
    stats = Statistics()
    stats.record("abc", match.game, match.state, match.seats, 3.0)
    return {
        "settings": Settings().to_json(),
        "statistics": stats.to_json(),
        "autosave": autosave,
        "replay": ReplayShelf.record(match, "abc", 1.0, 3.0),
        "omg-deck": {
            "kind": DECK_RULES.kind,
            "version": 1,
            "name": "Storm front",
            "beings": list(PRESET_DECKS["dawn"]),
        },
    }


@pytest.mark.parametrize("name", sorted(READERS))
def test_a_genuine_file_of_each_kind_is_read(
    name: str, real_files: dict[str, dict[str, Any]]
) -> None:
    import json

    assert read_survives(READERS[name], json.dumps(real_files[name]).encode()) is not None
