"""``tutorial GAME --check``: a lesson played through the real table, headless, as a person
would: each step's answer made with the table's own inputs (``person_inputs``: a click, a drag
or the keys), Next pressed with Enter, a summary closed with Space, at instant animation and
bot pace. On the way, one legal move each move step does not want is tried through the kit's
``submit`` and must be refused with the step's explanation.
"""

from __future__ import annotations

import random
from typing import Protocol

import pygame

from game.core.lesson_run import step_label
from game.core.runner import SyncBotRunner
from scenes.lesson import start_lesson
from scenes.scene import AppPort
from scenes.table.inputs import bound, tap
from scenes.table.reflex import InputRead


class DrivenApp(AppPort, Protocol):
    """The app as a test or the command line drives it, a frame at a time."""

    def tick(self, dt_ms: int, lively: bool = True) -> bool: ...

    def feed(self, events: list[pygame.event.Event], read: InputRead | None = None) -> None: ...


# Frames without any progress before the check gives up: at instant speed nothing waits.
STUCK_FRAMES = {"instant": 90}
STUCK_FRAMES_ANIMATED = 1200


def check_lesson(
    app: DrivenApp, game_id: str, max_frames: int = 20_000, animation: str = "instant"
) -> str | None:
    """Play ``game_id``'s lesson to its ending on ``app``'s table; None if it got there, else
    "step N (name): what went wrong". (``animation``: another speed, to look at it.)"""
    app.settings.animation = animation
    app.settings.bot_pace = "instant" if animation == "instant" else "quick"
    app.runner_factory = SyncBotRunner
    table = start_lesson(app, game_id)
    coach = table.coach
    assert coach is not None
    tutor = coach.tutor
    rng = random.Random(tutor.lesson.seed)
    bindings = app.settings.bindings
    enter = bound(bindings, "play", "return")
    space = bound(bindings, "ready", "space")
    tried: set[int] = set()
    progress: tuple[object, ...] = ()
    idle = quiet = 0

    def where() -> str:
        return "the ending" if tutor.done else step_label(tutor.lesson, tutor.index)

    for _frame in range(max_frames):
        app.tick(16)
        if app.stack.top is not table:
            return f"{where()}: the table was closed"
        # The clock running to something due (a reflex window's end) is progress too.
        due = table.match.next_due_ms() is not None
        now = (
            tutor.index,
            tutor.told,
            len(table.match.log),
            table.blocked,
            due and table.match.now_ms,
        )
        idle = idle + 1 if now == progress else 0
        progress = now
        if idle > STUCK_FRAMES.get(animation, STUCK_FRAMES_ANIMATED):
            return f"{where()}: {stuck_reason(table)}"
        at_rest = not table.presenter.busy or table.coach_paused()
        if not at_rest or coach.shown[0] != coach.key():
            continue  # what the note speaks of is not on screen yet
        if tutor.done:
            ending = tutor.lesson.ending
            if ending and coach.shown[2] != ending:
                return "the ending: its note is not shown"
            return None
        step = tutor.step
        assert step is not None
        match = table.match
        waiting = not (tutor.asking or tutor.told or match.pending_bot_seats())
        if waiting and match.next_due_ms() is None and not table.presenter.busy:
            quiet += 1  # the step waits for a moment that nothing will bring
            if quiet > 3:
                return f"{where()}: {stuck_reason(table)}"
            continue
        quiet = 0
        if tutor.wants_next:
            app.feed(tap(enter))
        elif tutor.asking and step.is_move:
            answer = step.pick(table.match.legal_actions(tutor.seat))
            if answer is None:
                return f"{where()}: it takes none of the person's legal moves"
            if tutor.index not in tried:
                tried.add(tutor.index)
                problem = try_wrong_move(table, tutor.index)
                if problem:
                    return f"{where()}: {problem}"
            app.feed(table.person_inputs(answer, rng))
        elif table.blocked and table.summary_open():
            app.feed(tap(space))  # the hand's summary: the person reads it and goes on
    return f"{where()}: not reached in {max_frames} frames"


def try_wrong_move(table: object, index: int) -> str | None:
    """A legal move the step does not want, submitted as the person's: it must be refused with
    the step's own explanation (on the message line), and change nothing."""
    from scenes.table.base import TableScene

    assert isinstance(table, TableScene) and table.coach is not None
    tutor = table.coach.tutor
    step = tutor.lesson.steps[index]
    legal = table.match.legal_actions(tutor.seat)
    other = next((a for a in legal if not step.accepts(a)), None)
    if other is None:
        return None
    expected = step.wrong_text(other, table.match.view(tutor.seat))
    moves = len(table.match.log)
    if table.submit(other) or len(table.match.log) != moves:
        return f"{other} was taken although the step does not want it"
    shown = table.message.warning
    if expected.rstrip(".")[1:] not in shown:
        return f"{other} was refused with {shown!r}, not the step's {expected!r}"
    table.message.warn("", 0)
    return None


def stuck_reason(table: object) -> str:
    from scenes.table.base import TableScene

    assert isinstance(table, TableScene) and table.coach is not None
    tutor = table.coach.tutor
    if tutor.asking and tutor.step is not None and tutor.step.is_move:
        answer = tutor.step.pick(table.match.legal_actions(tutor.seat))
        return f"the table offers the person no way to make {answer}"
    if table.match.is_over():
        return "the match ended before the step was due"
    return "the match stands still and the step is never due"


def check_and_report(app: DrivenApp, game_id: str) -> int:
    """The command's end: one line, exit 0 at the lesson's end, 1 naming the failing step."""
    problem = check_lesson(app, game_id)
    if problem is None:
        print(f"{game_id}: the lesson plays through the table to its end")
        return 0
    print(f"omnibus tutorial {game_id}: {problem}")
    return 1
