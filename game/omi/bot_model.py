"""The ``normal`` bot's play on bitmasks: a model of a club player for the hard bot's search.

``normal_choice`` answers "which card would the ``normal`` bot (game/omi/bot.py) play here?" from
what that seat knows (its own hand, the cards played, the voids shown): the same rules, on the
card bits of ``fast`` (suit * 8 + strength, 0 the seven, 7 the ace). It answers a mask, not a
card: where the rules tie (equal cards of different suits) the normal bot's pick depends on the
order it was dealt its cards, which nobody else knows. ``normal_trump`` is its trump call.

The hard bot uses the model twice: to weigh sampled deals by how likely they make every card the
other seats actually played (inference), and as the playout policy in which every seat plays from
its own information (no seat sees the others' cards, as at the table). Both call it hundreds of
thousands of times a move, so it is written for speed: ``lead_choice`` and ``follow_choice`` take
the trick's winner from the caller (a playout keeps it as the trick grows), and "may an opponent
still to play beat this card" (``Reading.may_beat`` of the normal bot) is reduced, once per call,
to two flags and a test of the cards still out above it, instead of a loop over the opponents
per card (tests/omi/test_model_exact.py checks it against the readable version it replaced).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.omi.fast import ABOVE, BEATERS, OPPONENTS_AFTER, SUIT_MASK, trick_winner

FULL = (1 << 32) - 1
JACK = 4  # the strength bits of a jack: "an honour" is a jack or better


def normal_choice(
    hand: int,
    seat: int,
    played: int,
    voids: Sequence[int],
    trick: Sequence[tuple[int, int]],
    trump: int,
) -> int:
    """The cards (a mask) the normal bot holding ``hand`` at ``seat`` may play: ``played`` every
    card gone this hand (the trick in progress included), ``voids`` per seat the suits (bits) it
    has shown it lacks, ``trick`` the (seat, card) played to this trick so far."""
    if not trick:
        return lead_choice(hand, seat, played, voids, trump)
    win_seat, best = trick_winner(trick, trump)
    return follow_choice(
        hand, seat, played, voids, len(trick), trick[0][1] >> 3, win_seat, best, trump
    )


def follow_choice(
    hand: int,
    seat: int,
    played: int,
    voids: Sequence[int],
    count: int,
    led: int,
    win_seat: int,
    best: int,
    trump: int,
) -> int:
    """``normal_choice`` for the ``count``-th card after the lead (1 to 3) of a trick led in
    ``led`` that ``win_seat`` is winning with ``best``."""
    cards = hand & SUIT_MASK[led]
    following = cards != 0
    if not following:
        cards = hand
    if cards & (cards - 1) == 0:
        return cards
    out = FULL & ~played & ~hand
    led_out = out & SUIT_MASK[led]
    # What the opponents still to play may do (``Reading.may_beat``): follow the led suit
    # (``follows``), ruff it (``ruff``: beats any card of the led suit), or play a trump over a
    # trump (``over``: led trumps, or out of the led suit). A seat may hold a suit when some of
    # it is still out and it has not shown it lacks it.
    follows = ruff = over = False
    if count < 3:
        trump_out = out & SUIT_MASK[trump] if trump >= 0 else 0
        for other in OPPONENTS_AFTER[seat][count]:
            void = voids[other]
            if led_out and not void >> led & 1:
                follows = True
                if led == trump:
                    over = True
            elif trump_out and not void >> trump & 1:
                over = True
                ruff = True
    partner_wins = (win_seat - seat) % 2 == 0
    if partner_wins and count < 3:
        # The partner's card is safe unless an opponent may beat it.
        if best >> 3 == trump:
            partner_wins = not (over and out & ABOVE[best])
        else:
            partner_wins = not (ruff or follows and out & ABOVE[best])
    if following:
        # Holding the suit led (two or more cards of it).
        lowest = cards & -cards
        if partner_wins:
            return lowest  # never overtake the partner's sure winner
        beaters = cards & BEATERS[trump][best]
        if not beaters:
            return lowest
        if count == 3:
            return beaters & -beaters  # the cheapest card that takes the trick
        # The cheapest beater no opponent may beat: one above every card of the suit still out.
        if led == trump:
            sure = _unbeaten(beaters, led_out, over)
        else:
            sure = 0 if ruff else _unbeaten(beaters, led_out, follows)
        if count == 1:
            # Second hand low, unless an honour can be covered by a sure winner.
            return sure if best & 7 >= JACK and sure else lowest
        # Third hand high: the cheapest sure winner, else the highest card.
        return sure or 1 << (cards.bit_length() - 1)
    ruffs = cards & SUIT_MASK[trump] & BEATERS[trump][best] if trump >= 0 else 0
    if ruffs and not partner_wins:
        return _unbeaten(ruffs, out & SUIT_MASK[trump], over) or ruffs & -ruffs
    return _discard(out, trump, cards)


def _unbeaten(cards: int, out_in_suit: int, threat: bool) -> int:
    """The lowest of ``cards`` (one suit) that no card of ``out_in_suit`` beats, when an
    opponent may hold that suit (``threat``); 0 when there is none."""
    if threat:
        cards &= ~((1 << out_in_suit.bit_length()) - 1)
    return cards & -cards


_SUITS = tuple(enumerate(SUIT_MASK))


def lead_choice(hand: int, seat: int, played: int, voids: Sequence[int], trump: int) -> int:
    """``normal_choice`` for the lead."""
    if hand & (hand - 1) == 0:
        return hand
    out = FULL & ~played & ~hand
    present = (
        (out & 0xFF != 0)
        | (out & 0xFF00 != 0) << 1
        | (out & 0xFF0000 != 0) << 2
        | (out & 0xFF000000 != 0) << 3
    )  # the suits of which some card is still out
    # The opponents both play after the leader.
    first = present & ~voids[seat + 1 & 3]
    second = present & ~voids[seat + 3 & 3]
    either = first | second
    if trump >= 0:
        trump_mask = SUIT_MASK[trump]
        trumps = hand & trump_mask
        # Draw trumps with a top trump while the opponents may still hold some.
        if trumps and out & trump_mask:
            top = trumps.bit_length() - 1
            if not out & ABOVE[top] and either >> trump & 1:
                return 1 << top
        sides = hand & ~trump_mask
        if not sides:
            return hand & -hand
        # The suits an opponent may ruff: it may hold trumps and may lack the suit.
        ruffable = (~first & 15 if first >> trump & 1 else 0) | (
            ~second & 15 if second >> trump & 1 else 0
        )
    else:
        sides, ruffable = hand, 0
    # Cash a top side card that no opponent can beat or ruff (only a suit's top card can be
    # the strongest such card). On the way: the longest side suit (ties: S > H > D > C, as
    # bot.py's max), for the last rule.
    winners, strongest = 0, -1
    longest, length = 0, 0
    for suit, mask in _SUITS:
        in_suit = sides & mask
        if in_suit:
            top = in_suit.bit_length() - 1
            if not (ruffable >> suit & 1 or out & ABOVE[top] and either >> suit & 1):
                if top & 7 > strongest:
                    winners, strongest = 1 << top, top & 7
                elif top & 7 == strongest:
                    winners |= 1 << top
            count = in_suit.bit_count()
            if count > length:  # S first: an equal count later never displaces it
                longest, length = in_suit, count
    if winners:
        return winners
    # Lead low into a suit the partner is out of (and may ruff) and no opponent may ruff.
    if trump >= 0:
        partner = present & ~voids[seat + 2 & 3]
        if partner >> trump & 1:
            into, weakest = 0, 99
            for suit, mask in _SUITS:
                in_suit = sides & mask
                if in_suit and not (partner | ruffable) >> suit & 1:
                    low = in_suit & -in_suit
                    strength = (low.bit_length() - 1) & 7
                    if strength < weakest:
                        into, weakest = low, strength
                    elif strength == weakest:
                        into |= low
            if into:
                return into
    # Low from the longest side suit.
    return longest & -longest


def _discard(out: int, trump: int, cards: int) -> int:
    """The lowest card of the shortest side suit, keeping top cards and trumps when possible."""
    sides = cards & ~SUIT_MASK[trump] if trump >= 0 else cards
    sides = sides or cards
    # Spare cards: below the best card of their suit still out (the suit's top cards are kept).
    spare = 0
    for mask in SUIT_MASK:
        in_suit = sides & mask
        if in_suit:
            spare |= in_suit & ((1 << (out & mask).bit_length()) - 1)
    spare = spare or sides
    # The shortest suit, then the weakest card: (length, strength) as one number.
    best_key = 99
    choice = 0
    for mask in SUIT_MASK:
        in_suit = spare & mask
        if in_suit:
            low = in_suit & -in_suit
            key = (cards & mask).bit_count() * 8 + ((low.bit_length() - 1) & 7)
            if key < best_key:
                best_key, choice = key, low
            elif key == best_key:
                choice |= low
    return choice


def _suit_key(cards: int) -> int:
    """How strongly the normal bot wants a suit of which it holds ``cards`` (one suit's 8 bits):
    the count, then the sum of the strengths (1 the seven to 8 the ace), then the best card."""
    strengths = [bit + 1 for bit in range(8) if cards >> bit & 1]
    return len(strengths) * 10_000 + sum(strengths) * 100 + max(strengths, default=0)


_SUIT_KEY = tuple(_suit_key(cards) for cards in range(256))


def normal_trump(first_four: int) -> int:
    """The suit the normal bot names from ``first_four`` (a mask): the longest, ties by the sum
    of the card strengths, then by the best card, then the first in S H D C order."""
    best_suit, best_key = 0, _SUIT_KEY[first_four & 0xFF]
    for suit in (1, 2, 3):
        key = _SUIT_KEY[first_four >> 8 * suit & 0xFF]
        if key > best_key:
            best_suit, best_key = suit, key
    return best_suit
