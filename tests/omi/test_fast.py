"""The hard bot's bitmask hands play exactly like the club-rule playout on the State, and deal
only hands the view allows."""

from __future__ import annotations

import random
from typing import cast

from game.omi import GAME
from game.omi.actions import NameTrump
from game.omi.bot_playout import finish_hand
from game.omi.cards import DECK, SUITS, sort_hand
from game.omi.fast import Hand, bits, card_bit, card_text, mask_of
from game.omi.state import OmiState


def random_play_position(seed: int) -> OmiState:
    """A one-hand match played at random to somewhere in its tricks, hands held sorted."""
    state = GAME.new_state(4, seed, {"max_hands": 1})
    rng = random.Random(seed)
    steps = rng.randrange(0, 30)
    while not (state.phase == "play" and steps <= 0) and not state.is_over():
        if state.phase == "deal":
            deadline = state.next_deadline()
            assert deadline is not None
            state.advance(deadline)
            continue
        seat = min(state.to_act())
        state.apply(rng.choice(state.legal_actions(seat)))
        steps -= 1
    state.hands = [list(sort_hand(hand)) for hand in state.hands]
    return state


def test_cards_and_bits_translate_both_ways() -> None:
    assert [card_text(card_bit(card)) for card in DECK] == list(DECK)
    assert bits(mask_of(["AS", "7S", "KH"])) == sorted(card_bit(c) for c in ["AS", "7S", "KH"])


def test_bitmask_play_out_agrees_with_the_state_playout() -> None:
    checked = 0
    for seed in range(40):
        state = random_play_position(seed)
        if state.phase != "play":
            continue
        assert state.trump is not None
        hand = Hand(state.view(state.turn))
        hands = [mask_of(cards) for cards in state.hands]
        assert hand.play_out(hands, SUITS.index(state.trump)) == finish_hand(state)
        checked += 1
    assert checked >= 30


def test_naming_trumps_is_played_out_from_the_makers_lead() -> None:
    for seed in range(12):
        state = GAME.new_state(4, seed, {"max_hands": 1})
        while state.phase != "trump":
            deadline = state.next_deadline()
            assert deadline is not None
            state.advance(deadline)
        (maker,) = state.to_act()
        view = state.view(maker)
        suit = SUITS[seed % 4]
        named = state.clone()
        named.apply(NameTrump(maker, suit))
        while named.phase != "play":
            deadline = named.next_deadline()
            assert deadline is not None
            named.advance(deadline)
        named.hands = [list(sort_hand(hand)) for hand in named.hands]
        played = Hand(view).play_out([mask_of(h) for h in named.hands], SUITS.index(suit))
        assert played == finish_hand(named)


def test_deals_respect_the_view_voids_and_hand_sizes() -> None:
    rng = random.Random(4)
    for seed in range(30):
        state = random_play_position(seed)
        if state.phase != "play":
            continue
        view = state.view(state.turn)
        hand = Hand(view)
        for _ in range(20):
            hands = hand.deal(rng, (1.0,) * 9, 1)
            assert hands[cast(int, view.seat)] == mask_of(view.hand)
            assert sum(bin(h).count("1") for h in hands) == sum(view.hand_sizes)
            for seat, cards in enumerate(hands):
                assert bin(cards).count("1") == view.hand_sizes[seat]
                assert not {card_text(c)[1] for c in bits(cards)} & set(view.voids[seat])
            union = hands[0] | hands[1] | hands[2] | hands[3]
            assert bin(union).count("1") == sum(view.hand_sizes)  # no card twice
