"""Windows are done one way (issue 18): every game opens, ranks claims in, locks out and closes its
reaction windows through game/core/windows.py. A game package that keeps a window's bookkeeping
itself (its open and close times, eligible seats, claimant, pick deadline, passes) or makes the
window events by hand fails here; a view may still show those fields (``...View`` classes)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import cast

import pytest

GAME_DIR = Path(__file__).resolve().parents[2] / "game"
PACKAGES = sorted(
    p.name for p in GAME_DIR.iterdir() if (p / "__init__.py").exists() and p.name != "core"
)

# What only game/core/windows.py keeps or makes.
WINDOW_FIELDS = {
    "opened", "opened_ms", "closes", "closes_ms", "eligible", "claimant", "claim_ms",
    "pick_by", "pick_by_ms", "passed",
}  # fmt: skip
WINDOW_DICT_KEYS = {"closes", "eligible", "claimant", "claim_ms", "pick_by"}
MADE_ONLY_IN_CORE = {"Window", "WindowOpened", "WindowClosed"}


def violations(source: str, where: str) -> list[str]:
    """Each place in ``source`` that does a window's work outside the core mechanism."""
    found: list[str] = []

    def note(node: ast.AST, what: str) -> None:
        found.append(f"{where}:{getattr(node, 'lineno', '?')}: {what}")

    def visit(node: ast.AST, in_view: bool) -> None:
        for child in ast.iter_child_nodes(node):
            view = in_view
            if isinstance(child, ast.ClassDef):
                view = child.name.endswith("View")  # a view shows a window; it keeps none
            elif isinstance(child, ast.Call):
                name = ast.unparse(child.func).rsplit(".", 1)[-1]
                if name in MADE_ONLY_IN_CORE:
                    note(child, f"{name}(...) made by hand (use ReactionWindow's events)")
            elif isinstance(child, ast.AnnAssign) and not view:
                target = child.target
                name = target.attr if isinstance(target, ast.Attribute) else ast.unparse(target)
                if name in WINDOW_FIELDS:
                    note(child, f"a window field {name!r} kept outside game/core/windows.py")
            elif isinstance(child, ast.Assign | ast.AugAssign) and not view:
                targets = child.targets if isinstance(child, ast.Assign) else [child.target]
                for assigned in targets:
                    for part in ast.walk(assigned):
                        if isinstance(part, ast.Attribute) and part.attr in WINDOW_FIELDS:
                            note(child, f"a window field {part.attr!r} set outside the core")
                        elif isinstance(part, ast.Subscript) and _key(part.slice) in WINDOW_FIELDS:
                            note(child, f"a window kept as a dict ({_key(part.slice)!r})")
            elif isinstance(child, ast.Dict):
                keys = {_key(k) for k in child.keys if k is not None}
                if keys & WINDOW_DICT_KEYS:
                    found = cast("set[str]", keys & WINDOW_DICT_KEYS)
                    note(child, f"a window kept as a dict ({sorted(found)})")
            visit(child, view)

    visit(ast.parse(source), False)
    return found


def _key(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


@pytest.mark.parametrize("package", PACKAGES)
def test_no_game_package_implements_a_window_of_its_own(package: str) -> None:
    found: list[str] = []
    for path in sorted((GAME_DIR / package).glob("*.py")):
        found += violations(path.read_text(encoding="utf-8"), f"game/{package}/{path.name}")
    assert not found, "windows go through game/core/windows.py:\n" + "\n".join(found)


def test_the_check_finds_the_private_windows_it_replaced() -> None:
    """What OMYN, FOMO and OMG did before the move (so the test above can fail)."""
    omyn = 'self.window = {"kind": kind, "closes": now + length, "claimant": None}'
    fomo = "self.window = Window('cancel', at, at + ms, others, card)\nself.passed = set()"
    omg = "@dataclass\nclass Defense:\n    opened_ms: int = 0\n    closes_ms: int | None = None"
    events = "events.append(WindowClosed('cancel', at_ms))"
    picked = 'self.window["pick_by"] = None'
    for source in (omyn, fomo, omg, events, picked):
        assert violations(source, "old"), source
    assert len(violations(fomo, "old")) == 2


def test_a_view_may_show_a_window_and_the_core_keeps_it() -> None:
    shown = "@dataclass\nclass WindowView:\n    closes_ms: int\n    claimant: int | None"
    assert not violations(shown, "view")
    core = (GAME_DIR / "core" / "windows.py").read_text(encoding="utf-8")
    assert violations(core, "core")  # the one place that may
