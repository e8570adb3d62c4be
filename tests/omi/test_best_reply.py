"""The searching team's best reply to the model: the same result as trying every legal card for
each of its seats while the opponents play the model's card, and the hard bot's use of it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.omi import GAME, bot_inference
from game.omi.best_reply import team_tricks
from game.omi.bot_model import follow_choice, lead_choice
from game.omi.fast import BEATERS, SUIT_MASK, bits, mask_of
from tests.omi.positions import play
from tests.omi.test_bots import HANDS, deal, normal_card


def every_line(
    hands: list[int], played: int, voids: list[int], trump: int, leader: int,
    trick: list[tuple[int, int]], team: int,
) -> int:  # fmt: skip
    """The team's tricks from here: every legal card of each of its seats tried, the opponents
    playing the model's card (the lowest where it ties), with no shortcuts."""
    if len(trick) == 4:
        win_seat, best = trick[0]
        for seat, card in trick[1:]:
            if BEATERS[trump][best] >> card & 1:
                win_seat, best = seat, card
        rest = every_line(hands, played, voids, trump, win_seat, [], team)
        return (win_seat % 2 == team) + rest
    seat = (leader + len(trick)) % 4
    hand = hands[seat]
    if not hand:
        return 0
    voids = voids[:]
    if trick:
        led = trick[0][1] >> 3
        legal = hand & SUIT_MASK[led] or hand
        if not hand & SUIT_MASK[led]:
            voids[seat] |= 1 << led
    else:
        legal = hand
    if seat % 2 != team:
        if trick:
            win_seat, best = trick[0]
            for who, card in trick[1:]:
                if BEATERS[trump][best] >> card & 1:
                    win_seat, best = who, card
            choice = follow_choice(
                hand, seat, played, voids, len(trick), led, win_seat, best, trump
            )
        else:
            choice = lead_choice(hand, seat, played, voids, trump)
        legal = choice & -choice
    results = []
    for card in bits(legal):
        left = [h & ~(1 << card) if s == seat else h for s, h in enumerate(hands)]
        after = [*trick, (seat, card)]
        results.append(every_line(left, played | 1 << card, voids, trump, leader, after, team))
    return max(results)


def test_best_reply_matches_trying_every_card_on_random_endings() -> None:
    rng = random.Random(30)
    for size, cases in ((1, 30), (2, 60), (3, 60), (4, 20)):
        for _ in range(cases):
            trump, leader, team = rng.randrange(4), rng.randrange(4), rng.randrange(2)
            # Sometimes a trick in progress: up to three seats have played a card each.
            in_trick = [(leader + step) % 4 for step in range(rng.randrange(4))]
            deck = rng.sample(range(32), 4 * size)
            trick = [(seat, deck.pop()) for seat in in_trick]
            hands = [0, 0, 0, 0]
            for seat in range(4):
                for _ in range(size - (seat in in_trick)):
                    hands[seat] |= 1 << deck.pop()
            played = ((1 << 32) - 1) & ~(hands[0] | hands[1] | hands[2] | hands[3])
            voids = [rng.randrange(16) if rng.random() < 0.3 else 0 for _ in range(4)]
            fresh = played & ~sum(1 << c for _, c in trick)  # gone before the trick
            expected = every_line(hands, fresh, voids, trump, leader, trick, team)
            seat = (leader + len(trick)) % 4
            led = win_seat = best = -1
            if trick:
                led = trick[0][1] >> 3
                win_seat, best = trick[0]
                for who, card in trick[1:]:
                    if BEATERS[trump][best] >> card & 1:
                        win_seat, best = who, card
            before = (hands[:], voids[:])
            got = team_tricks(
                hands, played, voids, trump, seat, len(trick), led, win_seat, best, team, {}
            )
            assert got == expected
            assert (hands, voids) == before


def test_the_team_cashes_its_ace_then_leads_to_the_partner_s_king() -> None:
    # Hearts trumps, seat 0 leads, two tricks left; team 0 (seats 0 and 2) against the model.
    # Seat 0 holds the AS and 7D; seat 2 the KD and 8C; seat 1 the 9D and QS; seat 3 the TD, 9C.
    hands = [mask_of(h) for h in (["AS", "7D"], ["9D", "QS"], ["KD", "8C"], ["TD", "9C"])]
    played = ((1 << 32) - 1) & ~(hands[0] | hands[1] | hands[2] | hands[3])
    # Cashing the AS first and then 7D to the partner's KD takes both tricks.
    assert team_tricks(hands, played, [0] * 4, 1, 0, 0, -1, -1, -1, 0, {}) == 2


def test_the_hard_bot_plays_the_last_tricks_as_a_best_reply_when_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = deal(HANDS)
    while len(state.hands[state.turn]) > 4:  # the normal bot plays four tricks
        play(state, normal_card(state))
    solved: list[int] = []

    def counted(*args: Any) -> int:
        solved.append(1)
        return team_tricks(*args)

    monkeypatch.setattr(bot_inference, "team_tricks", counted)
    seat = state.turn
    bot = GAME.make_bot("hard", seat, 5, iterations=20, reply=3)
    decision = bot.decide(state.view(seat), state.legal_actions(seat))
    assert decision is not None and decision.action in state.legal_actions(seat)
    assert solved  # four cards in hand: the playouts' last three tricks are searched
    solved.clear()
    GAME.make_bot("hard", seat, 5, iterations=20, reply=0).decide(
        state.view(seat), state.legal_actions(seat)
    )
    assert not solved


def test_the_table_s_hard_bot_plays_its_playouts_by_the_model_to_the_end() -> None:
    # reply=3 did no better on the tuning deals at 1.7 times the CPU (bench/RESULTS.md, session 30).
    bot = GAME.make_bot("hard", 0, 1)
    assert bot.reply == 0  # type: ignore[attr-defined]
