"""What each seat knows, kept as part of the state and updated by every happening.

A seat always knows its own hand and the public zones (the top discard, counts). Beyond that it
knows, per seat: which hidden slots hold which card (what it placed, what Seen showed it, cards
revealed to all, each followed through Swap and Plot Twist), which cards lie in other hands
(picked up face up from the discard pile), which cards may lie under the top discard, and what of
an eliminated player's set-aside cards it saw. All of it is *sound*: never more than the truth,
so a determinized state can always honour it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from game.fomo.cards import SET_SIZE

UNKNOWN = "?"  # a hidden slot this seat knows nothing about
SOME_NUMBER = "#"  # a hidden slot holding a number this seat did not see (it was placed unseen)


@dataclasses.dataclass
class SeatKnowledge:
    slots: list[list[str]]  # [owner][slot]: a card, UNKNOWN or SOME_NUMBER
    hands: list[Counter[str]]  # cards known to be in each other seat's hand
    below: Counter[str]  # cards that may lie under the top discard (a superset of the truth)
    aside: list[Counter[str]]  # cards known among each eliminated seat's set-aside cards

    @classmethod
    def fresh(cls, players: int) -> SeatKnowledge:
        return cls(
            [[UNKNOWN] * SET_SIZE for _ in range(players)],
            [Counter() for _ in range(players)],
            Counter(),
            [Counter() for _ in range(players)],
        )

    def copy(self) -> SeatKnowledge:
        return SeatKnowledge(
            [row[:] for row in self.slots],
            [Counter(c) for c in self.hands],
            Counter(self.below),
            [Counter(c) for c in self.aside],
        )

    def to_json(self) -> dict[str, object]:
        return {
            "slots": [row[:] for row in self.slots],
            "hands": [sorted(c.elements()) for c in self.hands],
            "below": sorted(self.below.elements()),
            "aside": [sorted(c.elements()) for c in self.aside],
        }


class Knowledge:
    """Every seat's knowledge; the state calls one ``note_*`` per happening."""

    def __init__(self, seats: list[SeatKnowledge]) -> None:
        self.seats = seats

    @classmethod
    def fresh(cls, players: int) -> Knowledge:
        return cls([SeatKnowledge.fresh(players) for _ in range(players)])

    def copy(self) -> Knowledge:
        return Knowledge([k.copy() for k in self.seats])

    def of(self, seat: int) -> SeatKnowledge:
        return self.seats[seat]

    # --- cards leaving and entering hands ----------------------------------------------------
    def note_hand_card_shown(self, owner: int, card: str) -> None:
        """``owner`` played or discarded ``card`` face up: it is no longer in that hand."""
        for viewer, k in enumerate(self.seats):
            if viewer != owner:
                _remove_one(k.hands[owner], card)

    def note_hand_card_hidden(self, owner: int) -> None:
        """A card others did not see left ``owner``'s hand: each known card may be the one gone."""
        for viewer, k in enumerate(self.seats):
            if viewer != owner and k.hands[owner]:
                k.hands[owner] = Counter({c: n - 1 for c, n in k.hands[owner].items() if n > 1})

    def note_picked_up(self, owner: int, card: str) -> None:
        """``owner`` took ``card`` face up into hand (the top discard): everyone saw it."""
        for viewer, k in enumerate(self.seats):
            if viewer != owner:
                k.hands[owner][card] += 1

    # --- the discard pile -----------------------------------------------------------------------
    def note_covered(self, old_top: str) -> None:
        """A card went onto the pile, covering ``old_top``."""
        for k in self.seats:
            k.below[old_top] += 1

    def note_uncovered(self, new_top: str) -> None:
        """The top card was taken: ``new_top`` under it now lies face up for all to see."""
        for k in self.seats:
            _remove_one(k.below, new_top)

    def note_looked_through(self, actor: int, pile_below: list[str]) -> None:
        """``actor`` (playing Throwback) looks through the pile under the top card."""
        self.seats[actor].below = Counter(pile_below)

    def note_taken_from_below(self, actor: int, taken: str) -> None:
        """``actor`` took ``taken`` from the pile; the others saw only a card back leave it."""
        _remove_one(self.seats[actor].below, taken)

    def note_reshuffled(self) -> None:
        """The pile but its top became the new draw pile, shuffled unseen."""
        for k in self.seats:
            k.below = Counter()

    # --- hidden sets ----------------------------------------------------------------------------
    def note_placed(self, owner: int, slot: int, card: str) -> None:
        """``owner`` put ``card`` into its own ``slot``; others know only that it is a number."""
        for viewer, k in enumerate(self.seats):
            k.slots[owner][slot] = card if viewer == owner else SOME_NUMBER

    def note_seen(self, viewer: int, target: int, cards: list[str]) -> None:
        self.seats[viewer].slots[target] = list(cards)

    def note_swapped(self, a: int, a_slot: int, b: int, b_slot: int) -> None:
        for k in self.seats:
            k.slots[a][a_slot], k.slots[b][b_slot] = k.slots[b][b_slot], k.slots[a][a_slot]

    def note_sets_exchanged(self, a: int, b: int) -> None:
        for k in self.seats:
            k.slots[a], k.slots[b] = k.slots[b], k.slots[a]

    def note_out(self, seat: int, revealed_set: list[str], hand: list[str]) -> None:
        """``seat`` is out: its set was revealed to all; set and hand go aside face down."""
        for viewer, k in enumerate(self.seats):
            known_hand = Counter(hand) if viewer == seat else k.hands[seat]
            k.aside[seat] = Counter(revealed_set) + known_hand
            k.hands[seat] = Counter()
            k.slots[seat] = [UNKNOWN] * SET_SIZE


def _remove_one(cards: Counter[str], card: str) -> None:
    if cards[card] > 1:
        cards[card] -= 1
    else:
        cards.pop(card, None)
