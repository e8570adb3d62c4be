"""The generic determinized search (game/bots/search.py), on two tiny games defined here.

``HighCard``: two players, cards 1–6, three each, hidden; the leader plays, the other answers,
the higher card takes the trick and leads; most tricks of three wins. ``Grab``: seats take turns
to tick a counter; when it reaches 3 a window opens in which either may grab (the first grab wins
at 3, loses at any other count), and after 6 ticks nobody has won.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from game.bots.search import ISMCTS, PIMC, Budget, compare, outcome_value
from game.core.actions import Action, action_type
from game.core.errors import Refusal
from game.core.events import Event
from game.core.game import Game, GameInfo, Outcome, State
from game.core.views import View
from game.core.windows import Window


@action_type("test_search.play")
@dataclasses.dataclass(frozen=True)
class Play(Action):
    card: int


@dataclasses.dataclass(frozen=True)
class HighCardView(View):
    hand: tuple[int, ...]
    trick: tuple[int, ...]
    played: tuple[int, ...]
    tricks: tuple[int, int]
    opponent_cards: int


class HighCardState(State):
    def __init__(self, hands: list[list[int]], leader: int = 0) -> None:
        self.players = 2
        self.hands = hands
        self.leader = leader
        self.trick: list[int] = []
        self.played: list[int] = []
        self.tricks = [0, 0]

    def _turn(self) -> int:
        return (self.leader + len(self.trick)) % 2

    def to_act(self) -> frozenset[int]:
        return frozenset() if self.outcome() else frozenset({self._turn()})

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        return tuple(Play(seat, card) for card in sorted(self.hands[seat]))

    def check(self, action: Action) -> Refusal | None:
        return None if action in self.legal_actions(action.seat) else Refusal("illegal", "no")

    def _apply(self, action: Action, at_ms: int) -> list[Event]:
        assert isinstance(action, Play)
        self.hands[action.seat].remove(action.card)
        self.trick.append(action.card)
        self.played.append(action.card)
        if len(self.trick) == 2:
            winner = self.leader if self.trick[0] > self.trick[1] else 1 - self.leader
            self.tricks[winner] += 1
            self.leader, self.trick = winner, []
        return []

    def view(self, seat: int | None) -> View:
        hand = tuple(sorted(self.hands[seat])) if seat is not None else ()
        return HighCardView(
            seat,
            2,
            0,
            self.to_act(),
            (),
            hand,
            tuple(self.trick),
            tuple(self.played),
            (self.tricks[0], self.tricks[1]),
            len(self.hands[1 - seat]) if seat is not None else 0,
        )

    def outcome(self) -> Outcome | None:
        if sum(self.tricks) < 3:
            return None
        return Outcome((0 if self.tricks[0] > self.tricks[1] else 1,), tuple(self.tricks), "")

    def snapshot(self) -> dict[str, Any]:
        return {"hands": self.hands, "trick": self.trick, "tricks": self.tricks}

    def census(self) -> Counter[str]:
        return Counter()

    def clone(self) -> State:
        copy = HighCardState([list(h) for h in self.hands], self.leader)
        copy.trick, copy.played, copy.tricks = (
            list(self.trick),
            list(self.played),
            list(self.tricks),
        )
        return copy


class HighCard(Game):
    info = GameInfo("test_highcard", "High card", (), 2, 2)

    def __init__(self) -> None:
        self.determinized = 0

    def new_state(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        cards = list(range(1, 7))
        random.Random(seed).shuffle(cards)
        return HighCardState([cards[:3], cards[3:]])

    def determinize(self, view: View, rng: random.Random) -> State:
        assert isinstance(view, HighCardView) and view.seat is not None
        self.determinized += 1
        unseen = [c for c in range(1, 7) if c not in view.hand and c not in view.played]
        rng.shuffle(unseen)
        hands = [[], []]  # type: list[list[int]]
        hands[view.seat] = list(view.hand)
        hands[1 - view.seat] = unseen[: view.opponent_cards]
        state = HighCardState(hands, (view.seat - len(view.trick)) % 2)
        state.trick, state.played = list(view.trick), list(view.played)
        state.tricks = list(view.tricks)
        return state


def position(
    hands: list[list[int]], leader: int, trick: list[int], tricks: list[int]
) -> HighCardState:
    state = HighCardState(hands, leader)
    state.trick, state.tricks = list(trick), list(tricks)
    state.played = [c for c in range(1, 7) if c not in hands[0] + hands[1] and c not in trick][
        : 6 - len(hands[0]) - len(hands[1]) - len(trick)
    ] + list(trick)
    return state


SEARCHES = [ISMCTS, PIMC]


@pytest.mark.parametrize("search_class", SEARCHES)
def test_takes_the_trick_that_decides_the_match(search_class: type[ISMCTS | PIMC]) -> None:
    # One trick each; seat 1 answers seat 0's 4 holding 5 and 1: only the 5 wins the match.
    state = position([[2], [5, 1]], leader=0, trick=[4], tricks=[1, 1])
    search = search_class(HighCard(), 1, seed=1, iterations=50)
    assert search.choose(state.view(1), state.legal_actions(1)) == Play(1, 5)


@pytest.mark.parametrize("search_class", SEARCHES)
def test_ducks_with_its_lowest_card_when_the_trick_is_lost_anyway(
    search_class: type[ISMCTS | PIMC],
) -> None:
    # Seat 1 cannot beat the 6; keeping the 5 wins the last trick and with it the match.
    state = position([[3], [5, 1]], leader=0, trick=[6], tricks=[0, 1])
    search = search_class(HighCard(), 1, seed=2, iterations=100)
    assert search.choose(state.view(1), state.legal_actions(1)) == Play(1, 1)


def test_samples_hidden_cards_only_through_determinize() -> None:
    game = HighCard()
    state = game.new_state(2, seed=3)
    search = ISMCTS(game, 0, seed=3, iterations=30)
    search.choose(state.view(0), state.legal_actions(0))
    assert game.determinized == 30 and search.last_iterations == 30


def test_pimc_scores_every_root_move_on_every_sample() -> None:
    state = HighCard().new_state(2, seed=6)
    search = PIMC(HighCard(), 0, seed=6, iterations=25)
    search.choose(state.view(0), state.legal_actions(0))
    assert search.last_visits == {action: 25 for action in state.legal_actions(0)}
    assert all(0.0 <= value <= 1.0 for value in search.last_values.values())


@pytest.mark.parametrize("search_class", SEARCHES)
def test_a_fixed_iteration_count_is_reproducible(search_class: type[ISMCTS | PIMC]) -> None:
    state = HighCard().new_state(2, seed=4)
    answers = set()
    for _ in range(3):
        search = search_class(HighCard(), 0, seed=9, iterations=40)
        answers.add(search.choose(state.view(0), state.legal_actions(0)))
        assert search.last_iterations == 40
    assert len(answers) == 1


class FakeClocks:
    """The search's clocks, moved by the test: CPU time and wall time in seconds."""

    def __init__(self, cpu_per_read: float = 0.0) -> None:
        self.cpu = 0.0
        self.wall = 0.0
        self.cpu_per_read = cpu_per_read

    def process_time(self) -> float:
        self.cpu += self.cpu_per_read
        return self.cpu

    def perf_counter(self) -> float:
        return self.wall


def test_a_cpu_budget_stops_the_search_once_its_cpu_time_is_spent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clocks = FakeClocks()
    monkeypatch.setattr("game.bots.search.time", clocks)
    more = Budget(cpu_ms=30).running()
    assert more(0) and more(50)
    clocks.cpu = 0.029
    assert more(51)
    clocks.cpu = 0.031
    assert not more(52)
    assert more(0)  # the first iteration always runs: a search always has an answer


def test_a_starved_search_stops_at_its_wall_time_safety_net(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clocks = FakeClocks()
    monkeypatch.setattr("game.bots.search.time", clocks)
    more = Budget(cpu_ms=30).running()  # safety net: 20 x 30 ms of wall time
    clocks.wall = 0.59
    assert more(10)
    clocks.wall = 0.61
    assert not more(11)


def test_a_time_budget_bounds_a_whole_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each read of the CPU clock costs 1 ms of it: a 30 ms budget allows a few dozen iterations.
    monkeypatch.setattr("game.bots.search.time", FakeClocks(cpu_per_read=0.001))
    state = HighCard().new_state(2, seed=5)
    search = ISMCTS(HighCard(), 0, seed=5, budget_ms=30)
    action = search.choose(state.view(0), state.legal_actions(0))
    assert action in state.legal_actions(0)
    assert 1 <= search.last_iterations <= 30


@pytest.mark.parametrize("search_class", SEARCHES)
def test_search_bots_play_whole_games_legally(search_class: type[ISMCTS | PIMC]) -> None:
    game = HighCard()
    for seed in range(5):
        state = game.new_state(2, seed)
        searches = [search_class(game, seat, seed=seed, iterations=20) for seat in (0, 1)]
        while state.outcome() is None:
            (seat,) = state.to_act()
            action = searches[seat].choose(state.view(seat), state.legal_actions(seat))
            assert action is not None
            state.apply(action)


# --- a game with a reaction window -------------------------------------------------------------
@action_type("test_search.tick")
@dataclasses.dataclass(frozen=True)
class Tick(Action):
    pass


@action_type("test_search.grab")
@dataclasses.dataclass(frozen=True)
class Grab(Action):
    pass


class GrabState(State):
    WINDOW_MS = 500

    def __init__(self, trap: bool) -> None:
        self.players = 2
        self.count = 0
        self.turn = 0
        self.trap = trap  # a trap round: grabbing at 3 loses too
        self.window: Window | None = None
        self.winner: int | None = None

    def to_act(self) -> frozenset[int]:
        if self.outcome() is not None:
            return frozenset()
        return frozenset({0, 1}) if self.window else frozenset({self.turn})

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        return (Grab(seat),) if self.window else (Tick(seat),)

    def check(self, action: Action) -> Refusal | None:
        return None if action in self.legal_actions(action.seat) else Refusal("illegal", "no")

    def _apply(self, action: Action, at_ms: int) -> list[Event]:
        if isinstance(action, Grab):
            good = self.count == 3 and not self.trap
            self.winner = action.seat if good else 1 - action.seat
        else:
            self.count += 1
            self.turn = 1 - self.turn
            if self.count == 3:
                self.window = Window("grab", at_ms, at_ms + self.WINDOW_MS, frozenset({0, 1}))
        return []

    def advance(self, now_ms: int) -> tuple[Event, ...]:
        if self.window and now_ms >= self.window.closes_ms:
            self.window = None
        return ()

    def next_deadline(self) -> int | None:
        return self.window.closes_ms if self.window else None

    def view(self, seat: int | None) -> View:
        return View(seat, 2, 0, self.to_act(), (self.window,) if self.window else ())

    def outcome(self) -> Outcome | None:
        if self.winner is not None:
            return Outcome((self.winner,), (0, 0), "")
        if self.count >= 6:
            return Outcome((0, 1), (0, 0), "nobody grabbed")
        return None

    def snapshot(self) -> dict[str, Any]:
        return vars(self)

    def census(self) -> Counter[str]:
        return Counter()

    def clone(self) -> State:
        copy = GrabState(self.trap)
        copy.__dict__.update(vars(self))
        return copy


class GrabGame(Game):
    info = GameInfo("test_grab", "Grab", (), 2, 2)

    def __init__(self, position: GrabState) -> None:
        self.position = position

    def new_state(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        return GrabState(trap=False)

    def determinize(self, view: View, rng: random.Random) -> State:
        return self.position.clone()  # nothing is hidden


def window_position(trap: bool) -> GrabState:
    state = GrabState(trap)
    for seat in (0, 1, 0):
        state.apply(Tick(seat), at_ms=100)
    return state


@pytest.mark.parametrize("search_class", SEARCHES)
@pytest.mark.parametrize("seat", [0, 1])
def test_grabs_inside_a_window_when_grabbing_wins(
    seat: int, search_class: type[ISMCTS | PIMC]
) -> None:
    state = window_position(trap=False)
    search = search_class(GrabGame(state), seat, seed=seat, iterations=60)
    view = dataclasses.replace(state.view(seat), now_ms=100)
    assert search.choose(view, state.legal_actions(seat)) == Grab(seat)


@pytest.mark.parametrize("search_class", SEARCHES)
def test_lets_the_window_pass_when_grabbing_loses(search_class: type[ISMCTS | PIMC]) -> None:
    state = window_position(trap=True)
    search = search_class(GrabGame(state), 1, seed=7, iterations=60)
    view = dataclasses.replace(state.view(1), now_ms=100)
    assert search.choose(view, state.legal_actions(1)) is None
    assert search.last_values[None] > search.last_values[Grab(1)]


def test_outcome_value_shares_a_joint_win() -> None:
    state = GrabState(trap=False)
    state.count = 6
    assert outcome_value(state) == [0.5, 0.5]
    assert outcome_value(GrabState(trap=False)) is None


def test_compare_scores_every_move_on_the_same_worlds_and_luck() -> None:
    seen: dict[str, list[tuple[int, float]]] = {"a": [], "b": []}

    def score(world: int, move: str, luck: random.Random) -> float:
        seen[move].append((world, luck.random()))
        return 1.0 if move == "b" else 0.5

    result = compare(
        ["a", "b"], lambda rng: rng.randrange(10**6), score, random.Random(1), Budget(iterations=20)
    )
    assert result.best == "b" and result.iterations == 20
    assert seen["a"] == seen["b"]  # common random numbers: same world, same luck, move by move
    assert result.means == {"a": 0.5, "b": 1.0}


def test_compare_keeps_the_favourite_unless_another_move_is_better_by_its_head_start() -> None:
    def score(world: None, move: str, luck: random.Random) -> float:
        return {"usual": 0.50, "other": 0.55}[move]

    def best(head_start: float) -> str:
        budget = Budget(iterations=5)
        rng = random.Random(2)
        return compare(
            ["other", "usual"], lambda r: None, score, rng, budget, "usual", head_start
        ).best

    assert best(0.0) == "other"
    assert best(0.1) == "usual"


def test_a_cpu_budget_counts_cpu_time_and_respects_the_minimum() -> None:
    more = Budget(cpu_ms=0.0, min_iterations=3).running()
    assert [more(done) for done in range(4)] == [True, True, True, False]
    assert not Budget(cpu_ms=1e9, max_iterations=2).running()(2)


def test_a_starved_search_still_answers_within_its_wall_time_safety_net() -> None:
    # A huge CPU budget but no wall time to spare: only the minimum iterations run.
    more = Budget(cpu_ms=1e6, min_iterations=2, wall_factor=0.0).running()
    assert [more(done) for done in range(3)] == [True, True, False]
