"""The smaller holes of issue 28: a settings file from Notepad, a window larger than any screen,
a notice line counted twice, a deck that would replace another, a thrown-away match still
offered, and the results screen that did not say what could not be saved."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.core.errors import OptionError
from game.omg.cards import DECK_RULES, PRESET_DECKS
from game.store.decks import DeckShelf
from game.store.files import SafeFiles
from game.store.settings import MAX_WINDOW, MIN_WINDOW, Settings, fit_window
from game.store.store import Store
from scenes.settings import notice_line
from tests.store.helpers import omi_match, play_until


def test_a_settings_file_with_a_utf8_bom_is_read(tmp_path: Path) -> None:
    data = dict(Settings().to_json(), volume=30, bot_pace="quick")
    (tmp_path / "settings.json").write_bytes(b"\xef\xbb\xbf" + json.dumps(data).encode())
    store = Store.open(tmp_path, logging_to_file=False)
    assert store.settings.volume == 30 and store.settings.bot_pace == "quick"
    assert store.notices.take() == []


def test_a_window_larger_than_any_screen_is_clamped() -> None:
    data = dict(Settings().to_json(), window=[16384, 16384])
    problems: list[str] = []
    assert Settings.from_json(data, problems).window == MAX_WINDOW
    assert fit_window((16384, 16384), (1920, 1080)) == (1920, 1080)
    assert fit_window((1280, 720), (1920, 1080)) == (1280, 720)
    assert fit_window((1280, 720), (640, 400)) == MIN_WINDOW


def test_a_notice_line_made_twice_counts_the_rest_once() -> None:
    first = notice_line(["Settings were reset.", "A replay was damaged.", "A deck was damaged."])
    assert first == "Settings were reset (and 2 more: see the log)."
    again = notice_line([first, "Your saved match could not be read."])
    assert again == "Settings were reset (and 3 more: see the log)."


def test_a_deck_name_differing_in_case_or_punctuation_never_replaces_another(
    tmp_path: Path,
) -> None:
    shelf = DeckShelf(SafeFiles(), tmp_path / "decks", DECK_RULES)
    beings = list(PRESET_DECKS["dawn"])
    shelf.save("Storm front", beings)
    for other in ("Storm-front!", "STORM FRONT"):
        with pytest.raises(OptionError, match="same file name"):
            shelf.save(other, beings)
    shelf.save("Storm front", beings)  # saving the same deck again replaces it, as before
    assert [deck.name for deck in shelf.decks()] == ["Storm front"]


def test_a_match_thrown_away_leaves_no_continue(tmp_path: Path) -> None:
    store = Store.open(tmp_path, background_autosave=True, logging_to_file=False)
    match = omi_match(seed=4)
    store.follow(match)
    play_until(match, lambda m: len(m.log) >= 30, seed=4)
    store.abandon()  # "Throw it away", then at once the title asks whether a save is there
    assert not store.dirs.autosave_file.exists()
    store.close()


def test_the_results_screen_says_what_could_not_be_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.store import files
    from scenes.app import App
    from scenes.results import ResultsScene
    from scenes.settings import SettingsFile

    store = Store.open(tmp_path, logging_to_file=False)
    (tmp_path / ".room").unlink()
    real = files.write_atomic

    def full(path: Path, payload: bytes) -> None:
        if path.name != "settings.json":
            raise OSError(28, "No space left on device")
        real(path, payload)

    match = omi_match(seed=6)
    store.follow(match)
    monkeypatch.setattr(files, "write_atomic", full)
    play_until(match, lambda m: False, seed=6)
    app = App(SettingsFile(store), size=(1280, 720))
    try:
        scene = ResultsScene(app, match)
        note = scene.saving_note()
        assert note is not None and "could not be saved" in note
        app.push(scene)
        app.tick(16)  # drawn with the note
    finally:
        app.close()
        pygame.quit()


def test_a_remembered_seat_name_of_a_megabyte_is_not_offered_on_the_seats_screen() -> None:
    seats = [{"kind": "human", "name": "A" * 1_000_000}, {"kind": "bot", "name": "B"}]
    data = dict(Settings().to_json(), last_setup={"omi": {"game": "omi", "seats": seats}})
    problems: list[str] = []
    assert Settings.from_json(data, problems).last_setup == {}
    assert problems == ["last_setup (a remembered seat name is not a short text)"]


def test_a_match_that_cannot_be_filed_for_want_of_a_folder_says_so_without_disk_advice(
    tmp_path: Path,
) -> None:
    (tmp_path / "data").write_text("not a folder")
    store = Store.open(tmp_path / "data", logging_to_file=False)
    match = omi_match(seed=2)
    store.follow(match)
    play_until(match, lambda m: False, seed=2)
    assert (
        store.filing_note(match) == "This match could not be saved (its folder could not be made)."
    )
    store.close()
