"""What a game whose players build their own decks lends the store (``game.store.decks``).

The store keeps such decks, one file per named deck, without knowing any game: the game says what
its deck files are called, how many cards a deck has, which names its presets take, and what a
valid deck is. The caller that opens a deck shelf passes the game's rules in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class DeckRules:
    kind: str  # the deck files' kind, e.g. "omg-deck"
    size: int  # cards in a deck
    cards: str  # what the cards are called in messages ("Beings")
    reserved: frozenset[str]  # names a player's deck may not take (the presets'), lower case
    # The deck's cards in the game's own spelling, or ``OptionError`` saying what is wrong.
    check: Callable[[Sequence[str]], tuple[str, ...]]
