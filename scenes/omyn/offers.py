"""What OMYN's table lights in a lesson (the kit's ``offered``: docs/how-to-write-a-table.md §9):
the choice bar's option to start on and the own slots a step's moves name. Outside a lesson
every legal move is offered, so these light what the table always lit."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.actions import Action
from game.omyn.actions import Arrange, CallOmyn, PairDrawn, PairSlots, Swap, UsePower
from scenes.table.hud import Option

# The moves a choice bar's word options lead to (its other options carry the move itself).
OPTION_MOVES: dict[str, tuple[type, ...]] = {
    "call": (CallOmyn,),
    "swap": (Swap,),
    "pair": (PairDrawn, PairSlots),
    "use": (UsePower,),
    "arrange": (Arrange,),
}


def option_offered(offered: Sequence[Action], options: Sequence[Option]) -> int:
    """The option a bar's focus starts on: the first whose move is offered (else the first)."""
    for index, option in enumerate(options):
        payload = option.payload
        kinds = OPTION_MOVES.get(payload) if isinstance(payload, str) else None
        if kinds is not None and any(isinstance(a, kinds) for a in offered):
            return index
        if isinstance(payload, tuple) and payload[0] == "player":
            if any(getattr(a, "target", None) == payload[1] for a in offered):
                return index
        if payload in offered:
            return index
    return 0


def slots_offered(offered: Sequence[Action], slots: int) -> set[int]:
    """The own slots some offered move names (a peek, Swap, Pair Up or a claim's slot); empty
    when every one of the row's ``slots`` is (outside a lesson nothing is dimmed by this)."""
    named: set[int] = set()
    for action in offered:
        if isinstance(action, UsePower):
            continue  # a power's targets are lit by its own steps
        for field in ("slot", "first", "second"):
            value = getattr(action, field, None)
            if isinstance(value, int):
                named.add(value)
    return set() if named >= set(range(slots)) else named
