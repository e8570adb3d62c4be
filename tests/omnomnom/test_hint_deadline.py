"""Om Nom Nom's hint answers inside its deadline: before its search, the hard bot replays every
revealed turn of the match to learn what kind of player each other seat is (a model of each
turn: 18–25 ms of CPU late in a match, most of a second on a starved worker, which left one
playout). That replay counts inside the hint's deadline and leaves the search its share.

A fake clock stands in for the real one (no timed tests): each turn's model costs 100 ms of it,
every other reading 1 ms."""

from __future__ import annotations

import types
from collections.abc import Iterator

import pytest

from game.bots import search
from game.core import budget
from game.core.hint import HINT_WALL_MS, hint_for
from game.core.registry import find_game
from game.omnomnom.hard import HardBot

MODEL_MS = 100.0  # what one turn's model of a seat costs on the fake clock


class FakeClock:
    def __init__(self) -> None:
        self.ms = 0.0
        self.models = 0

    def now(self) -> float:
        self.ms += 1.0
        return self.ms / 1000.0


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeClock]:
    fake = FakeClock()
    fake_time = types.SimpleNamespace(perf_counter=fake.now, process_time=fake.now)
    for module in (budget, search):
        monkeypatch.setattr(module, "time", fake_time)
    modelled = HardBot.kind_strategies

    def slow_model(bot: HardBot, *args: object) -> dict[str, dict[int, float]]:
        key = (args[1], tuple(map(tuple, args[0].hands)), tuple(args[0].spaces))  # type: ignore[attr-defined]
        if key not in bot.strategies:
            fake.ms += MODEL_MS
            fake.models += 1
        return modelled(bot, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(HardBot, "kind_strategies", slow_model)
    yield fake


def late_in_a_round(seed: int = 7):  # type: ignore[no-untyped-def]
    """Three seats, a round and four turns revealed (20 turns of evidence on two seats)."""
    game = find_game("omnomnom")
    state = game.new_state(3, seed, {})
    for _ in range(10):
        for seat in range(3):
            state.apply(state.legal_actions(seat)[0])
    return state


def test_replaying_the_revealed_turns_stops_at_its_share_of_the_deadline(clock: FakeClock) -> None:
    state = late_in_a_round()
    found = hint_for("omnomnom", state.view(0), state.legal_actions(0), 3)
    assert found is not None and found.action in state.legal_actions(0)
    # Every revealed turn modelled (two seats a turn) would take 2 s of the 0.7 s: the replay
    # stops after half the time (the turn under way finished), then the position now is modelled
    replayed = clock.models - 2
    assert replayed * MODEL_MS <= HINT_WALL_MS / 2 + 2 * MODEL_MS
    # ...and the search still draws many playouts before the deadline, not the one it must.
    assert found.figures[0].samples > 10, found.why
    assert clock.ms <= HINT_WALL_MS + MODEL_MS


def test_a_hint_of_fixed_samples_weighs_every_turn_whatever_the_clock(clock: FakeClock) -> None:
    state = late_in_a_round()
    bot = HardBot(0, 3, 0, iterations=4)
    bot.card_values(state.view(0))
    assert bot.turns_weighed == 10  # same seed, same hint: no clock may cut the evidence
