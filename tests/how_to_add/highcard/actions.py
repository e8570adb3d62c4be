"""High Card's one action: a card played to the trick."""

from __future__ import annotations

import dataclasses

from game.core.actions import Action, action_type


@action_type("highcard.play")
@dataclasses.dataclass(frozen=True)
class PlayCard(Action):
    card: str
