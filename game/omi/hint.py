"""Omi's hints: the hard bot's card or trump call for the person (game/core/hint.py), with the
figures its search keeps (``HardBot.last_means``, ``last_iterations``): every candidate played
out to the end of the hand on deals that fit the view (weighed by what the others' plays say),
valued by the tokens it brings the team. The hint says that value as tokens ahead or behind on
average. Kapothi questions follow the normal bot's rules: the hint says so."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core.actions import Action
from game.core.hint import Figure, Hint, Marks, decided_hint, explain
from game.core.views import View
from game.omi.actions import NameTrump, PlayCard
from game.omi.cards import SUIT_NAMES, card_name
from game.omi.game import OmiGame
from game.omi.hard import TOKEN_SCALE, HardBot, equivalent_groups
from game.omi.view import OmiView


def hint(
    view: View, legal: Sequence[Action], seed: int, budget_ms: int, samples: int | None = None
) -> Hint | None:
    assert isinstance(view, OmiView)
    seat = view.seat
    if seat is None:
        return None
    bot = HardBot(seat, seed, OmiGame(), budget_ms=budget_ms, iterations=samples)

    def stats(move: Action) -> tuple[Mapping[Action, float], int]:
        means = dict(bot.last_means) if bot.last_iterations else {}
        return as_played(view, move, means), bot.last_iterations

    return decided_hint(bot, view, legal, stats, why, marks)


def as_played(view: OmiView, move: Action, means: dict[Action, float]) -> dict[Action, float]:
    """The search's means with the card played in place of the card that stood for it: cards
    with nothing still out between them are searched once, as one."""
    if move in means or not isinstance(move, PlayCard):
        return means
    cards = [a.card for a in means if isinstance(a, PlayCard)] + [move.card]
    group = next((g for g in equivalent_groups(view, cards) if move.card in g), [])
    stand_in = next((a for a in means if isinstance(a, PlayCard) and a.card in group), None)
    if stand_in is None:
        return means
    return {move if a == stand_in else a: v for a, v in means.items()}


def tokens(value: float) -> str:
    """A search value (0.5: even) as tokens ahead or behind for the team, on average."""
    lead = (value - 0.5) * TOKEN_SCALE
    if abs(lead) < 0.05:
        return "level"
    return f"{abs(lead):.1f} tokens {'ahead' if lead > 0 else 'behind'}"


def why(action: Action, figures: tuple[Figure, ...]) -> str:
    return explain(
        figures,
        move_words,
        lambda best: (
            f"over {best.samples} deals that fit what you have seen, your team ends this hand "
            f"{tokens(best.value)} on average"
        ),
        lambda other: tokens(other.value),
        action,
    )


def move_words(action: Action) -> str:
    if isinstance(action, PlayCard):
        return f"Play the {card_name(action.card)}"
    if isinstance(action, NameTrump):
        return f"Name {SUIT_NAMES[action.suit]} trumps"
    return "This move"


def marks(action: Action) -> Marks:
    if isinstance(action, PlayCard):
        return ((f"hand:{action.seat}", action.card),), (f"trick:{action.seat}",)
    return (), ()
