"""OMYN: face-down rows, memory, slaps and Voids, for 2–6 players (see RULINGS.md)."""

from game.omyn.game import GAME, OmynGame

__all__ = ["GAME", "OmynGame"]
