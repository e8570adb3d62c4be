"""Omi hands as bitmasks, for the hard bot's search: deal the unseen cards, play the hand out.

A card is a bit: ``suit * 8 + strength`` (suits S H D C, strength 0 for the 7 up to 7 for the
Ace), so a hand is an ``int`` and "any higher card of this suit", "any trump" or "follows suit"
are one ``&`` each. ``deal`` is the determinization (the view's voids respected, deals weighted by
what the trump call says about the maker's hand); ``play_out`` plays the rest of the hand by the
club rules of ``bot_playout.club_card`` for every seat, with no State, events or views; ``Hand``
holds what the view fixes for the whole search. About 10-20 times as many hands a second as
stepping the State.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.deal import deal_constrained
from game.omi.cards import RANKS, SUITS
from game.omi.scoring import hand_award
from game.omi.view import OmiView

# How likely a trump-maker holding this many trumps among its eight cards named that suit from its
# first four (roughly: the chance the first four held two or more of them; Omi makers name their
# longest suit). Both ``determinize`` and ``Hand.deal`` weigh sampled deals by it.
MAKER_TRUMP_LIKELIHOOD = (0.02, 0.1, 0.3, 0.55, 0.78, 0.93, 1.0, 1.0, 1.0)
INFERENCE_TRIES = 12

SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))
# Every bit above a card within its suit (the cards of its suit that beat it).
ABOVE = tuple(SUIT_MASK[c // 8] & ~((2 << c) - 1) for c in range(32))


# AFTER[seat][n]: the seats still to play after ``seat`` when it is the (n+1)-th of a trick.
AFTER = tuple(
    tuple(tuple((seat + i) % 4 for i in range(1, 4 - n)) for n in range(4)) for seat in range(4)
)


# OPPONENTS_AFTER[seat][n]: the opponents of ``seat`` still to play after it, as above.
OPPONENTS_AFTER = tuple(
    tuple(tuple(o for o in AFTER[seat][n] if (o - seat) % 2) for n in range(4)) for seat in range(4)
)


def card_bit(card: str) -> int:
    """The bit number of ``"TH"``-style card text."""
    return SUITS.index(card[1]) * 8 + (len(RANKS) - 1 - RANKS.index(card[0]))


def card_text(bit: int) -> str:
    return RANKS[len(RANKS) - 1 - bit % 8] + SUITS[bit // 8]


def mask_of(cards: Sequence[str]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card_bit(card)
    return mask


# _SUIT_BITS[suit][byte]: the card bits of one suit's 8 bits ``byte``, weakest first.
_SUIT_BITS = tuple(
    tuple(tuple(suit * 8 + b for b in range(8) if byte >> b & 1) for byte in range(256))
    for suit in range(4)
)


def bits(mask: int) -> list[int]:
    """The card bits of ``mask``, weakest first within each suit, suits in S H D C order."""
    spades, hearts, diamonds, clubs = _SUIT_BITS
    return [
        *spades[mask & 0xFF],
        *hearts[mask >> 8 & 0xFF],
        *diamonds[mask >> 16 & 0xFF],
        *clubs[mask >> 24 & 0xFF],
    ]


def sample(rng: random.Random, population: Sequence[int], k: int) -> list[int]:
    """``rng.sample(population, k)``: the same draws, so a seeded search deals the same cards,
    without a method call per draw (CPython's own pool method, which it uses for populations of
    up to 21 and whenever all of them are drawn; anything else is passed to ``rng.sample``)."""
    n = len(population)
    if not 0 <= k <= n or (n > 21 and k != n):
        return rng.sample(population, k)
    getrandbits = rng.getrandbits
    pool = list(population)
    drawn = []
    for left in range(n, n - k, -1):
        width = left.bit_length()
        j = getrandbits(width)
        while j >= left:  # as ``Random._randbelow``: draw again until below ``left``
            j = getrandbits(width)
        drawn.append(pool[j])
        pool[j] = pool[left - 1]
    return drawn


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _beats(card: int, best: int, trump: int) -> bool:
    if card // 8 == best // 8:
        return card > best
    return card // 8 == trump


def trick_winner(trick: Sequence[tuple[int, int]], trump: int) -> tuple[int, int]:
    """(seat, card) of the card that takes the trick so far: the best trump, else the best of the
    suit led (``trick`` holds (seat, card bit) in the order played)."""
    win_seat, best = trick[0]
    for who, card in trick[1:]:
        if _beats(card, best, trump):
            win_seat, best = who, card
    return win_seat, best


def _beaters(card: int, trump: int) -> int:
    """Every card that beats ``card`` (trump ``-1``: none named)."""
    mask = ABOVE[card]
    if trump >= 0 and card // 8 != trump:
        mask |= SUIT_MASK[trump]
    return mask


# BEATERS[trump][card]: every card that beats ``card``; the last row (trump -1) is no trump named.
BEATERS = tuple(tuple(_beaters(c, t if t < 4 else -1) for c in range(32)) for t in range(5))


def _safe(hands: list[int], beaters: int, led: int, opponents: Sequence[int]) -> bool:
    """None of ``opponents`` (still to play to a trick led in suit ``led``) holds a card of
    ``beaters`` it may play."""
    led_mask = SUIT_MASK[led]
    for other in opponents:
        hand = hands[other]
        if (hand & led_mask or hand) & beaters:
            return False
    return True


def _cheapest(mask: int, trump: int) -> int:
    """The cheapest card to throw: the lowest side card, trumps only when nothing else."""
    side = mask & ~SUIT_MASK[trump] if trump >= 0 else mask
    pool = side or mask
    best, best_key = -1, 99
    while pool:
        low = pool & -pool
        card = low.bit_length() - 1
        if card % 8 < best_key:
            best, best_key = card, card % 8
        pool = pool & ~SUIT_MASK[card // 8]  # the lowest of a suit is its first bit
    return best


def club_card(hands: list[int], trump: int, trick: list[tuple[int, int]], seat: int) -> int:
    """``bot_playout.club_card`` on bitmasks: second hand low, third hand high, fourth hand
    cheap; never beat a safe partner; ruff when the opponents win; lead safe winners, else low
    from the longest side suit."""
    hand = hands[seat]
    if trick:
        led = trick[0][1] // 8
        cards = hand & SUIT_MASK[led] or hand
    else:
        cards = hand
    if cards & (cards - 1) == 0:
        return _top(cards)
    opponents = OPPONENTS_AFTER[seat][len(trick)]
    beating = BEATERS[trump]
    if not trick:
        return _lead(hands, trump, cards, opponents)
    win_seat, best = trick[0]
    for who, card in trick[1:]:
        if _beats(card, best, trump):
            win_seat, best = who, card
    led = trick[0][1] // 8
    if (win_seat - seat) % 2 == 0 and _safe(hands, beating[best], led, opponents):
        return _cheapest(cards, trump)
    beaters = cards & beating[best]
    if not beaters:
        return _cheapest(cards, trump)
    order = sorted(bits(beaters), key=lambda c: (c // 8 == trump, c % 8))
    for card in order:
        if _safe(hands, beating[card], led, opponents):
            return card  # the cheapest card that surely takes the trick
    if len(trick) == 1 and order[0] // 8 == led:
        return _cheapest(cards, trump)  # second hand low
    return order[-1] if order[0] // 8 == led else order[0]


def _lead(hands: list[int], trump: int, cards: int, opponents: Sequence[int]) -> int:
    winners = []
    for suit in range(4):
        in_suit = cards & SUIT_MASK[suit]
        if in_suit:
            top = _top(in_suit)
            if _safe(hands, BEATERS[trump][top], suit, opponents):
                winners.append(top)
    if winners:
        # Cash side winners first; a safe trump draws the opponents' trumps.
        return min(winners, key=lambda c: (c // 8 == trump, -(c % 8)))
    side = cards & ~SUIT_MASK[trump] if trump >= 0 else cards
    if not side:
        return min(bits(cards), key=lambda c: c % 8)
    suit = max(range(4), key=lambda s: (bin(side & SUIT_MASK[s]).count("1"), -s))
    longest = side & SUIT_MASK[suit]
    return (longest & -longest).bit_length() - 1  # its lowest card


class Hand:
    """What the view fixes for a whole search: trump, who leads, the trick, the score so far."""

    __slots__ = (
        "seat", "trump", "maker", "leader", "trick", "won", "carry", "kapothi_team", "mine",
        "unseen", "sizes", "room", "voids", "maker_trumps_played", "constrained", "free",
    )  # fmt: skip

    def __init__(self, view: OmiView) -> None:
        assert view.seat is not None
        self.seat = view.seat
        self.trump = SUITS.index(view.trump) if view.trump is not None else -1
        self.maker = view.trump_maker
        # Whoever names trumps leads the first trick.
        self.leader = view.trump_maker if view.phase == "trump" else view.leader
        self.trick = [(seat, card_bit(card)) for seat, card in view.trick]
        self.won = list(view.tricks_won)
        self.carry = view.carry
        self.kapothi_team = view.kapothi_proposed_by if view.kapothi_accepted else None
        self.mine = mask_of(view.hand)
        seen = set(view.hand) | {card for _, card in view.trick}
        for trick in view.tricks:
            seen.update(trick.cards)
        self.unseen = [card for card in _DECK_TEXT if card not in seen]
        # Naming trumps, a seat holds four of its eight cards: deal every hand out to eight.
        size = [8 if view.phase == "trump" else n for n in view.hand_sizes]
        self.sizes: dict[int | str, int] = {s: size[s] for s in range(4) if s != view.seat}
        self.sizes["own"] = size[view.seat] - len(view.hand)
        # The cards each seat is still to be dealt (this seat: its own cards not yet dealt).
        self.room = tuple(self.sizes["own"] if s == self.seat else size[s] for s in range(4))
        self.voids = [frozenset(SUITS.index(v) for v in voids) for voids in view.voids]
        unseen_bits = [card_bit(card) for card in self.unseen]
        # Cards of a suit some other seat lacks: (cards, the seats that may hold them).
        self.constrained: list[tuple[list[int], tuple[int, ...]]] = []
        self.free: list[int] = []
        for suit in range(4):
            in_suit = [bit for bit in unseen_bits if bit // 8 == suit]
            allowed = tuple(p for p in range(4) if p == self.seat or suit not in self.voids[p])
            if len(allowed) == 4:
                self.free += in_suit
            elif in_suit:
                self.constrained.append((in_suit, allowed))
        self.constrained.sort(key=lambda group: len(group[1]))
        self.maker_trumps_played = sum(
            1
            for trick in view.tricks
            for i, card in enumerate(trick.cards)
            if (trick.leader + i) % 4 == self.maker and card[1] == view.trump
        ) + sum(1 for s, card in view.trick if s == self.maker and card[1] == view.trump)

    def deal(self, rng: random.Random, likelihood: Sequence[float], tries: int) -> list[int]:
        """Four hands consistent with the view; deals where the trump-maker holds few trumps are
        kept less often (rejection, at most ``tries`` deals), as the game's ``determinize``."""
        hands = self.deal_once(rng)
        if self.trump < 0 or self.maker == self.seat:
            return hands
        for _ in range(tries - 1):
            held = self.maker_trumps_played + bin(hands[self.maker] & SUIT_MASK[self.trump]).count(
                "1"
            )
            if rng.random() < likelihood[held]:
                break
            hands = self.deal_once(rng)
        return hands

    def deal_once(self, rng: random.Random) -> list[int]:
        # Suits some seat has shown it lacks go first, each card to a seat that may hold it,
        # chosen in proportion to the room it has left; the other cards fill the rest at random.
        room = list(self.room)
        hands = [0, 0, 0, 0]
        hands[self.seat] = self.mine
        getrandbits = rng.getrandbits
        for suit_cards, allowed in self.constrained:
            for bit in sample(rng, suit_cards, len(suit_cards)):
                total = 0
                for place in allowed:
                    total += room[place]
                if total == 0:
                    return self._deal_slow(rng)
                # rng.randrange(total): the same draws, without its calls (see ``sample``)
                width = total.bit_length()
                pick = getrandbits(width)
                while pick >= total:
                    pick = getrandbits(width)
                for place in allowed:
                    pick -= room[place]
                    if pick < 0:
                        break
                room[place] -= 1
                hands[place] |= 1 << bit
        # The other cards in the order ``sample`` draws them, filling each seat's room in turn.
        place, left = 0, room[0]
        for bit in sample(rng, self.free, len(self.free)):
            while not left:
                place += 1
                if place == 4:
                    return hands
                left = room[place]
            hands[place] |= 1 << bit
            left -= 1
        return hands

    def _deal_slow(self, rng: random.Random) -> list[int]:
        places = deal_constrained(
            self.unseen,
            self.sizes,
            lambda card, p: p == "own" or SUITS.index(card[1]) not in self.voids[int(p)],
            rng,
        )
        hands = [mask_of(places[s]) if s != self.seat else self.mine for s in range(4)]
        hands[self.seat] |= mask_of(places["own"])
        return hands

    def play_out(
        self, hands: list[int], trump: int, first: int | None = None
    ) -> tuple[list[int], list[int]]:
        """The rest of the hand by the club rules; ``first``: the searching seat's card now.
        (tricks per team, tokens per team)."""
        hands = hands[:]
        trick = self.trick[:]
        won = self.won[:]
        leader = self.leader
        if first is not None:
            hands[self.seat] &= ~(1 << first)
            trick.append((self.seat, first))
        while True:
            if len(trick) == 4:
                win_seat, _ = trick_winner(trick, trump)
                won[win_seat % 2] += 1
                leader, trick = win_seat, []
            seat = (leader + len(trick)) % 4
            hand = hands[seat]
            if not hand:
                return won, self.tokens(won)
            follows = hand & SUIT_MASK[trick[0][1] // 8] if trick else hand
            if follows & (follows - 1) == 0 and follows:
                card = follows.bit_length() - 1  # one card it may play: no choice to make
            else:
                card = club_card(hands, trump, trick, seat)
            hands[seat] = hand & ~(1 << card)
            trick.append((seat, card))

    def tokens(self, won: list[int]) -> list[int]:
        """Tokens per team for a hand that ended ``won`` (the scoring table, carry included)."""
        return hand_award(self.maker % 2, won, self.kapothi_team, self.carry)


_DECK_TEXT = tuple(rank + suit for suit in SUITS for rank in RANKS)
