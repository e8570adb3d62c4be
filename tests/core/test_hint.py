"""Hints that explain (game/core/hint.py, game/<name>/hint.py): the hard bot's choice for the
person's position, from their view only, with a sentence quoting the search's own figures."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable

import pytest

from game.bots.search import Budget, compare
from game.core import hint as core_hint
from game.core.budget import search_deadline, wall_deadline
from game.core.game import State
from game.core.hint import Hint, HintFn, find_hint, gives_hints, hint_for, percent
from game.core.registry import find_game
from game.core.views import View
from game.fomo import hint as fomo_hint
from game.fomo.view import FomoView
from game.omg import hint as omg_hint
from game.omg.view import OmgView
from game.omi import hint as omi_hint
from game.omi.view import OmiView
from game.omnomnom.actions import Pick
from game.omnomnom.narrate import animal_name
from game.omyn import hint as omyn_hint
from game.omyn.view import OmynView

SAMPLES = {"omnomnom": 24, "omyn": 24, "fomo": 6, "omg": 8, "omi": 24}  # same seed, same hint
PLAYERS = {"omg": 2, "omi": 4}  # the others: 3


def play_until(game_id: str, seed: int, ready: Callable[[View], bool]) -> State:
    """A match of random moves (seeded) until seat 0 faces a choice ``ready`` accepts."""
    players = PLAYERS.get(game_id, 3)
    state = find_game(game_id).new_state(players, seed, {})
    rng = random.Random(seed)
    for _ in range(2000):
        if 0 in state.to_act() and state.legal_actions(0) and ready(state.view(0)):
            return state
        seats = [s for s in sorted(state.to_act()) if state.legal_actions(s)]
        if not seats:
            deadline = state.next_deadline()
            assert deadline is not None
            state.advance(deadline)
            continue
        seat = seats[0]
        now = getattr(state, "now_ms", 0)
        state.apply(rng.choice(state.legal_actions(seat)), now)
    raise AssertionError("no such position")


def first_choice(view: View) -> bool:
    return True


def omyn_drawn(view: View) -> bool:
    assert isinstance(view, OmynView)
    return view.step == "play" and view.window is None and view.drawn is not None


def fomo_turn(view: View) -> bool:
    assert isinstance(view, FomoView)
    return view.phase == "turn"


def omg_defense(view: View) -> bool:
    assert isinstance(view, OmgView)
    return view.phase == "defense"


def omi_lead(view: View) -> bool:
    assert isinstance(view, OmiView)
    return view.phase == "play" and not view.trick and len(view.hand) > 4


POSITIONS = {
    "omnomnom": (5, first_choice),
    "omyn": (11, omyn_drawn),
    "fomo": (11, fomo_turn),
    "omg": (11, omg_defense),
    "omi": (11, omi_lead),
}


def hint_at(game_id: str, state: State, seed: int = 3) -> Hint:
    hint = hint_for(game_id, state.view(0), state.legal_actions(0), seed, 0, SAMPLES[game_id])
    assert hint is not None
    return hint


def move_named(game_id: str, hint: Hint, view: View) -> str:
    if game_id == "omnomnom":
        assert isinstance(hint.action, Pick)
        return f"Pick the {animal_name(hint.action.animal)}"
    if game_id == "omyn":
        assert isinstance(view, OmynView)
        return omyn_hint.move_words(view, hint.action)
    if game_id == "omg":
        assert isinstance(view, OmgView)
        return omg_hint.move_words(view, hint.action)
    if game_id == "omi":
        return omi_hint.move_words(hint.action)
    return fomo_hint.move_words(hint.action)


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_the_hint_is_a_legal_move_named_with_the_searchs_own_figures(game_id: str) -> None:
    seed, ready = POSITIONS[game_id]
    state = play_until(game_id, seed, ready)
    hint = hint_at(game_id, state)
    assert hint.action in state.legal_actions(0)
    assert hint.why.startswith(move_named(game_id, hint, state.view(0)))
    best = hint.figures[0]
    assert best.action == hint.action and best.samples > 0
    assert str(best.samples) in hint.why
    points = game_id in ("omnomnom", "omg")
    quoted = f"{best.value:+.1f}" if points else percent(best.value)
    quoted = omi_hint.tokens(best.value) if game_id == "omi" else quoted
    assert quoted in hint.why
    assert all(f.action in state.legal_actions(0) for f in hint.figures)
    assert hint.lift or hint.light  # something on the table to light


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_two_states_that_give_the_same_view_give_the_same_hint(game_id: str) -> None:
    seed, ready = POSITIONS[game_id]
    state = play_until(game_id, seed, ready)
    view = state.view(0)
    other = find_game(game_id).determinize(view, random.Random(99))
    assert other.fingerprint() != state.fingerprint()
    assert other.view(0) == view
    assert hint_at(game_id, other) == hint_at(game_id, state)


def test_om_nom_noms_hint_says_what_the_best_card_earns_against_the_next_best() -> None:
    state = find_game("omnomnom").new_state(3, 5, {})
    hint = hint_at("omnomnom", state)
    first, second = hint.figures[0], hint.figures[1]
    assert first.value >= second.value
    assert isinstance(second.action, Pick)
    assert f"the {animal_name(second.action.animal)}, next best, {second.value:+.1f}" in hint.why
    assert hint.lift == (("hand:0", f"{hint.action.animal}/0"),)  # type: ignore[attr-defined]
    assert hint.light == ("picked:0",)


def test_a_reflex_window_gets_no_hint() -> None:
    state = play_until("omyn", 11, lambda v: isinstance(v, OmynView) and v.step == "window")
    assert hint_for("omyn", state.view(0), state.legal_actions(0), 3, 0, 24) is None


def test_every_game_gives_hints_by_having_a_hint_module() -> None:
    assert all(gives_hints(g) for g in ("omnomnom", "omyn", "fomo", "omg", "omi"))
    assert find_hint("omi") is omi_hint.hint


def test_a_search_stops_at_the_hints_deadline_whatever_its_own_budget() -> None:
    budget = Budget(cpu_ms=60_000, min_iterations=3)  # a minute of CPU, 3 samples at least
    with wall_deadline(0.0):  # due now
        more = budget.running()
    assert more(0) and not more(1)  # one sample, then the answer: even the minimum gives way
    assert budget.running()(2) and budget.running()(3)  # outside, its own budget rules again
    fixed = Budget(iterations=5)
    with wall_deadline(0.0):
        assert fixed.running()(4)  # a fixed count ignores clocks: same seed, same answer


def test_a_search_due_in_the_middle_of_a_sample_leaves_that_sample_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = [0.0]  # a fake clock: every move scored takes one second
    monkeypatch.setattr(time, "perf_counter", lambda: clock[0])
    scored: list[str] = []

    def score(world: int, move: str, luck: random.Random) -> float:
        scored.append(move)
        clock[0] += 1.0
        return float(world)

    worlds = itertools.count(1)  # world n is worth n to every move
    budget = Budget(cpu_ms=60_000, min_iterations=100)
    with wall_deadline(10.0):  # due at 10 s: the 4th world's second move would end past it
        result = compare(["a", "b", "c"], lambda r: next(worlds), score, random.Random(1), budget)
    assert result.iterations == 3 and len(scored) == 10  # the 4th world's "a" is not counted
    assert result.means == {"a": 2.0, "b": 2.0, "c": 2.0}  # every move over worlds 1, 2 and 3
    with wall_deadline(0.0):  # due before the first world: that one is still scored whole
        first = compare(["a", "b", "c"], lambda r: next(worlds), score, random.Random(1), budget)
    assert first.iterations == 1 and len(scored) == 13


def test_a_hints_deadline_counts_from_the_ask_finding_its_module_included(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    due_when_found: list[float | None] = []

    def find(game_id: str) -> HintFn | None:  # the first hint of a game imports its module
        due_when_found.append(search_deadline())
        return find_hint(game_id)

    monkeypatch.setattr(core_hint, "find_hint", find)
    state = play_until("omnomnom", 1, first_choice)
    core_hint.hint_for("omnomnom", state.view(0), state.legal_actions(0), 1, 1)
    assert due_when_found and due_when_found[0] is not None


def test_a_forced_move_is_said_to_be_the_only_one() -> None:
    def one_legal(view: View) -> bool:
        assert isinstance(view, OmiView)
        return view.phase == "play" and bool(view.trick)

    state = play_until("omi", 5, one_legal)
    legal = state.legal_actions(0)
    for seed in range(5, 60):  # the first position where seat 0 must follow with its one card
        if len(legal) == 1:
            break
        state = play_until("omi", seed, one_legal)
        legal = state.legal_actions(0)
    assert len(legal) == 1
    hint = hint_at("omi", state)
    assert hint.why.endswith("it is the only move you have.") and not hint.figures
