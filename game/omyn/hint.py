"""OMYN's hints: the hard bot's decision for the person's turn (game/core/hint.py), with the
search's own figures where it searches: call or draw, Drop, Swap or Pair Up, a power's use. Each
move is valued by the share of sampled deals (fitting what the view shows) in which the seat wins
the game when it is played out. Peeks and the order of an Arrange are the bot's rules, not a
search: the hint says so. Reflex windows (chains, Voids) get no hint: they are races."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.actions import Action
from game.core.hint import Figure, Hint, Marks, decided_hint, explain, percent
from game.core.views import View
from game.omyn.actions import (
    Arrange,
    CallOmyn,
    Claim,
    DeclinePower,
    Draw,
    Drop,
    PairDrawn,
    PairSlots,
    Pass,
    Peek,
    PickSlot,
    Swap,
    UsePower,
)
from game.omyn.cards import card_name
from game.omyn.hard import MAX_SAMPLES, HardBot
from game.omyn.narrate import power_name
from game.omyn.view import OmynView


def hint(
    view: View, legal: Sequence[Action], seed: int, budget_ms: int, samples: int | None = None
) -> Hint | None:
    assert isinstance(view, OmynView)
    seat = view.seat
    if seat is None or any(isinstance(a, Claim | PickSlot | Pass) for a in legal):
        return None  # a reflex window: a race, not a choice to think over
    if samples is not None:  # as many worlds as the search's minimum, no clock: tests
        budget_ms = 0
    bot = HardBot(
        seat,
        seed,
        budget_ms=budget_ms,
        iterations=samples if samples is not None else MAX_SAMPLES,
    )
    return decided_hint(
        bot,
        view,
        legal,
        lambda _move: (bot.last_means, bot.last_iterations),
        lambda action, figures: why(view, action, figures),
        lambda action: marks(view, action),
    )


def why(view: OmynView, action: Action, figures: tuple[Figure, ...]) -> str:
    return explain(
        figures,
        lambda move: move_words(view, move),
        lambda best: f"you win this game in {percent(best.value)} of {deals(best.samples)}",
        lambda other: percent(other.value),
        action,
    )


def deals(samples: int) -> str:
    """How many deals the search drew, said as it is: a hint due at once may have drawn one."""
    if samples == 1:
        return "the 1 deal that fits what you have seen"
    return f"{samples} deals that fit what you have seen"


def move_words(view: OmynView, action: Action) -> str:
    """The move as advice: "Swap the 3 into slot 2"."""
    drawn = view.drawn.face if view.drawn is not None and view.drawn.face else None
    card = f"the {card_name(drawn)}" if drawn else "the drawn card"
    if isinstance(action, CallOmyn):
        return "Call OMYN now"
    if isinstance(action, Draw):
        return "Draw"
    if isinstance(action, Drop):
        return f"Drop {card}"
    if isinstance(action, Swap):
        return f"Swap {card} into slot {action.slot + 1}"
    if isinstance(action, PairDrawn):
        return f"Pair {card} with slot {action.slot + 1}"
    if isinstance(action, PairSlots):
        return f"Pair slots {action.first + 1} and {action.second + 1}"
    if isinstance(action, DeclinePower):
        return f"Play {card} plain, without {power_name(view.power)}"
    if isinstance(action, UsePower):
        return power_words(view, action)
    if isinstance(action, Peek):
        return f"Peek at slots {action.first + 1} and {action.second + 1}"
    if isinstance(action, Arrange):
        return "Put the cards back in this order"
    return "This move"


def power_words(view: OmynView, action: UsePower) -> str:
    name = power_name(view.power)
    me, target = action.seat, action.target
    if target is None:
        return f"Use {name}"
    if view.power == "switch" and action.slot is not None and action.other_slot is not None:
        return (
            f"Use Switch: your slot {action.slot + 1} for seat {target}'s slot "
            f"{action.other_slot + 1}"
        )
    if action.slot is not None:
        whose = "your" if target == me else f"seat {target}'s"
        return f"Use {name} on {whose} slot {action.slot + 1}"
    return f"Use {name} on seat {target}" if target != me else f"Use {name} on yourself"


def marks(view: OmynView, action: Action) -> Marks:
    """The drawn card lifted, the slot or pile it goes to lit."""
    me = action.seat
    drawn: tuple[tuple[str, str | None], ...] = ((f"drawn:{me}", None),)
    if isinstance(action, Drop | DeclinePower):
        return drawn, ("pile",)
    if isinstance(action, Swap | PairDrawn):
        return drawn, (f"row:{me}:{action.slot}",)
    if isinstance(action, PairSlots):
        return (), (f"row:{me}:{action.first}", f"row:{me}:{action.second}")
    if isinstance(action, Peek):
        return (), (f"row:{me}:{action.first}", f"row:{me}:{action.second}")
    if isinstance(action, UsePower) and action.target is not None:
        zones = []
        if action.slot is not None:
            own = view.power == "switch"
            zones.append(f"row:{me if own else action.target}:{action.slot}")
        if action.other_slot is not None:
            zones.append(f"row:{action.target}:{action.other_slot}")
        return (), tuple(zones)
    if isinstance(action, Draw):
        return (), ("draw",)
    return (), ()
