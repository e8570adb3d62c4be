"""The scenes read top down: the app on top, the scenes below it, the tables and the kit below
them. A scene reaching up to the app module or to ``main.py`` (at import time, hidden in a
function, or for types only under ``if TYPE_CHECKING:``) fails here; a scene asks the app only
through ``scenes.scene.AppPort``. Import circles are tests/test_import_circles.py's, over the
whole program."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

SCENES = Path(__file__).resolve().parents[2] / "scenes"
TOOLS = {"scenes.app", "scenes.cli", "scenes.selfcheck", "scenes.selfcheck_scenes"}


def module_name(path: Path) -> str:
    parts = path.relative_to(SCENES.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree: ast.AST, known: set[str]) -> set[str]:
    """The modules ``tree`` imports anywhere (type-only imports too: a type names the module)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name in known or name == "main"}


@functools.cache  # parsed once a run, not once per module tested (98 parses of scenes/: 77 s CPU)
def import_graph() -> dict[str, set[str]]:
    paths = {module_name(p): p for p in SCENES.rglob("*.py")}
    known = set(paths) - {"scenes"}  # the package itself is empty
    return {
        name: imported(ast.parse(path.read_text(encoding="utf-8")), known) - {name}
        for name, path in paths.items()
        if name != "scenes"
    }


@pytest.mark.parametrize("module", sorted(set(import_graph()) - TOOLS))
def test_a_scene_does_not_reach_up_to_the_app_or_main(module: str) -> None:
    upward = import_graph()[module] & ({"main"} | TOOLS)
    assert not upward, f"{module} imports {', '.join(sorted(upward))}"


def test_type_only_imports_count_too() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "import scenes.x\n"
        "if TYPE_CHECKING:\n    from scenes.y import Y\n"
        "def f():\n    from scenes.z import Z\n"
    )
    assert imported(tree, {"scenes.x", "scenes.y", "scenes.z"}) == {
        "scenes.x",
        "scenes.y",
        "scenes.z",
    }
