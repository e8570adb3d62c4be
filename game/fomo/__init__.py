"""FOMO: collect four equal numbers in a hidden set you may not look at (see RULINGS.md)."""

from game.fomo.game import FomoGame

GAME = FomoGame()

__all__ = ["GAME", "FomoGame"]
