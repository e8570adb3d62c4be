"""The one way to find a bundled file, from source and in a frozen (PyInstaller) build.

Every asset (fonts, sounds, images, rule texts, data files) is looked up with
``resource_path("assets/...")`` (or ``resource_path("assets", ...)``), relative to the project root. From source the root is the
repository; in a PyInstaller build it is ``sys._MEIPASS`` (the one-file build's unpack folder, or
the one-folder build's ``_internal``), where ``omnibus.spec`` puts the same files under the same
relative paths. Also here: the version, the window title and the application icon, so ``main.py``
and the app agree on them.

This module imports pygame only inside ``app_icon`` so that ``omnibus --version`` stays light.
"""

from __future__ import annotations

import sys
import tomllib
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

WINDOW_TITLE = "Omnibus"
ICON_FILE = "assets/icon.png"
# Bundled beside the code so the frozen build reads the same version as the source tree.
PYPROJECT_FILE = "pyproject.toml"
DIST_NAME = "omnibus"

_SOURCE_ROOT = Path(__file__).resolve().parent.parent


def is_frozen() -> bool:
    """True inside a PyInstaller build."""
    return bool(getattr(sys, "frozen", False)) and hasattr(sys, "_MEIPASS")


def resource_root() -> Path:
    """The folder bundled files are relative to: the repository, or the frozen bundle."""
    if is_frozen():
        return Path(sys._MEIPASS)  # type: ignore[attr-defined]
    return _SOURCE_ROOT


def resource_path(*parts: str | PathLike[str]) -> Path:
    """The absolute path of a bundled file given relative to the project root.

    ``resource_path("assets/icon.png")`` and ``resource_path("assets", "icon.png")`` are the same.
    Raises ValueError for an absolute path or one that climbs out of the root: such a file would
    exist from source but not in a build.
    """
    rel = Path(*parts)
    if not parts or rel.is_absolute() or ".." in rel.parts:
        raise ValueError(f"resource paths are relative to the project root: {rel!s}")
    return resource_root() / rel


def app_version() -> str:
    """The version from ``pyproject.toml`` (bundled in builds), else the installed metadata."""
    try:
        with resource_path(PYPROJECT_FILE).open("rb") as file:
            return str(tomllib.load(file)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        pass
    # An installed (non-editable) copy has no pyproject.toml beside it, only its metadata.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(DIST_NAME)
    except PackageNotFoundError:
        return "unknown"


def app_icon() -> pygame.Surface:
    """The window icon; call before or after ``display.set_mode`` (no conversion needed)."""
    import pygame

    return pygame.image.load(resource_path(ICON_FILE))


def set_window_identity() -> None:
    """Give the window its title and icon (harmless under the dummy driver)."""
    import pygame

    pygame.display.set_caption(WINDOW_TITLE)
    pygame.display.set_icon(app_icon())
