"""The kit's extension surface is what ``TableHooks`` declares (issue 31): every kit method a
table overrides is a hook named in scenes/table/hooks.py, with a docstring saying what it is
for; a table never reaches past the declared surface into a kit layer's own methods."""

from __future__ import annotations

import inspect
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from scenes.table.base import TableScene  # noqa: E402
from scenes.table.hooks import TableHooks  # noqa: E402
from scenes.tables import TABLES, table_class  # noqa: E402
from tests.how_to_add.table import HighCardTable  # noqa: E402

KIT = [cls for cls in TableScene.__mro__ if cls is not object]


def overridden_kit_methods(table: type) -> dict[str, str]:
    """Kit method → the table class that overrides it (its own classes and mixins)."""
    found: dict[str, str] = {}
    for cls in table.__mro__:
        if cls in KIT or cls is object:
            continue
        for name, value in vars(cls).items():
            is_method = callable(value) or isinstance(value, (property, classmethod, staticmethod))
            if is_method and not name.startswith("__") and any(name in vars(k) for k in KIT):
                found.setdefault(name, cls.__name__)
    return found


def tables() -> dict[str, type]:
    return {game_id: table_class(game_id) for game_id in TABLES} | {"highcard": HighCardTable}


@pytest.mark.parametrize("game_id", sorted(tables()))
def test_every_kit_method_a_table_overrides_is_a_declared_hook(game_id: str) -> None:
    table = tables()[game_id]
    undeclared = {
        name: cls
        for name, cls in overridden_kit_methods(table).items()
        if name not in vars(TableHooks)
    }
    assert not undeclared, (
        f"{game_id} overrides kit methods TableHooks does not declare: {undeclared}"
    )


@pytest.mark.parametrize("game_id", sorted(tables()))
def test_every_hook_a_table_overrides_says_what_it_is_for(game_id: str) -> None:
    silent = [
        name
        for name in overridden_kit_methods(tables()[game_id])
        if name in vars(TableHooks) and not inspect.getdoc(getattr(TableHooks, name))
    ]
    assert not silent, f"TableHooks declares these without a docstring: {silent}"


def test_a_method_a_table_adds_of_its_own_is_no_kit_method() -> None:
    class Probe(TableScene):
        def message_pos(self) -> tuple[float, float]:
            return (0.0, 0.0)

        def its_own(self) -> None:
            pass

    assert overridden_kit_methods(Probe) == {"message_pos": "Probe"}
