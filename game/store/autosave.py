"""Autosave of the running match, after every action, and the offer to resume it.

The file is ``{"kind": "autosave", "version": 1, "id", "started", "saved", "match"}`` where
``match`` is ``Match.to_json()``. The table calls ``sync()`` after it submits an action and after
each ``Match.update``; ``sync`` writes only when the log (a seat, or the notes) changed, so an
idle table writes nothing. With ``background=True`` the JSON is made on the caller's thread (a
consistent copy) and written by a worker thread, so a slow disk never holds a frame; a kill can
then lose only the write in flight.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from game.core.actions import Action
from game.core.bot import Decision
from game.core.events import Event
from game.core.match import Match
from game.core.runner import BotRunner
from game.core.views import View
from game.store import checks
from game.store.files import DamagedFile, SafeFiles, check_envelope, encode_json

log = logging.getLogger(__name__)

AUTOSAVE_KIND = "autosave"
AUTOSAVE_VERSION = 1


def new_match_id() -> str:
    return secrets.token_hex(6)


class NullRunner(BotRunner):
    """A runner whose bots never answer: rebuilds a match to look at it without anyone thinking."""

    def set_bot(
        self, seat: int, game_id: str, level: str, seed: int, settings: Mapping[str, Any]
    ) -> None:
        return None

    def remove(self, seat: int) -> None:
        return None

    def ask(self, seat: int, view: View, legal: Sequence[Action], events: Sequence[Event]) -> None:
        return None

    def poll(self) -> list[tuple[int, Decision | None]]:
        return []


def load_match(
    data: Mapping[str, Any], runner: BotRunner | None = None, pace_ms: tuple[int, int] = (0, 0)
) -> Match:
    """``Match.from_json`` that turns any failure into ``DamagedFile`` (saves are untrusted input)."""
    try:
        return Match.from_json(data, runner=runner or NullRunner(), pace_ms=pace_ms)
    except Exception as exc:  # a damaged save may break the rules code in any way
        log.info("a saved match does not load", exc_info=True)
        raise DamagedFile(str(exc) or type(exc).__name__) from exc


@dataclasses.dataclass(frozen=True)
class SavedMatch:
    """An unfinished match found at start, already checked by replaying it."""

    match_id: str
    started: float  # epoch seconds
    saved: float
    data: Mapping[str, Any]  # Match.to_json()
    preview: Match  # replayed with bots that never answer: for showing, not for playing

    def resume(self, runner: BotRunner | None = None, pace_ms: tuple[int, int] = (0, 0)) -> Match:
        """The match again, at its saved moment; its bots start thinking afresh."""
        return load_match(self.data, runner, pace_ms)


def parse_autosave(data: Any) -> SavedMatch:
    envelope = check_envelope(data, AUTOSAVE_KIND, AUTOSAVE_VERSION)
    match_data = envelope.get("match")
    if not isinstance(match_data, dict):
        raise DamagedFile("it holds no match")
    if "id" not in envelope:
        raise DamagedFile("its header has no match id")
    match_id = checks.safe_id(envelope["id"])
    started = checks.a_time(envelope.get("started"), "start")
    saved = checks.a_time(envelope.get("saved"), "save")
    checks.match_json(match_data)
    return SavedMatch(match_id, started, saved, match_data, load_match(match_data))


class Autosave:
    """Keeps ``path`` equal to the running match after every completed action."""

    def __init__(self, files: SafeFiles, path: Path, *, background: bool = False) -> None:
        self.files = files
        self.path = path
        self.match: Match | None = None
        self.match_id = ""
        self.started = 0.0
        self.writes = 0
        # (actions, fingerprint) of the last save that reached the disk: a failed write claims
        # nothing (autoplay prints it as "saved N")
        self.last_saved: tuple[int, str] | None = None
        self._key: tuple[int, list[dict[str, Any]], bytes] | None = None
        # While a finished match is not filed, the file is its copy: saves of the next match
        # wait in memory (the newest one) instead of writing over it.
        self.held = False
        self._held: tuple[bytes, tuple[int, str], str] | None = None
        self.on_disk_id: str | None = None  # whose match the file holds (written this run)
        self._writer = _BackgroundWriter(self._write) if background else None

    def load(self) -> SavedMatch | None:
        """The unfinished match on disk, or None (a damaged one is set aside and reported)."""
        return self.files.read(
            self.path, "saved match", parse_autosave, "a new match can be started"
        )

    def start(
        self, match: Match, match_id: str | None = None, started: float | None = None
    ) -> None:
        """Follow ``match`` (new, or resumed with its old id) and save it at once."""
        self.match = match
        self.match_id = match_id or new_match_id()
        self.started = time.time() if started is None else started
        self._key = None
        self.sync()

    def sync(self) -> bool:
        """Save if an action was applied, a seat changed hands or the notes changed (a lesson's
        Next moves its step without a move) since the last save."""
        match = self.match
        if match is None:
            return False
        notes = encode_json(match.notes)  # a copy: a note edited in place still counts
        key = (len(match.log), [seat.to_json() for seat in match.seats], notes)
        if key == self._key:
            return False
        self._key = key
        payload, mark = self.payload(match)
        self.writes += 1
        if self._writer is not None:
            self._writer.put(payload, mark, self.match_id)
            return True
        return self._write(payload, mark, self.match_id)

    def payload(self, match: Match) -> tuple[bytes, tuple[int, str]]:
        """The file's bytes for ``match`` now, and its mark (actions, fingerprint)."""
        match_json = match.to_json()
        payload = encode_json(
            {
                "kind": AUTOSAVE_KIND,
                "version": AUTOSAVE_VERSION,
                "id": self.match_id,
                "started": self.started,
                "saved": time.time(),
                "match": match_json,
            }
        )
        return payload, (len(match.log), str(match_json["fingerprint"]))

    def _write(
        self, payload: bytes, mark: tuple[int, str], match_id: str, precious: bool = False
    ) -> bool:
        if self.held:
            self._held = (payload, mark, match_id)
            return False
        if not self.files.write_payload(self.path, payload, precious):
            return False
        self.last_saved = mark
        self.on_disk_id = match_id
        return True

    def write_final(self, payload: bytes, mark: tuple[int, str], match_id: str) -> bool:
        """The finished state of a match that could not be filed, so the file holds its end
        (called in order with the saves: on the writer thread in the app)."""
        if self.on_disk_id == match_id and self.last_saved == mark:
            return True
        if self._write(payload, mark, match_id, precious=True):
            return True
        if self.held or self.on_disk_id != match_id:
            return False
        # No room for a second copy beside the first: this match's older save makes way for
        # its end, and comes back if the end does not fit either (it fitted before).
        try:
            older = self.path.read_bytes()
        except OSError:
            return False
        self.files.remove(self.path)
        if self._write(payload, mark, match_id, precious=True):
            return True
        self.files.write_payload(self.path, older)
        return False

    def drop_waiting(self) -> None:
        """Forget the save held in memory (its match was thrown away)."""
        self._held = None

    def release(self) -> None:
        """The held file was filed: the newest save waiting in memory is written now."""
        self.held = False
        waiting, self._held = self._held, None
        if waiting is not None:
            self._write(*waiting)

    def flush(self) -> None:
        """Wait until everything handed to the background writer is done."""
        if self._writer is not None:
            self._writer.flush()

    def after_saves(self, job: Callable[[], None]) -> None:
        """Run ``job`` (more file work) after every save handed over so far: on the writer
        thread, in order, or at once without one."""
        if self._writer is not None:
            self._writer.run(job)
        else:
            job()

    def stop(self, remove: bool = True) -> None:
        """Stop following the match; delete the file once pending saves are done (unless the
        caller removes it itself, after other work)."""
        self.match = None
        self._key = None
        if remove:
            self.after_saves(self.remove_file)

    def remove_file(self) -> None:
        self.files.remove(self.path)
        self.on_disk_id = None

    def close(self) -> None:
        """Finish the queued work and end the writer thread; the file stays for the next start."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None


class _BackgroundWriter:
    """One daemon thread doing the file work in order. A save waiting behind another save
    replaces it (only the newest matters); other jobs (filing a finished match, removing the
    file) run exactly once, in the order they were handed over."""

    def __init__(self, write: Callable[[bytes, tuple[int, str], str], bool]) -> None:
        self._write = write  # Autosave._write: the file, and the mark of a save that landed
        self._cond = threading.Condition()
        self._queue: deque[tuple[bytes, tuple[int, str], str] | Callable[[], None]] = deque()
        self._busy = False
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def put(self, payload: bytes, mark: tuple[int, str], match_id: str) -> None:
        with self._cond:
            if self._queue and isinstance(self._queue[-1], tuple):
                # the older save was not written yet: skip it
                self._queue[-1] = (payload, mark, match_id)
            else:
                self._queue.append((payload, mark, match_id))
            self._cond.notify_all()

    def run(self, job: Callable[[], None]) -> None:
        with self._cond:
            self._queue.append(job)
            self._cond.notify_all()

    def flush(self) -> None:
        with self._cond:
            self._cond.wait_for(lambda: not self._queue and not self._busy)

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._queue) or self._closed)
                if not self._queue:
                    return
                item = self._queue.popleft()
                self._busy = True
            try:
                if isinstance(item, tuple):
                    self._write(*item)
                else:
                    item()
            except Exception:  # a failed job must not stop later saves (or hang flush)
                log.exception("autosave writer job failed")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
