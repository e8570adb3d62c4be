"""Building FOMO positions by hand for scenario tests."""

from __future__ import annotations

import random
from collections import Counter

from game.core.actions import Action
from game.core.events import Event
from game.fomo import GAME
from game.fomo.actions import CallFomo
from game.fomo.cards import DECK
from game.fomo.knowledge import Knowledge
from game.fomo.state import FomoState


def position(
    hands: list[list[str]],
    sets: list[list[str]],
    discard: list[str],
    draw: list[str] | None = None,
    turn: int = 0,
    options: dict[str, object] | None = None,
) -> FomoState:
    """A state with these cards (discard and draw: bottom first, top last) and nobody knowing
    anything yet but the face-up pile. The rest of the deck goes under the given draw pile, so cards are conserved."""
    players = len(hands)
    state = FomoState(players, GAME.resolve_options(options), random.Random(7))
    state.hands = [list(h) for h in hands]
    state.sets = [list(s) for s in sets]
    state.discard = list(discard)
    used = Counter(c for zone in (*hands, *sets, discard, draw or []) for c in zone)
    rest = Counter(DECK)
    rest.subtract(used)
    assert min(rest.values()) >= 0, "more copies than the deck has"
    state.draw = sorted(rest.elements()) + list(draw or [])
    state.turn = turn
    state.dealer = (turn - 1) % players
    state.turn_number = 1
    state.know = Knowledge.fresh(players)
    for k in state.know.seats:  # the pile was played face up in front of everyone
        k.below = Counter(discard[:-1])
    return state


def of_type(events: tuple[Event, ...] | list[Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]


def seen(events: tuple[Event, ...], viewer: int | None) -> list[Event]:
    return [e for e in (ev.seen_by(viewer) for ev in events) if e is not None]


def quiet_step(state: FomoState, rng: random.Random, now_ms: int) -> tuple[int, Action | None]:
    """Like ``tests.playout.random_step`` but nobody shouts FOMO! (games run long), so
    knowledge piles up through many Swaps, Plot Twists and Throwbacks."""
    now_ms += rng.choice((0, 0, 50, 400))
    state.advance(now_ms)
    actors = sorted(state.to_act())
    deadline = state.next_deadline()
    if not actors or (deadline is not None and rng.random() < 0.3):
        assert deadline is not None, "stuck"
        now_ms = max(now_ms, deadline)
        state.advance(now_ms)
        return now_ms, None
    seat = rng.choice(actors)
    legal = [a for a in state.legal_actions(seat) if not isinstance(a, CallFomo)]
    action = rng.choice(legal)
    state.apply(action, now_ms)
    return now_ms, action
