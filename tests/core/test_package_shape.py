"""Every game package has the same shape, and imports point one way: game/core imports no other
part of game/, and the store no game (DESIGN.md, "dependencies point one way"). Import circles,
type-only ones included, are tests/test_import_circles.py's, over the whole program."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from game.core.registry import GAME_MODULES

GAME_DIR = Path(__file__).resolve().parents[2] / "game"
PACKAGES = sorted(p.name for p in GAME_DIR.iterdir() if (p / "__init__.py").exists())
GAMES = [name for name in PACKAGES if name not in ("core", "bots", "store")]


def is_module(name: str) -> bool:
    """``game.x.y`` is a module file (``from game.x import y`` imports that module)."""
    return (GAME_DIR.parent / (name.replace(".", "/") + ".py")).exists()


def imported_modules(path: Path) -> set[str]:
    """Modules ``path`` imports when it runs, wherever the import stands (in a function too).
    Imports under ``if TYPE_CHECKING:`` are annotations only and never run, so they are left
    out."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            typing_only = isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test)
            if typing_only:
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


# The vocabulary of a game package (docs/how-to-add-a-game.md): a role, one module, one name.
ROLE_MODULES = {
    "__init__.py",  # exports GAME
    "game.py",  # the stateless Game and its GameInfo
    "state.py",  # the State the Game's new_state returns
    "actions.py",  # the moves, and nothing else
    "view.py",  # what one seat may know
    "cards.py",  # the components as data
    "bot.py",  # the bot levels above "random"
    "narrate.py",  # the moves in the table's words
}
# Classes of these kinds are defined in one module each (``events.py`` only if the game has
# events of its own; the shared ones are game/core/events.py's).
HOME_OF = {"Action": "actions.py", "Event": "events.py", "View": "view.py", "Game": "game.py"}


def module_files(package: str) -> list[Path]:
    return sorted((GAME_DIR / package).rglob("*.py"))


@pytest.mark.parametrize("module", GAME_MODULES)
def test_every_game_package_has_the_role_modules(module: str) -> None:
    package = module.split(".")[1]
    files = {path.name for path in module_files(package)}
    assert ROLE_MODULES <= files, f"{module} lacks {sorted(ROLE_MODULES - files)}"


@pytest.mark.parametrize("module", GAME_MODULES)
def test_the_state_a_game_returns_lives_in_its_state_module(module: str) -> None:
    game = importlib.import_module(module).GAME
    state = game.new_state(game.info.min_players, 1, {})
    assert type(state).__module__ == f"{module}.state"


@pytest.mark.parametrize("module", GAME_MODULES)
def test_actions_events_views_and_games_each_live_in_their_own_module(module: str) -> None:
    misplaced = []
    for path in module_files(module.split(".")[1]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            for base in node.bases:
                home = HOME_OF.get(ast.unparse(base))
                if home is not None and path.name != home:
                    misplaced.append(
                        f"{path.name}: {node.name}({ast.unparse(base)}) belongs in {home}"
                    )
    assert not misplaced, misplaced


def test_no_module_of_game_is_named_table() -> None:
    """In game/, "table" names nothing (the table is the pygame scene, scenes/<id>/table.py): a
    state's data part is named for what it is (``state_data.py``, ``state_port.py``)."""
    tables = [str(path.relative_to(GAME_DIR)) for path in GAME_DIR.rglob("table.py")]
    assert not tables, tables


def test_every_game_package_is_registered_and_every_registered_game_has_one() -> None:
    """The shape tests run over the packages found here, the rest over the registry: the two
    must agree (a new game is one more package and one more entry, whatever the count)."""
    assert GAMES and sorted(GAMES) == sorted(name.split(".")[1] for name in GAME_MODULES)
