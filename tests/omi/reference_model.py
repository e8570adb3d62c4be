"""The ``normal`` bot's model on bitmasks as it was written before it was made fast (session 26):
the readable reference that tests/omi/test_model_exact.py holds the fast ``bot_model`` to."""

from __future__ import annotations

from collections.abc import Sequence

from game.omi.fast import ABOVE, BEATERS, OPPONENTS_AFTER, SUIT_MASK, trick_winner

FULL = (1 << 32) - 1
JACK = 4  # the strength bits of a jack: "an honour" is a jack or better


def _beaten(
    out: int, hold: Sequence[int], trump: int, card: int, led: int, opponents: Sequence[int]
) -> bool:
    """Whether one of ``opponents``, playing after to a trick led in ``led``, may beat ``card``
    (``Reading.may_beat``): ``out`` the cards it may hold, ``hold`` per seat the suits (bits)."""
    higher = out & ABOVE[card]
    suit = card >> 3
    for seat in opponents:
        may = hold[seat]
        if suit == trump:
            # A ruff is beaten only by a higher trump from a seat that is out of the led suit.
            if higher and may >> suit & 1 and (led == suit or not may >> led & 1):
                return True
        elif higher and may >> suit & 1:
            return True
        elif trump >= 0 and led != trump and not may >> led & 1 and may >> trump & 1:
            return True
    return False


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
    if trick:
        led = trick[0][1] >> 3
        cards = hand & SUIT_MASK[led] or hand
    else:
        cards = hand
    if cards & (cards - 1) == 0:
        return cards
    out = FULL & ~played & ~hand
    present = (
        (out & 0xFF != 0)
        | (out & 0xFF00 != 0) << 1
        | (out & 0xFF0000 != 0) << 2
        | (out & 0xFF000000 != 0) << 3
    )
    hold = [present & ~v for v in voids]  # per seat: the suits it may still hold
    if not trick:
        return _lead(out, hold, trump, cards, seat)
    win_seat, best = trick_winner(trick, trump)
    position = len(trick) + 1
    opponents = OPPONENTS_AFTER[seat][len(trick)]
    partner_safe = (win_seat - seat) % 2 == 0 and (
        position == 4 or not _beaten(out, hold, trump, best, led, opponents)
    )
    if cards & SUIT_MASK[led]:
        # Holding the suit led (two or more cards of it).
        lowest = cards & -cards
        if partner_safe:
            return lowest  # never overtake the partner's sure winner
        beaters = cards & BEATERS[trump][best]
        if not beaters:
            return lowest
        if position == 4:
            return beaters & -beaters  # the cheapest card that takes the trick
        sure = 0
        rest = beaters
        while rest:
            low = rest & -rest
            if not _beaten(out, hold, trump, low.bit_length() - 1, led, opponents):
                sure = low
                break
            rest ^= low
        if position == 2:
            # Second hand low, unless an honour can be covered by a sure winner.
            return sure if best & 7 >= JACK and sure else lowest
        # Third hand high: the cheapest sure winner, else the highest card.
        return sure or 1 << (cards.bit_length() - 1)
    ruffs = cards & SUIT_MASK[trump] & BEATERS[trump][best] if trump >= 0 else 0
    if ruffs and not partner_safe:
        rest = ruffs
        while rest:
            low = rest & -rest
            if not _beaten(out, hold, trump, low.bit_length() - 1, led, opponents):
                return low
            rest ^= low
        return ruffs & -ruffs
    return _discard(out, trump, cards)


def _lead(out: int, hold: Sequence[int], trump: int, cards: int, seat: int) -> int:
    opponents = OPPONENTS_AFTER[seat][0]  # leading: both opponents play after
    trump_mask = SUIT_MASK[trump] if trump >= 0 else 0
    trumps = cards & trump_mask
    # Draw trumps with a top trump while the opponents may still hold some.
    if trumps and out & trump_mask:
        top = trumps.bit_length() - 1
        if not out & ABOVE[top] and (hold[opponents[0]] | hold[opponents[1]]) >> trump & 1:
            return 1 << top
    sides = cards & ~trump_mask
    # Cash a top side card that no opponent can beat or ruff (only a suit's top card can be
    # the strongest such card).
    winners, strongest = 0, -1
    for suit in range(4):
        in_suit = sides & SUIT_MASK[suit]
        if in_suit:
            top = in_suit.bit_length() - 1
            if not _beaten(out, hold, trump, top, suit, opponents):
                if top & 7 > strongest:
                    winners, strongest = 1 << top, top & 7
                elif top & 7 == strongest:
                    winners |= 1 << top
    if winners:
        return winners
    # Lead low into a suit the partner is out of (and may ruff) and no opponent may ruff.
    if trump >= 0 and hold[(seat + 2) % 4] >> trump & 1:
        partner = hold[(seat + 2) % 4]
        ruffing = [hold[o] for o in opponents if hold[o] >> trump & 1]
        into, weakest = 0, 99
        for suit in range(4):
            in_suit = sides & SUIT_MASK[suit]
            if not in_suit or partner >> suit & 1 or any(not h >> suit & 1 for h in ruffing):
                continue
            low = in_suit & -in_suit
            strength = (low.bit_length() - 1) & 7
            if strength < weakest:
                into, weakest = low, strength
            elif strength == weakest:
                into |= low
        if into:
            return into
    if sides:
        # Low from the longest side suit (ties: the suit letter S > H > D > C, as bot.py's max).
        longest, length = 0, -1
        for suit in range(4):
            in_suit = sides & SUIT_MASK[suit]
            count = in_suit.bit_count()
            if count > length:  # S first: an equal count later never displaces it
                longest, length = in_suit, count
        return longest & -longest
    return cards & -cards


def _discard(out: int, trump: int, cards: int) -> int:
    """The lowest card of the shortest side suit, keeping top cards and trumps when possible."""
    sides = cards & ~SUIT_MASK[trump] if trump >= 0 else cards
    sides = sides or cards
    spare = 0
    for suit in range(4):
        in_suit = sides & SUIT_MASK[suit]
        while in_suit:
            low = in_suit & -in_suit
            if out & ABOVE[low.bit_length() - 1]:
                spare |= low
            in_suit ^= low
    spare = spare or sides
    best_key = (99, 99)
    choice = 0
    for suit in range(4):
        in_suit = spare & SUIT_MASK[suit]
        if not in_suit:
            continue
        low = in_suit & -in_suit
        key = ((cards & SUIT_MASK[suit]).bit_count(), (low.bit_length() - 1) & 7)
        if key < best_key:
            best_key, choice = key, low
        elif key == best_key:
            choice |= low
    return choice


def normal_trump(first_four: int) -> int:
    """The suit the normal bot names from ``first_four`` (a mask): the longest, ties by the sum
    of the card strengths, then by the best card, then the first in S H D C order."""
    best_suit, best_key = 0, (-1, -1, -1)
    for suit in range(4):
        in_suit = first_four & SUIT_MASK[suit]
        count = in_suit.bit_count()
        total, top = 0, 0
        while in_suit:
            low = in_suit & -in_suit
            strength = (low.bit_length() - 1) % 8 + 1
            total += strength
            top = strength
            in_suit ^= low
        key = (count, total, top)
        if key > best_key:
            best_suit, best_key = suit, key
    return best_suit
