"""Knowledge is state: views hold exactly what each seat saw, follow it through Swap and Plot
Twist, never more (no-leak), and determinized states honour all of it."""

from __future__ import annotations

import random
from collections import Counter
from typing import cast

import pytest

from game.core.events import CardMoved, CardRevealed, Event
from game.fomo import GAME
from game.fomo.cards import is_number
from game.fomo.events import PlayerOut
from game.fomo.state import FomoState
from tests.fomo.helpers import quiet_step as random_step

CASES = [(players, seed) for players in (2, 3, 4, 6) for seed in range(4)]


class Observer:
    """What one seat can work out from its own redacted events alone, written independently of
    the rules' knowledge code: the slots it saw or placed, moved along with Swap and Plot Twist."""

    def __init__(self, seat: int, players: int) -> None:
        self.seat = seat
        self.slots: dict[tuple[int, int], str] = {
            (s, i): "?" for s in range(players) for i in range(4)
        }

    def see(self, events: list[Event]) -> None:
        moved: dict[tuple[int, int], str] = {}
        for event in events:
            if isinstance(event, CardRevealed) and event.zone.startswith("set:"):
                self.slots[_slot(event.zone)] = event.card
            elif isinstance(event, CardMoved) and event.dst.startswith("set:"):
                if event.src.startswith("hand:"):
                    self.slots[_slot(event.dst)] = event.card or "#"
                else:  # Swap / Plot Twist: the cards change places together
                    moved[_slot(event.dst)] = self.slots[_slot(event.src)]
            elif isinstance(event, PlayerOut):
                for i in range(4):
                    self.slots[(event.seat, i)] = "?"
        self.slots.update(moved)

    def row(self, owner: int) -> tuple[str, ...]:
        return tuple(self.slots[(owner, i)] for i in range(4))


def _slot(zone: str) -> tuple[int, int]:
    _, seat, slot = zone.split(":")
    return int(seat), int(slot)


def _check_sound(state: FomoState, seat: int) -> None:
    view = state.view(seat)
    for owner in range(state.players):
        if state.out[owner]:
            assert not (Counter(view.aside[owner]) - Counter(state.aside[owner]))
            continue
        for slot, known in enumerate(view.sets[owner]):
            truth = state.sets[owner][slot]
            assert known in ("?", truth) or (known == "#" and is_number(truth)), (owner, slot)
        if owner != seat:
            assert not (Counter(view.hands[owner]) - Counter(state.hands[owner])), owner
    assert view.hand == tuple(sorted(view.hand, key=view.hand.index))
    assert Counter(view.hand) == Counter(state.hands[seat])
    assert not (Counter(state.discard[:-1]) - Counter(view.discard_below))


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_views_hold_what_the_events_showed_and_nothing_more(players: int, seed: int) -> None:
    state = GAME.new_state(players, seed)
    observers = [Observer(s, players) for s in range(players)]
    rng = random.Random(seed)
    now = 0
    for _ in range(300):
        if state.is_over():
            break
        before = state.clone()
        now, _action = random_step(state, rng, now)
        events = _events_between(before, state, now, _action)
        for observer in observers:
            mine = [e for e in (ev.seen_by(observer.seat) for ev in events) if e is not None]
            for event in mine:
                if isinstance(event, CardMoved) and event.card is not None:
                    # Another player's draw or placement is only ever a card back.
                    assert not (event.src == "draw" and event.dst != f"hand:{observer.seat}")
                    if event.src.startswith("hand:") and event.dst.startswith("set:"):
                        assert event.src == f"hand:{observer.seat}"
            observer.see(mine)
            view = state.view(observer.seat)
            for owner in range(players):
                if not state.out[owner]:
                    assert view.sets[owner] == observer.row(owner), (observer.seat, owner)
            _check_sound(state, observer.seat)


def _events_between(before: FomoState, after: FomoState, now: int, action: object) -> list[Event]:
    """Replay the step on the copy to get its events (random_step does not return them)."""
    events = list(before.advance(now))
    if action is not None:
        events += before.apply(action, now)  # type: ignore[arg-type]
    events += before.advance(now)
    assert before.fingerprint() == after.fingerprint()
    return events


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (5, 2)])
def test_a_view_does_not_change_when_cards_it_cannot_know_change(players: int, seed: int) -> None:
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    now = 0
    for _ in range(150):
        if state.is_over():
            break
        now, _ = random_step(state, rng, now)
        if state.phase != "turn":
            continue
        seat = 0
        other = next(s for s in range(1, players) if not state.out[s])
        unknown = [i for i, c in enumerate(state.view(seat).sets[other]) if c == "?"]
        if not unknown or not state.draw or state.out[seat]:
            continue
        twin = state.clone()
        slot = unknown[0]
        twin.sets[other][slot], twin.draw[0] = twin.draw[0], twin.sets[other][slot]
        assert twin.view(seat) == state.view(seat)


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 5), (6, 6)])
def test_determinized_states_honour_every_known_fact(players: int, seed: int) -> None:
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    now = 0
    guesses = 0
    for step in range(300):
        if state.is_over():
            break
        now, _ = random_step(state, rng, now)
        if step % 10:
            continue
        for seat in range(players):
            if state.out[seat]:
                continue
            view = state.view(seat)
            guess = GAME.determinize(view, random.Random(step + seat))
            guesses += 1
            assert guess.view(seat) == view
            _check_sound(guess, seat)
            for owner in range(players):
                for slot, known in enumerate(view.sets[owner]):
                    if known not in ("?", "#"):
                        assert guess.sets[owner][slot] == known
                    if known == "#":
                        assert is_number(guess.sets[owner][slot])
            below = cast("Counter[str]", Counter(view.discard_below) | Counter())
            assert Counter(guess.discard[:-1]) <= below
    assert guesses > 10


def test_determinize_samples_the_unknown_cards_differently() -> None:
    state = GAME.new_state(4, 9)
    view = state.view(1)
    draws = {tuple(GAME.determinize(view, random.Random(n)).draw[-5:]) for n in range(5)}
    assert len(draws) > 1
