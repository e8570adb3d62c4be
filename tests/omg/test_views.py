"""No-leak: hands, decks and Life cards stay hidden in views and events; determinize agrees."""

from __future__ import annotations

import json
import random
import re
from typing import cast

from game.core.events import CardMoved
from game.core.match import Match, Seat
from game.omg import GAME
from game.omg.actions import PlayBeing
from game.omg.state import OmgState
from game.omg.view import OmgView
from tests.omg.positions import position
from tests.playout import random_step

CARD = re.compile(r"[A-Z][a-z]+:[123]")


def cards_in(view_json: object) -> set[str]:
    return set(CARD.findall(json.dumps(view_json)))


def public_cards(state: OmgState) -> set[str]:
    cards: set[str] = set()
    for side in state.sides:
        cards.update(side.abyss, side.known_hand)
        for s in side.locations:
            if s is not None:
                cards.update(s.cards)
    if state.defense is not None:
        cards.update(state.defense.cards)
    return cards


def random_states(seed: int, steps: int = 400) -> list[OmgState]:
    """Snapshots of a random Dawn-against-Dusk match (their cards have different names)."""
    state = GAME.new_state(2, seed)
    rng = random.Random(seed)
    now, seen = 0, []
    for _ in range(steps):
        if state.is_over():
            break
        seen.append(state.clone())
        now, _ = random_step(state, rng, now)
    return seen


def test_a_view_shows_only_public_cards_and_the_seats_own_hand() -> None:
    for seed in range(4):
        for state in random_states(seed):
            for seat in (0, 1):
                allowed = public_cards(state) | set(state.sides[seat].hand)
                shown = cards_in(state.view(seat).to_json())
                assert shown <= allowed, shown - allowed


def test_hidden_cards_can_move_without_the_view_changing() -> None:
    state = random_states(5, 60)[-1]
    for seat in (0, 1):
        before = state.view(seat)
        twin = state.clone()
        enemy, own = twin.sides[1 - seat], twin.sides[seat]
        if enemy.hand and enemy.deck:
            hidden = next(c for c in enemy.hand if c not in enemy.known_hand)
            i = enemy.hand.index(hidden)
            enemy.hand[i], enemy.deck[0] = enemy.deck[0], enemy.hand[i]
        own.life[0], own.deck[0] = own.deck[0], own.life[0]  # not even the owner sees Life
        enemy.deck.reverse()
        assert twin.view(seat) == before


def test_events_show_a_draw_only_to_its_drawer_and_life_cards_to_nobody() -> None:
    seats = [Seat("bot", "a", "random"), Seat("bot", "b", "random")]
    match = Match(GAME, seats, 9)
    for viewer in (0, 1, None):
        match.subscribe(viewer)
    match.run_to_end()
    for viewer in (0, 1):
        for event in match.drain(viewer):
            if not isinstance(event, CardMoved) or event.card is None:
                continue
            if event.dst.startswith("life:"):
                raise AssertionError(f"seat {viewer} saw a Life card: {event}")
            if event.src.startswith("deck:") or event.dst.startswith("deck:"):
                assert event.src.endswith(f":{viewer}") or event.dst.endswith(f":{viewer}")
                assert not event.face_up
    open_moves = [e for e in match.drain(None) if isinstance(e, CardMoved)]
    assert any(e.dst.startswith("life:") and e.card for e in open_moves)


def test_a_card_returned_from_the_abyss_is_known_in_the_hand() -> None:
    state = position(hands=(["Gaia:1"], []), abyss=(["Zeus:1"], []))
    state.apply(PlayBeing(0, "Gaia:1", 0, "Zeus:1"))
    assert cast(OmgView, state.view(1)).sides[0].known_hand == ("Zeus:1",)
    assert cast(OmgView, state.view(1)).sides[0].hand is None
    guess = GAME.determinize(state.view(1), random.Random(1))
    assert "Zeus:1" in guess.sides[0].hand


def test_determinize_keeps_the_view_and_the_census_in_every_phase() -> None:
    phases: set[str] = set()
    for seed in range(6):
        for i, state in enumerate(random_states(seed, 300)):
            if i % 3:
                continue
            phases.add(state.phase)
            for seat in (0, 1):
                view = state.view(seat)
                guess = GAME.determinize(view, random.Random(i))
                assert guess.view(seat) == view
                assert guess.census() == state.census()
                assert set(guess.legal_actions(seat)) == set(state.legal_actions(seat))
    assert {"mulligan", "main", "defense"} <= phases


def test_determinize_samples_the_unknown_cards() -> None:
    state = random_states(3, 40)[-1]
    view = state.view(0)
    hands = {tuple(GAME.determinize(view, random.Random(k)).sides[1].hand) for k in range(10)}
    assert len(hands) > 1
