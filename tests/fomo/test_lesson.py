"""Learn FOMO (issue 30): the lesson plays to its end on its fixed deal, shows every action card
kind, the person's Canceled and a FOMO! call, and its notes speak of the deal as it is."""

from __future__ import annotations

import pytest

from game.core import lesson_run
from game.core.match import Match
from game.fomo.actions import (
    CallFomo,
    PlaceCard,
    PlayCanceled,
    PlayGhosted,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
    PlayThrowback,
)
from game.fomo.game import FomoGame
from game.fomo.lesson import LESSON, YOU
from game.fomo.state import FomoState


def played(monkeypatch: pytest.MonkeyPatch) -> tuple[lesson_run.LessonReport, Match]:
    """The lesson run headless, and its match (to read the moves made)."""
    made: list[Match] = []
    new = lesson_run.new_lesson_match

    def keep(*args: object, **kwargs: object) -> Match:
        made.append(new(*args, **kwargs))  # type: ignore[arg-type]
        return made[-1]

    monkeypatch.setattr(lesson_run, "new_lesson_match", keep)
    return lesson_run.run_lesson(LESSON), made[0]


def test_the_fixed_deal_is_the_one_the_notes_speak_of() -> None:
    state = FomoGame().new_state(LESSON.players, LESSON.seed, LESSON.options)
    assert state.dealer == 2  # Raj deals: you start
    assert state.sets[YOU] == ["0", "0", "0", "plot_twist"]
    assert sorted(state.hands[YOU]) == ["0", "seen", "seen", "throwback"]
    assert state.draw[-1] == "canceled"  # your first draw


def test_the_lesson_shows_every_action_a_placement_your_cancel_and_a_winning_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    report, match = played(monkeypatch)
    assert report.ok, report.failure
    assert report.steps_done == len(LESSON.steps)
    kinds = {type(action) for _, action in match.log}
    assert {PlaySeen, PlayPlotTwist, PlaySwap, PlayThrowback, PlayGhosted} <= kinds
    yours = [action for _, action in match.log if action.seat == YOU]
    assert PlayCanceled(YOU) in yours and PlaceCard(YOU, "0", 3) in yours
    assert isinstance(match.state, FomoState)
    assert yours[-1] == CallFomo(YOU) and match.state.winner == YOU
    assert "Your hidden set, slot by slot: 0, 0, 0, Plot Twist." in " ".join(report.shown)
