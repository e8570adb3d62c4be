"""No import circles of any kind, anywhere in the program (issue 31): ``game/``, ``scenes/`` and
``main.py`` as one graph. Every import is an edge: at the top, inside a function, and under
``if TYPE_CHECKING:`` too (a type-only circle still ties two modules into one, and the next
run-time import closes it). Every circle found is reported, each as a strongly connected
component of the graph (Tarjan), with its modules' edges inside it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def program_modules() -> dict[str, Path]:
    paths = [ROOT / "main.py", *(ROOT / "game").rglob("*.py"), *(ROOT / "scenes").rglob("*.py")]
    return {module_name(path): path for path in paths}


def imported(tree: ast.AST, known: set[str]) -> set[str]:
    """Every module of ``known`` that ``tree`` imports, wherever the import stands.
    ``from a.b import c`` names the module ``a.b.c`` when there is one, else ``a.b`` itself."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                found.add(name if name in known else node.module)
    return found & known


def import_graph() -> dict[str, set[str]]:
    modules = program_modules()
    known = set(modules)
    return {
        name: imported(ast.parse(path.read_text(encoding="utf-8")), known) - {name}
        for name, path in modules.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle: the strongly connected components of more than one module (Tarjan,
    iterative so a deep graph needs no recursion), each sorted, sorted by their first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, list[str]]] = [(root, sorted(graph.get(root, ())))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            if targets:
                target = targets.pop()
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, sorted(graph.get(target, ()))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def describe(graph: dict[str, set[str]], circle: list[str]) -> str:
    inside = set(circle)
    edges = [f"  {m} -> {', '.join(sorted(graph[m] & inside))}" for m in circle]
    return f"{len(circle)} modules:\n" + "\n".join(edges)


def test_the_program_imports_in_no_circle() -> None:
    graph = import_graph()
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(describe(graph, c) for c in found)


def test_the_circle_finder_reports_every_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "e"}, "e": {"d"}, "f": {"f"}}
    assert circles(graph) == [["a", "b", "c"], ["d", "e"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_type_only_and_late_imports_are_edges() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "import scenes.x\n"
        "if TYPE_CHECKING:\n    from scenes.y import Y\n"
        "def f():\n    from scenes import z\n"
    )
    known = {"scenes", "scenes.x", "scenes.y", "scenes.z"}
    assert imported(tree, known) == {"scenes.x", "scenes.y", "scenes.z"}
