"""Packaging without building: the resource helper, the version, the icon and what the spec bundles.

The spec is run with stand-ins for PyInstaller's classes (Analysis, PYZ, EXE, COLLECT, BUNDLE)
that record their arguments, so these tests need no PyInstaller and take well under a second.
The real build and its ``--self-check`` run in ``.ci/run``.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path
from typing import Any

import pygame
import pytest

import main
from scenes import resources
from scenes.resources import app_version, resource_path, resource_root

REPO = Path(__file__).resolve().parent.parent
SPEC = REPO / "omnibus.spec"


def pyproject_version() -> str:
    with (REPO / "pyproject.toml").open("rb") as file:
        return str(tomllib.load(file)["project"]["version"])


# --- resource_path ------------------------------------------------------------------------------


def test_resource_path_from_source_is_under_the_repository() -> None:
    assert resource_root() == REPO
    assert resource_path("assets/icon.png") == REPO / "assets" / "icon.png"
    assert resource_path("assets", "icon.png") == resource_path("assets/icon.png")
    assert resource_path("assets/icon.png").is_file()


@pytest.mark.parametrize("bad", ["/etc/passwd", "../shared/DESIGN.md", "assets/../../x"])
def test_resource_path_refuses_paths_outside_the_root(bad: str) -> None:
    with pytest.raises(ValueError):
        resource_path(bad)


def test_resource_path_when_frozen_uses_the_bundle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.is_frozen()
    assert resource_root() == tmp_path
    assert resource_path("assets", "rules", "omi.txt") == tmp_path / "assets" / "rules" / "omi.txt"


# --- version ------------------------------------------------------------------------------------


def test_version_flag_prints_the_pyproject_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"Omnibus {pyproject_version()}"


def test_frozen_version_comes_from_the_bundled_pyproject(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A build bundles pyproject.toml at the root; its version wins over any installed metadata.
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "omnibus"\nversion = "9.8.7"\n')
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert app_version() == "9.8.7"


# --- icon ---------------------------------------------------------------------------------------


def test_icon_loads_square_and_has_windows_and_mac_forms() -> None:
    icon = resources.app_icon()
    assert icon.get_width() == icon.get_height() >= 128
    assert icon.get_at((0, 0)).a == 0  # rounded tile: transparent corners
    assert (REPO / "assets" / "icon.ico").read_bytes()[:4] == b"\x00\x00\x01\x00"
    assert (REPO / "assets" / "icon.icns").read_bytes()[:4] == b"icns"


def test_icon_drawing_matches_the_committed_png() -> None:
    sys.path.insert(0, str(REPO / "assets"))
    try:
        import icon as icon_source  # type: ignore[import-not-found]  # assets/icon.py, the icon's generator
    finally:
        sys.path.remove(str(REPO / "assets"))
    drawn = icon_source.draw_icon()
    committed = pygame.image.load(REPO / "assets" / "icon.png")
    assert drawn.get_size() == committed.get_size()
    # Spot-check pixels, with a tolerance: smoothscale's SIMD paths may round differently by CPU.
    for x, y in ((128, 128), (40, 40), (200, 90), (128, 230), (70, 120)):
        got, want = drawn.get_at((x, y)), committed.get_at((x, y))
        assert all(abs(g - w) <= 8 for g, w in zip(got, want, strict=True)), (x, y, got, want)


# --- the spec -----------------------------------------------------------------------------------


class Recorder:
    """Stands in for one PyInstaller build class: records how the spec called it."""

    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]

    def __init__(self, kind: str, *args: Any, **kwargs: Any) -> None:
        self.kind, self.args, self.kwargs = kind, args, kwargs
        Recorder.calls.append((kind, args, kwargs))


class FakeAnalysis(Recorder):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__("Analysis", *args, **kwargs)
        # PyInstaller's TOC entries are (name in the bundle, source, typecode).
        self.datas = [
            (str(Path(dest) / Path(src).name), src, "DATA") for src, dest in kwargs["datas"]
        ]
        self.datas.append(("pygame_gui/data/NotoSansJP-Bold.otf", "/x/NotoSansJP-Bold.otf", "DATA"))
        self.datas.append(
            ("pygame_gui/data/NotoSans-Regular.ttf", "/x/NotoSans-Regular.ttf", "DATA")
        )
        self.pure: list[Any] = []
        self.scripts: list[Any] = []
        self.binaries: list[Any] = []


def run_spec(
    *argv: str,
) -> tuple[dict[str, Any], list[tuple[str, tuple[Any, ...], dict[str, Any]]]]:
    Recorder.calls = []
    namespace: dict[str, Any] = {
        "SPECPATH": str(REPO),
        "Analysis": FakeAnalysis,
        "PYZ": lambda *a, **k: Recorder("PYZ", *a, **k),
        "EXE": lambda *a, **k: Recorder("EXE", *a, **k),
        "COLLECT": lambda *a, **k: Recorder("COLLECT", *a, **k),
        "BUNDLE": lambda *a, **k: Recorder("BUNDLE", *a, **k),
    }
    saved = sys.argv
    sys.argv = [str(SPEC), *argv]
    try:
        exec(compile(SPEC.read_text(), str(SPEC), "exec"), namespace)
    finally:
        sys.argv = saved
    return namespace, Recorder.calls


def bundled(namespace: dict[str, Any]) -> set[str]:
    """Paths (relative to the bundle root) of every data file the spec adds."""
    return {str(Path(dest) / Path(src).name) for src, dest in namespace["data_entries"]()}


def test_spec_bundles_every_asset_and_the_pyproject() -> None:
    namespace, _ = run_spec()
    files = bundled(namespace)
    assert "assets" in namespace["DATA_DIRS"]
    assert "pyproject.toml" in files
    for path in (REPO / "assets").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            rel = str(path.relative_to(REPO))
            if path.name in namespace["SKIP_IN_ASSETS"]:
                assert rel not in files
            else:
                assert rel in files, f"{rel} is not bundled"
    assert "assets/icon.png" in files
    assert "assets/rules/RULINGS.md" in files


def test_spec_bundles_data_files_inside_the_code_packages() -> None:
    namespace, _ = run_spec()
    files = bundled(namespace)
    for package in ("game", "scenes"):
        for path in (REPO / package).rglob("*"):
            if (
                path.is_file()
                and "__pycache__" not in path.parts
                and path.suffix not in {".py", ".pyc", ".pyi"}
            ):
                assert str(path.relative_to(REPO)) in files


def test_spec_imports_every_game_command_and_table_module() -> None:
    from game.core.registry import GAME_MODULES
    from scenes.tables import TABLES

    _, calls = run_spec()
    analysis = next(kwargs for kind, _, kwargs in calls if kind == "Analysis")
    hidden = set(analysis["hiddenimports"])
    wanted = set(GAME_MODULES) | set(main.COMMAND_MODULES) | {"scenes.selfcheck", "scenes.app"}
    wanted |= {target.split(":")[0] for target in TABLES.values()}
    present = {
        name
        for name in wanted
        if (REPO / Path(*name.split("."))).with_suffix(".py").exists()
        or (REPO / Path(*name.split(".")) / "__init__.py").exists()
    }
    assert present <= hidden
    assert "tests" not in {name.split(".")[0] for name in hidden}
    for heavy in ("numpy", "tkinter", "pytest", "hypothesis"):
        assert heavy in analysis["excludes"]


def test_spec_drops_pygame_gui_fonts_for_other_scripts_only() -> None:
    namespace, calls = run_spec()
    analysis = next(args for kind, args, _ in calls if kind == "Analysis")
    assert analysis  # the entry script
    names = {entry[0] for entry in namespace["a"].datas}
    assert "pygame_gui/data/NotoSansJP-Bold.otf" not in names
    assert "pygame_gui/data/NotoSans-Regular.ttf" in names


def test_spec_makes_a_one_folder_build_by_default_and_a_one_file_build_on_request() -> None:
    _, calls = run_spec()
    kinds = [kind for kind, _, _ in calls]
    assert "COLLECT" in kinds
    exe = next(kwargs for kind, _, kwargs in calls if kind == "EXE")
    assert exe["exclude_binaries"] is True and exe["name"] == "omnibus"
    assert exe["console"] is False  # no console window on Windows

    _, calls = run_spec("--onefile")
    kinds = [kind for kind, _, _ in calls]
    assert "COLLECT" not in kinds
    exe_args = next(args for kind, args, _ in calls if kind == "EXE")
    assert any(
        isinstance(arg, list) and any("icon.png" in entry[0] for entry in arg) for arg in exe_args
    )


def test_dist_venv_gets_only_runtime_dependencies_and_pyinstaller() -> None:
    makefile = (REPO / "Makefile").read_text()
    recipe = makefile[makefile.index("$(DIST_STAMP): pyproject.toml") :].split("\n\n")[0]
    assert "[test]" not in recipe and '"dependencies"' in recipe and '["dist"]' in recipe
    with (REPO / "pyproject.toml").open("rb") as file:
        project = tomllib.load(file)["project"]
    assert any(dep.startswith("pyinstaller") for dep in project["optional-dependencies"]["dist"])
    runtime = " ".join(project["dependencies"]).lower()
    for test_only in ("pytest", "hypothesis", "mypy", "ruff", "numpy"):
        assert test_only not in runtime


# --- the self-check's machinery (the whole self-check runs on the built program in .ci/run) ----


def test_self_check_reports_every_failure_and_keeps_going() -> None:
    from scenes.selfcheck import SelfCheck

    lines: list[str] = []
    checker = SelfCheck(out=lines.append)

    def broken() -> str:
        raise KeyError("assets/missing.png")

    assert checker.run("first", lambda: "fine")
    assert not checker.run("second", broken)
    assert checker.run("third", lambda: "fine")
    assert [r.name for r in checker.failures] == ["second"]
    assert (
        lines[1].startswith("FAIL second") and "KeyError" in lines[1] and "missing.png" in lines[1]
    )


def test_self_check_exit_code_follows_the_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    from scenes import selfcheck

    def one_failing(checker: selfcheck.SelfCheck, data_dir: Path) -> None:
        checker.run("good", lambda: "fine")
        checker.run("bad", lambda: str(1 / 0))

    monkeypatch.setattr(selfcheck, "run_checks", one_failing)
    assert selfcheck.run_self_check(argparse.Namespace(data_dir=str(tmp_path))) == 1
    out = capsys.readouterr().out
    assert "self-check FAILED: 1 of 2 checks" in out and "ZeroDivisionError" in out

    monkeypatch.setattr(selfcheck, "run_checks", lambda checker, data_dir: checker.run("good", str))
    assert selfcheck.run_self_check(argparse.Namespace(data_dir=str(tmp_path))) == 0


def test_coverage_fails_for_a_scene_that_was_never_built() -> None:
    from scenes.selfcheck_scenes import SceneLedger, check_coverage

    ledger = SceneLedger(expected={"scenes.a.A", "scenes.b.B"}, built={"scenes.a.A"})
    ledger.deferred["scenes.b.B"] = "needs more than the app"
    with pytest.raises(RuntimeError, match=r"scenes\.b\.B \(needs more than the app\)"):
        check_coverage(ledger)
    ledger.built.add("scenes.b.B")
    assert "2 scene classes" in check_coverage(ledger)


def test_scene_discovery_finds_real_scenes_and_skips_bases() -> None:
    from scenes.selfcheck_scenes import qualified_name, scene_classes

    names = {qualified_name(cls) for cls in scene_classes()}
    assert "scenes.menus.TitleScene" in names
    assert not {name.rsplit(".", 1)[0] for name in names} & {
        "scenes.selfcheck",
        "scenes.selfcheck_scenes",
    }
    bases = {
        "scenes.scene.Scene",
        "scenes.menu_scene.MenuScene",
        "scenes.table.base.TableScene",
        "scenes.pause.OverlayMenu",
    }
    assert not names & bases


def test_open_asset_rejects_what_the_program_could_not_load(tmp_path: Path) -> None:
    from scenes.selfcheck import open_asset

    good = tmp_path / "good.json"
    good.write_text('{"cards": []}')
    open_asset(good)
    open_asset(REPO / "assets" / "icon.png")
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{cards")
    with pytest.raises(ValueError):
        open_asset(bad_json)
    bad_png = tmp_path / "bad.png"
    bad_png.write_bytes(b"not a picture")
    with pytest.raises(pygame.error):
        open_asset(bad_png)


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="those always have a screen")
def test_dummy_drivers_only_when_there_is_no_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    from scenes.selfcheck import use_dummy_drivers_if_headless

    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    assert not use_dummy_drivers_if_headless()
    assert "SDL_VIDEODRIVER" not in os.environ
    monkeypatch.delenv("DISPLAY")
    assert use_dummy_drivers_if_headless()
    assert os.environ["SDL_VIDEODRIVER"] == "dummy" and os.environ["SDL_AUDIODRIVER"] == "dummy"


def test_every_scene_class_has_a_way_to_be_built_by_the_self_check(tmp_path: Path) -> None:
    # Fails fast here (not only after the long build in CI) when a new scene needs a factory.
    from scenes.selfcheck_scenes import build_plan, scene_factories

    plan = build_plan(set(scene_factories(tmp_path)))
    assert "scenes.menus.TitleScene" in plan
    assert plan.get("scenes.results.ResultsScene") == "demo"
    assert [name for name, how in plan.items() if how == "none"] == []


def test_code_reaches_assets_only_through_resource_path() -> None:
    # A path like Path("assets/x.png") works from the repository and breaks in a build (or from
    # another working directory): every "assets/..." literal must be an argument of resource_path.
    import ast

    offenders = []
    for path in [
        REPO / "main.py",
        *(REPO / "game").rglob("*.py"),
        *(REPO / "scenes").rglob("*.py"),
    ]:
        if path.name in {"resources.py"}:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        allowed: set[int] = set()
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", "")) == "resource_path"
            ):
                allowed.update(id(arg) for arg in node.args)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value.startswith("assets/")
                and id(node) not in allowed
            ):
                offenders.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert offenders == []


def test_bundle_check_finds_test_packages_where_they_are_installed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scenes import selfcheck

    assert "source" in selfcheck.check_bundle_contents()
    # This venv has pytest, as a careless build would: the check must see it.
    monkeypatch.setattr(selfcheck, "is_frozen", lambda: True)
    with pytest.raises(RuntimeError, match="pytest"):
        selfcheck.check_bundle_contents()
