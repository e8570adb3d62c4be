"""The playout policy of Omi's ``hard`` bot: club-player rules played on a sampled deal.

A playout runs on one determinized deal, where every hand is known, so the rules of thumb of the
``normal`` bot can be applied cheaply and exactly: a card is "safe" when no opponent still to play
holds anything that beats it. Every seat plays by the same policy, so no side gains from it.

``finish_hand`` plays the rest of a hand on plain lists (no events, no checks): about ten times
faster than stepping the State, which is what lets the search look at enough deals per move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.core.actions import Action
from game.core.game import State
from game.omi.actions import PlayCard
from game.omi.cards import STRENGTH, trick_winner
from game.omi.scoring import hand_award
from game.omi.state import OmiState

Hands = Sequence[Sequence[str]]


def _rank(card: str, trump: str | None) -> int:
    """Cheapness for discards: side cards by strength, any trump above every side card."""
    return STRENGTH[card] + (16 if card[1] == trump else 0)


def _beats(card: str, best: str, trump: str | None) -> bool:
    if card[1] == best[1]:
        return STRENGTH[card] > STRENGTH[best]
    return card[1] == trump


def _safe(
    hands: Hands, trump: str | None, card: str, led: str, after: Sequence[int], seat: int
) -> bool:
    """No opponent of ``seat`` among ``after`` can beat ``card`` in a trick led in ``led``."""
    for other in after:
        if (other - seat) % 2 == 0:
            continue
        hand = hands[other]
        follows = any(c[1] == led for c in hand)
        for c in hand:
            if follows and c[1] != led:
                continue
            if _beats(c, card, trump):
                return False
    return True


def club_card(
    hands: Hands, trump: str | None, trick: Sequence[tuple[int, str]], seat: int, cards: list[str]
) -> str:
    """Second hand low, third hand high, fourth hand cheap; never beat a safe partner; ruff
    when the opponents win; lead safe winners, else low from the longest side suit."""
    if len(cards) == 1:
        return cards[0]
    after = [(seat + i) % 4 for i in range(1, 4 - len(trick))]
    if not trick:
        return _lead(hands, trump, seat, cards, after)
    played = [c for _, c in trick]
    index = trick_winner(played, trump)
    best = played[index]
    led = played[0][1]
    partner_wins = (trick[index][0] - seat) % 2 == 0
    if partner_wins and _safe(hands, trump, best, led, after, seat):
        return min(cards, key=lambda c: _rank(c, trump))
    beaters = sorted((c for c in cards if _beats(c, best, trump)), key=lambda c: _rank(c, trump))
    if not beaters:
        return min(cards, key=lambda c: _rank(c, trump))
    for c in beaters:
        if _safe(hands, trump, c, led, after, seat):
            return c  # the cheapest card that surely takes the trick
    if len(trick) == 1 and beaters[0][1] == led:
        return min(cards, key=lambda c: _rank(c, trump))  # second hand low
    return beaters[-1] if beaters[0][1] == led else beaters[0]


def _lead(hands: Hands, trump: str | None, seat: int, cards: list[str], after: list[int]) -> str:
    tops: dict[str, str] = {}  # the best card of each suit: if any card is safe, it is
    for c in cards:
        top = tops.get(c[1])
        if top is None or STRENGTH[c] > STRENGTH[top]:
            tops[c[1]] = c
    winners = [c for c in tops.values() if _safe(hands, trump, c, c[1], after, seat)]
    if winners:
        # Cash side winners first; a safe trump draws the opponents' trumps.
        return min(winners, key=lambda c: (c[1] == trump, -STRENGTH[c]))
    sides = [c for c in cards if c[1] != trump]
    if not sides:
        return min(cards, key=lambda c: STRENGTH[c])
    counts: dict[str, int] = {}
    for c in sides:
        counts[c[1]] = counts.get(c[1], 0) + 1
    suit = max(counts, key=lambda s: counts[s])
    return min((c for c in sides if c[1] == suit), key=lambda c: STRENGTH[c])


def club_playout(
    state: State, seat: int, moves: Sequence[Action], rng: random.Random, can_wait: bool
) -> Action | None:
    """The search's step-by-step playout policy (a rollout hook): ``club_card`` on the state."""
    if len(moves) == 1:
        return moves[0]
    if not isinstance(moves[0], PlayCard):
        return moves[rng.randrange(len(moves))]
    assert isinstance(state, OmiState)
    cards = [m.card for m in moves if isinstance(m, PlayCard)]
    return PlayCard(seat, club_card(state.hands, state.trump, state.trick, seat, cards))


def finish_hand(state: OmiState) -> tuple[list[int], list[int]] | None:
    """Play the rest of the hand by ``club_card`` on copies; (tricks per team, tokens per team).

    None when the hand is not in its trick play (trumps not named, a kapothi question pending).
    A kapothi challenge that would be offered during the rest of the hand is not modelled.
    """
    if state.phase != "play":
        return None
    trump = state.trump
    hands = [list(h) for h in state.hands]
    trick = list(state.trick)
    won = list(state.tricks_won)
    leader = state.leader
    while hands[leader] or trick:
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        if trick:
            led = trick[0][1][1]
            cards = [c for c in hand if c[1] == led] or hand
        else:
            cards = hand
        card = club_card(hands, trump, trick, seat, cards)
        hand.remove(card)
        trick.append((seat, card))
        if len(trick) == 4:
            leader = trick[trick_winner([c for _, c in trick], trump)][0]
            won[leader % 2] += 1
            trick = []
    return won, hand_tokens(state, won)


def hand_tokens(state: OmiState, won: list[int]) -> list[int]:
    """Tokens each team takes for a hand that ended ``won`` (the scoring table, carry included)."""
    kapothi = state.kapothi_team if state.kapothi_accepted else None
    return hand_award(state.trump_maker % 2, won, kapothi, state.carry)
