"""The one search every ``hard`` bot uses: determinized search over the seat's information set.

``compare`` is the core (perfect-information Monte Carlo with common random numbers): each
iteration samples one world consistent with the seat's view and scores every candidate move on
it; the best mean wins, with an optional head start for a favourite move (the bot's heuristic
choice, so noise alone never overrules it). A game supplies only what is game-specific: how to
sample a world from the view (its ``determinize``, weighted by inference about what opponents
hold), a fast playout, and a value at the horizon. ``PIMC`` and ``ISMCTS`` below wrap it for any
game over the public Game/State API. Budgets are ``Budget``: CPU milliseconds of this process
(``time.process_time``, so a loaded machine delays the answer but does not weaken it) or a fixed
number of iterations (same seed, same answer).

Why PIMC rather than IS-MCTS by default: measured on Omi (bench/RESULTS.md), PIMC with the
club-rule playout beat IS-MCTS with the same playout at the same budget (56.7% against 55.3% of
tokens against ``normal``); FOMO offers up to 240 moves a turn, where a tree learns little in a
few hundred iterations while a shortlist scored on shared samples does. IS-MCTS stays available.

Both sample full states consistent with the searching seat's view (``game.determinize(view,
rng)``), so they read nothing the seat may not know, and both answer with one of ``legal``.

- ``ISMCTS`` (single-observer information-set MCTS; Cowling, Powley & Whitehouse 2012): every
  iteration samples a state, walks one shared tree down with the moves legal *in that sample*
  (UCB1 counted over how often a move was available), adds one node, plays the rest out with the
  rollout policy, and credits every node with the result for the seat that moved into it. The
  answer is the most visited root move. Suits long games with many decisions per seat.
- ``PIMC`` (perfect-information Monte Carlo): every iteration samples a state and scores every
  root move on its own copy of it, all playouts of one sample drawing the same random numbers, so
  moves are compared on equal luck. The answer has the best mean. Suits card play with a good
  playout policy (Omi's ``hard``).

Usage (a bot's ``decide``)::

    search = PIMC(game, seat, seed, budget_ms=300)              # CPU ms; or iterations=200
    action = search.choose(view, legal)                         # None: let the window pass
    search.last_values, search.last_visits, search.last_iterations   # what it found

Hooks, so each game can make it strong without touching this file:

- ``rollout(state, seat, moves, rng, can_wait) -> Action | None``: the move ``seat`` makes in a playout.
  ``moves`` are its legal actions; it may return None (let time pass) only when ``can_wait``.
  Default ``random_rollout``: uniform over the moves (and waiting, where allowed).
- ``value(state) -> Sequence[float] | None``: per-seat results in [0, 1] if the search should stop
  at ``state`` (the match is over, or a hand is: a horizon), else None. Called after every step.
  Default ``outcome_value``: 1 for each winner (shared wins split), 0 for the others, at the end.
- ``estimate(state) -> Sequence[float]``: the value of a playout cut off after ``max_steps``
  steps. Default: an even share for every seat.
- ``finish(state, rng) -> Sequence[float] | None``: a fast way to play the rest out in one go
  (a game's own simulation on plain data, no events), returning the values; None where it does
  not apply (the playout then takes one more ``rollout`` step and asks again). Default: none.

Windows (games with reactions): whenever ``state.next_deadline()`` is set, a seat may also *wait*.
Seats in ``to_act()`` decide one at a time in seat order, each acting or waiting; once every one of
them waits, the state advances to its next deadline. Any action resets who has waited. With no
deadline, the first seat of ``to_act()`` must act, so simultaneous choices are searched one after
another in seat order (the usual sequential approximation). Actions are applied at the game time
the search has reached (``view.now_ms`` at the root).
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from game.core.actions import Action
from game.core.budget import capped_iterations, capped_ms, deadline_passed, search_deadline
from game.core.game import Game, State
from game.core.rng import make_rng
from game.core.views import View


class RolloutPolicy(Protocol):
    def __call__(
        self, state: State, seat: int, moves: Sequence[Action], rng: random.Random, can_wait: bool
    ) -> Action | None: ...


ValueFn = Callable[[State], Sequence[float] | None]
EstimateFn = Callable[[State], Sequence[float]]
FinishFn = Callable[[State, random.Random], Sequence[float] | None]
Move = tuple[int, Action | None]  # (seat, action); a None action means the seat waits


@dataclasses.dataclass(frozen=True)
class Budget:
    """How long a search may think: ``cpu_ms`` of this process's CPU time, or exactly
    ``iterations`` (then the clocks are ignored), never fewer than ``min_iterations`` nor more
    than ``max_iterations``. A safety net bounds the wall time at ``wall_factor`` × ``cpu_ms``: a
    worker starved of CPU (a busy machine, the idle scheduling class) still answers in time,
    thinking less; it never binds on a machine with a core to spare."""

    cpu_ms: float = 300.0
    iterations: int | None = None
    min_iterations: int = 1
    max_iterations: int = 1_000_000
    wall_factor: float = 20.0

    def __post_init__(self) -> None:
        # Settings may come from an untrusted save: whatever reaches a search is bounded here.
        set_field = object.__setattr__
        set_field(self, "cpu_ms", capped_ms(self.cpu_ms))
        if self.iterations is not None:
            set_field(self, "iterations", capped_iterations(self.iterations))
        set_field(self, "max_iterations", capped_iterations(self.max_iterations))
        set_field(self, "min_iterations", min(self.min_iterations, self.max_iterations))

    def running(self) -> Callable[[int], bool]:
        """A test ``more(done)``: may another iteration start after ``done`` of them?"""
        if self.iterations is not None:
            fixed = self.iterations
            return lambda done: done < fixed
        stop = time.process_time() + self.cpu_ms / 1000.0
        wall_stop = time.perf_counter() + self.wall_factor * self.cpu_ms / 1000.0
        low, high = self.min_iterations, self.max_iterations
        deadline = search_deadline()
        if deadline is not None:  # a caller that must answer by then (a hint): even the minimum
            end = min(wall_stop, deadline)  # gives way, once one iteration has been run
            return lambda done: (
                done < 1
                or (
                    time.perf_counter() < end
                    and (done < low or (done < high and time.process_time() < stop))
                )
            )
        return lambda done: (
            done < low
            or (done < high and time.process_time() < stop and time.perf_counter() < wall_stop)
        )

    def overdue(self) -> Callable[[], bool]:
        """A test ``late()`` for inside one iteration: has the caller's deadline (a hint's)
        passed? Never for a fixed count of iterations (same seed, same answer) or without one."""
        return (lambda: False) if self.iterations is not None else deadline_passed()


Move_ = TypeVar("Move_", bound=Hashable)
World = TypeVar("World")


@dataclasses.dataclass
class Comparison(Generic[Move_]):
    best: Move_
    means: dict[Move_, float]  # mean score per move (the favourite's without its head start)
    iterations: int


def compare(
    moves: Sequence[Move_],
    sample: Callable[[random.Random], World],
    score: Callable[[World, Move_, random.Random], float],
    rng: random.Random,
    budget: Budget,
    favourite: Move_ | None = None,
    head_start: float = 0.0,
) -> Comparison[Move_]:
    """Score every move on the same sampled worlds; the best mean wins.

    ``sample(rng)`` draws one world consistent with what the searching seat knows; ``score(world,
    move, luck)`` plays ``move`` on (a copy of) it and returns its value for the seat, drawing
    any chance from ``luck``. Every move of one world gets the same luck (common random numbers),
    so moves are compared on equal cards and equal dice. ``favourite`` gets ``head_start`` added
    to its mean and wins ties; otherwise ties go to the earlier move. A hint's deadline is also
    checked between the moves of one world (``Budget.overdue``): a world not scored for every
    move is left out, and the answer comes from the whole ones (one at least).
    """
    totals = dict.fromkeys(moves, 0.0)
    more, late = budget.running(), budget.overdue()
    done = 0
    while more(done):
        world = sample(rng)
        luck = rng.getrandbits(64)
        values: list[float] = []
        for move in totals:
            if done and late():  # due mid-world (a hint): answer now, from the whole worlds
                break
            values.append(score(world, move, random.Random(luck)))
        if len(values) < len(totals):  # left out, so every move's mean is over the same worlds
            break
        for move, value in zip(totals, values, strict=True):
            totals[move] += value
        done += 1
    samples = max(1, done)
    means = {move: total / samples for move, total in totals.items()}
    order = {move: index for index, move in enumerate(totals)}

    def rank(move: Move_) -> tuple[float, bool, int]:
        bonus = head_start if move == favourite else 0.0
        return (means[move] + bonus, move == favourite, -order[move])

    return Comparison(max(totals, key=rank), means, done)


def random_rollout(
    state: State, seat: int, moves: Sequence[Action], rng: random.Random, can_wait: bool
) -> Action | None:
    """Uniform over the legal moves, waiting counted as one more move where it is allowed."""
    count = len(moves) + (1 if can_wait else 0)
    pick = rng.randrange(count)
    return moves[pick] if pick < len(moves) else None


def outcome_value(state: State) -> Sequence[float] | None:
    """At the end of the match: 1 shared among the winners, 0 for everyone else."""
    outcome = state.outcome()
    if outcome is None:
        return None
    values = [0.0] * state.players
    for seat in outcome.winners:
        values[seat] = 1.0 / len(outcome.winners)
    return values


class _Node:
    __slots__ = ("parent", "seat", "children", "visits", "total", "available")

    def __init__(self, parent: _Node | None, seat: int) -> None:
        self.parent = parent
        self.seat = seat  # who made the move into this node (credited with its results)
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0  # iterations in which this node's move was legal at its parent

    def ucb(self, exploration: float) -> float:
        return self.total / self.visits + exploration * math.sqrt(
            math.log(self.available) / self.visits
        )


class _Walker:
    """One determinized state being stepped: the game time reached and who has waited."""

    __slots__ = ("state", "now_ms", "waited")

    def __init__(self, state: State, now_ms: int) -> None:
        self.state = state
        self.now_ms = now_ms
        self.waited: set[int] = set()

    def next_decision(self) -> tuple[int, tuple[Action, ...], bool] | None:
        """(seat, its legal actions, may it wait) for the next decision; None when stuck.

        Advances time on its own when every seat that could act has waited.
        """
        while True:
            state = self.state
            deadline = state.next_deadline()
            for seat in sorted(state.to_act()):
                if seat in self.waited:
                    continue
                moves = state.legal_actions(seat)
                if moves:
                    return seat, moves, deadline is not None
            if deadline is None or state.is_over():
                return None
            self.now_ms = max(self.now_ms, deadline)
            state.advance(self.now_ms)
            self.waited.clear()

    def play(self, seat: int, action: Action | None) -> None:
        if action is None:
            self.waited.add(seat)
        else:
            self.state.apply(action, self.now_ms)
            self.waited.clear()


class _Search:
    """What both searches share: settings, the budget loop, playouts. ``choose`` starts afresh."""

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int | random.Random,
        *,
        budget_ms: int = 300,
        iterations: int | None = None,
        rollout: RolloutPolicy = random_rollout,
        value: ValueFn = outcome_value,
        estimate: EstimateFn | None = None,
        finish: FinishFn | None = None,
        max_steps: int = 2000,
        may_wait: bool = True,
    ) -> None:
        """``iterations`` (when given) replaces the CPU budget: same seed, same answer.
        ``may_wait``: False keeps waiting (letting an open window pass) out of the root moves."""
        self.game = game
        self.seat = seat
        self.rng = seed if isinstance(seed, random.Random) else make_rng(seed, "search", seat)
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.rollout = rollout
        self.value = value
        self.estimate = estimate
        self.finish = finish
        self.max_steps = max_steps
        self.may_wait = may_wait
        self.last_iterations = 0  # how many iterations the last ``choose`` ran
        self.last_visits: dict[Action | None, int] = {}  # root visits per move, for inspection
        self.last_values: dict[Action | None, float] = {}  # root mean value per move

    @property
    def budget(self) -> Budget:
        return Budget(cpu_ms=self.budget_ms, iterations=self.iterations)

    def choose(
        self,
        view: View,
        legal: Sequence[Action],
        favourite: Action | None = None,
        head_start: float = 0.0,
    ) -> Action | None:
        """The best of ``legal`` for this seat, or None if waiting (letting a window pass) is.

        ``favourite`` (PIMC): the move to keep unless another is better by more than
        ``head_start`` (a bot's heuristic choice; noise alone then never overrules it)."""
        moves = tuple(legal)
        can_wait = self._root_can_wait(view)
        self.last_iterations = 0
        self.last_visits, self.last_values = {}, {}
        if not moves or (len(moves) == 1 and not can_wait):
            return moves[0] if moves else None
        return self._search(view, moves, can_wait, favourite, head_start)

    def _search(
        self,
        view: View,
        moves: tuple[Action, ...],
        can_wait: bool,
        favourite: Action | None,
        head_start: float,
    ) -> Action | None:
        raise NotImplementedError

    def _root_can_wait(self, view: View) -> bool:
        return self.may_wait and any(window.is_open_at(view.now_ms) for window in view.windows)

    def _playout(
        self, walker: _Walker, steps: int, rng: random.Random | None = None
    ) -> Sequence[float]:
        rng = rng or self.rng
        while True:
            result = self.value(walker.state)
            if result is not None:
                return result
            if self.finish is not None:
                result = self.finish(walker.state, rng)
                if result is not None:
                    return result
            if steps >= self.max_steps:
                break
            decision = walker.next_decision()
            if decision is None:
                break
            seat, moves, can_wait = decision
            walker.play(seat, self.rollout(walker.state, seat, moves, rng, can_wait))
            steps += 1
        if self.estimate is not None:
            return self.estimate(walker.state)
        players = walker.state.players
        return [1.0 / players] * players


class ISMCTS(_Search):
    """Single-observer IS-MCTS: one tree over this seat's information set (see the top)."""

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int | random.Random,
        *,
        exploration: float = 0.7,
        tree_depth: int | None = None,
        **settings: Any,
    ) -> None:
        """``exploration`` is the UCB1 constant; ``tree_depth`` limits how deep the tree grows
        (1: flat Monte Carlo over the root moves; None: no limit). Other settings: ``_Search``."""
        super().__init__(game, seat, seed, **settings)
        self.exploration = exploration
        self.tree_depth = tree_depth
        self.root = _Node(None, seat)

    def _search(
        self,
        view: View,
        moves: tuple[Action, ...],
        can_wait: bool,
        favourite: Action | None,
        head_start: float,
    ) -> Action | None:
        self.root = _Node(None, self.seat)
        more = self.budget.running()
        done = 0
        while more(done):
            self._iterate(view, moves, can_wait)
            done += 1
        self.last_iterations = done
        children = self.root.children
        self.last_visits = {move[1]: child.visits for move, child in children.items()}
        self.last_values = {move[1]: child.total / child.visits for move, child in children.items()}
        best = max(children.items(), key=lambda item: (item[1].visits, item[1].total))
        return best[0][1]

    def _iterate(self, view: View, root_moves: tuple[Action, ...], root_can_wait: bool) -> None:
        walker = _Walker(self.game.determinize(view, self.rng), view.now_ms)
        node = self.root
        seat, moves, can_wait = self.seat, root_moves, root_can_wait
        steps = 0
        # Selection and expansion: down the shared tree while every legal move has been tried.
        result = None
        while self.tree_depth is None or steps < self.tree_depth:
            options: list[Move] = [(seat, action) for action in moves]
            if can_wait:
                options.append((seat, None))
            untried = [move for move in options if move not in node.children]
            if untried:
                move = untried[self.rng.randrange(len(untried))]
                child = _Node(node, seat)
                node.children[move] = child
                child.available = 1
                for other in options:
                    if other != move and other in node.children:
                        node.children[other].available += 1
                walker.play(*move)
                node = child
                break
            for move in options:
                node.children[move].available += 1
            move = max(options, key=lambda m: node.children[m].ucb(self.exploration))
            walker.play(*move)
            node = node.children[move]
            steps += 1
            result = self.value(walker.state)
            if result is not None:
                break
            decision = walker.next_decision()
            if decision is None:
                break
            seat, moves, can_wait = decision
        if result is None:
            result = self._playout(walker, steps)
        # Backpropagation: each node keeps the result for the seat that moved into it.
        back: _Node | None = node
        while back is not None:
            back.visits += 1
            back.total += result[back.seat]
            back = back.parent


class PIMC(_Search):
    """Perfect-information Monte Carlo over the Game/State API: ``compare`` with the game's
    ``determinize`` as the sampler and a playout (``finish``, else ``rollout`` steps until
    ``value`` stops it) as the score."""

    def _search(
        self,
        view: View,
        moves: tuple[Action, ...],
        can_wait: bool,
        favourite: Action | None,
        head_start: float,
    ) -> Action | None:
        options: tuple[Action | None, ...] = (*moves, None) if can_wait else moves

        def score(world: State, move: Action | None, luck: random.Random) -> float:
            walker = _Walker(world.clone(), view.now_ms)
            walker.play(self.seat, move)
            return self._playout(walker, 1, luck)[self.seat]

        result = compare(
            options,
            lambda rng: self.game.determinize(view, rng),
            score,
            self.rng,
            self.budget,
            favourite,
            head_start,
        )
        self.last_iterations = result.iterations
        self.last_visits = dict.fromkeys(options, result.iterations)
        self.last_values = dict(result.means)
        return result.best
