"""OMYN's hint answers when it is due (issue 30 item 2): the hard bot's sampler draws a world
again when it contradicts an opponent's silence, but not once the hint's deadline has passed.
No clocks are read: a deadline already past (``wall_deadline(0)``) and a count of draws."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from game.core.actions import Action
from game.core.budget import wall_deadline
from game.omyn import hard
from game.omyn import hint as omyn_hint
from game.omyn.restraint import Restraint, TurnWatch
from game.omyn.rollout import World
from game.omyn.view import OmynView
from tests.omyn.positions import position

ROWS = [["9", "9", "12", "8", "1"], ["4", "2", "3", "8", "1"]]
SILENT = Restraint(seat=1, known=(True,) * 5, took=-1, out=0, rival_cards=5, turns_each=1.0)


@pytest.fixture
def draws(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every world the sampler draws contradicts seat 1's silence; the list counts the draws."""
    counted: list[int] = []
    real: Callable[..., World] = hard.sample_world

    def sample_world(*args: Any, **kwargs: Any) -> World:
        counted.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(hard, "sample_world", sample_world)
    monkeypatch.setattr(TurnWatch, "restraints", lambda self, view: [SILENT])
    monkeypatch.setattr(Restraint, "violated", lambda self, world: True)
    return counted


def call_or_draw() -> tuple[OmynView, Sequence[Action]]:
    state = position(ROWS, known={0: [0, 1, 2]})
    view = state.view(0)
    assert isinstance(view, OmynView)
    return view, state.legal_actions(0)


def test_a_world_that_contradicts_a_silence_is_drawn_again_a_few_times(draws: list[int]) -> None:
    view, legal = call_or_draw()
    found = omyn_hint.hint(view, legal, 3, 400, samples=2)
    assert found is not None and found.figures[0].samples == 2
    assert len(draws) == 2 * hard.RESTRAINT_TRIES


def test_a_hint_already_due_takes_the_world_it_drew_and_answers_from_it(draws: list[int]) -> None:
    view, legal = call_or_draw()
    with wall_deadline(0.0):  # due now: one sample, and no redraw of it
        found = omyn_hint.hint(view, legal, 3, 400)
    assert len(draws) == 1
    assert found is not None and found.action in legal
    assert found.figures[0].samples == 1
    assert "of the 1 deal that fits what you have seen" in found.why
