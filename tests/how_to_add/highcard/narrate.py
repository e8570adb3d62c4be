"""High Card's moves in the table's words: "Nimal leads the Ace of Spades", "You take the trick"."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.actions import Action
from game.core.game import State
from game.core.narration import Voice, fallback, sentence
from tests.how_to_add.highcard.actions import PlayCard
from tests.how_to_add.highcard.cards import card_name, trick_winner


def narrate(state: State, action: Action, names: Sequence[str], viewer: int | None = None) -> str:
    """``action`` as the table says it, read from ``state`` before it is applied. Every card
    played lies face up, so the viewer changes nothing."""
    if not isinstance(action, PlayCard):
        return fallback(action, names)
    voice = Voice(names)
    trick: list[tuple[int, str]] = list(getattr(state, "trick", []))
    verb = "plays" if trick else "leads"
    text = f"{voice.says(action.seat, verb)} the {card_name(action.card)}"
    if len(trick) + 1 == state.players:
        winner = trick_winner([*trick, (action.seat, action.card)])
        text += f": {voice.says(winner, 'takes')} the trick"
    return sentence(text)
