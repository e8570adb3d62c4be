"""Synthetic people at the real App, and the screen referee watching every frame.

A synthetic person plays the way a person reaches a move: each time the match asks something of
their seat and the screen is theirs, they choose a random legal action and make the mouse or key
events the table says a person makes for it (``person_inputs``); the events are posted to SDL's
queue and read by the App's own frame, as ``App.run`` reads them. At their curtain they press the
ready key; in a reflex window open to them they sometimes press their key on the open table.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pygame

from scenes.app import App
from scenes.table.base import TableScene
from scenes.table.referee import Fault, ScreenReferee

STUCK_FRAMES = 1500  # no move reached in this many frames: the table offers the person no way
RETRY_FRAMES = 40  # a person whose inputs made no move tries another after this many frames
REFLEX_CHANCE = 0.04  # per frame a window is open to a person: they press their key


def key_events(key: int, unicode: str = "") -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0),
    ]


@dataclass
class People:
    """The people at one table (their seats), choosing with ``rng``."""

    app: App
    table: TableScene
    seats: tuple[int, ...]
    rng: random.Random
    moves: int = 0
    unreached: Counter[str] = field(default_factory=Counter)
    _waiting: int = 0
    _log_len: int = 0
    _stuck: int = 0

    def before_frame(self) -> None:
        """Make this frame's inputs (posted; the frame reads them)."""
        table = self.table
        if table not in self.app.stack.scenes:
            return
        match = table.match
        if len(match.log) != self._log_len:
            self._log_len, self._waiting, self._stuck = len(match.log), 0, 0
        if table.curtain.active:
            if table.curtain.seat in self.seats:
                self._post(key_events(pygame.key.key_code(table.ready_key()), " "))
            return
        if self._waiting > 0:
            self._waiting -= 1
            return
        for seat in self.rng.sample(self.seats, len(self.seats)):
            if self._act(seat):
                self._waiting = RETRY_FRAMES
                return
        if table.blocked or any(s in table.private_requests() for s in self.seats):
            # A summary or a private look waits for the person: they put it away.
            self._stuck += 1
            if self._stuck % RETRY_FRAMES == 0:
                self._post(key_events(pygame.K_RETURN, "\r"))

    def _act(self, seat: int) -> bool:
        table, match = self.table, self.table.match
        legal = match.state.legal_actions(seat)
        if not legal or match.is_over():
            return False
        reflex = [
            w
            for w in table.open_windows(seat)
            if w.kind in table.REFLEX_WINDOWS and seat in w.eligible
        ]
        if reflex:
            if self.rng.random() >= REFLEX_CHANCE:
                return False
        elif table.presenter.busy or (table.private != seat and len(table.watchers) > 1):
            return False
        self._stuck += 1
        for action in self.rng.sample(legal, len(legal)):
            events = table.person_inputs(action, self.rng)
            if events:
                self._post(events)
                self.moves += 1
                return True
            self.unreached[type(action).__name__] += 1
        if self._stuck > STUCK_FRAMES:
            raise AssertionError(
                f"seat {seat} could reach none of {sorted({type(a).__name__ for a in legal})}"
            )
        return False

    def _post(self, events: list[pygame.event.Event]) -> None:
        for event in events:
            pygame.event.post(event)


def frame(app: App, dt_ms: int, lively: bool = True) -> bool:
    """One frame as ``App.run`` makes it: the queued input, then update, and the drawing unless
    nothing moves, no input came and ``lively`` is False (an idle App draws nothing). True if
    it drew."""
    events = pygame.event.get()
    app.feed(events)
    drawn = app.drawn_frames
    app.tick(dt_ms, lively or bool(events))
    return app.drawn_frames != drawn


def watch(
    app: App,
    table: TableScene,
    people: People | None,
    dt_ms: int = 16,
    max_frames: int = 60_000,
) -> tuple[ScreenReferee, list[Fault]]:
    """Run the match on the table to its results, the referee checking each frame drawn."""
    referee = ScreenReferee(table)
    faults: list[Fault] = []
    for _ in range(max_frames):
        if table not in app.stack.scenes:
            return referee, faults
        if people is not None:
            people.before_frame()
        elif table.curtain.active:  # watchers without seats: they lift every curtain
            for event in key_events(pygame.key.key_code(table.ready_key()), " "):
                pygame.event.post(event)
        frame(app, dt_ms)
        if table in app.stack.scenes:
            faults += referee.check()
    raise AssertionError(f"no results after {max_frames} frames ({len(table.match.log)} actions)")


def summary(faults: list[Fault], most: int = 12) -> str:
    """The distinct faults, most frequent first (what a failing test prints)."""
    counts = Counter(str(f) for f in faults)
    return "\n".join(f"{n}× {text}" for text, n in counts.most_common(most))
