"""Finished matches kept for watching again: the last ``KEEP_PER_GAME`` per game.

One file per match, ``replays/<game>/<finished YYYYmmdd-HHMMSS>-<id>.json``:
``{"kind": "replay", "version": 1, "id", "game", "started", "finished", "seats", "winners",
"summary", "match": Match.to_json()}``. File names sort by finishing time, so pruning and listing
need no index. A replay that cannot be read is set aside like any damaged file.
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

from game.core.errors import UnknownGame
from game.core.match import Match
from game.core.registry import find_game
from game.store import checks
from game.store.files import DamagedFile, SafeFiles, check_envelope, shown

REPLAY_KIND = "replay"
REPLAY_VERSION = 1
KEEP_PER_GAME = 100


@dataclasses.dataclass(frozen=True)
class ReplayInfo:
    """What the list of replays shows, read from the file's header."""

    path: Path
    match_id: str
    game_id: str
    started: float
    finished: float
    seat_names: tuple[str, ...]
    winners: tuple[int, ...]
    summary: str
    actions: int
    match: dict[str, Any]  # Match.to_json(), replayed by ReplayCursor when opened

    @property
    def title(self) -> str:
        return find_game(self.game_id).info.title


def parse_replay(data: Any) -> ReplayInfo:
    envelope = check_envelope(data, REPLAY_KIND, REPLAY_VERSION)
    match = envelope.get("match")
    if not isinstance(match, dict) or not isinstance(match.get("log"), list):
        raise DamagedFile("it holds no match")
    game_id = checks.a_text(envelope.get("game", ""), "game", 40)
    try:
        find_game(game_id)
    except UnknownGame as exc:
        raise DamagedFile(f"it is a match of an unknown game {game_id!r}") from exc
    if match.get("game") != game_id:
        raise DamagedFile("its header and its match disagree on the game")
    checks.match_json(match)
    names = checks.seat_names(envelope.get("seats"))
    winners = envelope.get("winners")
    if not isinstance(winners, list) or not all(
        checks.is_int(seat) and 0 <= seat < len(names) for seat in winners
    ):
        raise DamagedFile("its winners are not seats")
    return ReplayInfo(
        path=Path(),
        match_id=checks.safe_id(envelope.get("id")),
        game_id=game_id,
        started=checks.a_time(envelope.get("started"), "start"),
        finished=checks.a_time(envelope.get("finished"), "finish"),
        seat_names=tuple(names),
        winners=tuple(winners),
        summary=checks.a_text(envelope.get("summary", ""), "summary"),
        actions=len(match["log"]),
        match=match,
    )


class ReplayShelf:
    def __init__(self, files: SafeFiles, folder: Path, keep: int = KEEP_PER_GAME) -> None:
        self.files = files
        self.folder = folder
        self.limit = keep

    def add(
        self, match: Match, match_id: str, started: float, finished: float | None = None
    ) -> Path | None:
        """Keep a finished match (once: a second call with the same id changes nothing)."""
        return self.keep(self.record(match, match_id, started, finished))

    @staticmethod
    def record(
        match: Match, match_id: str, started: float, finished: float | None = None
    ) -> dict[str, Any]:
        """The replay file's content (no file work: callers may write it on another thread)."""
        outcome = match.state.outcome()
        if outcome is None:
            raise ValueError("only a finished match is kept as a replay")
        return {
            "kind": REPLAY_KIND,
            "version": REPLAY_VERSION,
            "id": match_id,
            "game": match.game.info.id,
            "started": started,
            "finished": time.time() if finished is None else finished,
            "seats": [seat.name for seat in match.seats],
            "winners": list(outcome.winners),
            "summary": outcome.summary,
            "match": match.to_json(),
        }

    def keep(self, record: dict[str, Any], precious: bool = False) -> Path | None:
        """Write a ``record()`` into its game's folder unless that match is there already."""
        game_id, match_id = str(record["game"]), checks.safe_id(record["id"])
        folder = self.folder / game_id
        existing = self._find(folder, match_id)
        if existing is not None:
            return existing
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(float(record["finished"])))
        path = folder / f"{stamp}-{match_id}.json"
        if not self.files.write(path, record, precious):
            return None
        self.prune(game_id)
        return path

    def entries(self, game_id: str) -> list[ReplayInfo]:
        """This game's replays, newest first (damaged ones are set aside and reported)."""
        infos = []
        for path in sorted(self._paths(self.folder / game_id), reverse=True):
            info = self.files.read(
                path, f"replay {shown(path.name)}", parse_replay, "it is left out"
            )
            if info is not None:
                infos.append(dataclasses.replace(info, path=path))
        return infos

    def prune(self, game_id: str) -> int:
        """Delete the oldest replays beyond the limit; returns how many went."""
        paths = sorted(self._paths(self.folder / game_id))
        extra = paths[: max(0, len(paths) - self.limit)]
        for path in extra:
            self.files.remove(path)
        return len(extra)

    def _find(self, folder: Path, match_id: str) -> Path | None:
        for path in self._paths(folder):
            if path.stem.endswith(f"-{match_id}"):
                return path
        return None

    @staticmethod
    def _paths(folder: Path) -> list[Path]:
        # Files set aside by older versions ("*.damaged-*.json") are not replays.
        try:
            return [p for p in folder.glob("*.json") if ".damaged-" not in p.name]
        except OSError:
            return []
