"""The match referee: state, game clock, log, seats, bots and per-viewer event queues.

Both the table and the tests drive a ``Match``. Humans ``submit`` actions; ``update(dt_ms)``
advances the game clock, firing window deadlines and due bot decisions in time order, so results
never depend on frame rate. ``hold()`` stops the clock while the table shows something a player
must see; a bot's delay starts only when the clock runs again.

A save is ``{game, options, seed, seats, log}`` as JSON; loading replays the log.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

from game.core.actions import Action
from game.core.bot import Decision
from game.core.budget import checked_bot_settings
from game.core.errors import IllegalAction, OptionError, SaveError
from game.core.events import Event
from game.core.game import Game, State
from game.core.rng import make_rng
from game.core.runner import BotRunner, SyncBotRunner
from game.core.views import View

SAVE_FORMAT = 1


class BotError(RuntimeError):
    """A bot chose an action that was illegal on the very view it was given."""


@dataclasses.dataclass(frozen=True)
class Seat:
    kind: Literal["human", "bot"]
    name: str
    level: str = "normal"
    settings: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "level": self.level,
            "settings": dict(self.settings),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Seat:
        kind = data.get("kind")
        if kind not in ("human", "bot"):
            raise SaveError(f"seat kind must be human or bot, not {kind!r}")
        try:
            settings = checked_bot_settings(data.get("settings", {}))
        except OptionError as exc:  # e.g. a budget that would never let the bot answer
            raise SaveError(f"seat {data.get('name', '')!r}: {exc}") from exc
        return Seat(kind, str(data.get("name", "")), str(data.get("level", "normal")), settings)


SEATED_NOTE = "seated"  # Match.notes: each seat's earlier holders, [seat, kind, name, level]


@dataclasses.dataclass
class _Pending:
    version: int  # state version the bot decided on
    asked_ms: int
    decision: Decision
    due_ms: int


class Match:
    def __init__(
        self,
        game: Game,
        seats: Iterable[Seat],
        seed: int,
        options: Mapping[str, Any] | None = None,
        *,
        runner: BotRunner | None = None,
        pace_ms: tuple[int, int] = (0, 0),
    ) -> None:
        self.game = game
        self.seats: list[Seat] = list(seats)
        self.seed = seed
        self.options = game.resolve_options(options)
        self.state: State = game.new_state(len(self.seats), seed, self.options)
        self.now_ms = 0
        self.log: list[tuple[int, Action]] = []
        self.pace_ms = pace_ms
        self._pace_rng = make_rng(seed, "pace")
        self._holds = 0
        self._version = 0
        self._queues: dict[int | None, deque[Event]] = {}
        self._unseen_by_bot: dict[int, list[Event]] = {}
        self._asked: dict[int, tuple[int, int]] = {}  # seat -> (version, asked_ms)
        self._pending: dict[int, _Pending] = {}
        # Called after every applied action and seat change (the autosave listens here).
        self.listeners: list[Callable[[Match], None]] = []
        # What the table keeps with the match beyond the rules (a lesson's place): saved with it.
        self.notes: dict[str, Any] = {}
        self.runner: BotRunner = runner or SyncBotRunner()
        for seat, info in enumerate(self.seats):
            if info.is_bot:
                self._start_bot(seat, info)
        self._after_change()

    # --- seats ------------------------------------------------------------------------------
    def _start_bot(self, seat: int, info: Seat) -> None:
        self.runner.set_bot(seat, self.game.info.id, info.level, self.seed, dict(info.settings))
        self._unseen_by_bot[seat] = []

    def set_seat(self, seat: int, info: Seat) -> None:
        """Switch a seat between human and bot mid-game; a new bot starts from the seat's view."""
        self.runner.remove(seat)
        self._asked.pop(seat, None)
        self._pending.pop(seat, None)
        self._unseen_by_bot.pop(seat, None)
        old = self.seats[seat]
        if (old.kind, old.name, old.level) != (info.kind, info.name, info.level):
            # Who held it before: the statistics count a seat for every person who played it.
            self.notes.setdefault(SEATED_NOTE, []).append([seat, old.kind, old.name, old.level])
        self.seats[seat] = info
        if info.is_bot:
            self._start_bot(seat, info)
        self._ask_bots()
        self._notify()

    # --- reading ----------------------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        return self.state.view(seat)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return self.state.legal_actions(seat)

    def is_over(self) -> bool:
        return self.state.is_over()

    def subscribe(self, viewer: int | None) -> None:
        """Keep a redacted event queue for ``viewer`` (a seat, or None for all cards open)."""
        self._queues.setdefault(viewer, deque())

    def drain(self, viewer: int | None) -> list[Event]:
        queue = self._queues.get(viewer)
        if queue is None:
            raise KeyError(f"viewer {viewer!r} is not subscribed")
        events = list(queue)
        queue.clear()
        return events

    def pending_bot_seats(self) -> frozenset[int]:
        """Bot seats that are thinking or about to act (the table shows them as busy)."""
        return frozenset(self._asked) | frozenset(self._pending)

    # --- the clock --------------------------------------------------------------------------
    def hold(self) -> None:
        self._holds += 1

    def release(self) -> None:
        if self._holds == 0:
            raise RuntimeError("release() without hold()")
        self._holds -= 1

    @property
    def held(self) -> bool:
        return self._holds > 0

    def submit(self, action: Action) -> tuple[Event, ...]:
        """A human's input, stamped with the current game time. Raises ``IllegalAction``."""
        if self.seats[action.seat].is_bot:
            raise IllegalAction("not_human", f"seat {action.seat} is played by a bot")
        return self._apply(action)

    def update(self, dt_ms: int) -> None:
        """Let ``dt_ms`` of game time pass (none while held), firing everything due in order."""
        self._collect_answers()
        if self.held or dt_ms < 0:
            return
        target = self.now_ms + dt_ms
        while not self.state.is_over():
            if self.held:
                return  # a listener held the clock: the table must show what just happened
            due = self._next_due()
            if due is None or due > target:
                break
            self.now_ms = max(self.now_ms, due)
            self._fire_due()
            self._collect_answers()
        self.now_ms = target
        self._advance_state()

    def next_due_ms(self) -> int | None:
        """When something is next due (a deadline or a bot's move), counting answers ready now."""
        self._collect_answers()
        return self._next_due()

    def run_to_end(self, max_ms: int = 10**10) -> None:
        """Play a bot-only match on game time, jumping from one due moment to the next."""
        while not self.state.is_over():
            self._collect_answers()
            due = self._next_due()
            if due is None:
                if self._asked:
                    self.runner.wait()
                    continue
                raise RuntimeError("the match is stuck: nobody is due to act")
            if due > max_ms:
                raise RuntimeError(f"the match did not end within {max_ms} ms of game time")
            self.update(max(0, due - self.now_ms))

    # --- internals --------------------------------------------------------------------------
    def _next_due(self) -> int | None:
        times = [p.due_ms for p in self._pending.values()]
        deadline = self.state.next_deadline()
        if deadline is not None:
            times.append(deadline)
        return min(times) if times else None

    def _fire_due(self) -> None:
        self._advance_state()
        while not self.state.is_over() and not self.held:
            ready = [
                (p.due_ms, seat) for seat, p in self._pending.items() if p.due_ms <= self.now_ms
            ]
            if not ready:
                return
            _, seat = min(ready)
            pending = self._pending.pop(seat)
            refusal = self.state.check(pending.decision.action)
            if refusal is None:
                self._apply(pending.decision.action)
            elif pending.version == self._version:
                raise BotError(
                    f"{self.seats[seat].level} bot at seat {seat} chose an illegal action "
                    f"{pending.decision.action}: {refusal.message}"
                )
            else:
                self._ask_bots()  # the table moved on since it decided: ask again

    def _advance_state(self) -> None:
        events = self.state.advance(self.now_ms)
        self._record(events)
        if events and self.state.is_over():
            # A deadline ended the match (OMYN's standing call when its Void window closes):
            # listeners file it as after a last action. Other deadlines replay from the log.
            self._notify()

    def _apply(self, action: Action) -> tuple[Event, ...]:
        if action.seat < 0 or action.seat >= len(self.seats):
            raise IllegalAction("no_such_seat", f"there is no seat {action.seat}")
        events = self.state.apply(action, self.now_ms)
        self.log.append((self.now_ms, action))
        self._record(events)
        self._notify()
        return events

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener(self)

    def _record(self, events: tuple[Event, ...]) -> None:
        if not events:
            return
        for viewer, queue in self._queues.items():
            queue.extend(e for e in (ev.seen_by(viewer) for ev in events) if e is not None)
        for seat, unseen in self._unseen_by_bot.items():
            unseen.extend(e for e in (ev.seen_by(seat) for ev in events) if e is not None)
        self._after_change()

    def _after_change(self) -> None:
        self._version += 1
        self._ask_bots()

    def _ask_bots(self) -> None:
        if self.state.is_over():
            return
        for seat, info in enumerate(self.seats):
            if not info.is_bot or seat in self._asked or seat in self._pending:
                continue
            legal = self.state.legal_actions(seat)
            if not legal:
                continue
            events = self._unseen_by_bot.get(seat, [])
            self._unseen_by_bot[seat] = []
            self._asked[seat] = (self._version, self.now_ms)
            self.runner.ask(seat, self.state.view(seat), legal, events)

    def _collect_answers(self) -> None:
        for seat, decision in self.runner.poll():
            asked = self._asked.pop(seat, None)
            if asked is None or not self.seats[seat].is_bot:
                continue  # the seat changed hands while the bot thought
            version, asked_ms = asked
            if decision is None:
                continue  # it passes for now; asked again after the next change
            delay = decision.delay_ms
            if not decision.reflex and self.pace_ms[1] > 0:
                delay += self._pace_rng.randint(*self.pace_ms)
            due = max(asked_ms + delay, self.now_ms)
            self._pending[seat] = _Pending(version, asked_ms, decision, due)

    # --- saving -----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "game": self.game.info.id,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "log": [[at, a.to_json()] for at, a in self.log],
            "now_ms": self.now_ms,
            "fingerprint": self.state.fingerprint(),
            **({"notes": dict(self.notes)} if self.notes else {}),
        }

    @classmethod
    def from_json(
        cls,
        data: Mapping[str, Any],
        *,
        runner: BotRunner | None = None,
        pace_ms: tuple[int, int] = (0, 0),
    ) -> Match:
        """Rebuild a match by replaying its log; raises ``SaveError`` if anything disagrees."""
        from game.core.registry import find_game

        try:
            if data.get("format") != SAVE_FORMAT:
                raise SaveError(f"save format {data.get('format')!r} is not {SAVE_FORMAT}")
            game = find_game(str(data["game"]))
            seats = [Seat.from_json(s) for s in data["seats"]]
            log = [(int(at), Action.from_json(a)) for at, a in data["log"]]
            seed = int(data["seed"])
            options = dict(data["options"])
        except SaveError:
            raise
        except Exception as exc:  # any shape error is a damaged save
            raise SaveError(f"damaged save: {exc}") from exc
        state = game.new_state(len(seats), seed, options)
        try:
            for at, action in log:
                state.advance(at)
                state.apply(action, at)
            expected = data.get("fingerprint")
            # A match saved right after it was created or after a submit has not yet fired the
            # deadlines due by its clock; one saved after update() has. Both are valid saves.
            if expected is None or not state.matches_saved(expected, options):
                state.advance(int(data.get("now_ms", log[-1][0] if log else 0)))
        except IllegalAction as exc:
            raise SaveError(f"the saved log does not replay: {exc}") from exc
        if expected is not None and not state.matches_saved(expected, options):
            raise SaveError("the replayed match differs from the saved one")
        humans = [dataclasses.replace(s, kind="human") for s in seats]
        match = cls(game, humans, seed, options, runner=runner, pace_ms=pace_ms)
        match.state = state
        match.log = list(log)
        match.now_ms = int(data.get("now_ms", 0))
        for seat, info in enumerate(seats):
            match.set_seat(seat, info)
        notes = data.get("notes", {})  # (after the seats: taking them back is no change of hands)
        match.notes = dict(notes) if isinstance(notes, Mapping) else {}
        return match
