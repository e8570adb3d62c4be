"""A lesson in play: its match, the ``Tutor`` that walks the steps, and ``run_lesson``, which
plays a lesson headless with its scripted answers (the rules' test of every game's lesson).

The tutor is the one place for what a step lets the person do; the table's coach
(scenes/table/coach.py) draws it and feeds it the person's input, ``run_lesson`` feeds it the
steps' own answers. Its place (the step, and whether that step's ``why`` is showing) is kept in
``Match.notes`` after every change, so a saved lesson resumes at its step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.actions import Action
from game.core.bot import Bot
from game.core.lesson import (
    LESSON_LEVEL,
    Lesson,
    Step,
    find_lesson,
    script_position,
    scripted_bot,
)
from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import BotRunner, SyncBotRunner, build_bot

NOTE = "lesson"  # the key of the lesson's place in ``Match.notes``


def lesson_seats(lesson: Lesson) -> list[Seat]:
    """The person at ``human_seat``; the others scripted bots (the ``lesson`` level)."""
    return [
        Seat("human", name)
        if seat == lesson.human_seat
        else Seat("bot", name, LESSON_LEVEL, {"lesson": lesson.game_id})
        for seat, name in enumerate(lesson.names[: lesson.players])
    ]


def new_lesson_match(
    lesson: Lesson, runner: BotRunner | None = None, pace_ms: tuple[int, int] = (0, 0)
) -> Match:
    """The lesson's match from its first moment, its place (step 0) noted for the save."""
    match = Match(
        find_game(lesson.game_id),
        lesson_seats(lesson),
        lesson.seed,
        dict(lesson.options),
        runner=runner,
        pace_ms=pace_ms,
    )
    match.notes[NOTE] = {"id": lesson.game_id, "step": 0, "told": False}
    return match


def lesson_runner(lesson: Lesson) -> SyncBotRunner:
    """Bots in this process, the scripted ones playing ``lesson``'s scripts (this object's,
    not the registry's: a test's own lesson plays as written)."""

    def factory(game_id: str, level: str, seat: int, seed: int, settings: Mapping[str, Any]) -> Bot:
        if level == LESSON_LEVEL:
            return scripted_bot(game_id, lesson, seat, seed, settings)
        return build_bot(game_id, level, seat, seed, settings)

    return SyncBotRunner(factory)


def resume_bots(match: Match, lesson: Lesson) -> None:
    """After a lesson's match is replayed from its save, its bots go on where their scripts
    were (a bot built afresh would start its script again)."""
    for seat, info in enumerate(match.seats):
        if info.is_bot and info.level == LESSON_LEVEL:
            done = script_position(lesson.script_of(seat), seat, match.log)
            settings = {**info.settings, "done": done}
            match.set_seat(seat, dataclasses.replace(info, settings=settings))


def lesson_of(match: Match) -> Tutor | None:
    """The tutor of a lesson's match, at its saved place; None for any other match."""
    note = match.notes.get(NOTE)
    if not isinstance(note, dict):
        return None
    lesson = find_lesson(str(note.get("id", match.game.info.id)))
    if lesson is None or lesson.game_id != match.game.info.id:
        return None
    step = note.get("step", 0)
    step = step if isinstance(step, int) and 0 <= step <= len(lesson.steps) else 0
    return Tutor(lesson, match, step, bool(note.get("told", False)))


class Tutor:
    """Where a lesson is: step ``index`` is waiting to be due, asked, or (``told``) answered
    with its ``why`` showing until Next. The match waits (``holds``) while a step is asked or
    its ``why`` is read."""

    def __init__(self, lesson: Lesson, match: Match, index: int = 0, told: bool = False) -> None:
        self.lesson = lesson
        self.match = match
        self.index = index
        self.told = told
        self.seat = lesson.human_seat
        self.ended = False  # the ending was read (Play a real match, or Back)
        self._due_cache: tuple[tuple[int, int, int, int], bool] | None = None

    # --- where the lesson is --------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.index]

    def _legal(self) -> tuple[Action, ...]:
        return self.match.legal_actions(self.seat)

    def _due(self, step: Step | None) -> bool:
        """Is ``step`` due now? Asked every frame: kept until the match moves (a view is built
        from the whole state)."""
        if step is None:
            return False
        key = (id(step), len(self.match.log), self.match.now_ms, id(self.match.state))
        if self._due_cache is None or self._due_cache[0] != key:
            due = step.due(self.match.view(self.seat), self._legal())
            self._due_cache = (key, due)
        return self._due_cache[1]

    @property
    def asking(self) -> bool:
        """Is the current step on screen, waiting for its move (or for Next)?"""
        return not self.told and self._due(self.step)

    @property
    def holds(self) -> bool:
        """Must the match wait for the person? While a step is asked, while the ``why`` of a
        move is read (what it speaks of stays on the table until Next), and at the ending."""
        if self.done:
            return not self.ended
        return self.told or self.asking

    def text(self) -> str:
        """What the coach shows now ("" while a step is not yet due)."""
        if self.done:
            return self.lesson.ending
        step = self.step
        assert step is not None
        view = self.match.view(self.seat)
        if self.told:
            return step.why_text(view)
        if self.asking:
            return step.say_text(view)
        earlier = self.lesson.steps[self.index - 1] if self.index else None
        return earlier.why_text(view) if earlier is not None and earlier.is_move else ""

    @property
    def wants_next(self) -> bool:
        """Does the coach wait for Next (an explain step, or a ``why`` being read)?"""
        step = self.step
        return not self.done and (
            self.told or (self.asking and step is not None and not step.is_move)
        )

    # --- the person's moves -----------------------------------------------------------------
    def refusal(self, action: Action) -> str | None:
        """Why the lesson does not take ``action`` now (None: it does). Called for legal moves
        only; the rules refuse illegal ones with their own reason."""
        if self.done or action.seat != self.seat:
            return None
        if self.told and not self.done:
            following = (
                self.lesson.steps[self.index + 1]
                if self.index + 1 < len(self.lesson.steps)
                else None
            )
            if following is not None and following.is_move and self._due(following):
                if following.accepts(action):
                    return None
                return following.wrong_text(action, self.match.view(self.seat))
            return "Read the note first, then press Next."
        step = self.step
        assert step is not None
        if not self.asking:
            return "Not yet: watch what happens first."
        if not step.is_move:
            return "Read the note first, then press Next."
        if step.accepts(action):
            return None
        return step.wrong_text(action, self.match.view(self.seat))

    def offered(self, legal: Sequence[Action]) -> tuple[Action, ...]:
        """Of the person's legal moves, those the lesson takes now (what the table lights)."""
        if self.done:
            return tuple(legal)
        return tuple(a for a in legal if a.seat != self.seat or self.refusal(a) is None)

    def before_move(self, action: Action) -> None:
        """The person's accepted move is about to reach the match: the step is answered (noted
        first, so the save written after the move holds it)."""
        if self.done or action.seat != self.seat:
            return
        if self.told:
            self._go_on()
        step = self.step
        if step is not None and step.accepts(action):
            if step.why:
                self.told = True
            else:
                self._go_on()
        self._note()

    def next(self) -> bool:
        """Next: past an explain step or a ``why``. False if the coach waits for a move."""
        if self.done:
            self.ended = True
            return True
        if not self.wants_next:
            return False
        self._go_on()
        self._note()
        return True

    def skip(self) -> Action | None:
        """Skip this step: an explain step or a ``why`` goes on; a move step's own answer is
        returned for the caller to play (through the table, as if the person had made it)."""
        if self.wants_next or self.done:
            self.next()
            return None
        step = self.step
        if step is None or not self.asking:
            return None
        return step.pick(self._legal())

    def _go_on(self) -> None:
        self.index += 1
        self.told = False

    def _note(self) -> None:
        self.match.notes[NOTE] = {"id": self.lesson.game_id, "step": self.index, "told": self.told}


# --- headless -------------------------------------------------------------------------------
@dataclasses.dataclass
class LessonReport:
    lesson: Lesson
    steps_done: int
    failure: str | None  # "step 4 (trumps): ..." when it did not reach its end
    shown: list[str]  # every note shown, in order

    @property
    def ok(self) -> bool:
        return self.failure is None


def step_label(lesson: Lesson, index: int) -> str:
    step = lesson.steps[index]
    return f"step {index + 1}" + (f" ({step.name})" if step.name else "")


def run_lesson(lesson: Lesson, max_actions: int = 2000) -> LessonReport:
    """Play ``lesson`` headless with its steps' answers to its end. Checks on the way that each
    move step is reached with its move legal, that every other legal move is explained (never a
    bare refusal), and that the match neither ends nor stalls before the last step."""
    match = new_lesson_match(lesson, lesson_runner(lesson))
    tutor = Tutor(lesson, match)
    shown: list[str] = []

    def hold_after(changed: Match) -> None:  # as the table does: one move at a time
        if not changed.held:
            changed.hold()

    match.listeners.append(hold_after)

    def failed(reason: str) -> LessonReport:
        where = step_label(lesson, tutor.index) if not tutor.done else "the ending"
        return LessonReport(lesson, tutor.index, f"{where}: {reason}", shown)

    while not tutor.done:
        if len(match.log) > max_actions:
            return failed(f"more than {max_actions} moves without reaching the step")
        step = tutor.step
        assert step is not None
        if tutor.asking or tutor.told:
            text = tutor.text()
            if not shown or shown[-1] != text:
                shown.append(text)
        if tutor.told or (tutor.asking and not step.is_move):
            tutor.next()
            continue
        if tutor.asking:
            legal = match.legal_actions(tutor.seat)
            answer = step.pick(legal)
            if answer is None or tutor.refusal(answer) is not None:
                return failed("its answer is not a legal move it accepts")
            for other in legal:
                if not step.accepts(other) and not tutor.refusal(other):
                    return failed(f"{other} is neither accepted nor explained")
            tutor.before_move(answer)
            match.submit(answer)
            continue
        problem = _let_the_match_run(match, tutor)
        if problem:
            return failed(problem)
    if lesson.ending:
        shown.append(lesson.ending)
    return LessonReport(lesson, tutor.index, None, shown)


def _let_the_match_run(match: Match, tutor: Tutor) -> str | None:
    """One move (a bot's, or a deadline) towards the step; why it cannot, if it cannot."""
    if match.is_over():
        return "the match ended before the step was due"
    while match.held:
        match.release()
    due = match.next_due_ms()
    if due is None:
        if match.legal_actions(tutor.seat):
            return "the person must move, but the step does not ask for it (its `when`?)"
        return "the match is stuck: nobody is due to act"
    before = (len(match.log), match.now_ms)
    match.update(max(1, due - match.now_ms))
    if (len(match.log), match.now_ms) == before:
        return "the match did not move"
    return None
