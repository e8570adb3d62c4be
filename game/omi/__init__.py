"""Omi: Sri Lankan partnership trick-taking for four players (see RULINGS.md)."""

from game.omi.game import GAME, OmiGame

__all__ = ["GAME", "OmiGame"]
