"""Om Nom Nom's one action: a card put face down for the turn."""

from __future__ import annotations

import dataclasses

from game.core.actions import Action, action_type


@action_type("omnomnom.pick")
@dataclasses.dataclass(frozen=True)
class Pick(Action):
    """Put the card ``animal`` face down for this turn."""

    animal: str
