"""Logging to a rotating file in the log folder (the crash screen shows its path)."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

MAX_BYTES = 1_000_000
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_installed: logging.Handler | None = None


class QuietFileHandler(logging.handlers.RotatingFileHandler):
    """A log file that never prints a traceback when it cannot be written (a full disk, a
    closed console): the lines are lost, the program goes on, and stderr stays quiet."""

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        return None


def setup_logging(log_file: Path, level: int = logging.INFO) -> Path | None:
    """Send the program's log to ``log_file`` (rotated at 1 MB, 3 kept); None if it cannot be."""
    global _installed
    root = logging.getLogger()
    try:
        log_file.parent.mkdir(parents=True, exist_ok=True)
        handler = QuietFileHandler(
            log_file, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError as exc:
        logging.getLogger(__name__).warning("cannot log to %s: %s", log_file, exc)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    if _installed is not None:  # set up twice (tests, a restarted app): one file handler only
        root.removeHandler(_installed)
        _installed.close()
    root.addHandler(handler)
    root.setLevel(min(root.level, level) if root.level else level)
    logging.captureWarnings(True)
    _installed = handler
    return log_file


def stop_logging() -> None:
    global _installed
    if _installed is not None:
        logging.getLogger().removeHandler(_installed)
        _installed.close()
        _installed = None
