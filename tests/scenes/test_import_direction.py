"""The scenes read top down: the app on top, the scenes below it, the tables and the kit below
them. A scene reaching up to the app module or to ``main.py`` (at import time or hidden in a
function) fails here; a scene asks the app only through ``scenes.scene.AppPort``. Imports under
``if TYPE_CHECKING:`` name types and run nothing, so they are not counted here. Import circles,
type-only ones included, are tests/test_import_circles.py's, over the whole program."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SCENES = Path(__file__).resolve().parents[2] / "scenes"
TOOLS = {"scenes.app", "scenes.cli", "scenes.selfcheck", "scenes.selfcheck_scenes"}


def module_name(path: Path) -> str:
    parts = path.relative_to(SCENES.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported(tree: ast.AST, known: set[str]) -> set[str]:
    """The modules ``tree`` imports when it runs (anywhere but under TYPE_CHECKING)."""
    found: set[str] = set()
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        stack.extend(ast.iter_child_nodes(node))
    return {name for name in found if name in known or name == "main"}


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


def test_type_checking_imports_are_not_edges() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "import scenes.x\n"
        "if TYPE_CHECKING:\n    from scenes.y import Y\n"
        "def f():\n    from scenes.z import Z\n"
    )
    assert imported(tree, {"scenes.x", "scenes.y", "scenes.z"}) == {"scenes.x", "scenes.z"}
