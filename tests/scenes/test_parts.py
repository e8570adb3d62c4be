"""The table's parts on their own: layout for 2–6 seats, faces, rules texts, settings, sound."""

from __future__ import annotations

import filecmp
import json
from pathlib import Path

import pygame
import pytest

from scenes.resources import resource_path
from scenes.settings import DEFAULT_BINDINGS, Settings, SettingsFile
from scenes.sound import SOUNDS, SoundBoard, to_buffer
from scenes.table.faces import FaceCache, PlayingCardFaces
from scenes.table.layout import TableLayout

SHARED = Path(__file__).resolve().parents[2].parent / "shared"


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared is not beside the checkout")
def test_bundled_rulings_equal_the_shared_ones() -> None:
    """RULINGS.md ships as it is; the rules pages (assets/rules/<game>.txt) are our own words,
    tested in test_rules.py."""
    shared, bundled = SHARED / "RULINGS.md", resource_path("assets", "rules", "RULINGS.md")
    assert bundled.is_file(), "RULINGS.md is not bundled"
    assert filecmp.cmp(shared, bundled, shallow=False), "RULINGS.md differs from ../shared"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (1920, 1080)])
def test_layout_places_every_seat_on_screen(players: int, size: tuple[int, int]) -> None:
    for bottom in range(players):
        layout = TableLayout(size, players, bottom)
        anchors = [layout.anchor(seat) for seat in range(players)]
        assert anchors[bottom].y == max(a.y for a in anchors)  # the viewer sits at the bottom
        assert len({(round(a.x), round(a.y)) for a in anchors}) == players
        for seat in range(players):
            for spot in layout.hand(seat, 8) + [
                layout.near_centre(seat),
                layout.beside_hand(seat, 3),
            ]:
                assert 0 <= spot.x <= size[0] and 0 <= spot.y <= size[1], (players, seat, spot)
            assert layout.trick_area().collidepoint(
                layout.near_centre(seat).x, layout.near_centre(seat).y
            )


def test_next_seat_sits_to_the_right_of_the_viewer() -> None:
    """Play goes to the right: from the bottom, the next seat is on the screen's right."""
    layout = TableLayout((1280, 720), 4, bottom_seat=2)
    assert layout.anchor(3).x > 640 > layout.anchor(1).x
    assert layout.anchor(0).y < 360


def test_faces_are_drawn_per_size_and_cached(app) -> None:  # type: ignore[no-untyped-def]
    cache = FaceCache(PlayingCardFaces())
    small = cache.get("TH", (50, 70))
    big = cache.get("TH", (100, 140))
    assert small.get_size() == (50, 70) and big.get_size() == (100, 140)
    assert cache.get("TH", (100, 140)) is big
    assert cache.get("TH", (100, 140), angle=90).get_size() == (140, 100)
    # The back and a face differ; red and black suits differ in colour.
    assert pygame.image.tobytes(cache.get(None, (100, 140)), "RGBA") != pygame.image.tobytes(
        big, "RGBA"
    )
    heart_centre = big.get_at((56, 77))
    spade_centre = cache.get("TS", (100, 140)).get_at((56, 77))
    assert heart_centre.r > 150 and spade_centre.r < 80


def test_settings_round_trip_and_a_damaged_file_is_set_aside(tmp_path: Path) -> None:
    store = SettingsFile(tmp_path)
    settings = Settings(
        window=(1000, 700), animation="fast", bot_pace="quick", volume=30, muted=True
    )
    settings.bindings["play"] = "p"
    store.save(settings)
    loaded = SettingsFile(tmp_path).load()
    assert loaded == settings
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    fresh = SettingsFile(tmp_path)
    assert fresh.load() == Settings()
    assert fresh.problem and "defaults used" in fresh.problem
    kept = list((tmp_path / "damaged").glob("settings.*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == "{not json"
    assert not (tmp_path / "settings.json").exists()
    json.dumps(Settings().to_json())
    assert set(Settings().bindings) == set(DEFAULT_BINDINGS)


def test_sounds_are_generated_and_silence_is_tolerated(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    for name, make in SOUNDS.items():
        samples = make()
        assert 500 < len(samples) < 22050 * 2, name
        assert max(abs(v) for v in samples) <= 1.0
        assert len(to_buffer(samples, 2)) == 4 * len(samples)

    def no_audio(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_audio)
    board = SoundBoard(Settings())
    assert not board.available
    board.play("deal")  # silently nothing
    assert board.played == ["deal"]


def test_sounds_are_made_after_start_up_one_a_frame_or_when_first_played() -> None:
    board = SoundBoard(Settings(volume=50, muted=False))
    if not board.available:
        pytest.skip("no audio output here, not even the dummy driver")
    try:
        assert board.sounds == {}, "start-up makes no sound"
        board.prepare_next()
        assert len(board.sounds) == 1
        board.play("win")  # asked for before its turn: made on the spot
        assert "win" in board.sounds
        board.play("shuffle")  # a sound the board has none of: silently nothing
        while board.unmade:
            board.prepare_next()
        assert set(board.sounds) == set(SOUNDS)
    finally:
        board.close()
