"""Exact play of the last tricks of one Omi deal with every hand known (double dummy), on bitmasks.

The hard bot's search plays its sampled deals out by the model of the ``normal`` bot; once few
cards are left, it can instead find what each of its cards is worth against the best play of
every seat on that deal (team 0 taking as many tricks as it can, team 1 as few): with three cards
a hand that is a few hundred positions. The token award only grows with a team's tricks, so the
best play for tricks is the best play for tokens.

Cards that play alike are tried once: a seat's card when the next card above it still in play
(in any hand or in the trick) is its own. Positions at the start of a trick are kept in a memo
shared by every deal of one decision (late in a hand the same deals come back).
"""

from __future__ import annotations

from game.omi.fast import ABOVE, BEATERS, SUIT_MASK

# (hands, leader) at the start of a trick -> team 0's tricks from there on.
Memo = dict[tuple[int, int, int, int, int], int]


def _moves(hand: int, led: int, live: int) -> list[int]:
    """The cards the seat may play (following ``led``, -1 when leading), one of each run of
    cards that play alike."""
    cards = hand & SUIT_MASK[led] if led >= 0 else 0
    cards = cards or hand
    moves = []
    while cards:
        low = cards & -cards
        card = low.bit_length() - 1
        cards ^= low
        above = live & ABOVE[card]
        if not above & -above & hand:  # the next card up is someone else's (or none)
            moves.append(card)
    return moves


def team0_tricks(
    hands: list[int], trump: int, leader: int, trick: list[tuple[int, int]], memo: Memo
) -> int:
    """Team 0's tricks in the rest of the hand under best play by both teams: ``hands`` the
    cards every seat holds, ``trick`` the (seat, card) already played to the trick led by
    ``leader`` (empty at a trick's start)."""
    hands = list(hands)
    if not trick:
        return _from_lead(hands, trump, leader, memo)
    seat = (leader + len(trick)) % 4
    led = trick[0][1] >> 3
    win_seat, best = trick[0]
    beating = BEATERS[trump]
    for who, card in trick[1:]:
        if beating[best] >> card & 1:
            win_seat, best = who, card
    if len(trick) == 4:
        return (win_seat % 2 == 0) + _from_lead(hands, trump, win_seat, memo)
    played = 0
    for _, card in trick:
        played |= 1 << card
    return _play(hands, trump, seat, len(trick), led, win_seat, best, played, memo)


def _from_lead(hands: list[int], trump: int, leader: int, memo: Memo) -> int:
    if not hands[leader]:
        return 0
    key = (hands[0], hands[1], hands[2], hands[3], leader)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _play(hands, trump, leader, 0, -1, -1, -1, 0, memo)
    return known


def _play(
    hands: list[int],
    trump: int,
    seat: int,
    count: int,
    led: int,
    win_seat: int,
    best: int,
    played: int,
    memo: Memo,
) -> int:
    """Best play for ``seat``, the ``count``-th card of the trick (0 leads)."""
    hand = hands[seat]
    live = hands[0] | hands[1] | hands[2] | hands[3] | played
    maximise = seat % 2 == 0
    result = -1 if maximise else 99
    beating = BEATERS[trump]
    for card in _moves(hand, led, live):
        hands[seat] = hand & ~(1 << card)
        if count == 0:
            new_led, new_seat, new_best = card >> 3, seat, card
        elif beating[best] >> card & 1:
            new_led, new_seat, new_best = led, seat, card
        else:
            new_led, new_seat, new_best = led, win_seat, best
        if count == 3:
            value = (new_seat % 2 == 0) + _from_lead(hands, trump, new_seat, memo)
        else:
            value = _play(
                hands, trump, (seat + 1) % 4, count + 1, new_led, new_seat, new_best,
                played | 1 << card, memo,
            )  # fmt: skip
        if maximise:
            if value > result:
                result = value
        elif value < result:
            result = value
    hands[seat] = hand
    return result
