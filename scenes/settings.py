"""The player's settings: window, animation speed, bot pace, sound and key bindings.

Saved as JSON in the user's config folder (or ``--data-dir``). A file that cannot be read is set
aside with a timestamp and the defaults are used: a damaged settings file never stops the program.
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from pathlib import Path
from typing import Any

# Intents a player can rebind; the keys are pygame key names (``pygame.key.name``).
DEFAULT_BINDINGS: dict[str, str] = {
    "left": "left",
    "right": "right",
    "up": "up",
    "down": "down",
    "play": "return",
    "ready": "space",
    "last_trick": "l",
    "help": "h",
}
INTENT_NAMES: dict[str, str] = {
    "left": "Previous card / choice",
    "right": "Next card / choice",
    "up": "Previous item",
    "down": "Next item",
    "play": "Play / choose",
    "ready": "Ready (curtain, summaries)",
    "last_trick": "Show the last trick",
    "help": "Show the controls",
}

ANIMATION_SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 0.0}
BOT_PACES: dict[str, tuple[int, int]] = {
    "relaxed": (1000, 1800),
    "normal": (600, 1200),
    "quick": (250, 500),
    "instant": (0, 0),
}


@dataclasses.dataclass
class Settings:
    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    animation: str = "normal"
    bot_pace: str = "normal"
    volume: int = 70  # percent
    muted: bool = False
    bindings: dict[str, str] = dataclasses.field(default_factory=lambda: dict(DEFAULT_BINDINGS))
    last_setup: dict[str, Any] = dataclasses.field(default_factory=dict)  # per game id

    @property
    def animation_scale(self) -> float:
        """Multiply animation durations by this (0: no animation)."""
        speed = ANIMATION_SPEEDS.get(self.animation, 1.0)
        return 0.0 if speed == 0 else 1.0 / speed

    @property
    def pace_ms(self) -> tuple[int, int]:
        return BOT_PACES.get(self.bot_pace, BOT_PACES["normal"])

    @property
    def sound_level(self) -> float:
        return 0.0 if self.muted else self.volume / 100

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["window"] = list(self.window)
        data["version"] = 1
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> Settings:
        settings = Settings()
        width, height = data.get("window", settings.window)
        settings.window = (max(640, int(width)), max(400, int(height)))
        settings.fullscreen = bool(data.get("fullscreen", False))
        if data.get("animation") in ANIMATION_SPEEDS:
            settings.animation = data["animation"]
        if data.get("bot_pace") in BOT_PACES:
            settings.bot_pace = data["bot_pace"]
        settings.volume = max(0, min(100, int(data.get("volume", settings.volume))))
        settings.muted = bool(data.get("muted", False))
        bindings = data.get("bindings", {})
        for intent in DEFAULT_BINDINGS:
            if isinstance(bindings.get(intent), str):
                settings.bindings[intent] = bindings[intent]
        if isinstance(data.get("last_setup"), dict):
            settings.last_setup = dict(data["last_setup"])
        return settings


class SettingsFile:
    """Load and save ``settings.json`` in ``folder``; ``folder`` None keeps settings in memory."""

    def __init__(self, folder: Path | None) -> None:
        self.path = folder / "settings.json" if folder else None
        self.problem: str | None = None  # one line for the player if the file was damaged

    def load(self) -> Settings:
        if self.path is None or not self.path.exists():
            return Settings()
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            return Settings.from_json(data)
        except (OSError, ValueError, TypeError) as exc:
            aside = self.path.with_name(f"settings.damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
            try:
                self.path.rename(aside)
            except OSError:
                aside = self.path
            self.problem = (
                f"Settings could not be read ({exc}); defaults used, old file kept as {aside.name}."
            )
            return Settings()

    def save(self, settings: Settings) -> None:
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temp = self.path.with_suffix(".tmp")
            with open(temp, "w", encoding="utf-8") as handle:
                json.dump(settings.to_json(), handle, indent=1)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, self.path)
        except OSError:
            pass  # settings are a convenience: never crash the table over them


def default_folder(data_dir: str | None) -> Path:
    if data_dir:
        return Path(data_dir)
    import platformdirs

    return Path(platformdirs.user_config_dir("omnibus", appauthor=False))
