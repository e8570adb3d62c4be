"""FOMO's 86 cards. A card is its face: ``"0"``–``"8"`` for numbers, a lower-case name for actions."""

from __future__ import annotations

from collections.abc import Iterable

NUMBERS: tuple[str, ...] = tuple(str(n) for n in range(9))
COPIES_PER_NUMBER = 6

SEEN = "seen"
GHOSTED = "ghosted"
CANCELED = "canceled"
PLOT_TWIST = "plot_twist"
SWAP = "swap"
THROWBACK = "throwback"

ACTION_COUNTS: dict[str, int] = {
    SEEN: 8,
    GHOSTED: 8,
    CANCELED: 4,
    PLOT_TWIST: 4,
    SWAP: 4,
    THROWBACK: 4,
}
ACTIONS: tuple[str, ...] = tuple(ACTION_COUNTS)

DECK: tuple[str, ...] = tuple(card for card in NUMBERS for _ in range(COPIES_PER_NUMBER)) + tuple(
    card for card, count in ACTION_COUNTS.items() for _ in range(count)
)

HAND_SIZE = 4
SET_SIZE = 4

CARD_NAMES: dict[str, str] = {
    SEEN: "Seen",
    GHOSTED: "Ghosted",
    CANCELED: "Canceled",
    PLOT_TWIST: "Plot Twist",
    SWAP: "Swap",
    THROWBACK: "Throwback",
}


def is_number(card: str) -> bool:
    return card in NUMBERS


def card_name(card: str) -> str:
    return CARD_NAMES.get(card, card)


def is_fomo(cards: list[str] | tuple[str, ...]) -> bool:
    """Four equal number cards: the only winning hidden set."""
    return len(cards) == SET_SIZE and is_number(cards[0]) and len(set(cards)) == 1


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Numbers first in order, then actions in deck order (how a player holds a hand)."""
    order = {card: i for i, card in enumerate(NUMBERS + ACTIONS)}
    return tuple(sorted(cards, key=order.__getitem__))


assert len(DECK) == 86
