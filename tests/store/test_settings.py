"""Settings survive a restart; a bad value costs only itself; a damaged file never stops the program."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.store.settings import DEFAULT_BINDINGS, Settings
from game.store.store import Store


def open_store(root: Path) -> Store:
    return Store.open(root, logging_to_file=False)


def custom() -> Settings:
    return Settings(
        window=(1600, 900),
        fullscreen=True,
        animation="fast",
        bot_pace="instant",
        volume=35,
        muted=True,
        bindings={**DEFAULT_BINDINGS, "play": "space", "ready": "return"},
        last_setup={
            "omi": {"game": "omi", "seats": [{"kind": "human", "name": "Ana"}], "options": {}}
        },
    )


def test_settings_round_trip_through_the_file(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    assert store.settings == Settings()
    assert store.save_settings(custom())
    again = open_store(tmp_path)
    assert again.settings == custom()
    assert again.settings.pace_ms == (0, 0) and again.settings.sound_level == 0.0
    assert again.notices.messages == []


def test_unknown_keys_from_a_newer_version_are_kept(tmp_path: Path) -> None:
    data = {**custom().to_json(), "colour_blind": True}
    settings = Settings.from_json(data)
    assert settings.to_json()["colour_blind"] is True
    assert Settings.from_json(json.loads(json.dumps(settings.to_json()))) == settings


def test_a_bad_value_resets_only_that_setting(tmp_path: Path) -> None:
    data = custom().to_json()
    data["volume"] = 400
    data["animation"] = "ludicrous"
    data["window"] = "big"
    (tmp_path / "settings.json").write_text(json.dumps(data))
    store = open_store(tmp_path)
    assert store.settings.volume == 70 and store.settings.animation == "normal"
    assert store.settings.window == (1280, 720)
    assert store.settings.bot_pace == "instant" and store.settings.muted  # the rest is kept
    [message] = store.notices.messages
    assert "volume" in message and "animation" in message and "window" in message


def test_rebinding_keeps_every_intent_bound() -> None:
    settings = Settings.from_json(
        {"kind": "settings", "version": 1, "bindings": {"play": "p", "bogus": "q"}}
    )
    assert settings.bindings == {**DEFAULT_BINDINGS, "play": "p"}


def test_the_tables_first_format_without_a_kind_is_read() -> None:
    settings = Settings.from_json({"version": 1, "volume": 10})
    assert settings.volume == 10


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b'{"kind": "settings", "version": 1, "volu',
        b"<xml/>",
        b'{"kind": "settings", "version": 99}',
    ],
    ids=["empty", "truncated", "not-json", "wrong-version"],
)
def test_damaged_settings_are_set_aside_and_defaults_used(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "settings.json").write_bytes(content)
    store = open_store(tmp_path)
    assert store.settings == Settings()
    assert len(store.notices.messages) == 1 and "settings" in store.notices.messages[0]
    [aside] = (tmp_path / "damaged").glob("settings.*.json")
    assert aside.read_bytes() == content
    store.save_settings(custom())
    assert open_store(tmp_path).settings == custom()
    assert aside.read_bytes() == content


def test_reflex_keys_one_per_seat_round_trip_and_a_bad_list_keeps_the_defaults() -> None:
    from game.store.settings import DEFAULT_REFLEX_KEYS

    settings = Settings()
    assert settings.reflex_keys == list(DEFAULT_REFLEX_KEYS) and len(set(DEFAULT_REFLEX_KEYS)) == 6
    assert not set(DEFAULT_REFLEX_KEYS) & set(settings.bindings.values())  # no intent key
    settings.reflex_keys[1] = "q"
    assert Settings.from_json(settings.to_json()).reflex_keys[1] == "q"
    problems: list[str] = []
    shared = Settings.from_json({**settings.to_json(), "reflex_keys": ["z", "z"]}, problems)
    assert (
        shared.reflex_keys == list(DEFAULT_REFLEX_KEYS) and "two seats share a key" in problems[0]
    )
    short = Settings.from_json({**settings.to_json(), "reflex_keys": ["z", "left shift"]})
    assert short.reflex_keys[:2] == ["z", "left shift"] and len(set(short.reflex_keys)) == 6
