"""The registry of tables, beside the game registry: game id → its table scene class.

A game is offered to play (game choice, replays, demo, screenshot, self-check) only when its
table is here. Tables are imported when first asked for, so the title screen loads none.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.core.registry import all_games

if TYPE_CHECKING:
    from game.core.game import Game
    from scenes.table.base import TableScene

TABLES: dict[str, str] = {
    "omi": "scenes.omi.table:OmiTable",
    "fomo": "scenes.fomo.table:FomoTable",
    "omyn": "scenes.omyn.table:OmynTable",
    "omg": "scenes.omg.table:OmgTable",
    "omnomnom": "scenes.omnomnom.table:OmNomNomTable",
}


def has_table(game_id: str) -> bool:
    return game_id in TABLES


def table_class(game_id: str) -> type[TableScene]:
    """The table scene class of ``game_id`` (KeyError if it has none)."""
    module_name, class_name = TABLES[game_id].split(":")
    cls: type[TableScene] = getattr(importlib.import_module(module_name), class_name)
    return cls


def games_with_tables() -> list[Game]:
    return [game for game in all_games() if game.info.id in TABLES]
