"""The store: everything Omnibus keeps between runs, behind one object the table holds.

``Store.open(data_dir)`` finds the folders, sets up logging and reads the settings and statistics
(damaged files are set aside and reported in ``notices``). Where a match is created, the table
calls ``follow(match)`` once; the match then calls the store after every applied action
(``Match.listeners``): the autosave is rewritten, and when the match ends it is kept as a replay,
counted in the statistics and the autosave removed, in that order, each step safe to repeat, so a
kill anywhere in between loses nothing and counts nothing twice.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import Callable
from pathlib import Path

from game.core.hint import hinted_seats
from game.core.lesson_run import NOTE as LESSON_NOTE
from game.core.match import Match
from game.store.autosave import Autosave, SavedMatch
from game.store.files import Notices, SafeFiles, encode_json, remove_stale_temps
from game.store.logs import setup_logging
from game.store.paths import DataDirs
from game.store.replays import ReplayShelf
from game.store.settings import Settings
from game.store.stats import Statistics, earlier_seats

log = logging.getLogger(__name__)

RESERVE_NAME = ".room"  # see SafeFiles.make_room
RETRY_EVERY = 10  # saves of the next match between two tries at filing an unfiled one


class Store:
    def __init__(
        self, dirs: DataDirs, *, background_autosave: bool = False, logging_to_file: bool = True
    ) -> None:
        self.dirs = dirs
        self.notices = Notices()
        self.files = SafeFiles(self.notices)
        lost = dirs.create()
        self.files.lost_folders.update(lost)
        if lost:
            self.notices.add(folders_notice(dirs, lost))
        self.log_file = (
            setup_logging(dirs.log_file) if logging_to_file and dirs.logs not in lost else None
        )
        for folder in (dirs.config, dirs.data, *_subfolders(dirs.replays)):
            remove_stale_temps(folder)
        if dirs.data not in lost:
            self.files.make_room(dirs.data / RESERVE_NAME)
        self.autosave = Autosave(self.files, dirs.autosave_file, background=background_autosave)
        self._followed: Match | None = None
        self._unfiled: list[Callable[[], None]] = []  # finished matches not yet on disk
        # What could not be saved of each finished match, for its results screen.
        self._filing_notes: weakref.WeakKeyDictionary[Match, str] = weakref.WeakKeyDictionary()
        self.replays = ReplayShelf(self.files, dirs.replays)
        self.settings = self.load_settings()
        self.stats = self.load_stats()
        log.info("settings in %s, saves and statistics in %s", dirs.config, dirs.data)

    @classmethod
    def open(cls, data_dir: str | Path | None = None, **kwargs: bool) -> Store:
        return cls(DataDirs.resolve(data_dir), **kwargs)

    # --- settings and statistics ------------------------------------------------------------
    def load_settings(self) -> Settings:
        problems: list[str] = []
        settings = self.files.read(
            self.dirs.settings_file, "settings", lambda data: Settings.from_json(data, problems)
        )
        if problems:
            self.notices.add(f"Some settings were reset to their defaults: {'; '.join(problems)}.")
        return settings or Settings()

    def save_settings(self, settings: Settings | None = None) -> bool:
        if settings is not None:
            self.settings = settings
        return self.files.write(self.dirs.settings_file, self.settings.to_json())

    def load_stats(self) -> Statistics:
        stats = self.files.read(
            self.dirs.stats_file, "statistics", Statistics.from_json, "they start afresh"
        )
        return stats or Statistics()

    def save_stats(self) -> bool:
        return self.files.write(self.dirs.stats_file, self.stats.to_json())

    # --- the running match ------------------------------------------------------------------
    def pending_match(self) -> SavedMatch | None:
        """The unfinished match to offer at start, if any. A saved match that had already ended
        (killed while it was being filed) is filed now instead."""
        saved = self.autosave.load()
        if saved is None:
            return None
        if saved.preview.is_over():
            self._file_finished(saved.preview, saved.match_id, saved.started)
            return None
        if saved.match_id in self.stats.recorded:
            # It ended and was counted, but its last moves never reached the disk (it was
            # full): playing it on would file another match under its id.
            self.files.set_aside(
                self.dirs.autosave_file,
                "saved match",
                "it ended and was counted, but its last moves could not be saved",
                "it is not offered again",
            )
            return None
        return saved

    def follow(self, match: Match, resumed: SavedMatch | None = None) -> None:
        """Autosave ``match`` after every action from now on (it tells the store itself, through
        ``Match.listeners``); a resumed match keeps its id and start time."""
        self._unfollow()
        self._retry_filing()  # before this match's first save takes the autosave's place
        if self._unfiled:
            self.notices.add(
                "This match is saved once the last one is filed: make room on the disk."
            )
        match.listeners.append(self._changed)
        self._followed = match
        if resumed is None:
            self.autosave.start(match)
        else:
            self.autosave.start(match, resumed.match_id, resumed.started)

    def sync(self) -> bool:
        """Save the followed match if it changed; file it if it ended. True if it just ended."""
        match = self.autosave.match
        if match is None:
            return False
        self.autosave.sync()
        if not match.is_over():
            if self._unfiled and self.autosave.writes % RETRY_EVERY == 0:
                self._retry_filing()
            return False
        self._file_finished(match, self.autosave.match_id, self.autosave.started)
        self._unfollow()
        return True

    def abandon(self) -> None:
        """The player left the match (or discarded it at start): no autosave, no statistics.
        Waits for the file to go, so the title offers no "Continue" that finds nothing."""
        self._unfollow()
        if self.autosave.held:  # the file is an unfiled match's: it stays, and this match's
            self.autosave.stop(remove=False)  # save waiting in memory is never written
            self.autosave.drop_waiting()
        else:
            self.autosave.stop()
        self.autosave.flush()

    def filing_note(self, match: Match) -> str | None:
        """What could not be saved of ``match`` once it ended, in one line (None: all is)."""
        return self._filing_notes.get(match)

    def _changed(self, match: Match) -> None:
        if match is self._followed:
            self.sync()

    def _unfollow(self) -> None:
        if self._followed is not None and self._changed in self._followed.listeners:
            self._followed.listeners.remove(self._changed)
        self._followed = None

    def take_problems(self) -> list[str]:
        """What went wrong with the files since last asked (a full disk...), in one line each:
        the table shows them where the player looks."""
        return self.notices.take()

    def close(self) -> None:
        """Flush the autosave (it stays for the next start) and the writer thread."""
        self._retry_filing()
        self.autosave.close()

    def _file_finished(self, match: Match, match_id: str, started: float) -> None:
        """Keep the replay, count the statistics, then remove the autosave, in that order.

        The JSON is made here; the writing happens after the pending saves (on the writer
        thread in the app), so the frame that ends a match does no disk work. On a full disk
        the finished state goes to the autosave if the replay cannot be written, the statistics
        are written only once the end is on disk somewhere, and the autosave is held (the next
        match's saves wait in memory) until the match is filed."""
        finished = time.time()
        replay = self.replays.record(match, match_id, started, finished)
        counted = LESSON_NOTE not in match.notes and self.stats.record(  # a lesson: never
            match_id,
            match.game,
            match.state,
            match.seats,
            finished,
            match.options,
            hinted_seats(match.notes),
            earlier_seats(match.notes),
        )
        stats_payload = encode_json(self.stats.to_json()) if counted else None
        final, mark = self.autosave.payload(match)
        self.autosave.stop(remove=False)
        done = {"replay": False, "stats": stats_payload is None, "end": False}

        def file() -> None:
            # The autosave goes only once the replay and the statistics are on disk: until then
            # it is the match's only copy (and the next start files it again, idempotently).
            done["replay"] = done["replay"] or self.replays.keep(replay, True) is not None
            if not done["replay"] and not done["end"]:
                done["end"] = self.autosave.write_final(final, mark, match_id)
            if (done["replay"] or done["end"]) and not done["stats"]:
                assert stats_payload is not None
                done["stats"] = self.files.write_payload(self.dirs.stats_file, stats_payload, True)
            if not (done["replay"] and done["stats"]):
                self._filing_notes[match] = filing_problem(done, self.files.last_error)
                if file not in self._unfiled:
                    self._unfiled.append(file)  # tried again before the next match is saved
                    self.notices.add(self._filing_notes[match])
                self.autosave.held = True  # the file is this match's copy: never written over
                return
            self._filing_notes.pop(match, None)
            if file in self._unfiled:
                self._unfiled.remove(file)
            if self.autosave.on_disk_id in (match_id, None):
                self.autosave.remove_file()
            if not self._unfiled:
                self.autosave.release()
            log.info("match %s of %s filed", match_id, match.game.info.id)

        self.autosave.after_saves(file)

    def _retry_filing(self) -> None:
        for file in list(self._unfiled):
            self.autosave.after_saves(file)


def filing_problem(done: dict[str, bool], reason: str) -> str:
    """One line on what of a finished match could not be saved."""
    if done["replay"]:
        return f"The statistics could not be saved ({reason}); they are when there is room."
    if done["end"]:
        return (
            f"This match could not be filed ({reason}); it stays saved and is filed when "
            "there is room."
        )
    if "space" not in reason.lower():
        return f"This match could not be saved ({reason})."
    return f"This match could not be saved ({reason}): make room on the disk before you quit."


def folders_notice(dirs: DataDirs, lost: dict[Path, str]) -> str:
    """One line on the folders that could not be made, and what is not kept because of it."""
    reason = next(iter(lost.values()))
    if dirs.data in lost and dirs.config in lost:
        return f"Cannot create the data folders ({reason}); nothing will be saved."
    unsaved = []
    if dirs.config in lost:
        unsaved.append("settings")
    if dirs.data in lost:
        unsaved.append("matches, statistics and replays")
    elif dirs.replays in lost:
        unsaved.append("replays")
    said = [f"{' and '.join(unsaved)} will not be saved"] if unsaved else []
    if dirs.logs in lost:
        said.append("no log is kept")
    return f"Cannot create a data folder ({reason}): {'; '.join(said)}."


def _subfolders(folder: Path) -> list[Path]:
    try:
        return [path for path in folder.iterdir() if path.is_dir()]
    except OSError:
        return []
