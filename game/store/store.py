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
from collections.abc import Callable
from pathlib import Path

from game.core.match import Match
from game.store.autosave import Autosave, SavedMatch
from game.store.files import Notices, SafeFiles, encode_json, remove_stale_temps
from game.store.logs import setup_logging
from game.store.paths import DataDirs
from game.store.replays import ReplayShelf
from game.store.settings import Settings
from game.store.stats import Statistics

log = logging.getLogger(__name__)


class Store:
    def __init__(
        self, dirs: DataDirs, *, background_autosave: bool = False, logging_to_file: bool = True
    ) -> None:
        self.dirs = dirs
        self.notices = Notices()
        self.files = SafeFiles(self.notices)
        try:
            dirs.create()
        except OSError as exc:
            self.notices.add(
                f"Cannot create the data folders ({exc.strerror}); nothing will be saved."
            )
        self.log_file = setup_logging(dirs.log_file) if logging_to_file else None
        for folder in (dirs.config, dirs.data, *_subfolders(dirs.replays)):
            remove_stale_temps(folder)
        self.autosave = Autosave(self.files, dirs.autosave_file, background=background_autosave)
        self._followed: Match | None = None
        self._unfiled: list[Callable[[], None]] = []  # finished matches not yet on disk
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
        return saved

    def follow(self, match: Match, resumed: SavedMatch | None = None) -> None:
        """Autosave ``match`` after every action from now on (it tells the store itself, through
        ``Match.listeners``); a resumed match keeps its id and start time."""
        self._unfollow()
        self._retry_filing()  # before this match's first save takes the autosave's place
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
            return False
        self._file_finished(match, self.autosave.match_id, self.autosave.started)
        self._unfollow()
        return True

    def abandon(self) -> None:
        """The player left the match (or discarded it at start): no autosave, no statistics."""
        self._unfollow()
        self.autosave.stop()

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
        thread in the app), so the frame that ends a match does no disk work."""
        finished = time.time()
        replay = self.replays.record(match, match_id, started, finished)
        counted = self.stats.record(match_id, match.game, match.state, match.seats, finished)
        stats_payload = encode_json(self.stats.to_json()) if counted else None
        self.autosave.stop(remove=False)

        def file() -> None:
            # The autosave goes only once the replay and the statistics are on disk: until then
            # it is the match's only copy (and the next start files it again, idempotently).
            kept = self.replays.keep(replay) is not None
            counted = stats_payload is None or self.files.write_payload(
                self.dirs.stats_file, stats_payload
            )
            if not (kept and counted):
                if file not in self._unfiled:
                    self._unfiled.append(file)  # tried again before the next match is saved
                    self.notices.add(
                        "The finished match could not be filed; it stays saved and is filed "
                        "when there is room."
                    )
                return
            if file in self._unfiled:
                self._unfiled.remove(file)
            self.autosave.remove_file()
            log.info("match %s of %s filed", match_id, match.game.info.id)

        self.autosave.after_saves(file)

    def _retry_filing(self) -> None:
        for file in list(self._unfiled):
            self.autosave.after_saves(file)


def _subfolders(folder: Path) -> list[Path]:
    try:
        return [path for path in folder.iterdir() if path.is_dir()]
    except OSError:
        return []
