"""The registry: one explicit tuple of game packages, found by id or alias.

Core does not import the games at import time (dependencies point game/<name> → game/core); each
listed module exposes ``GAME``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from game.core.errors import UnknownGame
from game.core.game import Game

GAME_MODULES: tuple[str, ...] = ("game.omi", "game.omnomnom", "game.omg", "game.fomo", "game.omyn")


def all_games() -> tuple[Game, ...]:
    return tuple(importlib.import_module(name).GAME for name in GAME_MODULES)


def find_game(name: str) -> Game:
    key = name.strip().lower()
    for game in all_games():
        if key == game.info.id or key in game.info.aliases:
            return game
    known = ", ".join(game.info.id for game in all_games())
    raise UnknownGame(f"unknown game {name!r} (known games: {known})")


def game_part(game_id: str, part: str) -> ModuleType | None:
    """A game's own module ``game/<name>/<part>.py`` (its ``lesson``, its ``hint``), or None if
    the game has none; found by name, so core imports no game for it."""
    game = find_game(game_id)
    for package in GAME_MODULES:
        if importlib.import_module(package).GAME is not game:
            continue
        name = f"{package}.{part}"
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                return None
            raise
    return None
