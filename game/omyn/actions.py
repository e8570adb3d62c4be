"""OMYN's actions. Slots are 0-based positions in the acting seat's row, left to right."""

from __future__ import annotations

import dataclasses

from game.core.actions import Action, action_type


@action_type("omyn.peek")
@dataclasses.dataclass(frozen=True)
class Peek(Action):
    """Setup: secretly look at two of your own slots."""

    first: int
    second: int


@action_type("omyn.call")
@dataclasses.dataclass(frozen=True)
class CallOmyn(Action):
    """First thing in your turn: end the game unless someone Voids the call."""


@action_type("omyn.draw")
@dataclasses.dataclass(frozen=True)
class Draw(Action):
    pass


@action_type("omyn.drop")
@dataclasses.dataclass(frozen=True)
class Drop(Action):
    """The drawn card goes face up on the play pile."""


@action_type("omyn.swap")
@dataclasses.dataclass(frozen=True)
class Swap(Action):
    """The drawn card goes face down into ``slot``; the card that was there goes on the pile."""

    slot: int


@action_type("omyn.pair_drawn")
@dataclasses.dataclass(frozen=True)
class PairDrawn(Action):
    """Pair Up the drawn card with the card in ``slot`` (the slot closes)."""

    slot: int


@action_type("omyn.pair_slots")
@dataclasses.dataclass(frozen=True)
class PairSlots(Action):
    """Pair Up two slots; the drawn card goes face down into ``keep`` (one of the two)."""

    first: int
    second: int
    keep: int


@action_type("omyn.use_power")
@dataclasses.dataclass(frozen=True)
class UsePower(Action):
    """Activate the power just played. ``target`` is a seat; ``slot`` and ``other_slot`` as the
    power needs: Insight ``slot`` (yours); Spy ``target``+``slot``; Switch ``slot`` (yours),
    ``target``+``other_slot`` (theirs); Hex, Skip, Draw ``target``; Foresee nothing."""

    target: int | None = None
    slot: int | None = None
    other_slot: int | None = None


@action_type("omyn.decline_power")
@dataclasses.dataclass(frozen=True)
class DeclinePower(Action):
    """Play the power card as a plain number."""


@action_type("omyn.arrange")
@dataclasses.dataclass(frozen=True)
class Arrange(Action):
    """Foresee: put the top cards back; ``order`` lists the seen positions, new top first."""

    order: tuple[int, ...]


@action_type("omyn.claim")
@dataclasses.dataclass(frozen=True)
class Claim(Action):
    """In a chain or Void window: one of my slots matches. ``slot`` None = name it next (pick).
    ``window`` is the number of the window answered (``view.window.number``): a claim meant for a
    window that has closed is refused rather than landing in the next one."""

    slot: int | None = None
    window: int = 0


@action_type("omyn.pick")
@dataclasses.dataclass(frozen=True)
class PickSlot(Action):
    """Name the slot of a claim made with the claim key alone."""

    slot: int


@action_type("omyn.pass")
@dataclasses.dataclass(frozen=True)
class Pass(Action):
    """Let the open window go (only with the option ``close_windows_early``)."""

    window: int = 0
