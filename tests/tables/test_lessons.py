"""Learn GAME at the table (issue 30): every lesson plays through its real table with its
scripted answers (``tutorial GAME --check``), and the kit's coach lights only the step's moves,
explains a wrong one with the kit's refusal, holds the match while a note is read, and a
lesson left for later goes on at its step."""

from __future__ import annotations

import pygame
import pytest

from game.core.runner import SyncBotRunner
from game.omi.actions import PlayCard
from scenes.app import App
from scenes.lesson import lessons_with_tables
from scenes.lesson_check import check_lesson
from scenes.table.base import TableScene
from scenes.table.inputs import tap
from tests.scenes.conftest import click
from tests.tables.lesson_steps import play_lesson_to

SIZE = (960, 540)  # the smallest common window: the check draws every frame


@pytest.mark.parametrize("game_id", [lesson.game_id for lesson in lessons_with_tables()])
def test_the_lesson_plays_through_its_table_to_the_end(app: App, game_id: str) -> None:
    app.store = None  # as the command checks it: nothing saved
    assert check_lesson(app, game_id) is None


def lesson_at(
    app: App, step_name: str, dt_ms: int = 16, saved: bool = False, game_id: str = "omi"
) -> TableScene:
    """A lesson (Omi's unless ``game_id``) on its table, played by its answers up to the step
    named ``step_name`` (``saved``: autosaved to the app's store, as the program does; else in
    memory: no fsyncs)."""
    if not saved:
        app.store = None
    return play_lesson_to(app, game_id, step_name, dt_ms=dt_ms, frames=400)


def test_only_the_steps_card_is_lit_and_another_is_refused_with_why(app: App) -> None:
    table = lesson_at(app, "lead")
    hand = {s.card: s for s in table.presenter.zone("hand:0")}
    assert [card for card, sprite in hand.items() if not sprite.dim] == ["AC"]
    moves = len(table.match.log)
    sprite = hand["JC"]
    app.feed(click((round(sprite.x), round(sprite.y))))
    assert len(table.match.log) == moves
    assert table.message.warning == "Not the Jack of Clubs now: lead the Ace of Clubs."


def test_not_following_suit_is_refused_by_the_rules_with_their_reason(app: App) -> None:
    table = lesson_at(app, "follow suit")
    assert not table.submit(PlayCard(0, "AD"))
    assert table.message.warning == "You must follow suit: play one of your Hearts."
    assert not table.submit(PlayCard(0, "TH"))  # legal, but not this step's
    assert "lowest Heart" in table.message.warning


def test_the_match_waits_while_a_note_is_read_and_goes_on_after_next(app: App) -> None:
    app.settings.animation = "fast"  # the table's own pause after a trick is a real one
    table = lesson_at(app, "first trick", dt_ms=50)
    coach = table.coach
    assert coach is not None and coach.tutor.wants_next
    moves = len(table.match.log)
    for _ in range(30):
        app.tick(16)
    assert len(table.match.log) == moves and table.match.held
    trick = [str(s.card) for seat in range(4) for s in table.presenter.zone(f"trick:{seat}")]
    assert sorted(trick) == ["7C", "8C", "AC", "TC"], "the trick the note speaks of stays"
    assert not table.needs_frame(), "a note being read asks for no frames"
    app.feed(tap(pygame.K_RETURN))  # Next
    assert coach.tutor.step is not None and coach.tutor.step.name == "second lead"


def kept_and_resumed(app: App, table: TableScene) -> TableScene:
    """Esc, Leave the table, Keep it for later; then the title's real Resume."""
    from scenes.pause import LeaveScene
    from scenes.resume import ResumeScene, offer_resume

    assert app.store is not None
    LeaveScene(app, table.leave).keep()
    assert offer_resume(app, app.store)
    resume = app.stack.top
    assert isinstance(resume, ResumeScene)
    resume.resume_match()
    again = app.stack.top
    assert isinstance(again, TableScene) and again.coach is not None
    return again


def test_a_lesson_kept_for_later_continues_at_its_step(app: App) -> None:
    table = lesson_at(app, "follow suit", saved=True)
    assert table.coach is not None
    step = table.coach.tutor.index
    again = kept_and_resumed(app, table)
    assert again.coach is not None
    assert (again.coach.tutor.index, again.coach.tutor.asking) == (step, True)
    assert again.match.seats[3].settings["done"] == 3  # Saman's script goes on at its 4th move
    assert again.match.seats[3].level == "lesson"


def test_a_lesson_kept_for_later_at_a_note_continues_at_that_note(app: App) -> None:
    """Next changes the step without a move: Keep it for later saves that step too."""
    table = lesson_at(app, "dice", saved=True, game_id="omnomnom")  # after Next on "welcome"
    assert table.coach is not None and table.coach.tutor.wants_next
    step = table.coach.tutor.index
    again = kept_and_resumed(app, table)
    assert again.coach is not None and again.coach.tutor.index == step


def test_next_saves_the_lessons_new_step_at_once(app: App) -> None:
    """The autosave follows moves; Next moves the step without one, so the coach saves it
    (a lesson closed at a note, not only one kept for later, resumes at that note)."""
    from game.core.lesson_run import NOTE

    table = lesson_at(app, "welcome", saved=True, game_id="omnomnom")
    assert app.store is not None and table.coach is not None
    app.feed(tap(pygame.K_RETURN))  # Next
    assert table.coach.tutor.index == 1
    app.store.autosave.flush()
    saved = app.store.autosave.load()
    assert saved is not None and saved.data["notes"][NOTE]["step"] == 1


def test_learn_on_the_title_opens_the_lesson_of_the_chosen_game(app: App) -> None:
    from scenes.menus import GameChoiceScene, TitleScene

    app.runner_factory = SyncBotRunner
    app.to_title()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    title.learn()
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene)
    buttons = {item.label: item for item in choice.form.items}
    assert "Omi" in buttons
    buttons["Omi"].activate()
    table = app.stack.top
    assert isinstance(table, TableScene) and table.coach is not None


def test_a_lessons_pause_menu_offers_no_seat_changes(app: App) -> None:
    from scenes.pause import PauseScene

    table = lesson_at(app, "lead")
    app.open_pause(table)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    labels = [item.label for item in pause.form.items]
    assert "Seats" not in labels and "Leave the table" in labels


def test_a_lesson_that_goes_wrong_is_reported_with_its_step(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dataclasses

    import game.omi.lesson as omi_lesson
    from game.core.lesson import Step

    steps = list(omi_lesson.LESSON.steps)
    steps[4] = Step("Lead the Ace of Hearts.", expect=lambda a: a == PlayCard(0, "AH"), name="ace")
    monkeypatch.setattr(
        omi_lesson, "LESSON", dataclasses.replace(omi_lesson.LESSON, steps=tuple(steps))
    )
    app.store = None
    problem = check_lesson(app, "omi")
    assert problem is not None and problem.startswith("step 5 (ace): ")


def test_the_command_lists_the_lessons(capsys: pytest.CaptureFixture[str]) -> None:
    from main import run

    assert run(["tutorial", "--list"]) == 0
    assert capsys.readouterr().out.split()[:3] == ["omi", "Learn", "Omi"]
