"""Where Omnibus keeps its files: the platform's user folders, or one folder given by ``--data-dir``.

Settings go in the config folder; the autosave, statistics and replays in the data folder; logs in
the log folder. ``--data-dir DIR`` keeps everything in ``DIR`` (tests and portable installs):
the files directly, the replays in ``DIR/replays`` and the logs in ``DIR/logs``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

APP_NAME = "Omnibus"


@dataclasses.dataclass(frozen=True)
class DataDirs:
    config: Path
    data: Path
    logs: Path

    @classmethod
    def resolve(cls, data_dir: str | Path | None = None) -> DataDirs:
        """The user's folders, or ``data_dir`` when it is given."""
        if data_dir is not None:
            root = Path(data_dir).expanduser()
            try:
                root = root.resolve()
            except (OSError, RuntimeError):  # a symlink loop: the folder is reported unusable
                root = root.absolute()
            return cls(config=root, data=root, logs=root / "logs")
        from platformdirs import PlatformDirs

        dirs = PlatformDirs(APP_NAME, appauthor=False)
        return cls(
            config=Path(dirs.user_config_dir),
            data=Path(dirs.user_data_dir),
            logs=Path(dirs.user_log_dir),
        )

    @property
    def settings_file(self) -> Path:
        return self.config / "settings.json"

    @property
    def autosave_file(self) -> Path:
        return self.data / "autosave.json"

    @property
    def stats_file(self) -> Path:
        return self.data / "statistics.json"

    @property
    def replays(self) -> Path:
        return self.data / "replays"

    @property
    def log_file(self) -> Path:
        return self.logs / "omnibus.log"

    def create(self) -> dict[Path, str]:
        """Make every folder; the ones that could not be made, with the reason."""
        failed: dict[Path, str] = {}
        for folder in (self.config, self.data, self.logs, self.replays):
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                failed[folder] = exc.strerror or type(exc).__name__
        return failed
