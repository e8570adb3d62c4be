"""Om Nom Nom's hints: the hard bot's search (``HardBot.card_values``) over the person's hand, the
best card named with its expected lead over the others to the round's end (game/core/hint.py)."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.actions import Action
from game.core.hint import Hint, best_first
from game.core.views import View
from game.omnomnom.actions import Pick
from game.omnomnom.cards import ANIMALS, card_id
from game.omnomnom.hard import HardBot
from game.omnomnom.narrate import animal_name
from game.omnomnom.view import OmNomNomView


def points(value: float) -> str:
    return f"{value:+.1f} point{'' if abs(round(value, 1)) == 1 else 's'}"


def hint(
    view: View, legal: Sequence[Action], seed: int, budget_ms: int, samples: int | None = None
) -> Hint | None:
    """The card with the best expected lead, from what this seat's view shows."""
    assert isinstance(view, OmNomNomView)
    picks = [a for a in legal if isinstance(a, Pick)]
    if view.seat is None or not picks:
        return None
    seat = view.seat
    by_card = {ANIMALS.index(a.animal): a for a in picks}
    if len(by_card) == 1:
        only = picks[0]
        return Hint(only, f"The {animal_name(only.animal)} is your only card.", (), *_marks(only))
    bot = HardBot(seat, seed, budget_ms, samples or 0)
    values = bot.card_values(view)
    means: dict[Action, float] = {by_card[c]: v for c, v in values.items() if c in by_card}
    best = max(means, key=lambda a: means[a])
    figures = best_first(means, bot.last_iterations, best)
    assert isinstance(best, Pick)
    played = f"{figures[0].samples} playout{'' if figures[0].samples == 1 else 's'}"
    why = (
        f"Pick the {animal_name(best.animal)}: over {played} of the rest of "
        f"this round it ends {points(figures[0].value)} against the others' average"
    )
    if len(figures) > 1:
        runner = figures[1]
        assert isinstance(runner.action, Pick)
        why += f"; the {animal_name(runner.action.animal)}, next best, {points(runner.value)}"
    return Hint(best, why + ".", figures, *_marks(best))


def _marks(pick: Pick) -> tuple[tuple[tuple[str, str | None], ...], tuple[str, ...]]:
    """The card to lift and where it goes (the seat's face-down pick)."""
    seat = pick.seat
    return ((f"hand:{seat}", card_id(pick.animal, seat)),), (f"picked:{seat}",)
