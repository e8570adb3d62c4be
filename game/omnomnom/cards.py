"""Om Nom Nom's components: three boards of three levels, six animals per colour, 15 dice.

A card is named ``"<animal>/<seat>"`` (``"wolf/2"``): every colour has one card of each animal.
A die is one of six faces; dice are identical, so a position only counts them per face.
"""

from __future__ import annotations

import dataclasses

# Seat order of the animals in records and views (the order).
ANIMALS: tuple[str, ...] = ("wolf", "rabbit", "cat", "mouse", "hedgehog", "frog")
# Faces in record order: the black ones (1 point) then the red ones (2 points).
FACES: tuple[str, ...] = ("rabbit", "mouse", "frog", "carrot", "cheese", "fly")
BLACK_FACES = frozenset({"rabbit", "mouse", "frog"})
RED_FACES = frozenset({"carrot", "cheese", "fly"})
DIE_POINTS: dict[str, int] = {face: (2 if face in RED_FACES else 1) for face in FACES}
CARD_POINTS = 1
DICE_COUNT = 15
ROUNDS = 3
TURNS_PER_ROUND = len(ANIMALS)
# Suggested colours for the table; the rules only know seat numbers.
COLOURS: tuple[str, ...] = ("green", "red", "blue", "yellow", "purple", "orange")


@dataclasses.dataclass(frozen=True)
class Board:
    """One board: a top predator (cards only), a middle animal (cards and dice), bottom dice."""

    name: str
    top: str
    middle: str
    bottom: str  # the red face on the bottom space


BOARDS: tuple[Board, ...] = (
    Board("forest", "wolf", "rabbit", "carrot"),
    Board("town", "cat", "mouse", "cheese"),
    Board("pond", "hedgehog", "frog", "fly"),
)
TOPS = frozenset(board.top for board in BOARDS)
MIDDLES = frozenset(board.middle for board in BOARDS)
BOARD_OF: dict[str, Board] = {animal: b for b in BOARDS for animal in (b.top, b.middle)}


def card_id(animal: str, seat: int) -> str:
    return f"{animal}/{seat}"


def parse_card(card: str) -> tuple[str, int]:
    """``"wolf/2"`` → ``("wolf", 2)``."""
    animal, seat = card.split("/")
    return animal, int(seat)


def level_of(animal: str) -> str:
    return "top" if animal in TOPS else "middle"


def board_zone(animal: str) -> str:
    """Where a revealed card is placed: ``"board:forest:top"``."""
    return f"board:{BOARD_OF[animal].name}:{level_of(animal)}"


def dice_points(dice: dict[str, int]) -> int:
    return sum(DIE_POINTS[face] * count for face, count in dice.items())
