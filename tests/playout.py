"""Driving a State directly with seeded random choices, as the conformance tests do."""

from __future__ import annotations

import random

from game.core.actions import Action
from game.core.game import State


def random_step(state: State, rng: random.Random, now_ms: int) -> tuple[int, Action | None]:
    """Let a little time pass, then either act for a random seat or wait for the next deadline.

    Returns the new game time and the action taken (None when only time passed).
    """
    now_ms += rng.choice((0, 0, 50, 400))
    state.advance(now_ms)
    actors = sorted(state.to_act())
    deadline = state.next_deadline()
    if not actors or (deadline is not None and rng.random() < 0.3):
        if deadline is None:
            raise AssertionError("stuck: nobody may act and no deadline is pending")
        now_ms = max(now_ms, deadline)
        state.advance(now_ms)
        return now_ms, None
    seat = rng.choice(actors)
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} is in to_act but has no legal action"
    action = rng.choice(list(legal))
    state.apply(action, now_ms)
    return now_ms, action


def play_to_end(state: State, rng: random.Random, max_steps: int = 20_000) -> int:
    """Random play until the match ends; returns the number of actions taken."""
    now, actions = 0, 0
    for _ in range(max_steps):
        if state.is_over():
            return actions
        now, action = random_step(state, rng, now)
        actions += action is not None
    raise AssertionError(f"the match did not end within {max_steps} steps")
