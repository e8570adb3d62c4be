"""The type and range of every field a stored file holds, checked once where the file is read.

A file is untrusted input: a field of the wrong type, or of the right type and an absurd value (a
time of -1e20, a seat name of a megabyte, an id that is a path), must never reach code that would
crash on it, hang drawing it, or write outside the game's folders. Each check returns the value
as the program uses it, or raises ``DamagedFile`` saying in a few words what is wrong.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Mapping
from typing import Any

from game.store.files import DamagedFile

# Epoch seconds a file may hold: 1970 to 2286, which every platform's localtime() can show.
LATEST_TIME = 1e10
# A match's clock in ms (~31 years) and its length in actions: far beyond any real match.
MAX_CLOCK_MS = 10**12
MAX_ACTIONS = 200_000
MAX_SEATS = 16
# The seats screen types at most 16 characters; longer is room for older or edited files, and a
# megabyte name would take minutes to wrap and draw.
SEAT_NAME_MAX = 64
TEXT_MAX = 500  # a summary line, a level, an option value
SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def a_time(value: Any, name: str) -> float:
    """Epoch seconds between 1970 and 2286."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DamagedFile(f"its {name} time is not a number")
    if not (math.isfinite(value) and 0 <= value <= LATEST_TIME):
        raise DamagedFile(f"its {name} time is out of range")
    return float(value)


def a_count(value: Any, name: str, most: int = 10**12) -> int:
    if not is_int(value) or not 0 <= value <= most:
        raise DamagedFile(f"its {name} is not a count")
    return int(value)


def a_text(value: Any, name: str, most: int = TEXT_MAX) -> str:
    if not isinstance(value, str):
        raise DamagedFile(f"its {name} is not text")
    if len(value) > most:
        raise DamagedFile(f"its {name} is longer than {most} characters")
    return value


def safe_id(value: Any) -> str:
    """A match id usable in a file name. An id that is not one (a path, 300 characters) becomes
    a stable one made from it, so filing stays idempotent and never writes outside its folder."""
    text = str(value)
    if SAFE_ID.fullmatch(text):
        return text
    return "x" + hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:12]


def seat_names(value: Any) -> list[str]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SEATS:
        raise DamagedFile("its seats are not a list of names")
    return [a_text(name, "seat name", SEAT_NAME_MAX) for name in value]


def match_json(data: Any) -> dict[str, Any]:
    """``Match.to_json()`` checked field by field before any rules code replays it."""
    if not isinstance(data, dict):
        raise DamagedFile("it holds no match")
    a_text(data.get("game"), "game", 40)
    options = data.get("options")
    if not isinstance(options, dict) or len(options) > 64:
        raise DamagedFile("its rule options are malformed")
    for key, option in options.items():
        a_text(key, "option name", 64)
        if not (option is None or isinstance(option, bool | int | float | str)):
            raise DamagedFile(f"its option {key!r} is not a simple value")
        if isinstance(option, str):
            a_text(option, f"option {key!r}")
        if isinstance(option, int) and not abs(option) < 2**63:
            raise DamagedFile(f"its option {key!r} is out of range")
    if not is_int(data.get("seed")) or not abs(data["seed"]) < 2**63:
        raise DamagedFile("its seed is not a number")
    seats = data.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
        raise DamagedFile("its seats are malformed")
    for seat in seats:
        if not isinstance(seat, dict):
            raise DamagedFile("a seat is not an object")
        a_text(seat.get("name", ""), "seat name", SEAT_NAME_MAX)
        a_text(seat.get("level", "normal"), "bot level", 40)
        if not isinstance(seat.get("settings", {}), dict):
            raise DamagedFile("a seat's bot settings are malformed")
    log = data.get("log")
    if not isinstance(log, list) or len(log) > MAX_ACTIONS:
        raise DamagedFile("its log is malformed")
    now_ms = a_count(data.get("now_ms", 0), "clock", MAX_CLOCK_MS)
    last = 0
    for entry in log:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[1], dict)):
            raise DamagedFile("an action in its log is malformed")
        at = a_count(entry[0], "action time", MAX_CLOCK_MS)
        if at < last:
            raise DamagedFile("its log goes back in time")
        last = at
    if "now_ms" in data and log and now_ms < last:
        raise DamagedFile("its clock is behind its last action")
    fingerprint = data.get("fingerprint")
    if fingerprint is not None:
        a_text(fingerprint, "fingerprint", 200)
    return data


def names_of(seats: Any) -> tuple[str, ...]:
    """The seat names of a checked ``match_json``'s seats."""
    return tuple(str(seat.get("name", "")) for seat in seats if isinstance(seat, Mapping))
