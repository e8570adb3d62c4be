"""The conformance contract (tests/test_conformance.py) run over the solo variant, which the
generic test cannot reach because it plays default options only."""

from __future__ import annotations

import json
import random

import pytest

from game.core.errors import IllegalAction
from game.core.match import Match, Seat
from game.omnomnom import GAME, Pick

SOLO_TABLES = [(3, 2), (4, 3)]  # (seats, solo)


@pytest.mark.parametrize(("players", "solo"), SOLO_TABLES)
@pytest.mark.parametrize("seed", range(4))
def test_random_solo_play_keeps_the_contract(players: int, solo: int, seed: int) -> None:
    state = GAME.new_state(players, seed, {"solo": solo})
    rng = random.Random(seed)
    census = state.census()
    played: list[Pick] = []
    while not state.is_over():
        before = state.fingerprint()
        for seat in range(players):
            for action in state.legal_actions(seat):
                assert state.check(action) is None
            state.view(seat).to_json()
        state.view(None)
        state.outcome()
        assert state.fingerprint() == before, "a query changed the state"
        for stale in played[-3:]:
            if state.check(stale) is not None:
                with pytest.raises(IllegalAction):
                    state.apply(stale)
        with pytest.raises(IllegalAction):
            state.apply(Pick(1, state.hands[1][0]))  # a virtual colour never picks
        assert state.fingerprint() == before, "a refused action changed the state"
        twin = state.clone()
        twin.apply(rng.choice(twin.legal_actions(0)))
        assert state.fingerprint() == before, "changing a clone changed the original"
        action = rng.choice(state.legal_actions(0))
        assert isinstance(action, Pick)
        state.apply(action)
        played.append(action)
        assert state.census() == census
    assert len(played) == 18, "the player picks 6 cards in each of 3 rounds"


@pytest.mark.parametrize(("players", "solo"), SOLO_TABLES)
def test_a_solo_match_saves_and_loads_to_the_same_fingerprint(players: int, solo: int) -> None:
    seats = [Seat("bot", "player", "normal")] + [
        Seat("bot", f"colour {i}", "random") for i in range(1, players)
    ]
    match = Match(GAME, seats, 5, {"solo": solo}, pace_ms=(200, 400))
    for _ in range(7):
        match.update(300)
    assert not match.is_over() and match.log, "saved mid-match"
    loaded = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert loaded.state.fingerprint() == match.state.fingerprint()
    match.run_to_end()
    finished = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert finished.is_over() and finished.state.fingerprint() == match.state.fingerprint()
