"""Omi's actions."""

from __future__ import annotations

import dataclasses

from game.core.actions import Action, action_type


@action_type("omi.trump")
@dataclasses.dataclass(frozen=True)
class NameTrump(Action):
    suit: str


@action_type("omi.play")
@dataclasses.dataclass(frozen=True)
class PlayCard(Action):
    card: str


@action_type("omi.kapothi_propose")
@dataclasses.dataclass(frozen=True)
class ProposeKapothi(Action):
    """After four tricks at 4–0, the leading team's next leader proposes (or not) to take all 8."""

    propose: bool


@action_type("omi.kapothi_answer")
@dataclasses.dataclass(frozen=True)
class AnswerKapothi(Action):
    accept: bool
