"""What the other seats' plays say about their cards: the hard bot's inference, on bitmasks.

``History`` replays, on a sampled deal, every card the other three seats played this hand (and
the trump call) through the model of the ``normal`` bot (``bot_model``): a deal on which the model
makes the cards they actually played is likely, one on which it would have played otherwise is
``epsilon`` times less likely per such card. The table's players do not all follow the club rules,
so nothing is ruled out, only weighed. ``History.deal`` samples by rejection on that likelihood.

``play_out`` plays the rest of a hand with every seat playing by the model from its own hand and
what the table has shown (no seat sees the others' cards): the playout of the hard bot's search.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.omi.best_reply import ReplyMemo, team_tricks
from game.omi.bot_model import follow_choice, lead_choice, normal_trump
from game.omi.fast import (
    BEATERS,
    MAKER_TRUMP_LIKELIHOOD,
    SUIT_MASK,
    Hand,
    bits,
    card_bit,
    sample,
    trick_winner,
)
from game.omi.view import OmiView

# How often a seat's card is not the model's: the opponents (``normal`` in the bench, people at
# the table) and the partner (at the table often another hard bot, which overrules the model).
OPPONENT_EPSILON = 0.1
PARTNER_EPSILON = 0.3


class Play:
    """One card a seat played: what the table showed before it, and its later cards.

    ``fits(hand)``: whether the model plays this card from ``hand`` (the seat's cards not yet
    played; its later cards are added). A decision asks it of thousands of sampled deals, and
    late in a hand the few cards a seat may hold repeat, so its answers are kept in ``known``."""

    __slots__ = (
        "seat", "card", "played", "voids", "count", "led", "win_seat", "best", "trump", "later",
        "known",
    )  # fmt: skip

    def __init__(
        self,
        seat: int,
        card: int,
        played: int,
        voids: list[int],
        trick: list[tuple[int, int]],
        trump: int,
    ) -> None:
        self.seat = seat
        self.card = card
        self.played = played  # every card gone before this one
        self.voids = tuple(voids)
        self.count = len(trick)  # the cards already in its trick
        self.led = self.win_seat = self.best = -1
        if trick:
            self.led = trick[0][1] >> 3
            self.win_seat, self.best = trick_winner(trick, trump)
        self.trump = trump
        self.later = 0  # this card and the cards the seat played after it
        self.known: dict[int, bool] = {}

    def fits(self, hand: int) -> bool:
        fits = self.known.get(hand)
        if fits is None:
            held = hand | self.later
            if self.count:
                choice = follow_choice(
                    held, self.seat, self.played, self.voids, self.count, self.led,
                    self.win_seat, self.best, self.trump,
                )  # fmt: skip
            else:
                choice = lead_choice(held, self.seat, self.played, self.voids, self.trump)
            fits = self.known[hand] = bool(choice >> self.card & 1)
        return fits


# A card as the table saw it played: (seat, card, the cards gone before it, the suits each seat
# had shown it lacks by then, its trick so far as (seat, card)).
TablePlay = tuple[int, int, int, list[int], list[tuple[int, int]]]


def replay(view: OmiView) -> tuple[list[TablePlay], int, list[int]]:
    """Every card played this hand in order, and after them the cards gone and the suits (bits)
    each seat has shown it lacks."""
    plays: list[TablePlay] = []
    played = 0
    voids = [0, 0, 0, 0]
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], tuple(card for _, card in view.trick)))
    for leader, cards in tricks:
        trick: list[tuple[int, int]] = []
        for i, text in enumerate(cards):
            seat, card = (leader + i) % 4, card_bit(text)
            plays.append((seat, card, played, voids[:], trick[:]))
            played |= 1 << card
            if trick and card >> 3 != trick[0][1] >> 3:
                voids[seat] |= 1 << (trick[0][1] >> 3)
            trick.append((seat, card))
    return plays, played, voids


class History:
    """The plays of this hand and the trump call, to weigh sampled deals (see the top)."""

    def __init__(
        self,
        view: OmiView,
        hand: Hand,
        opponent_epsilon: float = OPPONENT_EPSILON,
        partner_epsilon: float = PARTNER_EPSILON,
    ) -> None:
        assert view.seat is not None
        self.me = view.seat
        self.hand = hand
        self.trump = hand.trump
        self.maker = view.trump_maker
        self.epsilon = [opponent_epsilon] * 4
        self.epsilon[(self.me + 2) % 4] = partner_epsilon
        table, self.played, self.void_bits = replay(view)
        self.plays = [
            Play(seat, card, gone, shown_voids, trick, self.trump)
            for seat, card, gone, shown_voids, trick in table
            if seat != self.me
        ]
        shown = [0, 0, 0, 0]  # per seat: the cards it has played this hand
        for play in reversed(self.plays):
            shown[play.seat] |= 1 << play.card
            play.later = shown[play.seat]
        self.shown = shown
        self.call_matters = view.phase != "trump" and self.trump >= 0 and self.maker != self.me

    def likelihood(self, hands: Sequence[int], rng: random.Random, floor: float = 0.0) -> float:
        """How likely (relative, at most 1) the model makes this hand's plays on ``hands``; it
        stops once below ``floor`` (then an upper bound)."""
        weight = 1.0
        trump = self.trump
        if self.call_matters:
            # The maker named trumps from four of its eight cards: any four, equally likely.
            cards = bits(hands[self.maker] | self.shown[self.maker])
            first_four = 0
            for card in sample(rng, cards, 4):
                first_four |= 1 << card
            if normal_trump(first_four) != trump:
                weight *= self.epsilon[self.maker]
        for play in self.plays:
            fits = play.known.get(hands[play.seat])
            if fits is None:
                fits = play.fits(hands[play.seat])
            if not fits:
                weight *= self.epsilon[play.seat]
                if weight < floor:
                    break
        return weight

    def deal(self, rng: random.Random, tries: int) -> tuple[list[int], float]:
        """A deal consistent with the view and its weight: rejection on the likelihood (weight 1),
        or after ``tries`` refusals the likeliest deal seen with its likelihood."""
        best: list[int] = []
        best_weight = -1.0
        for _ in range(tries):
            hands = self.hand.deal_once(rng)
            threshold = rng.random()
            weight = self.likelihood(hands, rng, threshold)
            if weight >= threshold:
                return hands, 1.0
            if weight > best_weight:
                best, best_weight = hands, weight
        return best, best_weight


class Chain:
    """Deals drawn from the likelihood by a Markov chain (Metropolis): a move swaps one card
    between two other seats (voids respected) and is kept in proportion to how much likelier it
    makes their plays. The likelihood is a product over seats (a seat's plays depend only on its
    own cards and the table), so a move re-reads only the two seats it changes. Rejection
    (``History.deal``) needs many deals once a few tricks are played; the chain does not. The
    trump call is weighed by the maker's trump count (``MAKER_TRUMP_LIKELIHOOD``), not by a
    random four of its cards, so that every weight is exact."""

    def __init__(self, history: History, rng: random.Random, tries: int) -> None:
        self.history = history
        self.hands = history.deal(rng, tries)[0]
        self.others = [s for s in range(4) if s != history.me]
        self.by_seat = [[p for p in history.plays if p.seat == s] for s in range(4)]
        self.weights = [self.seat_weight(s, self.hands[s]) for s in range(4)]

    def seat_weight(self, seat: int, hand: int, floor: float = 0.0) -> float:
        """How likely ``seat``'s plays (and trump call) are with ``hand``; an upper bound once
        below ``floor``."""
        history = self.history
        trump = history.trump
        weight = 1.0
        if seat == history.maker and history.call_matters:
            held = (hand | history.shown[seat]) & SUIT_MASK[trump]
            weight = MAKER_TRUMP_LIKELIHOOD[held.bit_count()]
        epsilon = history.epsilon[seat]
        for play in self.by_seat[seat]:
            if not play.fits(hand):
                weight *= epsilon
                if weight < floor:
                    break
        return weight

    def step(self, rng: random.Random, moves: int) -> list[int]:
        """The deal after ``moves`` more proposals (a copy)."""
        hands, weights = self.hands, self.weights
        voids = self.history.void_bits
        for _ in range(moves):
            a, b = rng.sample(self.others, 2)
            if not hands[a] or not hands[b]:
                continue
            x = rng.choice(bits(hands[a]))
            y = rng.choice(bits(hands[b]))
            if voids[b] >> (x >> 3) & 1 or voids[a] >> (y >> 3) & 1:
                continue
            new_a = hands[a] & ~(1 << x) | 1 << y
            new_b = hands[b] & ~(1 << y) | 1 << x
            bar = rng.random() * weights[a] * weights[b]
            weight_a = self.seat_weight(a, new_a, bar)
            if weight_a < bar:
                continue
            weight_b = self.seat_weight(b, new_b, bar / weight_a)
            if weight_a * weight_b >= bar:
                hands[a], hands[b] = new_a, new_b
                weights[a], weights[b] = weight_a, weight_b
        return hands[:]


def play_out(
    history: History,
    hands: list[int],
    trump: int,
    first: int | None = None,
    reply: int = 0,
    memo: ReplyMemo | None = None,
) -> tuple[list[int], list[int]]:
    """The rest of the hand, every seat playing the model's card from its own information;
    ``first``: the searching seat's card now. From the last ``reply`` tricks on, the searching
    team plays its best reply to the model instead (``best_reply``, memo ``memo``). (tricks per
    team, tokens per team)."""
    hand = history.hand
    hands = hands[:]
    won = hand.won[:]
    played = history.played
    voids = history.void_bits[:]
    beating = BEATERS[trump]
    # The trick in progress: how many cards, the suit led, who is winning it and with what.
    count = len(hand.trick)
    seat = (hand.leader + count) % 4
    led = win_seat = best = -1
    if hand.trick:
        led = hand.trick[0][1] >> 3
        win_seat, best = trick_winner(hand.trick, trump)
    if first is not None:
        hands[seat] &= ~(1 << first)
        if not count:
            led, win_seat, best = first >> 3, seat, first
        else:
            if first >> 3 != led:
                voids[seat] |= 1 << led
            if beating[best] >> first & 1:
                win_seat, best = seat, first
        played |= 1 << first
        count += 1
        seat = (seat + 1) % 4
    while True:
        if count == 4:
            won[win_seat % 2] += 1
            seat, count = win_seat, 0
        held = hands[seat]
        if not held:
            return won, hand.tokens(won)
        if held.bit_count() <= reply:  # the tricks left, this one included
            team = history.me % 2
            left = held.bit_count()
            taken = team_tricks(
                hands, played, voids, trump, seat, count, led, win_seat, best, team,
                {} if memo is None else memo,
            )  # fmt: skip
            won[team] += taken
            won[1 - team] += left - taken
            return won, hand.tokens(won)
        if count:
            follows = held & SUIT_MASK[led]
            if not follows:
                voids[seat] |= 1 << led
            if follows and follows & (follows - 1) == 0:
                card = follows.bit_length() - 1  # one card it may play: no choice to make
            else:
                choice = follow_choice(held, seat, played, voids, count, led, win_seat, best, trump)
                card = (choice & -choice).bit_length() - 1
            if beating[best] >> card & 1:
                win_seat, best = seat, card
        else:
            if held & (held - 1):
                choice = lead_choice(held, seat, played, voids, trump)
                card = (choice & -choice).bit_length() - 1
            else:
                card = held.bit_length() - 1  # its last card
            led, win_seat, best = card >> 3, seat, card
        hands[seat] = held & ~(1 << card)
        played |= 1 << card
        count += 1
        seat = (seat + 1) % 4
