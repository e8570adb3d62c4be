"""Every game package has the same shape, and imports point one way: no circle inside a package,
and game/core imports no other part of game/ (DESIGN.md, "dependencies point one way")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.core.registry import GAME_MODULES

GAME_DIR = Path(__file__).resolve().parents[2] / "game"
PACKAGES = sorted(p.name for p in GAME_DIR.iterdir() if (p / "__init__.py").exists())
GAMES = [name for name in PACKAGES if name not in ("core", "bots", "store")]


def is_module(name: str) -> bool:
    """``game.x.y`` is a module file (``from game.x import y`` imports that module)."""
    return (GAME_DIR.parent / (name.replace(".", "/") + ".py")).exists()


def imported_modules(path: Path, types_too: bool = False) -> set[str]:
    """Modules ``path`` imports when it runs, wherever the import stands (in a function too).
    Imports under ``if TYPE_CHECKING:`` are annotations only and never run, so they are left out
    unless ``types_too``."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            typing_only = isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test)
            if typing_only and not types_too:
                assert isinstance(child, ast.If)
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.ImportFrom) and child.module:
                names = [f"{child.module}.{alias.name}" for alias in child.names]
                found.update(names)
                if not all(is_module(name) for name in names):
                    found.add(child.module)  # a name defined in the package's __init__ itself
            elif isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def package_graph(package: str, types_too: bool = False) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports (the package itself: its __init__)."""
    modules = {f"game.{package}.{path.stem}": path for path in (GAME_DIR / package).glob("*.py")}
    modules[f"game.{package}"] = modules.pop(f"game.{package}.__init__")
    return {
        name: imported_modules(path, types_too) & set(modules) - {name}
        for name, path in modules.items()
    }


def find_circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle in ``graph`` as a path that returns to its start, or None."""
    done: set[str] = set()

    def walk(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return path[path.index(module) :] + [module]
        if module in done:
            return None
        for target in sorted(graph[module]):
            circle = walk(target, [*path, module])
            if circle:
                return circle
        done.add(module)
        return None

    for module in sorted(graph):
        circle = walk(module, [])
        if circle:
            return circle
    return None


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_circle(graph) == ["a", "b", "c", "a"]
    assert find_circle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle_inside_a_package(package: str) -> None:
    circle = find_circle(package_graph(package))
    assert circle is None, f"import circle in game/{package}: {' -> '.join(circle or [])}"


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle_inside_a_package_even_for_types(package: str) -> None:
    """A circle through ``if TYPE_CHECKING:`` imports is still a circle in the design (issue 18):
    the shared types go below both sides (FOMO's table.py, OMG's OmgTable protocol)."""
    circle = find_circle(package_graph(package, types_too=True))
    assert circle is None, f"type-only import circle in game/{package}: {' -> '.join(circle or [])}"


def test_type_checking_imports_are_counted_when_asked(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import game.x\n")
    assert "game.x" not in imported_modules(module)
    assert "game.x" in imported_modules(module, types_too=True)


def test_core_imports_nothing_else_of_game() -> None:
    for path in (GAME_DIR / "core").glob("*.py"):
        outside = {
            name
            for name in imported_modules(path)
            if name.startswith("game.") and not name.startswith("game.core")
        }
        assert not outside, f"game/core/{path.name} imports {sorted(outside)}"


def game_imports(module: str, seen: set[str]) -> set[str]:
    """The modules of ``game`` that ``module`` loads when it runs, through every module of game/
    it loads on the way (``game.core.registry`` finds the games by name, so it loads none)."""
    path = GAME_DIR.parent / (module.replace(".", "/") + ".py")
    if not path.exists():
        path = path.with_suffix("") / "__init__.py"
    if module in seen or not path.exists():
        return set()
    seen.add(module)
    found = {name for name in imported_modules(path) if name.startswith("game.")}
    for name in sorted(found):
        found |= game_imports(name, seen)
    return found


def test_the_store_imports_no_game_package() -> None:
    """The store keeps every game's files without knowing a game (issue 31): a game's own
    knowledge, such as what a valid OMG deck is, is passed in by the caller."""
    for path in sorted((GAME_DIR / "store").glob("*.py")):
        module = f"game.store.{path.stem}"
        games = {name for name in game_imports(module, set()) if name.split(".")[1] in set(GAMES)}
        assert not games, f"game/store/{path.name} loads {sorted(games)}"


@pytest.mark.parametrize("package", GAMES)
def test_every_game_package_has_the_same_shape(package: str) -> None:
    """game.py (the stateless Game), the State (state.py or rules.py), view.py, actions.py, bot.py."""
    files = {path.name for path in (GAME_DIR / package).glob("*.py")}
    assert {"game.py", "view.py", "actions.py", "bot.py"} <= files, sorted(files)
    assert files & {"state.py", "rules.py"}, sorted(files)


def test_every_game_package_is_registered_and_every_registered_game_has_one() -> None:
    """The shape tests run over the packages found here, the rest over the registry: the two
    must agree (a new game is one more package and one more entry, whatever the count)."""
    assert GAMES and sorted(GAMES) == sorted(name.split(".")[1] for name in GAME_MODULES)
