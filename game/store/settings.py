"""The player's settings: window, animation speed, bot pace, sound, key bindings, and the last
seat set-up and rule options per game.

Stored as ``{"kind": "settings", "version": 1, ...fields}``. A field with a bad value falls back to
its default alone, and the rest of the file is kept (the player is told which). Keys this version
does not know are carried through unchanged, so an older Omnibus never erases a newer one's
settings. Field names and choices are the table's (``scenes/settings.py`` re-exports them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from game.store.checks import MAX_SEATS as MAX_SEATS_REMEMBERED
from game.store.checks import SEAT_NAME_MAX
from game.store.files import check_envelope

SETTINGS_KIND = "settings"
SETTINGS_VERSION = 1
# The smallest window every screen is laid out and tested for (tests/scenes/test_seats_layout.py);
# a smaller size from an old settings file opens at this.
MIN_WINDOW = (800, 480)
MAX_WINDOW = (7680, 4320)

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
    "look": "tab",
    "call": "o",
    "skip": "j",
    "hint": "/",  # free at every table (Om Nom Nom's own keys: 1-6, Q-Y, A-H, Z-N, F1-F6)
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
    "look": "Hold to look at the cards you know",
    "call": "Call (OMYN)",
    "skip": "Skip a lesson's step",
    "hint": "Hint: the hard bot's move, and why",
}
# One reflex key per seat (seat 0 first) for answering out of turn, spread over the keyboard so
# six people fit at one: the two Shifts at the ends, Z, V and M along the bottom row between
# them, and the numpad's Enter (pygame calls it "enter"; the main Enter is "return") for
# whoever sits at the right. None is a rebindable intent key.
DEFAULT_REFLEX_KEYS: tuple[str, ...] = ("left shift", "z", "v", "m", "right shift", "enter")
MAX_SEATS = len(DEFAULT_REFLEX_KEYS)
ANIMATION_SPEEDS: dict[str, float] = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 0.0}
# How frames reach the screen (scenes/display_path.py): auto probes for a software OpenGL.
DISPLAY_PATHS: dict[str, str] = {
    "auto": "auto",
    "software": "software",
    "accelerated": "accelerated (GPU)",
}
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
    animation: str = "normal"  # a key of ANIMATION_SPEEDS
    bot_pace: str = "normal"  # a key of BOT_PACES
    volume: int = 70  # percent
    muted: bool = False
    hints: bool = True  # the hint key and button at a table against bots (issue 30)
    display: str = "auto"  # a key of DISPLAY_PATHS; read once, before the window opens
    bindings: dict[str, str] = dataclasses.field(default_factory=lambda: dict(DEFAULT_BINDINGS))
    reflex_keys: list[str] = dataclasses.field(default_factory=lambda: list(DEFAULT_REFLEX_KEYS))
    # game id -> {"game", "seats": [Seat.to_json()], "options"}: offered again next time
    last_setup: dict[str, Any] = dataclasses.field(default_factory=dict)
    unknown: dict[str, Any] = dataclasses.field(default_factory=dict)  # kept for newer versions

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
        return {
            **self.unknown,
            "kind": SETTINGS_KIND,
            "version": SETTINGS_VERSION,
            "window": list(self.window),
            "fullscreen": self.fullscreen,
            "animation": self.animation,
            "bot_pace": self.bot_pace,
            "volume": self.volume,
            "muted": self.muted,
            "hints": self.hints,
            "display": self.display,
            "bindings": dict(self.bindings),
            "reflex_keys": list(self.reflex_keys),
            "last_setup": {game: dict(setup) for game, setup in self.last_setup.items()},
        }

    @classmethod
    def from_json(cls, data: Any, problems: list[str] | None = None) -> Settings:
        """Parse a settings file (``DamagedFile`` if it is not one); a bad field keeps its
        default and is named in ``problems``."""
        if isinstance(data, dict) and "kind" not in data and data.get("version") == 1:
            data = {**data, "kind": SETTINGS_KIND}  # the table's first builds wrote no kind
        check_envelope(data, SETTINGS_KIND, SETTINGS_VERSION)
        settings = cls()
        for name, parse in _FIELD_PARSERS.items():
            if name not in data:
                continue
            try:
                setattr(settings, name, parse(data[name]))
            except (TypeError, ValueError) as exc:
                if problems is not None:
                    problems.append(f"{name} ({exc})")
        known = set(_FIELD_PARSERS) | {"kind", "version"}
        settings.unknown = {k: v for k, v in data.items() if k not in known}
        return settings


# --- field parsers: raise ValueError or TypeError on a bad value -----------------------------
def _window(value: Any) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2 or not all(_is_int(v) for v in value):
        raise ValueError("not [width, height]")
    width, height = int(value[0]), int(value[1])
    if not (320 <= width and 240 <= height):
        raise ValueError(f"{width}×{height} is out of range")
    # Larger than any screen (16384×16384 took 5 GB): the largest window --size allows.
    return min(width, MAX_WINDOW[0]), min(height, MAX_WINDOW[1])


def fit_window(size: tuple[int, int], desktop: tuple[int, int]) -> tuple[int, int]:
    """A window size that fits on the display (never below ``MIN_WINDOW``)."""
    return (
        max(MIN_WINDOW[0], min(size[0], desktop[0])),
        max(MIN_WINDOW[1], min(size[1], desktop[1])),
    )


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("not true or false")
    return value


def _choice(choices: dict[str, Any]) -> Callable[[Any], str]:
    def parse(value: Any) -> str:
        if value not in choices:
            raise ValueError(f"{value!r} is not one of {', '.join(choices)}")
        return str(value)

    return parse


def _volume(value: Any) -> int:
    if not _is_int(value) or not 0 <= value <= 100:
        raise ValueError(f"{value!r} is not a percentage")
    return int(value)


def _bindings(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(v, str) and v for v in value.values()):
        raise ValueError("not a map of intents to key names")
    bindings = dict(DEFAULT_BINDINGS)
    bindings.update({str(k): v for k, v in value.items() if k in DEFAULT_BINDINGS})
    return bindings


def _reflex_keys(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ValueError("not a list of key names")
    if len(set(value)) != len(value):
        raise ValueError("two seats share a key")
    keys = list(value[:MAX_SEATS])
    for default in DEFAULT_REFLEX_KEYS[len(keys) :]:  # a shorter list: the rest as default
        keys.append(default if default not in keys else next(k for k in _SPARE if k not in keys))
    return keys


_SPARE = ("x", "c", "b", "n", "comma", "period")


def _setups(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise ValueError("not a map of game ids to set-ups")
    for setup in value.values():  # the seats screen shows these names: short ones only
        seats = setup.get("seats", [])
        if not isinstance(seats, list) or len(seats) > MAX_SEATS_REMEMBERED:
            raise ValueError("remembered seats are not a list")
        for seat in seats:
            name = seat.get("name", "") if isinstance(seat, dict) else None
            if not isinstance(name, str) or len(name) > SEAT_NAME_MAX:
                raise ValueError("a remembered seat name is not a short text")
    return {str(game): dict(setup) for game, setup in value.items()}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_FIELD_PARSERS: dict[str, Callable[[Any], Any]] = {
    "window": _window,
    "fullscreen": _bool,
    "animation": _choice(ANIMATION_SPEEDS),
    "bot_pace": _choice(BOT_PACES),
    "volume": _volume,
    "muted": _bool,
    "hints": _bool,
    "display": _choice(DISPLAY_PATHS),
    "bindings": _bindings,
    "reflex_keys": _reflex_keys,
    "last_setup": _setups,
}
