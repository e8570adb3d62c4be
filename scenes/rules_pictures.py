"""The pictures in the rules pages: each game's cards drawn by its table's own face code, so a
card in the rules looks as it does at the table."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.rules_pages import BACK
from scenes.table.faces import FaceCache, FaceRenderer

CARD_ASPECT = 0.7  # width / height, as at every table


def _omi() -> tuple[FaceRenderer, frozenset[str]]:
    from game.omi.cards import DECK
    from scenes.table.faces import PlayingCardFaces

    return PlayingCardFaces(), frozenset(DECK)


def _omyn() -> tuple[FaceRenderer, frozenset[str]]:
    from game.omyn.cards import ALL_FACES
    from scenes.omyn.faces import OmynFaces

    return OmynFaces(), frozenset(ALL_FACES)


def _fomo() -> tuple[FaceRenderer, frozenset[str]]:
    from game.fomo.cards import DECK
    from scenes.fomo.faces import FomoFaces

    return FomoFaces(), frozenset(DECK)


def _omg() -> tuple[FaceRenderer, frozenset[str]]:
    from game.omg.cards import CARDS
    from scenes.omg.faces import OmgFaces

    return OmgFaces(), frozenset(CARDS)


def _omnomnom() -> tuple[FaceRenderer, frozenset[str]]:
    from game.omnomnom.cards import ANIMALS, FACES, card_id
    from scenes.omnomnom.faces import OmNomNomFaces, die_card

    cards = {card_id(animal, seat) for animal in ANIMALS for seat in range(6)}
    return OmNomNomFaces(), frozenset(cards | {die_card(face) for face in FACES})


SOURCES: dict[str, Callable[[], tuple[FaceRenderer, frozenset[str]]]] = {
    "omi": _omi,
    "omyn": _omyn,
    "fomo": _fomo,
    "omg": _omg,
    "omnomnom": _omnomnom,
}
# OMG's cards carry their ability in small print: drawn larger so it can be read.
HEIGHT_FACTOR = {"omg": 1.3}


class Pictures:
    """One game's card pictures for the rules reader, cached like the table's faces."""

    def __init__(self, game_id: str) -> None:
        source = SOURCES.get(game_id)
        # A game without faces of its own (one being added) has only the kit's card back.
        renderer, self.cards = source() if source else (FaceRenderer(), frozenset())
        self.faces = FaceCache(renderer)
        self.factor = HEIGHT_FACTOR.get(game_id, 1.0)

    def knows(self, card: str) -> bool:
        return card == BACK or card in self.cards

    def size(self, card: str, height: int) -> tuple[int, int]:
        """The picture's pixel size for a card ``height`` tall (a die is square)."""
        h = round(height * self.factor)
        size = (round(h * CARD_ASPECT), h)
        return self.faces.renderer.size_for(None if card == BACK else card, size)

    def get(self, card: str, height: int) -> pygame.Surface:
        size = self.size(card, height)
        return self.faces.get(None if card == BACK else card, size)
