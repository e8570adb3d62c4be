"""The exact play of the last tricks: the same result as trying every legal card for every seat,
and the hard bot's use of it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.omi import GAME, hard
from game.omi.endgame import team0_tricks
from game.omi.fast import BEATERS, SUIT_MASK, bits, mask_of
from tests.omi.positions import play
from tests.omi.test_bots import HANDS, deal, normal_card


def every_line(hands: list[int], trump: int, leader: int, trick: list[tuple[int, int]]) -> int:
    """Team 0's tricks under best play, by trying every legal card of every seat (no shortcuts)."""
    if len(trick) == 4:
        win_seat, best = trick[0]
        for seat, card in trick[1:]:
            if BEATERS[trump][best] >> card & 1:
                win_seat, best = seat, card
        return (win_seat % 2 == 0) + every_line(hands, trump, win_seat, [])
    seat = (leader + len(trick)) % 4
    hand = hands[seat]
    if not hand:
        return 0
    led = hand & SUIT_MASK[trick[0][1] >> 3] if trick else 0
    results = []
    for card in bits(led or hand):
        rest = [h & ~(1 << card) if s == seat else h for s, h in enumerate(hands)]
        results.append(every_line(rest, trump, leader, [*trick, (seat, card)]))
    return max(results) if seat % 2 == 0 else min(results)


def test_best_play_matches_trying_every_card_on_random_endings() -> None:
    rng = random.Random(30)
    for size, cases in ((1, 40), (2, 60), (3, 40)):
        for _ in range(cases):
            cards = rng.sample(range(32), 4 * size)
            hands = [sum(1 << c for c in cards[s * size : (s + 1) * size]) for s in range(4)]
            trump, leader = rng.randrange(4), rng.randrange(4)
            expected = every_line(hands, trump, leader, [])
            assert team0_tricks(hands, trump, leader, [], {}) == expected


def test_a_trick_in_progress_is_finished_first() -> None:
    # Spades trumps. Seat 1 led the KH, seat 2 ruffed with the 7S; seat 3 to play, then seat 0.
    hands = [mask_of(["AH", "8D"]), mask_of(["9D"]), mask_of(["AD"]), mask_of(["8S", "TD"])]
    trick = [(1, mask_of(["KH"]).bit_length() - 1), (2, mask_of(["7S"]).bit_length() - 1)]
    # Seat 3 overruffs with the 8S rather than throw the TD (which would let the 7S win and the AD
    # take the last trick too): team 0 takes only the last trick.
    assert team0_tricks(hands, 0, 1, trick, {}) == 1


def test_the_hard_bot_plays_the_last_tricks_exactly_when_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = deal(HANDS)
    while len(state.hands[state.turn]) > 3:  # the normal bot plays five tricks
        play(state, normal_card(state))
    solved: list[int] = []

    def counted(*args: Any) -> int:
        solved.append(1)
        return team0_tricks(*args)

    monkeypatch.setattr(hard, "team0_tricks", counted)
    seat = state.turn
    choices = set()
    for _ in range(2):
        bot = GAME.make_bot("hard", seat, 5, iterations=30, exact=3)
        decision = bot.decide(state.view(seat), state.legal_actions(seat))
        assert decision is not None and decision.action in state.legal_actions(seat)
        choices.add(decision.action)
    assert solved and len(choices) == 1
