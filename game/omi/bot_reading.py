"""What a club player knows at the Omi table, read from one seat's view: the cards already played
(its memory of the tricks), the cards still out, the voids shown, and who is winning the trick.

Used by the ``normal`` bot. Everything here comes from the seat's own view, never the state.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.omi.cards import DECK, STRENGTH, trick_winner
from game.omi.view import OmiView


def team_of(seat: int) -> int:
    return seat % 2


class Reading:
    """One seat's reading of the table at one decision."""

    def __init__(self, view: OmiView) -> None:
        assert view.seat is not None
        self.view = view
        self.seat = view.seat
        self.partner = (view.seat + 2) % 4
        self.trump = view.trump
        self.hand = tuple(view.hand)
        played = {card for trick in view.tricks for card in trick.cards}
        played.update(card for _, card in view.trick)
        self.played = frozenset(played)
        # Cards in the other three hands (after the second batch every card is dealt).
        self.out = frozenset(c for c in DECK if c not in played and c not in self.hand)
        self.voids = view.voids
        self.trick = view.trick
        self.led = view.trick[0][1][1] if view.trick else None
        # Seats still to play after this one, in order.
        self.after = tuple((self.seat + i) % 4 for i in range(1, 4 - len(view.trick)))

    # --- the trick in progress --------------------------------------------------------------
    def winning(self) -> tuple[int, str] | None:
        """(seat, card) winning the trick so far, or None when leading."""
        if not self.trick:
            return None
        index = trick_winner([card for _, card in self.trick], self.trump)
        return self.trick[index]

    def beats(self, card: str, other: str) -> bool:
        """Whether ``card`` played now would beat ``other``, the card winning this trick."""
        if card[1] == other[1]:
            return STRENGTH[card] > STRENGTH[other]
        return card[1] == self.trump

    # --- what the others may hold -----------------------------------------------------------
    def out_of(self, suit: str) -> list[str]:
        return [c for c in self.out if c[1] == suit]

    def may_hold(self, seat: int, suit: str) -> bool:
        """Whether ``seat`` may still hold a card of ``suit`` (not shown void, some still out)."""
        return suit not in self.voids[seat] and any(c[1] == suit for c in self.out)

    def may_beat(self, seat: int, card: str, led: str) -> bool:
        """Whether ``seat``, playing after us to a trick led in ``led``, may beat ``card``."""
        higher = any(c[1] == card[1] and STRENGTH[c] > STRENGTH[card] for c in self.out)
        if card[1] == self.trump:
            if led == self.trump:
                return higher and self.may_hold(seat, card[1])
            # A ruff is beaten only by a higher trump from a seat that is out of the led suit.
            return higher and not self.may_hold(seat, led) and self.may_hold(seat, card[1])
        if higher and self.may_hold(seat, card[1]):
            return True
        return self.may_ruff(seat, led)

    def may_ruff(self, seat: int, led: str) -> bool:
        """Whether ``seat`` may be out of ``led`` and still hold a trump."""
        if self.trump is None or led == self.trump:
            return False
        return not self.may_hold(seat, led) and self.may_hold(seat, self.trump)

    def opponents_after(self) -> list[int]:
        return [s for s in self.after if team_of(s) != team_of(self.seat)]

    def sure(self, card: str, led: str | None = None, after: Iterable[int] | None = None) -> bool:
        """Whether ``card`` (winning now, or led now) cannot be beaten by an opponent still to play."""
        led = led or self.led or card[1]
        seats = self.opponents_after() if after is None else after
        return not any(
            self.may_beat(s, card, led) for s in seats if team_of(s) != team_of(self.seat)
        )

    def is_boss(self, card: str) -> bool:
        """The highest card of its suit still out (or in this hand)."""
        return not any(c[1] == card[1] and STRENGTH[c] > STRENGTH[card] for c in self.out)

    # --- this hand ----------------------------------------------------------------------------
    def suit_cards(self, suit: str, cards: Iterable[str] | None = None) -> list[str]:
        return [c for c in (self.hand if cards is None else cards) if c[1] == suit]


def lowest(cards: Iterable[str]) -> str:
    return min(cards, key=lambda c: STRENGTH[c])


def highest(cards: Iterable[str]) -> str:
    return max(cards, key=lambda c: STRENGTH[c])
