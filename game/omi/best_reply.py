"""The searching side's best reply to the model in one sampled deal, for the hard bot's playouts.

The hard bot's playout (``bot_inference.play_out``) plays every seat by the model of the
``normal`` bot, so its search is a one-step improvement on that bot. In the last tricks of a deal
this module lets the searching team (seat and partner) choose its cards to take as many tricks as
it can, while the opponents play the model's card from what the table has shown them (their own
hand, the cards played, the voids shown), as in the playout. The opponents are deterministic, so
this is a maximum over the searching team's choices only (not the minimax of ``endgame``, which
assumes opponents who see every card). The token award only grows with a team's tricks.

Positions at the start of a trick are kept in a memo shared by every deal of one decision: the
key is the four hands, the voids shown (the model reads them) and the leader.
"""

from __future__ import annotations

from game.omi.bot_model import FULL, follow_choice, lead_choice
from game.omi.fast import ABOVE, BEATERS, SUIT_MASK

# (hands, voids packed 4 bits a seat, leader) at the start of a trick -> the team's tricks.
ReplyMemo = dict[tuple[int, int, int, int, int, int], int]


def team_tricks(
    hands: list[int],
    played: int,
    voids: list[int],
    trump: int,
    seat: int,
    count: int,
    led: int,
    win_seat: int,
    best: int,
    team: int,
    memo: ReplyMemo,
) -> int:
    """The tricks ``team`` takes in the rest of the hand, the trick in progress included, when it
    plays its best against opponents playing the model's card. ``seat`` is to play the
    ``count``-th card (0 leads) of a trick led in ``led`` that ``win_seat`` is winning with
    ``best``; ``played`` every card gone, ``voids`` per seat the suits (bits) it has shown it
    lacks. ``hands`` and ``voids`` are left as they were."""
    if count == 0:
        return _from_lead(hands, played, voids, trump, seat, team, memo)
    return _play(hands, played, voids, trump, seat, count, led, win_seat, best, team, memo)


def _from_lead(
    hands: list[int],
    played: int,
    voids: list[int],
    trump: int,
    leader: int,
    team: int,
    memo: ReplyMemo,
) -> int:
    held = hands[leader]
    if not held:
        return 0
    if held & (held - 1) == 0:  # the last trick: every seat's one card
        win_seat, best = leader, held.bit_length() - 1
        beating = BEATERS[trump]
        for step in (1, 2, 3):
            card = hands[(leader + step) % 4].bit_length() - 1
            if beating[best] >> card & 1:
                win_seat, best = (leader + step) % 4, card
        return int(win_seat % 2 == team)
    packed = voids[0] | voids[1] << 4 | voids[2] << 8 | voids[3] << 12
    key = (hands[0], hands[1], hands[2], hands[3], packed, leader)
    known = memo.get(key)
    if known is None:
        known = memo[key] = _play(hands, played, voids, trump, leader, 0, -1, -1, -1, team, memo)
    return known


def _play(
    hands: list[int],
    played: int,
    voids: list[int],
    trump: int,
    seat: int,
    count: int,
    led: int,
    win_seat: int,
    best: int,
    team: int,
    memo: ReplyMemo,
) -> int:
    """``seat`` plays the ``count``-th card of the trick: the model's card for an opponent, the
    best of its legal cards for the team."""
    hand = hands[seat]
    old_void = voids[seat]
    if count:
        cards = hand & SUIT_MASK[led]
        if not cards:
            cards = hand
            voids[seat] = old_void | 1 << led
    else:
        cards = hand
    if cards & (cards - 1) == 0:
        pass  # one card it may play
    elif seat % 2 != team:
        if count:
            choice = follow_choice(hand, seat, played, voids, count, led, win_seat, best, trump)
        else:
            choice = lead_choice(hand, seat, played, voids, trump)
        cards = choice & -choice  # the model's card (the lowest where its rules tie)
    else:
        # Of cards that play alike (nothing live between them) one is tried: the trick goes
        # the same way and the model, which reads only what is out above a card, answers alike.
        live = FULL & ~played | (1 << best if best >= 0 else 0)
        cards = _distinct(cards, hand, live)
    # The most the team can still take: this trick and one per card after it.
    ceiling = hand.bit_count()
    result = -1
    beating = BEATERS[trump]
    while cards:
        low = cards & -cards
        cards ^= low
        card = low.bit_length() - 1
        hands[seat] = hand ^ low
        if count == 0:
            new_led, new_seat, new_best = card >> 3, seat, card
        elif beating[best] >> card & 1:
            new_led, new_seat, new_best = led, seat, card
        else:
            new_led, new_seat, new_best = led, win_seat, best
        if count == 3:
            value = (new_seat % 2 == team) + _from_lead(
                hands, played | low, voids, trump, new_seat, team, memo
            )
        else:
            value = _play(
                hands, played | low, voids, trump, (seat + 1) % 4, count + 1, new_led,
                new_seat, new_best, team, memo,
            )  # fmt: skip
        if value > result:
            result = value
            if result == ceiling:
                break  # every trick left: nothing does better
    hands[seat] = hand
    voids[seat] = old_void
    return result


def _distinct(cards: int, hand: int, live: int) -> int:
    """``cards`` less each one whose next live card up (same suit) is also in ``hand``."""
    kept = 0
    rest = cards
    while rest:
        low = rest & -rest
        rest ^= low
        above = live & ABOVE[low.bit_length() - 1]
        if not above & -above & hand:
            kept |= low
    return kept
