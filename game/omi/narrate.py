"""Omi's moves in the table's words: "Nimal leads the Ace of Spades", "You name Hearts trumps".

Every Omi move is public (a card played lies face up), so the viewer changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.actions import Action
from game.core.game import State
from game.core.narration import Voice, fallback, sentence
from game.omi.actions import AnswerKapothi, NameTrump, PlayCard, ProposeKapothi
from game.omi.cards import SUIT_NAMES, card_name, trick_winner


def narrate(state: State, action: Action, names: Sequence[str], viewer: int | None = None) -> str:
    """``action`` as the table says it, read from ``state`` before it is applied."""
    voice = Voice(names)
    seat = action.seat
    if isinstance(action, NameTrump):
        return sentence(f"{voice.says(seat, 'names')} {SUIT_NAMES[action.suit]} trumps")
    if isinstance(action, PlayCard):
        trick = list(getattr(state, "trick", []))
        verb = "plays" if trick else "leads"
        text = f"{voice.says(seat, verb)} the {card_name(action.card)}"
        if len(trick) == 3:  # the fourth card: the trick is taken
            cards = [card for _, card in trick] + [action.card]
            seats = [s for s, _ in trick] + [seat]
            winner = seats[trick_winner(cards, getattr(state, "trump", None))]
            text += f": {voice.says(winner, 'takes')} the trick"
        return sentence(text)
    if isinstance(action, ProposeKapothi):
        if action.propose:
            team = "your team takes" if voice.you(seat) else "their team takes"
            return sentence(f"{voice.says(seat, 'proposes')} kapothi: {team} all eight tricks")
        return sentence(f"{voice.says(seat, 'plays')} on without kapothi")
    if isinstance(action, AnswerKapothi):
        verb = "accepts" if action.accept else "declines"
        return sentence(f"{voice.says(seat, verb)} kapothi")
    return fallback(action, names)
