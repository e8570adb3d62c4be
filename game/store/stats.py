"""Statistics per game, per person (a human seat's name) and per bot level.

A finished match counts once for each person who played it and once for each bot level at the
table: played, won, drawn (nobody won) or lost, the win streak, and the game's own figures, one
number per seat from ``Game.seat_stats(state)`` (the team's tokens in Omi, the calls a seat made
in OMYN...; the base reads ``match_stats`` generically, so a new game needs no code here), named
by ``Game.stat_labels``. Two seats of one level (two normal bots) are one match for that level
(won if either won), and each bot is counted too: ``bots`` and ``bots_won`` give the level's win
rate per bot, its figures are summed over its bots and counted per bot, so a level reads like a
person ("1 of 3 bots won", never "Games won 0.3"). A seat handed over mid-match counts for every
person who held it, and for a bot level only if that level held it throughout
(``counted_holders``). Totals are kept forever; the last ``HISTORY_PER_GAME``
matches are kept in full (every seat by name) for the charts.

Version 1 counted every human seat as "you"; those totals and history entries are read as the
person "You" (the seats screen's default name for the first human seat).
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from game.core.game import Game, State
from game.core.match import SEATED_NOTE, Seat
from game.store import checks
from game.store.files import DamagedFile, check_envelope

STATS_KIND = "statistics"
STATS_VERSION = 2
READABLE_VERSIONS = (1, 2)  # version 1: every human seat was "you"
HISTORY_PER_GAME = 200
RECORDED_IDS_KEPT = 500
MAX_FIGURE = 1e12  # a sum of figures over every match ever played stays far below
YOU = "you"  # the person named "You" (and every human seat of version 1)
KIND_MAX = 80  # "person:" and a seat name of SEAT_NAME_MAX
WON, DRAWN, LOST = "won", "drawn", "lost"


def person_key(name: str) -> str:
    """A person is a seat name, whatever its case or spaces: "Amal" and "amal " are one."""
    key = " ".join(name.split()).casefold() or YOU
    return f"person:{key}" if key.startswith(("bot:", "person:")) else key


def seat_kind(seat: Seat) -> str:
    """The person's key for a human seat, "bot:<level>" for a bot."""
    return person_key(seat.name) if not seat.is_bot else f"bot:{seat.level}"


def is_bot(kind: str) -> bool:
    return kind.startswith("bot:")


def kind_label(kind: str, name: str = "") -> str:
    """ "Normal bot", or the person's name as last typed ("You" for the default person)."""
    if is_bot(kind):
        return f"{kind.removeprefix('bot:').capitalize()} bot"
    return name or ("You" if kind == YOU else kind.removeprefix("person:"))


def figure_label(name: str, labels: Mapping[str, str] | None = None) -> str:
    """What a figure counts, in the game's words (``Game.stat_labels``); else its key, readable."""
    if labels and name in labels:
        return labels[name]
    return name.replace("_", " ").capitalize()


def seat_figures(game: Game, state: State, seat: int) -> dict[str, float]:
    """``seat``'s figures from ``Game.seat_stats`` (finite numbers only)."""
    figures: dict[str, float] = {}
    for name, values in game.seat_stats(state).items():
        if seat < len(values):
            value = values[seat]
            if isinstance(value, int | float) and math.isfinite(value):
                figures[str(name)] = float(value)
    return figures


@dataclasses.dataclass
class KindTotals:
    played: int = 0
    won: int = 0
    drawn: int = 0
    streak: int = 0  # current run of wins
    best_streak: int = 0
    name: str = ""  # a person's name as last typed (shown); empty for a bot level
    hinted: int = 0  # matches played with a hint shown (issue 30)
    bots: int = 0  # a bot level's bots counted (a match with three normal bots: three)
    bots_won: int = 0  # ... and those of them that won
    sums: dict[str, float] = dataclasses.field(default_factory=dict)
    counts: dict[str, int] = dataclasses.field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def bot_rate(self) -> float:
        """A bot level's wins per bot (its win rate per match if no bot was counted yet)."""
        return self.bots_won / self.bots if self.bots else self.win_rate

    def averages(self) -> dict[str, float]:
        return {name: self.sums[name] / n for name, n in self.counts.items() if n}

    def add(self, result: str, figures: dict[str, float], hinted: bool = False) -> None:
        """One match's ``result`` (WON, DRAWN or LOST); a draw ends a run of wins."""
        self.played += 1
        self.hinted += hinted
        if result == WON:
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.drawn += result == DRAWN
            self.streak = 0
        self.add_figures(figures)

    def add_figures(self, figures: Mapping[str, float]) -> None:
        """One match's figures of one person, or of one bot."""
        for name, value in figures.items():
            self.sums[name] = self.sums.get(name, 0.0) + value
            self.counts[name] = self.counts.get(name, 0) + 1

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @staticmethod
    def from_json(data: Any) -> KindTotals:
        if not isinstance(data, dict):
            raise DamagedFile("a seat kind's totals are not an object")
        totals = KindTotals()
        for name in (
            "played",
            "won",
            "drawn",
            "streak",
            "best_streak",
            "hinted",
            "bots",
            "bots_won",
        ):
            setattr(totals, name, checks.a_count(data.get(name, 0), name))
        totals.name = checks.a_text(data.get("name", ""), "seat name", checks.SEAT_NAME_MAX)
        if (
            totals.won + totals.drawn > totals.played
            or totals.hinted > totals.played
            or totals.bots_won > totals.bots
        ):
            raise DamagedFile("more matches won or drawn than played")
        totals.sums = _number_map(data.get("sums", {}), float)
        totals.counts = {k: int(v) for k, v in _number_map(data.get("counts", {}), int).items()}
        return totals


@dataclasses.dataclass(frozen=True)
class Entry:
    """One seat's result in one finished match."""

    seat: int
    kind: str
    name: str
    won: bool
    figures: dict[str, float]
    drawn: bool = False  # nobody won the match
    hinted: bool = False  # the seat's person was shown a hint (issue 30)

    @property
    def result(self) -> str:
        return WON if self.won else DRAWN if self.drawn else LOST


@dataclasses.dataclass(frozen=True)
class KindResult:
    """One seat kind's result in one match (its seats taken together)."""

    finished: float
    result: str  # WON, DRAWN or LOST
    figures: dict[str, float]
    name: str = ""  # the seat's name in that match (a person's)
    hinted: bool = False  # with a hint shown to one of its seats
    seats: int = 1  # how many seats it played (three normal bots: 3)
    seats_won: int = 0
    each: tuple[dict[str, float], ...] = ()  # every seat's own figures, when it had several

    @property
    def won(self) -> bool:
        return self.result == WON


@dataclasses.dataclass(frozen=True)
class MatchResult:
    match_id: str
    finished: float  # epoch seconds
    entries: tuple[Entry, ...]

    def by_kind(self) -> dict[str, KindResult]:
        """Each kind's result: won if any of its seats won, its seats' figures averaged."""
        grouped: dict[str, list[Entry]] = {}
        for entry in self.entries:
            grouped.setdefault(entry.kind, []).append(entry)
        results = {}
        for kind, entries in grouped.items():
            result = next((r for r in (WON, DRAWN) if any(e.result == r for e in entries)), LOST)
            names = dict.fromkeys(name for e in entries for name in e.figures)  # keep the order
            figures = {
                name: sum(values) / len(values)
                for name in names
                if (values := [e.figures[name] for e in entries if name in e.figures])
            }
            hinted = any(e.hinted for e in entries)
            won = sum(e.won for e in entries)
            each = tuple(e.figures for e in entries) if len(entries) > 1 else ()
            name = entries[0].name
            results[kind] = KindResult(
                self.finished, result, figures, name, hinted, len(entries), won, each
            )
        return results

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.match_id,
            "finished": self.finished,
            "entries": [_entry_json(entry) for entry in self.entries],
        }

    @staticmethod
    def from_json(data: Any) -> MatchResult:
        if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
            raise DamagedFile("a match in the history is incomplete")
        if len(data["entries"]) > checks.MAX_SEATS:
            raise DamagedFile("a match in the history has too many seats")
        entries = []
        for e in data["entries"]:
            if not isinstance(e, dict) or not isinstance(e.get("won"), bool):
                raise DamagedFile("a seat's result in the history is incomplete")
            entries.append(
                Entry(
                    checks.a_count(e.get("seat"), "seat", checks.MAX_SEATS),
                    checks.a_text(e.get("kind"), "seat kind", KIND_MAX),
                    checks.a_text(e.get("name", ""), "seat name", checks.SEAT_NAME_MAX),
                    e["won"],
                    _number_map(e.get("figures", {}), float),
                    e.get("drawn") is True,
                    e.get("hinted") is True,  # absent before hints: False
                )
            )
        match_id = checks.a_text(data.get("id"), "match id", 64)
        return MatchResult(match_id, checks.a_time(data.get("finished"), "finish"), tuple(entries))


@dataclasses.dataclass
class GameStats:
    kinds: dict[str, KindTotals] = dataclasses.field(default_factory=dict)
    history: list[MatchResult] = dataclasses.field(default_factory=list)  # oldest first

    def results(self, kind: str) -> list[KindResult]:
        """``kind``'s result in each kept match it played, oldest first."""
        return [r for match in self.history if (r := match.by_kind().get(kind)) is not None]

    def series(self, kind: str, figure: str) -> list[float]:
        """``figure`` for ``kind`` over the kept history (one point per match), oldest first."""
        return [r.figures[figure] for r in self.results(kind) if figure in r.figures]

    def figure_names(self, labels: Mapping[str, str] | None = None) -> list[str]:
        """The figures to show: the game's own (``labels``, in their order) that were counted;
        every counted one when the game names none. Figures an older version counted that the
        game no longer gives stay in the file, unshown."""
        names: dict[str, None] = {}
        for totals in self.kinds.values():
            names.update(dict.fromkeys(totals.counts))
        if labels:
            return [name for name in labels if name in names]
        return list(names)

    def label(self, kind: str) -> str:
        totals = self.kinds.get(kind)
        return kind_label(kind, totals.name if totals is not None else "")


class Statistics:
    def __init__(self) -> None:
        self.games: dict[str, GameStats] = {}
        self.recorded: list[str] = []  # ids of recent recorded matches: recording is idempotent

    def game(self, game_id: str) -> GameStats:
        return self.games.get(game_id) or GameStats()

    def last_played(self) -> str | None:
        """The game of the most recently finished match kept, or None before any."""
        latest = {
            gid: stats.history[-1].finished for gid, stats in self.games.items() if stats.history
        }
        return max(latest, key=lambda gid: latest[gid]) if latest else None

    def record(
        self,
        match_id: str,
        game: Game,
        state: State,
        seats: Sequence[Seat],
        finished: float | None = None,
        options: Mapping[str, Any] | None = None,
        hinted: Collection[int] = (),
        earlier: Sequence[tuple[int, Seat]] = (),
    ) -> bool:
        """Add a finished match once (a second call with the same id changes nothing). Seats
        the game plays by itself under ``options`` (Om Nom Nom's solo colours) are not counted:
        nobody sat there. ``hinted``: the seats shown a hint (counted "with hints"), and
        ``earlier``: who held a seat before its last holder (``earlier_seats``)."""
        outcome = state.outcome()
        if outcome is None:
            raise ValueError("only a finished match has statistics")
        if match_id in self.recorded:
            return False
        virtual = set(game.virtual_seats(len(seats), options or {}))
        entries = tuple(
            Entry(
                seat,
                seat_kind(info),
                " ".join(info.name.split()),
                seat in outcome.winners,
                seat_figures(game, state, seat),
                drawn=not outcome.winners,
                hinted=seat in hinted and not info.is_bot,
            )
            for seat, last in enumerate(seats)
            if seat not in virtual
            for info in counted_holders([s for n, s in earlier if n == seat] + [last])
        )
        result = MatchResult(match_id, time.time() if finished is None else finished, entries)
        stats = self.games.setdefault(game.info.id, GameStats())
        for kind, kind_result in result.by_kind().items():
            totals = stats.kinds.setdefault(kind, KindTotals())
            if not is_bot(kind):
                totals.add(kind_result.result, kind_result.figures, kind_result.hinted)
                totals.name = kind_result.name
                continue
            totals.add(kind_result.result, {}, kind_result.hinted)
            for entry in result.entries:  # each bot's figures its own
                if entry.kind == kind:
                    totals.add_figures(entry.figures)
            totals.bots += kind_result.seats
            totals.bots_won += kind_result.seats_won
        stats.history = [*stats.history, result][-HISTORY_PER_GAME:]
        self.recorded = [*self.recorded, match_id][-RECORDED_IDS_KEPT:]
        return True

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": STATS_KIND,
            "version": STATS_VERSION,
            "games": {
                game_id: {
                    "kinds": {kind: totals.to_json() for kind, totals in stats.kinds.items()},
                    "history": [match.to_json() for match in stats.history],
                }
                for game_id, stats in self.games.items()
            },
            "recorded": list(self.recorded),
        }

    @staticmethod
    def from_json(data: Any) -> Statistics:
        """Games this version does not know are kept as they are (a newer version wrote them)."""
        found = data.get("version") if isinstance(data, dict) else None
        version = found if type(found) is int and found in READABLE_VERSIONS else STATS_VERSION
        envelope = check_envelope(data, STATS_KIND, version)
        stats = Statistics()
        games = envelope.get("games", {})
        recorded = envelope.get("recorded", [])
        if not isinstance(games, dict) or not isinstance(recorded, list):
            raise DamagedFile("its games or recorded ids are malformed")
        if len(games) > 64:
            raise DamagedFile("it holds too many games")
        for game_id, section in games.items():
            checks.a_text(game_id, "game", 40)
            if not isinstance(section, dict):
                raise DamagedFile(f"the section for {game_id!r} is not an object")
            kinds = section.get("kinds", {})
            history = section.get("history", [])
            if not isinstance(kinds, dict) or not isinstance(history, list):
                raise DamagedFile(f"the section for {game_id!r} is malformed")
            if len(kinds) > 64:
                raise DamagedFile(f"the section for {game_id!r} has too many seat kinds")
            stats.games[game_id] = GameStats(
                {
                    checks.a_text(k, "seat kind", KIND_MAX): KindTotals.from_json(t)
                    for k, t in kinds.items()
                },
                [MatchResult.from_json(m) for m in history[-HISTORY_PER_GAME:]],
            )
        stats.recorded = [
            checks.a_text(match_id, "match id", 64) for match_id in recorded[-RECORDED_IDS_KEPT:]
        ]
        return stats


def counted_holders(holders: Sequence[Seat]) -> list[Seat]:
    """Whom a seat's result counts for, given everyone who held it in turn (Pause → Seats):
    every person who played it (once each: a hint, a win is theirs even if a bot finished);
    a bot level only if it played the seat throughout, with no person and no other level."""
    people = {seat_kind(s): s for s in reversed(holders) if not s.is_bot}  # the latest name
    if people:
        return list(reversed(people.values()))
    levels = {s.level for s in holders}
    return [holders[-1]] if len(levels) == 1 else []


def earlier_seats(notes: Mapping[str, Any]) -> list[tuple[int, Seat]]:
    """The seats' earlier holders a match's notes keep (``Match.set_seat``), in order."""
    found = notes.get(SEATED_NOTE, ())
    earlier = []
    for item in found if isinstance(found, list) else ():
        if isinstance(item, list) and len(item) == 4 and type(item[0]) is int:
            seat, kind, name, level = item
            if kind in ("human", "bot") and isinstance(name, str) and isinstance(level, str):
                earlier.append((seat, Seat(kind, name, level)))
    return earlier


def _entry_json(entry: Entry) -> dict[str, Any]:
    """An entry as the file keeps it; ``hinted`` only when true (files stay as they were)."""
    data = dataclasses.asdict(entry)
    if not entry.hinted:
        del data["hinted"]
    return data


def _number_map(value: Any, kind: type) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DamagedFile("a table of figures is not an object")
    if len(value) > 64:
        raise DamagedFile("a table of figures is too long")
    result: dict[str, Any] = {}
    for name, number in value.items():
        checks.a_text(name, "figure name", 40)
        if (
            isinstance(number, bool)
            or not isinstance(number, int | float)
            or not (math.isfinite(number) and abs(number) <= MAX_FIGURE)
        ):
            raise DamagedFile(f"figure {name!r} is not a number")
        result[name] = kind(number)
    return result
