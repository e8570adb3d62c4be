"""Learn Om Nom Nom (issue 30): the lesson plays to its end on its fixed roll, and its notes say
what the reveals did (eating alone, sharing, a catch) as the rules resolved them."""

from __future__ import annotations

from game.core.lesson_run import run_lesson
from game.omnomnom.actions import Pick
from game.omnomnom.game import OmNomNomGame
from game.omnomnom.lesson import LESSON, eats


def test_the_lesson_plays_to_its_end() -> None:
    report = run_lesson(LESSON)
    assert report.ok, report.failure
    assert report.steps_done == len(LESSON.steps)


def test_the_fixed_roll_is_the_one_the_notes_speak_of() -> None:
    view = OmNomNomGame().new_state(LESSON.players, LESSON.seed, LESSON.options).view(0)
    assert dict(view.spaces) == {
        "rabbit": 2, "mouse": 1, "frog": 2, "carrot": 4, "cheese": 4, "fly": 2,
    }  # fmt: skip


def test_the_reveals_are_told_as_the_rules_resolved_them() -> None:
    shown = run_lesson(LESSON).shown
    assert any("Your rabbit ate 4 carrot dice alone (8 points)." in note for note in shown)
    assert any("Your mouse and Ana's mouse shared 4 cheese dice: 2 each." in n for n in shown)
    assert any("Your wolf ate Ana's rabbit card alone (1 point)." in note for note in shown)
    assert shown[-3].startswith("Round 1 is scored: you ")


def test_the_solo_game_is_taught_after_the_score() -> None:
    shown = run_lesson(LESSON).shown
    assert "Set solo to 2 or 3 on the seats screen" in shown[-2]
    assert "beating every colour" in shown[-2]


def test_a_wrong_pick_is_told_what_it_would_eat() -> None:
    view = OmNomNomGame().new_state(LESSON.players, LESSON.seed, LESSON.options).view(0)
    step = next(step for step in LESSON.steps if step.name == "a pick")
    wrong = step.wrong_text(Pick(0, "frog"), view)
    assert (
        wrong
        == "The frog eats the 2 flies (4 points) unless a hedgehog comes. Pick the rabbit: 8 points of carrots."
    )
    assert eats("wolf", view) == "The wolf eats rabbit cards and the 2 rabbit dice"
