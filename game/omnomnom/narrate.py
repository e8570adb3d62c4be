"""Om Nom Nom's moves in the table's words: "Nimal picks a card", "You pick the Wolf".

A pick lies face down until every colour has picked: it is named only to its own seat (or with
all cards open); the pick that completes a turn turns every card up, and says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.actions import Action
from game.core.game import State
from game.core.narration import Voice, fallback, listing, sentence
from game.omnomnom.actions import Pick


def animal_name(animal: str) -> str:
    return animal.title()


def narrate(state: State, action: Action, names: Sequence[str], viewer: int | None = None) -> str:
    """``action`` as the table says it, read from ``state`` before it is applied."""
    if not isinstance(action, Pick):
        return fallback(action, names)
    voice = Voice(names)
    seat = action.seat
    picks: list[str | None] = list(getattr(state, "picks", []))
    earlier = picks[seat] if seat < len(picks) else None
    sees = viewer is None or viewer == seat
    if earlier is not None:
        text = f"{voice.says(seat, 'changes')} {voice.own(seat)} pick"
        if sees:
            text += f" from the {animal_name(earlier)} to the {animal_name(action.animal)}"
    else:
        card = f"the {animal_name(action.animal)}" if sees else "a card"
        text = f"{voice.says(seat, 'picks')} {card}"
    if seat < len(picks):
        picks[seat] = action.animal
    st: Any = state
    if seat == 0 and st.solo:
        hands = st.hands
        for colour in range(1, len(picks)):  # the virtual colours' stacks turn their top card
            picks[colour] = hands[colour][0]
    if picks and all(p is not None for p in picks):
        shown = [f"{voice.whose(s)} {animal_name(p)}" for s, p in enumerate(picks) if p]
        text += f"; the picks turn up: {listing(shown)}"
    return sentence(text)
