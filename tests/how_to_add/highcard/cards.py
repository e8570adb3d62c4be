"""Twenty cards: A K Q J T in four suits, written like Omi's ("TH" is the 10 of Hearts)."""

from __future__ import annotations

RANKS = "AKQJT"  # high to low
SUITS = "SHDC"
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
HAND = 5
RANK_NAMES = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}


def strength(card: str) -> int:
    return len(RANKS) - RANKS.index(card[0])


def card_name(card: str) -> str:
    return f"{RANK_NAMES[card[0]]} of {SUIT_NAMES[card[1]]}"


def trick_winner(plays: list[tuple[int, str]]) -> int:
    """The seat whose card is highest; of equal ranks the first played wins."""
    best_seat, best = plays[0]
    for seat, card in plays[1:]:
        if strength(card) > strength(best):
            best_seat, best = seat, card
    return best_seat
