"""Nothing grows: the face cache and the theme's text and layer caches hold a fixed number of
bytes however long the evening, dropping the least recently used surface first."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from scenes import surface_cache, theme
from scenes.surface_cache import MIB, SurfaceCache, surface_bytes
from scenes.table.faces import (
    ANGLE_STEP,
    BUDGET_BYTES,
    WORKING_SET_CARDS,
    FaceCache,
    FaceRenderer,
    PlayingCardFaces,
)

CARDS = [rank + suit for rank in "23456789TJQKA" for suit in "SHDC"]


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    theme.reset_caches()
    yield
    theme.reset_caches()


def test_an_evening_of_flying_cards_stays_within_the_budget() -> None:
    faces = FaceCache(PlayingCardFaces(), budget_bytes=2 * MIB)
    rng = random.Random(19)
    for _ in range(1500):  # cards at passing sizes and angles, as in flight
        size = (rng.randrange(50, 90), rng.randrange(70, 126))
        faces.get(rng.choice([*CARDS, None]), size, rng.random() < 0.2, rng.uniform(0, 360))
        assert faces.surfaces.bytes <= faces.surfaces.budget
    # The budget grew only to hold a table's worth of the largest card seen.
    assert faces.surfaces.budget <= WORKING_SET_CARDS * 90 * 126 * 4
    assert faces.surfaces.bytes == sum(surface_bytes(s) for s in faces.surfaces._entries.values())
    assert faces.surfaces.evictions > 0


def test_what_is_drawn_every_frame_stays_while_one_off_surfaces_come_and_go() -> None:
    faces = FaceCache(PlayingCardFaces(), budget_bytes=1 * MIB)
    hand = [faces.get(card, (63, 89)) for card in CARDS[:13]]
    for frame in range(300):
        for card, image in zip(CARDS[:13], hand, strict=True):
            assert faces.get(card, (63, 89)) is image  # never made again
        faces.get(CARDS[20 + frame % 30], (63, 89), angle=frame * 7)  # a card in flight


def test_angles_are_quantised_by_the_cache_itself() -> None:
    faces = FaceCache(PlayingCardFaces())
    image = faces.get("AS", (63, 89), angle=30)
    assert faces.get("AS", (63, 89), angle=30 + ANGLE_STEP / 3) is image
    assert faces.get("AS", (63, 89), angle=390) is image
    assert faces.get("AS", (63, 89), angle=-330) is image
    for _ in range(400):
        faces.get("AS", (63, 89), angle=random.Random(1).uniform(0, 360))
    assert len(faces) <= 1 + 360 // ANGLE_STEP


def test_the_back_turned_half_around_is_the_same_image_for_every_card() -> None:
    faces = FaceCache(PlayingCardFaces())
    assert faces.get(None, (63, 89), angle=190) is faces.get(None, (63, 89), angle=10)
    assert faces.get(None, (63, 89), angle=270) is faces.get(None, (63, 89), angle=90)
    # A face is never drawn upside down (test_readable_faces): turned past a quarter it is the
    # image of the half turn back, one image for both.
    assert faces.get("AH", (63, 89), angle=190) is faces.get("AH", (63, 89), angle=10)
    assert faces.get("AH", (63, 89), angle=90) is not faces.get("AH", (63, 89), angle=270)

    class LogoBack(FaceRenderer):
        def back(self, size: tuple[int, int]) -> pygame.Surface:
            return pygame.Surface(size)

    own = FaceCache(LogoBack())
    assert own.get(None, (63, 89), angle=190) is not own.get(None, (63, 89), angle=10)


def test_a_big_window_grows_the_budget_to_hold_a_tables_worth_of_cards() -> None:
    faces = FaceCache(PlayingCardFaces(), budget_bytes=1 * MIB)
    big = (190, 267)  # a card at 3840×2160
    hand = [faces.get(card, big) for card in CARDS[:20]]
    assert all(faces.get(card, big) is image for card, image in zip(CARDS, hand, strict=False))


def test_a_full_hd_table_has_room_for_a_deck_of_faces_but_not_for_two_tables() -> None:
    # A cache of its own: the shared one keeps the budget of the biggest cards any test drew.
    faces = FaceCache(PlayingCardFaces(), BUDGET_BYTES)
    full_hd = (150, 216)  # a card at 1920×1080
    deck = [faces.get(card, full_hd) for card in CARDS]
    assert all(faces.get(card, full_hd) is image for card, image in zip(CARDS, deck, strict=True))
    # 100 cards of its size (12.4 MiB), not 200 (25 MiB): the table's RSS rose and fell with
    # what a deal's cards in flight left in a bigger budget (issue 32).
    assert faces.surfaces.budget <= 100 * surface_bytes(deck[0])


def test_a_1280x720_table_keeps_the_room_its_faces_had() -> None:
    faces = FaceCache(PlayingCardFaces(), BUDGET_BYTES)
    faces.get("AS", (100, 144))  # a card at 1280×720
    assert faces.surfaces.budget >= 200 * surface_bytes(faces.get("AS", (100, 144)))


def test_text_and_hud_layers_are_kept_within_their_budgets() -> None:
    for score in range(3000):  # a HUD panel repainted for every new score
        theme.memo_layer(("score", score), (300, 120), lambda layer: layer.fill((1, 2, 3, 4)))
        theme.text(f"{score} points", 22)
    assert theme._layers.bytes <= theme._layers.budget
    assert theme._texts.bytes <= theme._texts.budget


def test_a_replaced_key_is_counted_once() -> None:
    cache: SurfaceCache[str] = SurfaceCache(MIB)
    cache.put("a", pygame.Surface((10, 10)))
    cache.put("a", pygame.Surface((20, 10)))
    assert len(cache) == 1 and cache.bytes == surface_bytes(pygame.Surface((20, 10)))


def test_the_next_table_of_a_game_finds_its_faces_made() -> None:
    first = FaceCache(PlayingCardFaces()).get("QH", (63, 89))
    assert FaceCache(PlayingCardFaces()).get("QH", (63, 89)) is first  # the next match's table

    class OtherFaces(PlayingCardFaces):
        pass

    assert FaceCache(OtherFaces()).get("QH", (63, 89)) is not first  # another game's look


def test_card_shadows_stay_within_their_budget() -> None:
    from scenes.table import sprites

    for width in range(40, 140, 4):  # flips and flights cast shadows of passing sizes
        for angle in range(0, 360, 15):
            sprites.card_shadow((width, round(width * 1.4)), angle)
    assert 0 < sprites._shadows.bytes <= sprites._shadows.budget


def test_what_was_not_drawn_for_a_minute_is_forgotten() -> None:
    """Once a minute the caches drop what was not drawn since the minute before: a cache left
    alone would fill to its budget over the evening (faces of cards seen once, old scores)."""
    cache: SurfaceCache[str] = SurfaceCache(MIB)
    for key in "abc":
        cache.put(key, pygame.Surface((10, 10)))
    surface_cache.forget_unused()  # minute 1: everything was drawn in the minute before
    assert len(cache) == 3
    cache.get("b")
    cache.put("d", pygame.Surface((20, 10)))
    surface_cache.forget_unused()  # minute 2: "a" and "c" were not drawn since minute 1
    assert cache.get("a") is None and cache.get("c") is None
    assert cache.get("b") is not None and cache.get("d") is not None
    assert cache.bytes == surface_bytes(pygame.Surface((10, 10))) + surface_bytes(
        pygame.Surface((20, 10))
    )
    assert (cache.expired, cache.hits, cache.misses) == (2, 3, 2)
    surface_cache.forget_unused()  # "b" and "d" were drawn just now
    assert len(cache) == 2
    surface_cache.forget_unused()
    assert len(cache) == 0 and cache.bytes == 0


def test_a_table_keeps_what_it_draws_every_frame() -> None:
    """The faces of cards at rest are drawn every frame: a minute's forgetting leaves them."""
    faces = FaceCache(PlayingCardFaces(), budget_bytes=8 * MIB)
    hand = [faces.get(card, (63, 89)) for card in CARDS[:13]]
    faces.get("2S", (63, 89), angle=30)  # a card in flight once, then no more
    for _ in range(3):
        surface_cache.forget_unused()
        assert [faces.get(card, (63, 89)) for card in CARDS[:13]] == hand  # the same surfaces
    assert faces.surfaces.expired == 1 and len(faces.surfaces) == 13  # the turned card went
