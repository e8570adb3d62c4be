"""Inference for the hard bot's samples: what an opponent's unseen placements probably are.

A player places only the number it collects, so the slots it filled unseen ("#" in the searching
seat's knowledge) are mostly one number, and a number it picked up face up from the pile is
probably that number too. The game's ``determinize`` fills each "#" at random from the unseen
numbers, which makes a set of three placements look harmless and not worth stealing. Here each
opponent with unseen placements gets one sampled number, drawn with the likelihood of its
evidence, and its "#" slots are moved onto that number by exchanging cards with places nobody's
knowledge pins down (the draw pile, the unknown part of a hand, "?" slots), so every count and
everything any seat knows stays as it was.
"""

from __future__ import annotations

import random
from collections import Counter
from math import comb

from game.fomo.cards import NUMBERS
from game.fomo.knowledge import SOME_NUMBER, UNKNOWN
from game.fomo.rules import FomoState
from game.fomo.view import FomoView

PICKED_UP_WEIGHT = 6.0  # a number seen going into its hand face up: it was collecting that
FAITHFUL = 0.9  # the chance each placement is the one number (targets change now and then)


def infer_placements(view: FomoView, state: FomoState, rng: random.Random) -> None:
    """Rewrite, in place, each opponent's "#" slots of a sample of ``view`` (see the top)."""
    me = view.seat
    assert me is not None
    unseen = _unseen_numbers(view)
    for other in range(view.players):
        if other == me or view.out[other]:
            continue
        hashes = [i for i, card in enumerate(view.sets[other]) if card == SOME_NUMBER]
        if not hashes:
            continue
        weights = []
        for number in NUMBERS:
            weight = float(comb(unseen[number], len(hashes)))
            weight *= PICKED_UP_WEIGHT ** view.hands[other].count(number)
            weights.append(weight)
        if sum(weights) <= 0:
            continue
        number = rng.choices(NUMBERS, weights)[0]
        for slot in hashes:
            if state.sets[other][slot] != number and rng.random() < FAITHFUL:
                _bring(view, state, other, slot, number, rng)
        # The opponent knows what it placed: keep its knowledge in step with the new sample.
        known = state.know.of(other).slots[other]
        for slot in hashes:
            if not view.known or view.known[other][other][slot]:
                known[slot] = state.sets[other][slot]


def _unseen_numbers(view: FomoView) -> Counter[str]:
    """Copies of each number the searching seat has not located anywhere."""
    unseen = Counter({number: 6 for number in NUMBERS})
    seen: Counter[str] = Counter()
    for seat in range(view.players):
        seen.update(view.hands[seat])
        seen.update(view.aside[seat])
        seen.update(view.sets[seat])
    if view.discard_top is not None:
        seen[view.discard_top] += 1
    for number in NUMBERS:
        unseen[number] = max(0, unseen[number] - seen[number])
    return unseen


def _bring(
    view: FomoView, state: FomoState, owner: int, slot: int, number: str, rng: random.Random
) -> None:
    """Exchange the card in ``owner``'s ``slot`` with a copy of ``number`` from a free place."""
    me = view.seat
    places: list[tuple[list[str], int]] = [
        (state.draw, i) for i, card in enumerate(state.draw) if card == number
    ]
    for seat in range(view.players):
        if view.out[seat]:
            continue
        if seat != me:
            hand = state.hands[seat]
            known = len(view.hands[seat])  # the known cards come first in a sample's hand
            places += [(hand, i) for i in range(known, len(hand)) if hand[i] == number]
        row = state.sets[seat]
        places += [
            (row, i)
            for i, card in enumerate(view.sets[seat])
            if card == UNKNOWN and row[i] == number
        ]
    if not places:
        return
    zone, index = places[rng.randrange(len(places))]
    row = state.sets[owner]
    zone[index], row[slot] = row[slot], zone[index]


def infer_knowledge(view: FomoView, state: FomoState) -> None:
    """Give each rival in a sample of ``view`` the slots it knows (``view.known``: its Seens and
    placements, followed through swaps), read from the sample's cards. The determinizer alone
    lets a rival know only its unseen placements: a rival that looked at its own set could then
    not call FOMO!, and one that looked at ours could never steal it."""
    me = view.seat
    if not view.known:
        return
    for other in range(view.players):
        if other == me or view.out[other]:
            continue
        rows = state.know.of(other).slots
        for owner in range(view.players):
            if view.out[owner]:
                continue
            for slot, knows in enumerate(view.known[other][owner]):
                if knows:
                    rows[owner][slot] = state.sets[owner][slot]
