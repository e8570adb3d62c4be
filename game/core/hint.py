"""Hints that explain (issue 30, item 2): the hard bot's choice for a person's position, from
that person's view only, with one sentence of why in the search's own numbers.

One mechanism, data per game: a game that gives hints has ``game/<name>/hint.py`` with
``hint(view, legal, seed, budget_ms) -> Hint | None``, built on its hard bot's search (the bot's
per-move statistics, never a copy of the search). Core imports no game: the module is found by
name, as lessons are (``game.core.lesson.find_lesson``). Like a bot, a hint sees the view and the
legal moves, never the state: two states that give one view give one hint.

The table reads ``Hint.lift`` (the card to lift: its zone and card id, in the rules' zone names)
and ``Hint.light`` (the zones of the target to light) and shows ``Hint.why``, whose seats are
written "seat N" as the rules' refusals are (the table names them); it needs nothing of a game
but this.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from game.core.actions import Action
from game.core.bot import Bot
from game.core.budget import wall_deadline
from game.core.registry import game_part
from game.core.rng import derive_seed
from game.core.views import View

HINT_BUDGET_MS = 400  # CPU time a hint may search
HINT_WALL_MS = 700  # and wall time from the ask: on a busy machine it thinks less, but answers
# within 1 s (the worker's pickling and the playout under way come on top: bench/hint_latency.py)
MIN_WALL_MS = 50  # a hint asked behind slow bots still searches a moment


@dataclasses.dataclass(frozen=True)
class Figure:
    """What the search found for one move: its mean ``value`` over ``samples`` sampled worlds
    (a win share, a chance or points, as the game's ``unit`` says)."""

    action: Action
    value: float
    samples: int


@dataclasses.dataclass(frozen=True)
class Hint:
    """The move to make, why (one sentence from ``figures``), and what to light on the table."""

    action: Action
    why: str
    figures: tuple[Figure, ...] = ()  # best first
    # (zone, card id or None for any card there): the card the table lifts (the card to play)
    lift: tuple[tuple[str, str | None], ...] = ()
    light: tuple[str, ...] = ()  # zones the table lights (where it goes)

    def figure(self, action: Action) -> Figure | None:
        return next((f for f in self.figures if f.action == action), None)


class HintFn(Protocol):
    """``hint(view, legal, seed, budget_ms, samples=None)``: ``samples`` fixes how many worlds
    the search draws instead of the CPU budget (tests: same seed, same hint)."""

    def __call__(
        self,
        view: View,
        legal: Sequence[Action],
        seed: int,
        budget_ms: int,
        samples: int | None = None,
    ) -> Hint | None: ...


def find_hint(game_id: str) -> HintFn | None:
    """The game's ``hint`` function (``game/<name>/hint.py``), or None if it gives no hints."""
    found: HintFn | None = getattr(game_part(game_id, "hint"), "hint", None)
    return found if callable(found) else None


def gives_hints(game_id: str) -> bool:
    return find_hint(game_id) is not None


def hint_for(
    game_id: str,
    view: View,
    legal: Sequence[Action],
    seed: int,
    budget_ms: int = HINT_BUDGET_MS,
    samples: int | None = None,
    wall_ms: float = HINT_WALL_MS,
) -> Hint | None:
    """The game's hint for ``view`` (None: the game gives none, or none fits this choice).
    ``wall_ms``: when it is due (less than ``HINT_WALL_MS`` when it waited its turn behind the
    bots in the worker)."""
    if samples is not None:  # a fixed number of samples: no clock may change the answer
        return _hint(game_id, view, legal, seed, budget_ms, samples)
    # The answer is due however busy the machine: every search inside stops then. The clock
    # runs from here, finding the game's module included (a worker's first hint of a game
    # imports it: ~30 ms of CPU, most of a second on a starved worker).
    with wall_deadline(max(MIN_WALL_MS, wall_ms) / 1000):
        return _hint(game_id, view, legal, seed, budget_ms, samples)


def _hint(
    game_id: str,
    view: View,
    legal: Sequence[Action],
    seed: int,
    budget_ms: int,
    samples: int | None,
) -> Hint | None:
    found = find_hint(game_id)
    if found is None or not legal:
        return None
    # In one order whatever the state listed them in: the hint depends on the view and the set
    # of legal moves alone (a search breaks ties by order; two states of one view may list
    # a hand in two orders).
    legal = sorted(legal, key=lambda action: json.dumps(action.to_json(), sort_keys=True))
    return found(view, tuple(legal), seed, budget_ms, samples)


def hint_seed(match_seed: int, moves_made: int, seat: int) -> int:
    """The search's seed for a hint: the same position asked twice gives the same hint."""
    return derive_seed(match_seed, "hint", moves_made, seat) % 2**31


def percent(share: float) -> str:
    """A share of sampled worlds as the sentence says it: "71%"."""
    return f"{round(100 * max(0.0, min(1.0, share)))}%"


def too_close(best: Figure, other: Figure) -> str:
    """What the sentence adds when the runner-up measured as well (a bot keeps its own plan
    unless another move is clearly better)."""
    return ": too close for the search to tell apart" if other.value >= best.value else ""


def best_first(
    means: dict[Action, float], samples: int, chosen: Action | None = None
) -> tuple[Figure, ...]:
    """The figures of a search, the chosen move first, then by mean (ties keep the search's
    order)."""
    order = sorted(means, key=lambda a: (a != chosen, -means[a]))
    return tuple(Figure(a, means[a], samples) for a in order)


# --- what every game's hint shares: the bot decides, its search's figures explain -----------
Marks = tuple[tuple[tuple[str, str | None], ...], tuple[str, ...]]  # (Hint.lift, Hint.light)
BY_RULES = "the hard bot plays this by its rules here, without a search"
ONLY_MOVE = "it is the only move you have"


def decided_hint(
    bot: Bot,
    view: View,
    legal: Sequence[Action],
    stats: Callable[[Action], tuple[Mapping[Action, float], int]],
    why: Callable[[Action, tuple[Figure, ...]], str],
    marks: Callable[[Action], Marks],
) -> Hint | None:
    """A hint from a hard bot that keeps its last search's figures: the bot decides on the
    person's view; ``stats(its move)`` then gives its means per move and its samples (empty
    where it decided by rule), ``why`` the sentence, ``marks`` what the table lights."""
    decision = bot.decide(view, legal)
    if decision is None or decision.action not in legal:
        return None
    action = decision.action
    if len(legal) == 1:  # nothing to weigh (Omi's one card of the suit led)
        return Hint(action, why(action, ()).replace(BY_RULES, ONLY_MOVE), (), *marks(action))
    means, samples = stats(action)
    figures = best_first(dict(means), samples, action) if means and samples else ()
    return Hint(action, why(action, figures), figures, *marks(action))


def explain(
    figures: tuple[Figure, ...],
    move: Callable[[Action], str],
    best: Callable[[Figure], str],
    value: Callable[[Figure], str],
    chosen: Action,
) -> str:
    """The sentence: the move, what the search found for it (``best``), then the runner-up
    named in a lower-case ``move`` with its ``value``; without figures, that the bot chose by
    rule."""
    if not figures:
        return f"{move(chosen)}: {BY_RULES}."
    first = figures[0]
    text = f"{move(first.action)}: {best(first)}"
    if len(figures) > 1:
        other = figures[1]
        named = move(other.action)
        text += f"; {named[:1].lower()}{named[1:]}, {value(other)}{too_close(first, other)}"
    return text + "."


# --- the match's record: which seats took a hint (saved with the match, counted in statistics)
HINTED_NOTE = "hinted"  # Match.notes key: the seats that were shown a hint


def note_hint(notes: dict[str, Any], seat: int) -> None:
    """Mark in a match's notes that ``seat`` was shown a hint (statistics say "with hints")."""
    notes[HINTED_NOTE] = sorted(hinted_seats(notes) | {seat})


def hinted_seats(notes: Mapping[str, Any]) -> frozenset[int]:
    """The seats a match's notes say took a hint (none for a save from before hints)."""
    found = notes.get(HINTED_NOTE, ())
    if not isinstance(found, list | tuple):
        return frozenset()
    return frozenset(s for s in found if isinstance(s, int) and not isinstance(s, bool))
