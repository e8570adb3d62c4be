"""No Omi view or redacted event shows a seat a card it could not see at a real table."""

from __future__ import annotations

import json
import random
from typing import cast

from game.core.match import Match, Seat
from game.omi import GAME
from game.omi.cards import DECK
from game.omi.events import HandStarted
from game.omi.state import OmiState
from tests.playout import random_step


def visible_cards(data: object) -> set[str]:
    text = json.dumps(data)
    return {card for card in DECK if f'"{card}"' in text}


def test_no_view_holds_another_seats_unplayed_cards() -> None:
    for seed in range(8):
        state = GAME.new_state(4, seed)
        rng = random.Random(seed)
        now = 0
        while not state.is_over() and state.hand_number < 3:
            now, _ = random_step(state, rng, now)
            for seat in range(4):
                others_hidden = {c for s, h in enumerate(state.hands) if s != seat for c in h}
                others_hidden |= set(state.deck)
                assert not visible_cards(state.view(seat).to_json()) & others_hidden


def test_no_redacted_event_holds_another_seats_hidden_card() -> None:
    """Checked right after every action, against the hand the event belongs to: a card a seat
    sees is one dealt to it this hand, or one already played face up this hand. (Over the whole
    match every card gets played, so "played at some time" would excuse any leak after hand 1.)"""
    match = Match(GAME, [Seat("bot", f"b{i}", "random") for i in range(4)], seed=4)
    hand = dict.fromkeys(range(4), -1)  # per viewer: the hand its events are about
    checked: list[int] = []

    def check(match: Match) -> None:
        state = cast(OmiState, match.state)
        history = state.history
        for viewer in range(4):
            for event in match.drain(viewer):
                if isinstance(event, HandStarted):
                    hand[viewer] += 1
                record = history[hand[viewer]]
                mine = set(record["deal"][viewer])
                played = {card for trick in record["tricks"] for card in trick["cards"]}
                if hand[viewer] == len(history) - 1:
                    played |= {card for _, card in state.trick}
                leaked = visible_cards(event.to_json()) - mine - played
                assert not leaked, f"seat {viewer} saw {leaked} in hand {hand[viewer] + 1}"
                checked.append(hand[viewer])

    for viewer in range(4):
        match.subscribe(viewer)
    match.listeners.append(check)
    for _ in range(400):
        match.update(100)
    assert max(checked) >= 3  # the check ran through several hands, not only the first


def test_the_open_view_shows_every_hand() -> None:
    state = GAME.new_state(4, 1)
    state.advance(0)
    view = state.view(None)
    assert [len(h or ()) for h in view.hands] == [4, 4, 4, 4]
    assert state.view(2).hands[0] is None


def test_voids_are_public_knowledge_in_every_view() -> None:
    from tests.omi.positions import play, position

    state = position([["AS", "7H"], ["KH", "8H"], ["QS", "9H"], ["JS", "TH"]], dealer=3)
    play(state, "AS", "KH")
    assert all(state.view(seat).voids[1] == {"S"} for seat in range(4))
