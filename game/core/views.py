"""Views: everything one seat may know, and nothing more. The only door to hidden information.

Each game subclasses ``View`` as a frozen dataclass of tuples and plain values, so views compare
with ``==`` (determinize tests), pickle (bot worker processes) and serialise (``to_json``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from game.core.windows import Window


@dataclasses.dataclass(frozen=True)
class View:
    seat: int | None  # None: the all-cards-open view (records, open replays)
    players: int
    now_ms: int
    to_act: frozenset[int]
    windows: tuple[Window, ...]

    def to_json(self) -> dict[str, Any]:
        return _jsonable(dataclasses.asdict(self))


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((_jsonable(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value
