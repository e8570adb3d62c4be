"""Omi's 32 cards: ranks A K Q J T 9 8 7 (Ace high) in suits S H D C. A card is ``"TH"``."""

from __future__ import annotations

RANKS = "AKQJT987"
SUITS = "SHDC"
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
RANK_NAMES = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
# Higher is stronger within a suit.
STRENGTH = {card: len(RANKS) - RANKS.index(card[0]) for card in DECK}


def suit_of(card: str) -> str:
    return card[1]


def card_name(card: str) -> str:
    rank = RANK_NAMES.get(card[0], card[0])
    return f"{rank} of {SUIT_NAMES[card[1]]}"


def sort_hand(cards: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Suits in S H D C order, high to low within a suit (how players hold a hand)."""
    return tuple(sorted(cards, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0]))))


def trick_winner(cards: list[str] | tuple[str, ...], trump: str | None) -> int:
    """Index into ``cards`` (play order) of the winning card: highest trump, else highest of the led suit."""
    best = 0  # the best so far is always of the led suit or a trump
    for i in range(1, len(cards)):
        card, top = cards[i], cards[best]
        if card[1] == top[1]:
            if STRENGTH[card] > STRENGTH[top]:
                best = i
        elif card[1] == trump:
            best = i
    return best
