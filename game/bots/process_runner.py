"""A ``BotRunner`` whose bots think in a worker process, so a searching bot never stalls a frame.

A thread would share the interpreter lock with the frame loop (on a 2-core machine that stalls
frames); a process does not. One worker holds every bot of the match; the table sends it views
and legal actions (both pickle) and polls for answers without blocking. Pure Python: it never
imports pygame, and the worker starts with ``spawn`` so it inherits no window or audio state.
"""

from __future__ import annotations

import multiprocessing
import os
import time
import traceback
from collections.abc import Mapping, Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.events import Event
from game.core.hint import HINT_BUDGET_MS, HINT_WALL_MS, Hint, find_hint, hint_for
from game.core.runner import BotRunner, build_bot
from game.core.views import View

STOP_TIMEOUT_S = 2.0


class BotWorkerError(RuntimeError):
    """A bot raised in the worker (its traceback is in the message), or the worker died."""


def _worker(conn: Connection) -> None:
    """The worker's loop: build bots, answer questions, until told to stop (or the table goes)."""
    try:
        _serve(conn)
    except (EOFError, BrokenPipeError, ConnectionResetError, KeyboardInterrupt):
        return  # the table closed while a bot was thinking: nobody waits for the answer


WORKER_NICE = 10
AUTOGROUP = Path("/proc/self/autogroup")


def lower_priority() -> None:
    """The frame loop comes first: the worker runs at nice 10, so a waking frame loop preempts it
    and a busy machine slows the bot's answer, not the frames. Not Linux's idle class: under
    sustained load (a build, a browser) that never gives the worker a core and the match would
    wait for ever. Bots budget their search in CPU time or iterations, so this changes when
    they answer, not how well.

    Linux's autogroups weigh each session as one: a worker left in the table's session makes the
    table's group look always busy, so another program's process takes turns with the table
    itself. In a session of its own, at the autogroup's nice 10, the worker is what waits."""
    try:
        os.setsid()
        AUTOGROUP.write_text(f"{WORKER_NICE}\n")
    except (AttributeError, OSError):
        pass  # no sessions or no autogroups here: the process's nice below still applies
    try:
        os.nice(WORKER_NICE)
    except (AttributeError, OSError):
        pass  # no nice on this platform, or not permitted: the worker keeps the table's priority


def warm_hints(game_id: str) -> None:
    """Import the game's hint module (and the hard bot under it) while the match sets up: a
    person's first hint would otherwise import it on their clock, ~10 ms of CPU (~40 without
    cached bytecode), most of a second for a worker starved at nice 10 on a busy machine."""
    try:
        find_hint(game_id)
    except Exception:  # a broken hint module is reported when a hint is asked (hint_for)
        return


def _serve(conn: Connection) -> None:
    lower_priority()
    bots: dict[int, Bot] = {}
    while True:
        message = conn.recv()
        kind = message[0]
        if kind == "stop":
            return
        if kind == "set":
            _, seat, game_id, level, seed, settings = message
            try:
                bots[seat] = build_bot(game_id, level, seat, seed, settings)
            except Exception:
                conn.send(("error", -1, seat, traceback.format_exc()))
            warm_hints(game_id)
        elif kind == "remove":
            bots.pop(message[1], None)
        elif kind == "ask":
            _, ticket, seat, view, legal, events = message
            started = time.perf_counter()
            try:
                bot = bots[seat]
                if events:
                    bot.observe(events)
                decision = bot.decide(view, legal)
            except Exception:
                conn.send(("error", ticket, seat, traceback.format_exc()))
                continue
            conn.send(("answer", ticket, seat, decision, time.perf_counter() - started))
        elif kind == "hint":  # a person's hint (game/core/hint.py): their view, never the state
            _, ticket, game_id, view, legal, seed, budget_ms, asked_at = message
            started = time.perf_counter()
            # Due HINT_WALL_MS after the table asked: the time it waited behind bots counts.
            due_ms = HINT_WALL_MS - 1000 * (time.time() - asked_at)
            try:
                hint = hint_for(game_id, view, legal, seed, budget_ms, wall_ms=due_ms)
            except Exception:  # a hint that fails is no hint: the match goes on
                traceback.print_exc()
                hint = None
            conn.send(("hint", ticket, -1, hint, time.perf_counter() - started))


class ProcessBotRunner(BotRunner):
    """Same interface as ``SyncBotRunner``; answers arrive through ``poll`` when they are ready."""

    def __init__(self) -> None:
        self._conn: Connection | None = None
        self._process: multiprocessing.process.BaseProcess | None = None
        self._next_ticket = 0
        self._outstanding: dict[int, int] = {}  # ticket -> seat
        self._answers: list[tuple[int, Decision | None]] = []  # read while taking a hint
        self.levels: dict[int, str] = {}
        self.think_s: dict[str, list[float]] = {}

    def _ensure_worker(self) -> Connection:
        if self._conn is None:
            context = multiprocessing.get_context("spawn")
            parent, child = context.Pipe()
            process = context.Process(
                target=_worker, args=(child,), name="omnibus-bots", daemon=True
            )
            process.start()
            child.close()
            self._conn, self._process = parent, process
        return self._conn

    def _send(self, message: tuple[Any, ...]) -> None:
        try:
            self._ensure_worker().send(message)
        except (BrokenPipeError, OSError) as exc:
            raise BotWorkerError(f"the bot worker stopped: {exc}") from exc

    def set_bot(
        self, seat: int, game_id: str, level: str, seed: int, settings: Mapping[str, Any]
    ) -> None:
        self.levels[seat] = level
        self._send(("set", seat, game_id, level, seed, dict(settings)))

    def remove(self, seat: int) -> None:
        self.levels.pop(seat, None)
        # An answer still on its way for this seat belongs to the old bot: forget it.
        self._outstanding = {t: s for t, s in self._outstanding.items() if s != seat}
        if self._conn is not None:
            self._send(("remove", seat))

    def ask(self, seat: int, view: View, legal: Sequence[Action], events: Sequence[Event]) -> None:
        ticket = self._next_ticket
        self._next_ticket += 1
        self._outstanding[ticket] = seat
        self._send(("ask", ticket, seat, view, tuple(legal), tuple(events)))

    def ask_hint(
        self,
        game_id: str,
        view: View,
        legal: Sequence[Action],
        seed: int,
        budget_ms: int | None = None,
    ) -> int:
        ticket = self.next_hint_ticket()
        budget = HINT_BUDGET_MS if budget_ms is None else budget_ms
        self._send(("hint", ticket, game_id, view, tuple(legal), seed, budget, time.time()))
        return ticket

    def hint_answer(self, ticket: int) -> tuple[Hint | None] | None:
        self._answers.extend(self._drain())  # bots' answers wait for the next poll
        return self.hints.pop(ticket, None)

    def poll(self) -> list[tuple[int, Decision | None]]:
        answers, self._answers = [*self._answers, *self._drain()], []
        return answers

    def _drain(self) -> list[tuple[int, Decision | None]]:
        answers: list[tuple[int, Decision | None]] = []
        conn = self._conn
        if conn is None:
            return answers
        try:
            while conn.poll():
                answers.extend(self._receive(conn))
        except (EOFError, OSError) as exc:
            raise BotWorkerError(f"the bot worker stopped: {exc}") from exc
        if (
            not answers
            and self._outstanding
            and self._process is not None
            and not self._process.is_alive()
        ):
            raise BotWorkerError("the bot worker died while a bot was thinking")
        return answers

    def _receive(self, conn: Connection) -> list[tuple[int, Decision | None]]:
        kind, ticket, seat, payload, *rest = conn.recv()
        if kind == "error":
            raise BotWorkerError(f"the bot at seat {seat} failed:\n{payload}")
        if kind == "hint":
            self.hints[ticket] = (payload,)
            self.think_s.setdefault("hint", []).append(float(rest[0]) if rest else 0.0)
            return []
        if self._outstanding.pop(ticket, None) is None:
            return []  # answered for a bot that has since been replaced
        level = self.levels.get(seat, "?")
        self.think_s.setdefault(level, []).append(float(rest[0]) if rest else 0.0)
        return [(seat, payload)]

    def wait(self) -> None:
        if self._conn is not None and self._outstanding:
            self._conn.poll(None)

    def close(self) -> None:
        conn, process = self._conn, self._process
        self._conn = self._process = None
        self._outstanding.clear()
        if conn is not None:
            try:
                conn.send(("stop",))
            except (BrokenPipeError, OSError):
                pass
            conn.close()
        if process is not None:
            # A bot in the middle of a search has nothing worth waiting for: leaving the table
            # must not stall the frame loop for the rest of its budget.
            process.join(0.2)
            if process.is_alive():
                process.terminate()
                process.join(STOP_TIMEOUT_S)

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass
