"""Inference for the hard bot's samples: what an opponent's unseen placements probably are.

A player places only the number it collects, so the slots it filled unseen ("#" in the searching
seat's knowledge) are mostly one number, and a number it picked up face up from the pile is
probably that number too. The game's ``determinize`` fills each "#" at random from the unseen
numbers, which makes a set of three placements look harmless and not worth stealing. Here each
opponent with unseen placements gets one sampled number, drawn with the likelihood of its
evidence, and its "#" slots are moved onto that number by exchanging cards with places nobody's
knowledge pins down (the draw pile, the unknown part of a hand, "?" slots), so every count and
everything any seat knows stays as it was. ``infer_knowledge`` gives each rival the slots the view
says it knows (``view.known``), and ``Memory`` (fed the events the bot observes) reads the rivals'
past choices: recent discards, and a threatening action let through without Canceled.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from math import comb

from game.core.events import CardMoved, Event, WindowClosed
from game.fomo.cards import CANCELED, NUMBERS, PLOT_TWIST, SWAP
from game.fomo.events import ActionBlocked, ActionPlayed
from game.fomo.knowledge import SOME_NUMBER, UNKNOWN
from game.fomo.state import FomoState
from game.fomo.view import FomoView

PICKED_UP_WEIGHT = 6.0  # a number seen going into its hand face up: it was collecting that
FAITHFUL = 0.9  # the chance each placement is the one number (targets change now and then)


def infer_placements(
    view: FomoView, state: FomoState, rng: random.Random, memory: Memory | None = None
) -> None:
    """Rewrite, in place, each opponent's "#" slots of a sample of ``view`` (see the top);
    with a ``memory``, numbers it threw away lately weigh less."""
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
            if memory is not None:
                weight *= memory.number_weight(other, number)
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


DISCARDED_WEIGHT = 0.3  # a number a rival threw away lately is seldom the one it collects
RECENT_DISCARDS = 4  # how many of a rival's last discards count (targets change)


class Memory:
    """What the hard bot remembers of the rivals' past choices, from the events it observes
    (``observe``): the numbers each threw away lately, and whether one let through a Plot Twist
    or Swap that the normal player would have blocked with Canceled in hand (then it held none,
    and only the cards drawn since may be one)."""

    def __init__(self, players: int) -> None:
        self.discarded: list[list[str]] = [[] for _ in range(players)]
        self.drawn_since_pass: list[int | None] = [None] * players  # None: no such evidence
        self._would_cancel: list[int] = []  # rivals a pending action threatens
        self.view: FomoView | None = None  # the last view the bot decided on

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(event, CardMoved):
                self._moved(event)
            elif isinstance(event, ActionPlayed):
                self._would_cancel = self._threatened(event)
            elif isinstance(event, ActionBlocked):
                self._would_cancel = []
            elif isinstance(event, WindowClosed) and self._would_cancel:
                for seat in self._would_cancel:
                    self.drawn_since_pass[seat] = 0
                self._would_cancel = []

    def _moved(self, event: CardMoved) -> None:
        if event.dst == "discard" and event.src.startswith("hand:") and event.card in NUMBERS:
            recent = self.discarded[int(event.src[5:])]
            recent.append(event.card)
            del recent[:-RECENT_DISCARDS]
        elif event.dst.startswith("hand:"):
            seat = int(event.dst[5:])
            count = self.drawn_since_pass[seat]
            if count is not None:
                self.drawn_since_pass[seat] = count + 1

    def _threatened(self, event: ActionPlayed) -> list[int]:
        """Rivals the normal player's rules would have it protect with Canceled (its set's
        known slots stand for its target cards), judged on the last view."""
        view = self.view
        if view is None or not view.known or event.card not in (PLOT_TWIST, SWAP):
            return []
        threatened = []
        for index, seat in enumerate(event.targets):
            if seat in (event.seat, view.seat):
                continue
            own = view.known[seat][seat]
            if event.card == PLOT_TWIST:
                sees_actor = any(view.known[seat][event.seat])
                if sum(own) >= 2 or (sum(own) == 1 and not sees_actor):
                    threatened.append(seat)
            elif own[event.slots[index]]:
                threatened.append(seat)
        return threatened

    def number_weight(self, seat: int, number: str) -> float:
        return DISCARDED_WEIGHT ** self.discarded[seat].count(number)


def limit_canceled(view: FomoView, state: FomoState, memory: Memory, rng: random.Random) -> None:
    """In a sample, a rival that let a threatening action through holds a Canceled only among
    the cards it drew since: extra copies go back into the draw pile for other cards."""
    for seat, drawn in enumerate(memory.drawn_since_pass):
        if drawn is None or seat == view.seat or view.out[seat]:
            continue
        hand = state.hands[seat]
        unknown = range(len(view.hands[seat]), len(hand))
        held = [i for i in unknown if hand[i] == CANCELED]
        for i in held[drawn:]:
            others = [j for j, card in enumerate(state.draw) if card != CANCELED]
            if not others:
                return
            j = rng.choice(others)
            hand[i], state.draw[j] = state.draw[j], hand[i]
