"""The player's settings: window, animation speed, bot pace, sound and key bindings.

The model and its file live in ``game/store`` (shared with the headless tools, tested there):
atomic writes, and a damaged file set aside with a timestamp and reported in one line while the
defaults are used. This module keeps the names the table imports.
"""

from __future__ import annotations

import re
from pathlib import Path

from game.store.settings import (
    ANIMATION_SPEEDS,
    BOT_PACES,
    DEFAULT_BINDINGS,
    DEFAULT_REFLEX_KEYS,
    DISPLAY_PATHS,
    INTENT_NAMES,
    Settings,
)
from game.store.store import Store

__all__ = [
    "ANIMATION_SPEEDS",
    "BOT_PACES",
    "DEFAULT_BINDINGS",
    "DEFAULT_REFLEX_KEYS",
    "DISPLAY_PATHS",
    "INTENT_NAMES",
    "Settings",
    "SettingsFile",
    "default_folder",
    "notice_line",
]


MORE = re.compile(r" \(and (\d+) more: see the log\)\.?$")


def notice_line(messages: list[str]) -> str | None:
    """The store's notices as the one line the title shows (the log has them all). A line
    made here before counts its own "(and N more)" once, never twice."""
    if not messages:
        return None
    more = len(messages) - 1
    first = messages[0]
    for message in messages:
        if found := MORE.search(message):
            more += int(found.group(1))
    if found := MORE.search(first):
        first = first[: found.start()] + "."
    if not more:
        return first
    return f"{first.rstrip('.')} (and {more} more: see the log)."


class SettingsFile:
    """The settings through a ``Store``: ``SettingsFile(store)``, ``SettingsFile(folder)`` (a
    store in ``folder``, as ``--data-dir``), or ``SettingsFile(None)`` (in memory only)."""

    def __init__(self, where: Store | Path | None) -> None:
        if isinstance(where, Store) or where is None:
            self.store = where
        else:
            self.store = Store.open(where, logging_to_file=False)
        self.problem: str | None = None  # one line for the player if a file was damaged

    def load(self) -> Settings:
        if self.store is None:
            return Settings()
        self.problem = notice_line(self.store.notices.take())
        return self.store.settings

    def save(self, settings: Settings) -> None:
        if self.store is not None:
            self.store.save_settings(settings)


def default_folder(data_dir: str | None) -> Path | None:
    """``--data-dir``'s folder; None without it (headless tools then keep settings in memory,
    while ``run_app`` opens the player's own folders)."""
    return Path(data_dir) if data_dir else None
