"""The seatings the table tests run every registered table at: seat counts, plus solo modes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from game.core.registry import find_game


def seatings(game_id: str, every_count: bool = False) -> list[tuple[int, int]]:
    """(players, solo) to try: every seat count the game allows, or (by default) the fewest, the
    most and the middle (2, 4 and 6 for a game of 2–6); its solo modes too."""
    info = find_game(game_id).info
    if every_count:
        counts = list(range(info.min_players, info.max_players + 1))
    else:
        middle = (info.min_players + info.max_players) // 2
        counts = sorted({info.min_players, middle, info.max_players})
    setups = [(count, 0) for count in counts]
    if any(spec.name == "solo" for spec in info.options):
        setups += [(3, 2), (4, 3)]
    return setups


def table_cases(games: Iterable[str], every_count: bool = False) -> list[Any]:
    """``pytest.param(game_id, players, solo)`` for each game's seatings, named like omi-4."""
    return [
        pytest.param(
            game_id, players, solo, id=f"{game_id}-{players}" + (f"-solo{solo}" if solo else "")
        )
        for game_id in games
        for players, solo in seatings(game_id, every_count)
    ]
