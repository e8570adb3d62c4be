"""One way for table tests to bring a lesson to a step: its answers played through the table,
each note passed with Next once what it speaks of is on screen (as the person would)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core.runner import SyncBotRunner
from scenes.app import App
from scenes.lesson import start_lesson
from scenes.table.base import TableScene
from scenes.table.inputs import tap


def play_lesson_to(
    app: App,
    game_id: str,
    step_name: str,
    *,
    dt_ms: int = 16,
    frames: int = 2000,
    table: TableScene | None = None,
    next_by_key: bool = False,
    before_move: Callable[[TableScene], bool] | None = None,
) -> TableScene:
    """``game_id``'s lesson (on ``table`` when it is already on) played until the step named
    ``step_name`` asks, with its note on screen. ``next_by_key``: Next by the Enter key rather
    than the tutor's own call; ``before_move``: a table's own business before a move (True: it
    took this frame)."""
    if table is None:
        app.runner_factory = SyncBotRunner
        table = start_lesson(app, game_id)
    coach = table.coach
    assert coach is not None
    tutor = coach.tutor
    for _ in range(frames):
        app.tick(dt_ms, lively=False)
        step = tutor.step
        at_rest = not table.presenter.busy or table.coach_paused()
        if not (at_rest and coach.shown[0] == coach.key()):
            continue  # what the note speaks of is not on screen yet
        if step is not None and step.name == step_name and tutor.asking:
            return table
        if tutor.wants_next:
            if next_by_key:
                app.feed(tap(pygame.K_RETURN))
            else:
                tutor.next()
        elif tutor.asking and step is not None and step.is_move:
            if before_move is not None and before_move(table):
                continue
            answer = step.pick(table.match.legal_actions(0))
            assert answer is not None
            table.submit(answer)
    raise AssertionError(f"step {step_name} not reached")
