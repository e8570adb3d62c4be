"""No Omi view or redacted event shows a seat a card it could not see at a real table."""

from __future__ import annotations

import json
import random

from game.core.match import Match, Seat
from game.omi import GAME
from game.omi.cards import DECK
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
    match = Match(GAME, [Seat("bot", f"b{i}", "random") for i in range(4)], seed=4)
    for viewer in range(4):
        match.subscribe(viewer)
    for _ in range(200):
        match.update(100)
        for viewer in range(4):
            for event in match.drain(viewer):
                for card in visible_cards(event.to_json()):
                    # A card a seat sees in an event is its own, or one played face up to the table.
                    mine = card in match.state.history[-1]["deal"][viewer]
                    played = any(
                        card in t["cards"] for h in match.state.history for t in h["tricks"]
                    )
                    played |= any(card == c for _, c in match.state.trick)
                    assert mine or played, f"seat {viewer} saw {card}"


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
