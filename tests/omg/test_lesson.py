"""Learn OMG (issue 30): the lesson plays to its end on its fixed deal, and its notes say what
the rules did (the block that destroyed Baldr, the Life card lost)."""

from __future__ import annotations

from game.core.lesson_run import run_lesson
from game.omg.actions import Block, Mulligan
from game.omg.game import OmgGame
from game.omg.lesson import LESSON


def test_the_lesson_plays_to_its_end() -> None:
    report = run_lesson(LESSON)
    assert report.ok, report.failure
    assert report.steps_done == len(LESSON.steps)


def test_the_fixed_deal_is_the_one_the_notes_speak_of() -> None:
    state = OmgGame().new_state(LESSON.players, LESSON.seed, LESSON.options)
    assert state.first_player == 1  # Kamala goes first: you get 3 Gems on your first turn
    assert sorted(state.sides[0].hand) == [
        "Anubis:1", "Hephaestus:1", "Hephaestus:2", "Njord:1", "Njord:3", "Surtr:2",
    ]  # fmt: skip
    assert "Baldr:1" in state.sides[1].hand


def test_the_block_and_the_attack_are_told_as_they_resolved() -> None:
    shown = run_lesson(LESSON).shown
    assert any(n.startswith("Hephaestus had more power, so Baldr was destroyed") for n in shown)
    assert any(
        "she lost a Life card: Pele L2 went face up to her Abyss (2 left)" in n for n in shown
    )


def test_wrong_moves_are_explained() -> None:
    view = OmgGame().new_state(LESSON.players, LESSON.seed, LESSON.options).view(0)
    steps = {step.name: step for step in LESSON.steps}
    keep = steps["mulligan"].wrong_text(Mulligan(0, ()), view)
    assert keep.startswith("You may keep, but Njord L3 costs 5 Gems")
    njord = steps["block"].wrong_text(Block(0, 0), view)
    assert njord.startswith("Njord has power 2 only")
