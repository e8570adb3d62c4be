"""Omi's ``normal`` bot: a decent club player, by rules of thumb, from its own view only.

- Trumps: the longest suit of the first four cards, ties broken by the strength of the cards.
- Leading: draw trumps with a top trump when the trump-makers' side is long in them; cash a top
  card of a side suit nobody can ruff; lead low into a suit the partner can ruff; else lead low
  from the longest side suit.
- Following: second hand low (unless it can cover an honour with a sure winner); third hand high;
  fourth hand wins as cheaply as it can; never overtakes the partner's sure winner.
- Void in the suit led: trump in (as low as wins) when the opponents are winning, or when the
  partner's card may still be beaten; otherwise discard the lowest card of a short side suit,
  keeping top cards.
- Memory: every card played this hand and every void shown (the view keeps the tricks).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.views import View
from game.omi.actions import AnswerKapothi, NameTrump, PlayCard, ProposeKapothi
from game.omi.bot_reading import Reading, highest, lowest, team_of
from game.omi.cards import STRENGTH, SUITS
from game.omi.view import OmiView

HONOUR = STRENGTH["JS"]  # a jack or better


def choose_trump(first_four: Sequence[str]) -> str:
    """The longest suit; ties by the sum of the card strengths, then by the best card."""

    def merit(suit: str) -> tuple[int, int, int]:
        cards = [STRENGTH[c] for c in first_four if c[1] == suit]
        return len(cards), sum(cards), max(cards, default=0)

    return max(SUITS, key=merit)


class NormalBot(Bot):
    level = "normal"

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        assert isinstance(view, OmiView)
        first = legal[0]
        if isinstance(first, NameTrump):
            suit = choose_trump(view.hand)
            return Decision(next(a for a in legal if isinstance(a, NameTrump) and a.suit == suit))
        if isinstance(first, ProposeKapothi):
            return Decision(ProposeKapothi(first.seat, self._sweep_is_sure(Reading(view))))
        if isinstance(first, AnswerKapothi):
            return Decision(AnswerKapothi(first.seat, self._accept_challenge(Reading(view))))
        cards = [a.card for a in legal if isinstance(a, PlayCard)]
        card = choose_card(Reading(view), cards)
        return Decision(PlayCard(first.seat, card))

    # --- the kapothi challenge (option): only with a hand of sure winners -------------------
    def _sweep_is_sure(self, reading: Reading) -> bool:
        return all(reading.is_boss(c) for c in reading.hand) and (
            reading.trump is None
            or all(c[1] == reading.trump for c in reading.hand)
            or not reading.out_of(reading.trump)
        )

    def _accept_challenge(self, reading: Reading) -> bool:
        # Accept when this hand holds a trump that is the best left, or two trumps.
        trumps = reading.suit_cards(reading.trump) if reading.trump else []
        return len(trumps) >= 2 or any(reading.is_boss(c) for c in trumps)


def choose_card(reading: Reading, cards: list[str]) -> str:
    """The club player's card from ``cards`` (the legal ones)."""
    if len(cards) == 1:
        return cards[0]
    if not reading.trick:
        return _lead(reading, cards)
    assert reading.led is not None
    if any(c[1] == reading.led for c in cards):
        return _follow(reading, cards)
    return _void(reading, cards)


def _lead(reading: Reading, cards: list[str]) -> str:
    trump = reading.trump
    trumps = reading.suit_cards(trump, cards) if trump else []
    opponents = [s for s in range(4) if team_of(s) != team_of(reading.seat)]
    trumps_out = bool(trump and reading.out_of(trump))
    # Draw trumps with a top trump while the opponents may still hold some.
    if trump and trumps and trumps_out:
        top = highest(trumps)
        if reading.is_boss(top) and any(reading.may_hold(s, trump) for s in opponents):
            return top
    # Cash a top side card that no opponent can beat or ruff.
    sides = [c for c in cards if c[1] != trump]
    winners = [c for c in sides if reading.sure(c, c[1], opponents)]
    if winners:
        return highest(winners)
    # Lead low into a suit the partner is out of (and may ruff).
    partner = reading.partner
    for c in sorted(sides, key=lambda c: STRENGTH[c]):
        if reading.may_ruff(partner, c[1]) and not any(
            reading.may_ruff(s, c[1]) for s in opponents
        ):
            return c
    if sides:
        # Low from the longest side suit, keeping its top card.
        suit = max({c[1] for c in sides}, key=lambda s: (len(reading.suit_cards(s, sides)), s))
        return lowest(reading.suit_cards(suit, sides))
    return lowest(cards)


def _follow(reading: Reading, cards: list[str]) -> str:
    """Holding the suit led: ``cards`` are all of that suit."""
    win = reading.winning()
    assert win is not None
    winner_seat, winner_card = win
    beaters = sorted((c for c in cards if reading.beats(c, winner_card)), key=lambda c: STRENGTH[c])
    position = len(reading.trick) + 1
    partner_winning = team_of(winner_seat) == team_of(reading.seat)
    if partner_winning and (position == 4 or reading.sure(winner_card)):
        return lowest(cards)  # never overtake the partner's sure winner
    if not beaters:
        return lowest(cards)
    sure_beaters = [c for c in beaters if reading.sure(c)]
    if position == 2:
        # Second hand low, unless an honour can be covered by a sure winner.
        if STRENGTH[winner_card] >= HONOUR and sure_beaters:
            return sure_beaters[0]
        return lowest(cards)
    if position == 4:
        return beaters[0]  # the cheapest card that takes the trick
    # Third hand high: the cheapest sure winner, else the highest card.
    if sure_beaters:
        return sure_beaters[0]
    return highest(cards)


def _void(reading: Reading, cards: list[str]) -> str:
    """Out of the suit led: ruff or discard."""
    win = reading.winning()
    assert win is not None
    winner_seat, winner_card = win
    trump = reading.trump
    partner_winning = team_of(winner_seat) == team_of(reading.seat)
    position = len(reading.trick) + 1
    partner_safe = partner_winning and (position == 4 or reading.sure(winner_card))
    ruffs = sorted(
        (c for c in cards if trump and c[1] == trump and reading.beats(c, winner_card)),
        key=lambda c: STRENGTH[c],
    )
    if ruffs and not partner_safe:
        sure_ruffs = [c for c in ruffs if reading.sure(c)]
        return sure_ruffs[0] if sure_ruffs else ruffs[0]
    return _discard(reading, cards)


def _discard(reading: Reading, cards: list[str]) -> str:
    """The lowest card of the shortest side suit, keeping top cards and trumps when possible."""
    trump = reading.trump
    sides = [c for c in cards if c[1] != trump] or list(cards)
    spare = [c for c in sides if not reading.is_boss(c)] or sides

    def shortness(card: str) -> tuple[int, int]:
        return len(reading.suit_cards(card[1])), STRENGTH[card]

    return min(spare, key=shortness)
