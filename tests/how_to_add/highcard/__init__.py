"""High Card (2–4 players): five tricks, the highest card takes each, the most tricks win."""

from tests.how_to_add.highcard.game import GAME, HighCardGame

__all__ = ["GAME", "HighCardGame"]
