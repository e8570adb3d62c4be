"""Dealing unknown cards to places under constraints, for ``determinize``.

A seat that showed it has no card of a suit, a slot whose value is known to be "not a 5"...: each
such fact is a yes/no on (card, place). ``deal_constrained`` fills every place to its size with
the given cards, each where it is allowed, at random.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TypeVar

Card = TypeVar("Card")
Place = TypeVar("Place", bound=Hashable)


class ImpossibleDeal(ValueError):
    """No assignment satisfies the constraints (the view contradicts itself)."""


def deal_constrained(
    cards: Sequence[Card],
    sizes: Mapping[Place, int],
    allowed: Callable[[Card, Place], bool],
    rng: random.Random,
) -> dict[Place, list[Card]]:
    """Assign every card to a place, each place getting exactly ``sizes[place]`` cards.

    Random greedy fill (most constrained cards first), repaired by augmenting paths when a card
    finds every allowed place full, so it succeeds whenever any assignment exists.
    """
    if sum(sizes.values()) != len(cards):
        raise ImpossibleDeal(f"{len(cards)} cards for {sum(sizes.values())} places")
    places = list(sizes)
    options = [[p for p in places if allowed(card, p)] for card in cards]
    order = list(range(len(cards)))
    rng.shuffle(order)
    order.sort(key=lambda i: len(options[i]))
    holder: dict[int, Place] = {}
    content: dict[Place, list[int]] = {p: [] for p in places}

    def augment(i: int, seen: set[Place]) -> bool:
        choices = options[i][:]
        rng.shuffle(choices)
        for p in choices:
            if p not in seen and len(content[p]) < sizes[p]:
                content[p].append(i)
                holder[i] = p
                return True
        for p in choices:
            if p in seen:
                continue
            seen.add(p)
            for j in list(content[p]):
                content[p].remove(j)
                if augment(j, seen):
                    content[p].append(i)
                    holder[i] = p
                    return True
                content[p].append(j)
        return False

    for i in order:
        if not options[i] or not augment(i, set()):
            raise ImpossibleDeal(f"no place may take {cards[i]!r}")
    return {p: [cards[i] for i in content[p]] for p in places}
