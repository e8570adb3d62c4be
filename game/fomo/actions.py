"""FOMO's actions."""

from __future__ import annotations

import dataclasses

from game.core.actions import Action, action_type

# --- turn actions --------------------------------------------------------------------------


@action_type("fomo.call")
@dataclasses.dataclass(frozen=True)
class CallFomo(Action):
    """Shout FOMO! at the start of your turn: your hidden set is revealed."""


@action_type("fomo.discard")
@dataclasses.dataclass(frozen=True)
class Discard(Action):
    """(a) Discard ``card`` from hand, then draw 1."""

    card: str


@action_type("fomo.place")
@dataclasses.dataclass(frozen=True)
class PlaceCard(Action):
    """(b) Put number ``card`` from hand face down into ``slot``; the old card is revealed onto the
    discard pile; draw 1."""

    card: str
    slot: int


@action_type("fomo.take")
@dataclasses.dataclass(frozen=True)
class TakeDiscard(Action):
    """(d) Take the top discard (a number) into hand and discard ``card`` from the hand you had."""

    card: str


@action_type("fomo.seen")
@dataclasses.dataclass(frozen=True)
class PlaySeen(Action):
    """Look at all four hidden cards of ``target`` (yourself included)."""

    target: int


@action_type("fomo.ghosted")
@dataclasses.dataclass(frozen=True)
class PlayGhosted(Action):
    """The next player in turn order loses their next turn."""


@action_type("fomo.plot_twist")
@dataclasses.dataclass(frozen=True)
class PlayPlotTwist(Action):
    """Players ``first`` < ``second`` exchange whole hidden sets, slot for slot."""

    first: int
    second: int

    @staticmethod
    def between(seat: int, a: int, b: int) -> PlayPlotTwist:
        """The canonical action for two players named in either order."""
        return PlayPlotTwist(seat, min(a, b), max(a, b))


@action_type("fomo.swap")
@dataclasses.dataclass(frozen=True)
class PlaySwap(Action):
    """Players ``first`` < ``second`` exchange one hidden card each, unseen."""

    first: int
    first_slot: int
    second: int
    second_slot: int

    @staticmethod
    def between(seat: int, a: int, a_slot: int, b: int, b_slot: int) -> PlaySwap:
        """The canonical action for two (player, slot) pairs named in either order."""
        if a > b:
            a, a_slot, b, b_slot = b, b_slot, a, a_slot
        return PlaySwap(seat, a, a_slot, b, b_slot)


@action_type("fomo.throwback")
@dataclasses.dataclass(frozen=True)
class PlayThrowback(Action):
    """Play Throwback; you then look through the discard pile and choose a card."""


@action_type("fomo.throwback_take")
@dataclasses.dataclass(frozen=True)
class TakeThrowback(Action):
    """Take ``card`` from the discard pile (under the Throwback just played) into hand."""

    card: str


# --- responses in the Canceled window -------------------------------------------------------


@action_type("fomo.cancel")
@dataclasses.dataclass(frozen=True)
class PlayCanceled(Action):
    """A targeted player blocks the action card in play."""


@action_type("fomo.pass")
@dataclasses.dataclass(frozen=True)
class PassCancel(Action):
    """A targeted player lets the action through (only they see that they passed)."""
