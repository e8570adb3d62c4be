"""A face is never drawn upside down: the far seats' cards lie turned towards their seats, but
their faces read from the bottom of the screen (a 9 at the top seat read as a 6, and OMYN's
totals at the reveal looked wrong). Their backs and outlines stay turned as before."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from scenes.app import App  # noqa: E402
from scenes.table.faces import FaceCache  # noqa: E402
from scenes.tables import TABLES, table_class  # noqa: E402

SIZE = (70, 100)
FACES = {"omi": "9S", "omyn": "9", "fomo": "6", "omg": "Zeus:1", "omnomnom": "wolf/0"}


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and bytes(pygame.image.tobytes(a, "RGBA")) == bytes(
        pygame.image.tobytes(b, "RGBA")
    )


@pytest.mark.parametrize("game_id", list(TABLES))
@pytest.mark.parametrize(("turned", "reads_as"), [(180, 0), (120, 300), (240, 60), (90, 90)])
def test_a_face_turned_past_a_quarter_reads_upright(
    app: App, game_id: str, turned: int, reads_as: int
) -> None:
    faces = FaceCache(table_class(game_id).face_renderer(None))  # type: ignore[arg-type]
    card = FACES[game_id]
    assert same(faces.get(card, SIZE, angle=turned), faces.get(card, SIZE, angle=reads_as))


def test_a_back_stays_turned_with_its_seat(app: App) -> None:
    faces = FaceCache(table_class("omyn").face_renderer(None))  # type: ignore[arg-type]
    turned = faces.get(None, SIZE, angle=120)
    assert same(turned, pygame.transform.rotate(faces.get(None, SIZE), 120))
