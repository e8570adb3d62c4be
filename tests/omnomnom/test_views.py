"""No-leak and determinize: a seat's view and events never tell it another seat's pick."""

from __future__ import annotations

import random

import pytest

from game.core.events import CardMoved
from game.omnomnom import GAME, OmNomNomState, Pick
from game.omnomnom.cards import ANIMALS

TABLES = [(2, 0), (4, 0), (6, 0), (3, 2), (4, 3)]  # (seats, solo)


def random_partial_turns(state: OmNomNomState, rng: random.Random, picks: int) -> None:
    """Random picks one seat at a time (so positions mid-turn, some seats picked, occur)."""
    for _ in range(picks):
        if state.is_over():
            return
        seat = rng.choice(sorted(state.to_act()))
        state.apply(rng.choice(state.legal_actions(seat)))


def with_other_pick(state: OmNomNomState, seat: int, rng: random.Random) -> OmNomNomState:
    """The same position with ``seat``'s face-down pick swapped for another unrevealed card."""
    twin = state.clone()
    twin.picks[seat] = rng.choice(twin.hands[seat])
    return twin


@pytest.mark.parametrize(("players", "solo"), TABLES)
def test_a_view_is_the_same_whatever_the_others_picked(players: int, solo: int) -> None:
    for seed in range(8):
        state = GAME.new_state(players, seed, {"solo": solo})
        rng = random.Random(seed)
        while not state.is_over():
            random_partial_turns(state, rng, rng.randint(1, players))
            for viewer in range(players):
                view = state.view(viewer)
                for other in range(players):
                    if other == viewer or state.picks[other] is None:
                        continue
                    assert view.picks[other] is None
                    twin = with_other_pick(state, other, rng)
                    assert twin.view(viewer) == view, "a view depends on a hidden pick"


@pytest.mark.parametrize(("players", "solo"), [(3, 2), (4, 3)])
def test_the_solo_stacks_order_never_reaches_the_player(players: int, solo: int) -> None:
    state = GAME.new_state(players, 3, {"solo": solo})
    rng = random.Random(3)
    while not state.is_over():
        view = state.view(0)
        twin = state.clone()
        for colour in range(1, players):
            rng.shuffle(twin.hands[colour])
        assert twin.view(0) == view
        state.apply(rng.choice(state.legal_actions(0)))


def test_a_pick_event_shows_the_others_only_that_a_card_went_face_down() -> None:
    state = GAME.new_state(4, 5)
    for seat, animal in enumerate(("cat", "wolf", "frog")):
        (event,) = state.apply(Pick(seat, animal))
        assert isinstance(event, CardMoved)
        for viewer in range(4):
            seen = event.seen_by(viewer)
            assert isinstance(seen, CardMoved) and seen.dst == f"picked:{seat}"
            assert (seen.card is not None) == (viewer == seat)
    events = state.apply(Pick(3, "mouse"))
    for viewer in range(4):
        faces = {e.card for e in (ev.seen_by(viewer) for ev in events) if isinstance(e, CardMoved)}
        assert {"cat/0", "wolf/1", "frog/2", "mouse/3"} <= faces, "everything shows at the reveal"


@pytest.mark.parametrize(("players", "solo"), TABLES)
def test_a_determinized_state_agrees_with_the_view_and_plays_on(players: int, solo: int) -> None:
    for seed in range(6):
        state = GAME.new_state(players, seed, {"solo": solo})
        rng = random.Random(seed)
        random_partial_turns(state, rng, rng.randint(1, 20))
        for viewer in range(players):
            view = state.view(viewer)
            guess = GAME.determinize(view, random.Random(seed * 10 + viewer))
            assert guess.view(viewer) == view
            assert guess.census() == state.census()
            for other in range(players):
                if state.picks[other] is not None:
                    assert guess.picks[other] in state.hands[other]
            while not guess.is_over():
                random_partial_turns(guess, rng, 1)


def test_determinize_samples_different_hidden_picks() -> None:
    state = GAME.new_state(2, 1)
    state.apply(Pick(1, "wolf"))
    guesses = {GAME.determinize(state.view(0), random.Random(i)).picks[1] for i in range(40)}
    assert guesses == set(ANIMALS), "every unrevealed card is a possible pick"
