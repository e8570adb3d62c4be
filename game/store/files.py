"""Safe JSON files: atomic writes, and reads that survive damage without losing anything.

Writing goes to a temporary file in the same folder, which is flushed, fsynced and renamed over the
target, so a reader (or a restart after a kill or a power cut) sees either the old file or the new
one, never half of one. A file that cannot be read is moved aside, into a ``damaged/`` folder beside it that no
listing reads (so it is set aside once), with a timestamp, reported in one line, and the caller
goes on with defaults; a file that could not be read nor moved is never written over.
"""

from __future__ import annotations

import errno
import json
import logging
import os
import stat
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

TEMP_SUFFIX = ".tmp"
STALE_TEMP_S = 60.0
DEFAULTS = "defaults used"
# Far beyond any file Omnibus writes (a long replay is ~100 KB, nested ~8 deep); a file beyond
# either is damage or mischief, and reading it whole or deep would exhaust memory or the stack.
MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 64
DAMAGED_FOLDER = "damaged"
# Room kept on the disk for filing a finished match (a long replay ~100 KB plus the statistics).
RESERVE_BYTES = 256 * 1024
NO_ROOM = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
NAME_KEPT = 80  # characters of a damaged file's name kept in its new name (file systems allow 255)


class DamagedFile(ValueError):
    """A file whose content is not what it should be; the message says what is wrong."""


def check_envelope(data: Any, kind: str, version: int) -> dict[str, Any]:
    """Every Omnibus file is a JSON object ``{"kind": ..., "version": ..., ...}``."""
    if not isinstance(data, dict):
        raise DamagedFile(f"it holds a JSON {type(data).__name__}, not an object")
    if data.get("kind") != kind:
        raise DamagedFile(f"it is not an Omnibus {kind} file")
    found = data.get("version")
    if found != version:
        if isinstance(found, int) and found > version:
            raise DamagedFile(f"it was written by a newer Omnibus (version {found})")
        raise DamagedFile(f"its version {found!r} is not {version}")
    return data


class Notices:
    """One-line messages for the player (damaged files, failed writes); also logged."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self._lock = threading.Lock()  # the autosave's writer thread adds, the frame takes

    def add(self, message: str) -> None:
        log.warning("%s", message)
        with self._lock:
            self.messages.append(message)

    def take(self) -> list[str]:
        with self._lock:
            messages, self.messages = self.messages, []
        return messages


class SafeFiles:
    """Reads and writes JSON files for one program run, remembering files it must not touch."""

    def __init__(self, notices: Notices | None = None) -> None:
        self.notices = notices or Notices()
        self._blocked: set[Path] = set()  # unreadable and not moved aside: never overwrite
        self._failed_writes: set[Path] = set()  # reported once per run
        self.lost_folders: set[Path] = set()  # could not be made: nothing read or written there
        self.reserve: Path | None = None  # see make_room
        self.last_error = "it could not be written"  # the reason of the last failed write

    def unusable(self, path: Path) -> bool:
        return any(folder in self.lost_folders for folder in path.parents)

    def read(
        self, path: Path, label: str, parse: Callable[[Any], T], fallback: str = DEFAULTS
    ) -> T | None:
        """``parse(json)`` of the file, or None if it is missing or damaged (then set aside).

        ``label`` names the file for the player ("settings"); ``fallback`` says what happens
        instead ("defaults used").
        """
        if self.unusable(path):
            return None
        try:
            raw = read_limited(path)
        except FileNotFoundError:
            return None
        except DamagedFile as exc:
            self.set_aside(path, label, str(exc), fallback)
            return None
        except OSError as exc:
            if exc.errno == errno.ELOOP:  # a link that leads nowhere: the link is the damage
                self.set_aside(path, label, "it is a symbolic link loop", fallback)
                return None
            self._blocked.add(path)
            self.notices.add(
                f"Could not read your {label} ({exc.strerror}); it is left as it is and "
                f"will not be saved over; {fallback}."
            )
            return None
        try:
            return parse_untrusted(decode_json(raw), parse)
        except DamagedFile as exc:
            self.set_aside(path, label, str(exc), fallback)
            return None

    def set_aside(
        self, path: Path, label: str, reason: str, fallback: str = DEFAULTS
    ) -> Path | None:
        """Move a damaged file out of the way, keeping it for the player; report it in one line."""
        try:
            target = aside_name(path)
            os.replace(path, target)
        except OSError as exc:
            self._blocked.add(path)
            self.notices.add(
                f"Your {label} could not be read ({reason}) nor moved aside ({exc.strerror}); "
                f"it is left untouched; {fallback}."
            )
            return None
        kept = f"{target.parent.name}/{shown(target.name)}"
        self.notices.add(f"Your {label} could not be read ({reason}); kept as {kept}; {fallback}.")
        return target

    def is_blocked(self, path: Path) -> bool:
        """True if ``path`` could not be read nor moved: it is never written over this run."""
        return path in self._blocked

    def write(self, path: Path, data: Any, precious: bool = False) -> bool:
        """Write ``data`` as JSON atomically. False (and one notice) if it could not be written."""
        return self.write_payload(path, encode_json(data), precious)

    def make_room(self, reserve: Path) -> None:
        """Keep ``reserve`` (RESERVE_BYTES of nothing) so a full disk still has room for the
        writes that keep a finished match (``precious``): they free it and try again."""
        self.reserve = reserve
        try:
            if reserve.exists():
                return
            with open(reserve, "wb") as handle:
                handle.write(bytes(RESERVE_BYTES))
        except OSError:  # no room even now: nothing is held back, nothing else changes
            reserve.unlink(missing_ok=True)

    def _free_reserve(self) -> bool:
        if self.reserve is None or not self.reserve.exists():
            return False
        try:
            self.reserve.unlink()
        except OSError:
            return False
        log.warning("the disk is full: the room kept for a finished match is used")
        return True

    def write_payload(self, path: Path, payload: bytes, precious: bool = False) -> bool:
        if self.unusable(path):
            self.last_error = "its folder could not be made"  # the player was told at start
            return False
        if path in self._blocked:
            self.last_error = "the file there could not be read"
            if path not in self._failed_writes:  # said once, so no one believes it is saved
                self._failed_writes.add(path)
                self.notices.add(
                    f"{path.name} is not being saved: the one there could not be read, and it "
                    "is kept as it is."
                )
            return False
        try:
            try:
                write_atomic(path, payload)
            except OSError as exc:
                if not (precious and exc.errno in NO_ROOM and self._free_reserve()):
                    raise
                write_atomic(path, payload)
        except OSError as exc:
            self.last_error = exc.strerror or type(exc).__name__
            if path not in self._failed_writes:
                self._failed_writes.add(path)
                self.notices.add(f"Could not save {path.name} ({exc.strerror}).")
            return False
        self._failed_writes.discard(path)
        return True

    def remove(self, path: Path) -> None:
        if path in self._blocked:
            return
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not remove %s: %s", path, exc)


def shown(name: str, most: int = 40) -> str:
    """A file name as a one-line notice shows it (a 240-character name would fill the line)."""
    return name if len(name) <= most else f"{name[: most - 12]}…{name[-11:]}"


def read_limited(path: Path) -> bytes:
    """The file's bytes; ``DamagedFile`` if it is not a regular file (a FIFO would wait for a
    writer forever, a device never ends) or too large to be an Omnibus file. Opened without
    blocking and checked before a byte is read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    with open(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DamagedFile("it is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise DamagedFile(f"it is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise DamagedFile(f"it is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    return raw


def decode_json(raw: bytes) -> Any:
    """Untrusted bytes to JSON, or ``DamagedFile`` saying in a few words what is wrong with them."""
    if not raw.strip():
        raise DamagedFile("it is empty")
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # Notepad starts a UTF-8 file with a BOM
    except UnicodeDecodeError as exc:
        raise DamagedFile("it is not text") from exc
    except json.JSONDecodeError as exc:
        raise DamagedFile(f"it is not valid JSON at line {exc.lineno}") from exc
    except RecursionError as exc:
        raise DamagedFile(f"it is nested more than {MAX_DEPTH} levels deep") from exc
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        raise DamagedFile(f"it holds a value Omnibus cannot read ({exc})") from exc
    if nesting_depth(data) > MAX_DEPTH:
        raise DamagedFile(f"it is nested more than {MAX_DEPTH} levels deep")
    return data


def nesting_depth(data: Any) -> int:
    """How deep lists and objects nest in ``data`` (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, depth + 1)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, depth + 1) for child in item)
    return deepest


def parse_untrusted(data: Any, parse: Callable[[Any], T]) -> T:
    """``parse(data)`` where any failure is ``DamagedFile``: a file is untrusted input, and a
    shape no one foresaw may break the parsing code in any way; that must never stop a start."""
    try:
        return parse(data)
    except DamagedFile:
        raise
    except Exception as exc:
        log.info("a file's content does not parse", exc_info=True)
        raise DamagedFile(f"its content is malformed ({type(exc).__name__})") from exc


def encode_json(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def write_atomic(path: Path, payload: bytes) -> None:
    """Temp file in the same folder, flush, fsync, rename over ``path``, fsync the folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{os.getpid()}{TEMP_SUFFIX}")
    try:
        with open(temp, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself durable on POSIX; Windows cannot open folders, and needs no such step.
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def aside_name(path: Path, now: float | None = None) -> Path:
    """``settings.json`` → ``damaged/settings.20261121-163700.json`` beside it (a free name;
    the folder is made). No listing reads ``damaged/``, so a file is set aside only once."""
    folder = path.parent / DAMAGED_FOLDER
    folder.mkdir(exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    stem, suffix = path.stem[:NAME_KEPT], path.suffix[:16]
    candidate = folder / f"{stem}.{stamp}{suffix}"
    n = 2
    while os.path.lexists(candidate):
        candidate = folder / f"{stem}.{stamp}-{n}{suffix}"
        n += 1
    return candidate


def remove_stale_temps(folder: Path, older_than_s: float = STALE_TEMP_S) -> int:
    """Delete temp files left by a writer that was killed mid-write; they are never the data."""
    removed = 0
    cutoff = time.time() - older_than_s
    try:
        candidates = list(folder.glob(f".*{TEMP_SUFFIX}"))
    except OSError:
        return 0
    for temp in candidates:
        try:
            if temp.stat().st_mtime < cutoff:
                temp.unlink()
                removed += 1
        except OSError:
            continue
    return removed
