"""The hard bot's model of the normal bot (bitmasks) plays the normal bot's cards, its inference
weighs deals by them, and its playout keeps every seat to what it may know."""

from __future__ import annotations

import random

from game.omi import GAME
from game.omi.bot import NormalBot, choose_trump
from game.omi.bot_inference import Chain, History, play_out
from game.omi.bot_model import FULL, normal_choice, normal_trump
from game.omi.cards import DECK, SUITS
from game.omi.fast import SUIT_MASK, Hand, card_bit, mask_of
from game.omi.state import OmiState
from game.omi.view import OmiView


def public(view: OmiView) -> tuple[int, list[int], list[tuple[int, int]]]:
    """(cards played, voids as suit bits, the trick as bits) of a view."""
    played = mask_of([c for trick in view.tricks for c in trick.cards])
    played |= mask_of([c for _, c in view.trick])
    voids = [sum(1 << SUITS.index(s) for s in v) for v in view.voids]
    return played, voids, [(s, card_bit(c)) for s, c in view.trick]


def half_random_hands(seed: int) -> list[tuple[OmiState, int]]:
    """One hand, every decision by the normal bot or (half the time) at random: each position
    where a seat chooses among several cards, with the card the normal bot would play."""
    state = GAME.new_state(4, seed, {"max_hands": 1})
    rng = random.Random(seed)
    seen = []
    while not state.is_over():
        if state.phase == "deal":
            deadline = state.next_deadline()
            assert deadline is not None
            state.advance(deadline)
            continue
        seat = min(state.to_act())
        legal = state.legal_actions(seat)
        decision = NormalBot(seat, seed).decide(state.view(seat), legal)
        assert decision is not None
        if state.phase == "play" and len(legal) > 1:
            seen.append((state.clone(), card_bit(decision.action.card)))  # type: ignore[attr-defined]
        state.apply(rng.choice(legal) if rng.random() < 0.5 else decision.action)
    return seen


def test_the_model_plays_the_normal_bots_card() -> None:
    checked = ties = 0
    for seed in range(60):
        for state, card in half_random_hands(seed):
            (seat,) = state.to_act()
            view = state.view(seat)
            played, voids, trick = public(view)
            assert view.trump is not None
            choice = normal_choice(
                mask_of(view.hand), seat, played, voids, trick, SUITS.index(view.trump)
            )
            assert choice >> card & 1, (seed, view, card)
            ties += choice & (choice - 1) != 0
            checked += 1
    assert checked > 1000 and ties < checked // 10


def test_the_model_names_the_normal_bots_trumps() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        four = rng.sample(DECK, 4)
        assert SUITS[normal_trump(mask_of(four))] == choose_trump(four)


def normal_positions(count: int) -> list[OmiState]:
    """Hands played by four normal bots to somewhere in their tricks (a seat to play)."""
    positions = []
    for seed in range(count):
        state = GAME.new_state(4, seed, {"max_hands": 1})
        steps = random.Random(seed).randrange(4, 28)
        while steps > 0 or state.phase != "play":
            if state.phase == "deal":
                state.advance(state.next_deadline() or 0)
                continue
            (seat,) = state.to_act()
            decision = NormalBot(seat, seed).decide(state.view(seat), state.legal_actions(seat))
            assert decision is not None
            state.apply(decision.action)
            steps -= 1
        positions.append(state)
    return positions


def test_the_true_deal_is_likely_when_everyone_plays_the_normal_bots_cards() -> None:
    rng = random.Random(2)
    weights = []
    for state in normal_positions(20):
        (seat,) = state.to_act()
        view = state.view(seat)
        history = History(view, Hand(view))
        truth = [mask_of(hand) for hand in state.hands]
        # The maker's trump call is weighed on a random four of its cards: it may miss.
        assert max(history.likelihood(truth, rng) for _ in range(30)) == 1.0
        weights += [history.likelihood(history.hand.deal_once(rng), rng) for _ in range(100)]
    assert sum(weights) / len(weights) < 0.6  # other deals mostly are less likely


def test_inference_samples_deals_on_which_the_model_makes_the_plays_seen() -> None:
    rng = random.Random(3)
    blind = read = 0
    for state in normal_positions(20):
        (seat,) = state.to_act()
        view = state.view(seat)
        history = History(view, Hand(view))
        for _ in range(50):
            blind += history.likelihood(history.hand.deal_once(rng), rng) == 1.0
            read += history.likelihood(history.deal(rng, 20)[0], rng) == 1.0
    assert read > blind * 1.3


def test_the_model_playout_finishes_the_hand_with_every_card_played() -> None:
    for seed in range(20):
        state = GAME.new_state(4, seed, {"max_hands": 1})
        rng = random.Random(seed)
        while state.phase != "play" or len(state.tricks) < seed % 6:
            if state.phase == "deal":
                state.advance(state.next_deadline() or 0)
                continue
            (seat,) = state.to_act()
            state.apply(rng.choice(state.legal_actions(seat)))
        (seat,) = state.to_act()
        view = state.view(seat)
        hand = Hand(view)
        history = History(view, hand)
        deal = [mask_of(h) for h in state.hands]
        won, tokens = play_out(history, deal, hand.trump)
        assert sum(won) == 8 and tokens == hand.tokens(won)


def test_the_chain_keeps_voids_and_sizes_and_finds_deals_that_explain_the_plays() -> None:
    rng = random.Random(4)
    blind = read = 0
    for state in normal_positions(20):
        (seat,) = state.to_act()
        view = state.view(seat)
        hand = Hand(view)
        history = History(view, hand)
        chain = Chain(history, rng, 4)
        for _ in range(50):
            deal = chain.step(rng, 4)
            assert deal[seat] == mask_of(view.hand)
            for other in range(4):
                assert deal[other].bit_count() == view.hand_sizes[other]
                for suit in view.voids[other]:
                    assert not deal[other] & SUIT_MASK[SUITS.index(suit)]
            assert sum(deal) == FULL & ~history.played  # every unseen card once
            weight = 1.0
            for other in range(4):
                weight *= chain.seat_weight(other, deal[other])
            read += weight == 1.0
            blind += chain.history.likelihood(hand.deal_once(rng), rng) == 1.0
    assert read > blind * 1.3
