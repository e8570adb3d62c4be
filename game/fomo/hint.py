"""FOMO's hints: the hard bot's choice for the person's turn (game/core/hint.py), with the
search's own figures. The hard bot scores each move on its shortlist over sampled states that fit
the view, each played on two rounds: a win counts 1, a loss 0, and a game still running the
chance its lead in the race to a FOMO! over the nearest rival is worth (``HardBot.score``). The
hint quotes that mean as the move's chance. The Canceled window gets no hint: it is a race."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.actions import Action
from game.core.hint import Figure, Hint, Marks, decided_hint, explain, percent
from game.core.views import View
from game.fomo.actions import (
    CallFomo,
    Discard,
    PassCancel,
    PlaceCard,
    PlayCanceled,
    PlayGhosted,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
    PlayThrowback,
    TakeDiscard,
    TakeThrowback,
)
from game.fomo.cards import GHOSTED, PLOT_TWIST, SEEN, SET_SIZE, SWAP, THROWBACK, card_name
from game.fomo.game import FomoGame
from game.fomo.hard import HardBot
from game.fomo.view import FomoView


def hint(
    view: View, legal: Sequence[Action], seed: int, budget_ms: int, samples: int | None = None
) -> Hint | None:
    assert isinstance(view, FomoView)
    seat = view.seat
    if seat is None or any(isinstance(a, PlayCanceled | PassCancel) for a in legal):
        return None  # the Canceled window: a race, not a choice to think over
    # No head start for the bot's own move (its guard against noise at 12 samples a move): the
    # hint searches longer, and names the move its figures say is best.
    bot = HardBot(seat, seed, FomoGame(), budget_ms, samples, prior=0.0)
    return decided_hint(
        bot,
        view,
        legal,
        lambda _move: (bot.last_means, bot.last_iterations),
        lambda action, figures: why(action, figures),
        marks,
    )


def why(action: Action, figures: tuple[Figure, ...]) -> str:
    return explain(
        figures,
        move_words,
        lambda best: (
            f"over {best.samples} deals that fit what you have seen, two rounds on it leaves "
            f"you a {percent(best.value)} chance against your nearest rival"
        ),
        lambda other: percent(other.value),
        action,
    )


def whose(seat: int, me: int) -> str:
    return "your" if seat == me else f"seat {seat}'s"


def move_words(action: Action) -> str:
    """The move as advice: "Place the 7 in slot 2"."""
    me = action.seat
    if isinstance(action, CallFomo):
        return "Call FOMO! now"
    if isinstance(action, Discard):
        return f"Discard the {card_name(action.card)}"
    if isinstance(action, PlaceCard):
        return f"Place the {card_name(action.card)} in slot {action.slot + 1}"
    if isinstance(action, TakeDiscard):
        return f"Take the top discard, giving up your {card_name(action.card)}"
    if isinstance(action, PlaySeen):
        return f"Play Seen on {whose(action.target, me)} set"
    if isinstance(action, PlayGhosted):
        return "Play Ghosted"
    if isinstance(action, PlayPlotTwist):
        other = action.second if action.first == me else action.first
        if me in (action.first, action.second):
            return f"Play Plot Twist with seat {other}"
        return f"Play Plot Twist on seats {action.first} and {action.second}"
    if isinstance(action, PlaySwap):
        a = f"{whose(action.first, me)} slot {action.first_slot + 1}"
        b = f"{whose(action.second, me)} slot {action.second_slot + 1}"
        return f"Play Swap: {a} with {b}"
    if isinstance(action, PlayThrowback):
        return "Play Throwback"
    if isinstance(action, TakeThrowback):
        return f"Take the {card_name(action.card)} back"
    return "This move"


def marks(action: Action) -> Marks:
    """The card to play lifted from the hand, where it goes lit."""
    me = action.seat
    hand = f"hand:{me}"
    if isinstance(action, PlaceCard):
        return ((hand, action.card),), (f"set:{me}:{action.slot}",)
    if isinstance(action, Discard | TakeDiscard):
        return ((hand, action.card),), ("discard",)
    if isinstance(action, PlaySeen):
        return ((hand, SEEN),), tuple(f"set:{action.target}:{s}" for s in range(SET_SIZE))
    if isinstance(action, PlayGhosted):
        return ((hand, GHOSTED),), ()
    if isinstance(action, PlayPlotTwist):
        sets = (action.first, action.second)
        return ((hand, PLOT_TWIST),), tuple(f"set:{t}:{s}" for t in sets for s in range(SET_SIZE))
    if isinstance(action, PlaySwap):
        slots = (
            f"set:{action.first}:{action.first_slot}",
            f"set:{action.second}:{action.second_slot}",
        )
        return ((hand, SWAP),), slots
    if isinstance(action, PlayThrowback):
        return ((hand, THROWBACK),), ("discard",)
    if isinstance(action, TakeThrowback):
        return (), ("discard",)
    return (), ()
