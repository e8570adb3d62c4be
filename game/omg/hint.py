"""OMG's hints: the hard bot's decision for the person's turn or defense (game/core/hint.py),
with the figures its search keeps (``HardBot.last_scores``, ``last_iterations``): at an attack or
a defense it plays each candidate on sampled hidden cards, then this turn and the opponent's next
out with the normal policy, and scores the position (``policy.evaluate``: Life, Beings' power,
cards in hand, for you minus for the opponent). Playing and evolving Beings and the mulligan
follow the normal policy, not a search: the hint says so.

This module reads the hard bot's own statistics and does not change it (game/omg/hard.py is
tuned by another hand)."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.actions import Action
from game.core.hint import Figure, Hint, Marks, decided_hint, explain
from game.core.views import View
from game.omg.actions import (
    AddDefense,
    Attack,
    Block,
    EndTurn,
    Evolve,
    FinishDefense,
    GemDraw,
    Mulligan,
    PlayBeing,
)
from game.omg.game import OmgGame
from game.omg.hard import HardBot
from game.omg.narrate import card_name, place
from game.omg.view import OmgView


def hint(
    view: View, legal: Sequence[Action], seed: int, budget_ms: int, samples: int | None = None
) -> Hint | None:
    assert isinstance(view, OmgView)
    seat = view.seat
    if seat is None:
        return None
    bot = HardBot(seat, seed, OmgGame(), budget_ms=budget_ms, iterations=samples)
    return decided_hint(
        bot,
        view,
        legal,
        lambda _move: (bot.last_scores if bot.last_iterations else {}, bot.last_iterations),
        lambda action, figures: why(view, action, figures),
        lambda action: marks(view, action),
    )


def why(view: OmgView, action: Action, figures: tuple[Figure, ...]) -> str:
    return explain(
        figures,
        lambda move: move_words(view, move),
        lambda best: (
            f"over {best.samples} deals that fit what you have seen, played out to your next "
            "turn, the bot's count of the position (Life, Beings' power, cards; yours less the "
            f"opponent's) comes to {best.value:+.1f}"
        ),
        lambda other: f"{other.value:+.1f}",
        action,
    )


def top(view: OmgView, seat: int, location: int) -> str:
    stack = view.sides[seat].locations[location]
    return card_name(stack.cards[-1]) if stack is not None and stack.cards else "your Being"


def move_words(view: OmgView, action: Action) -> str:
    me = action.seat
    if isinstance(action, Attack):
        mine = f"{top(view, me, action.location)} from {place(action.location)}"
        if action.target is None:
            return f"Attack the opponent's Life with {mine}"
        theirs = f"{top(view, 1 - me, action.target)} at {place(action.target)}"
        return f"Attack their {theirs} with {mine}"
    if isinstance(action, Block):
        return f"Block with {top(view, me, action.location)} at {place(action.location)}"
    if isinstance(action, FinishDefense):
        return "Let the attack through"
    if isinstance(action, AddDefense):
        return f"Discard {card_name(action.card)} to defend"
    if isinstance(action, EndTurn):
        return "End your turn"
    if isinstance(action, PlayBeing):
        return f"Play {card_name(action.card)} at {place(action.location)}"
    if isinstance(action, Evolve):
        return f"Evolve into {card_name(action.card)} at {place(action.location)}"
    if isinstance(action, GemDraw):
        return "Rest a Gem to draw a card"
    if isinstance(action, Mulligan):
        if not action.cards:
            return "Keep this hand"
        names = [card_name(c) for c in action.cards]
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        return f"Shuffle back {listed}"
    return "This move"


def marks(view: OmgView, action: Action) -> Marks:
    """The Being or card to use lifted, its target lit."""
    me, them = action.seat, 1 - action.seat
    if isinstance(action, Attack):
        target = f"life:{them}" if action.target is None else f"loc:{them}:{action.target}"
        return ((f"loc:{me}:{action.location}", None),), (target,)
    if isinstance(action, Block):
        return ((f"loc:{me}:{action.location}", None),), ()
    if isinstance(action, AddDefense):
        return ((f"hand:{me}", action.card),), ()
    if isinstance(action, Mulligan):
        return tuple((f"hand:{me}", card) for card in action.cards), ()
    if isinstance(action, PlayBeing | Evolve):
        return ((f"hand:{me}", action.card),), (f"loc:{me}:{action.location}",)
    return (), ()
