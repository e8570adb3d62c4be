"""Learn GAME: a lesson's table (the game's own table with the kit's coach on it), started from
the title's Learn, from ``python main.py tutorial GAME``, or resumed from a saved lesson.

The lesson is the game's ``LESSON`` (game/<name>/lesson.py); its match is an ordinary match
(autosaved, with its place in ``Match.notes``), so Leave → Keep it for later and Continue at the
next start bring it back at the same step. Its ending offers a real match (the game's seats
screen) or Back; either way the lesson's match is thrown away, never counted in the statistics.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.lesson import Lesson, all_lessons, find_lesson
from game.core.lesson_run import lesson_of, new_lesson_match, resume_bots
from scenes.session import process_runner, table_scene
from scenes.table.base import TableScene
from scenes.table.coach import Coach
from scenes.tables import has_table

if TYPE_CHECKING:
    from scenes.scene import AppPort


def lessons_with_tables() -> list[Lesson]:
    """The lessons a person can take: every game's that has a table."""
    return [lesson for lesson in all_lessons() if has_table(lesson.game_id)]


def start_lesson(app: AppPort, game_id: str) -> TableScene:
    """The lesson's match from its first step, its table pushed on top (KeyError: no lesson)."""
    lesson = find_lesson(game_id)
    if lesson is None:
        raise KeyError(f"{game_id} has no lesson")
    runner = app.runner_factory() if app.runner_factory is not None else process_runner()
    match = new_lesson_match(lesson, runner, app.settings.pace_ms)
    if app.store is not None:
        app.store.follow(match)  # autosaved like any match: Leave can keep it for later
    table = table_scene(app, match)
    assert isinstance(table, TableScene)
    coach_table(app, table)
    app.push(table)
    return table


def coach_table(app: AppPort, table: TableScene) -> bool:
    """Put the coach on ``table`` if its match is a lesson (new, or resumed at its saved step:
    its scripted bots go on from where their scripts were). True if it is one."""
    tutor = lesson_of(table.match)
    if tutor is None:
        return False
    if table.match.log:
        resume_bots(table.match, tutor.lesson)
    game_id = tutor.lesson.game_id

    def ended(play: bool) -> None:
        table.leave(keep=False)  # a lesson is never filed as a match played
        if play:
            from scenes.seats import SeatsScene

            app.push(SeatsScene(app, game_id))

    table.coach = Coach(tutor, ended)
    return True
