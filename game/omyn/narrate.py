"""OMYN's moves in the table's words: "Nimal swaps the 4 into slot 2; the 9 goes on the pile",
"You use Spy on Amal's slot 3".

Read from the state before the move. A face-down card is named only when ``viewer`` knows it
(None: all cards open); cards played, paired or claimed are turned up for all and named. Slots
are counted from 1, from the left of the row as it lies before the move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.actions import Action
from game.core.game import State
from game.core.narration import Voice, article, fallback, sentence
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
from game.omyn.cards import card_name, same_value

POWER_NAMES = {
    "void": "Void",
    "hex": "Hex",
    "skip": "Skip",
    "draw": "12-Draw",
    "insight": "Insight",
    "spy": "Spy",
    "foresee": "Foresee",
    "switch": "Switch",
}


def power_name(power: str | None) -> str:
    return POWER_NAMES.get(power or "", (power or "a power").title())


class _Sight:
    """What a sentence needs of the state: faces, and who knows which card."""

    def __init__(self, state: Any, viewer: int | None) -> None:
        self.state = state
        self.viewer = viewer

    def face(self, card: int) -> str:
        return str(self.state.face(card))

    def known(self, card: int, seat: int) -> bool:
        """Does the viewer know ``card`` once ``seat`` (who knows it) has moved it?"""
        viewer = self.viewer
        return viewer is None or viewer == seat or viewer in self.state.knowers(card)

    def slot(self, seat: int, slot: int) -> str:
        return self.face(self.state.rows[seat][slot])


def narrate(state: State, action: Action, names: Sequence[str], viewer: int | None = None) -> str:
    """``action`` as the table says it, read from ``state`` before it is applied."""
    voice = Voice(names)
    sight = _Sight(state, viewer)
    st: Any = state
    seat = action.seat
    says = voice.says
    text: str
    if isinstance(action, Peek):
        text = f"{says(seat, 'peeks')} at slots {action.first + 1} and {action.second + 1}"
        if viewer is None or viewer == seat:
            faces = [sight.slot(seat, s) for s in (action.first, action.second)]
            text += f": {article(card_name(faces[0]))} and {article(card_name(faces[1]))}"
    elif isinstance(action, CallOmyn):
        text = f"{says(seat, 'calls')} OMYN!"
    elif isinstance(action, Draw):
        text = f"{says(seat, 'draws')} a card"
        if st.draw and sight.known(st.draw[0], seat):
            text = f"{says(seat, 'draws')} {article(card_name(sight.face(st.draw[0])))}"
    elif isinstance(action, Drop | Swap | PairDrawn | PairSlots):
        text = _play(voice, sight, action)
    elif isinstance(action, UsePower):
        text = _power(voice, st, action)
    elif isinstance(action, DeclinePower):
        face = sight.face(st.pile[-1]) if st.pile else ""
        text = f"{says(seat, 'plays')} the {face} plain, without {power_name(st.power)}"
    elif isinstance(action, Arrange):
        text = f"{says(seat, 'puts')} the top {len(action.order)} cards back"
        if viewer is None or viewer == seat:
            text += (
                " in a new order" if list(action.order) != sorted(action.order) else " as they were"
            )
    elif isinstance(action, Claim | PickSlot):
        text = _claim(voice, sight, action)
    elif isinstance(action, Pass):
        text = f"{says(seat, 'lets')} the window go"
    else:
        return fallback(action, names)
    return sentence(text)


def _play(voice: Voice, sight: _Sight, action: Action) -> str:
    st = sight.state
    seat = action.seat
    says = voice.says
    drawn = st.drawn
    face = sight.face(drawn) if drawn is not None else ""
    the_drawn = (
        f"the {card_name(face)}"
        if drawn is not None and sight.known(drawn, seat)
        else "the drawn card"
    )
    if isinstance(action, Drop):
        return f"{says(seat, 'drops')} the {card_name(face)}"
    if isinstance(action, Swap):
        old = sight.slot(seat, action.slot)
        return f"{says(seat, 'swaps')} {the_drawn} into slot {action.slot + 1}; the {card_name(old)} goes on the pile"
    if isinstance(action, PairDrawn):
        mate = sight.slot(seat, action.slot)
        text = f"{says(seat, 'pairs')} the drawn {card_name(face)} with the {card_name(mate)} in slot {action.slot + 1}"
        if same_value(face, mate):
            return text + ": a pair, the slot closes"
        return text + f": no pair, {_penalty(voice, seat)}"
    assert isinstance(action, PairSlots)
    first, second = (sight.slot(seat, s) for s in (action.first, action.second))
    text = (
        f"{says(seat, 'pairs')} the {card_name(first)} in slot {action.first + 1} "
        f"with the {card_name(second)} in slot {action.second + 1}"
    )
    if same_value(first, second):
        return text + f" and {voice.verb(seat, 'keeps')} {the_drawn} in slot {action.keep + 1}"
    return text + f": no pair, {_penalty(voice, seat)}"


def _penalty(voice: Voice, seat: int) -> str:
    return f"so {voice.obj(seat)} {voice.verb(seat, 'takes')} a penalty card"


def _power(voice: Voice, st: Any, action: UsePower) -> str:
    seat, target = action.seat, action.target
    name = power_name(st.power)
    uses = voice.says(seat, "uses")
    if st.power == "insight" and action.slot is not None:
        return f"{uses} Insight on {voice.own(seat)} slot {action.slot + 1}"
    if st.power == "spy" and target is not None and action.slot is not None:
        return f"{uses} Spy on {voice.whose_from(seat, target)} slot {action.slot + 1}"
    if st.power == "switch" and target is not None and None not in (action.slot, action.other_slot):
        assert action.slot is not None and action.other_slot is not None
        return (
            f"{uses} Switch: {voice.own(seat)} slot {action.slot + 1} "
            f"with {voice.whose(target)} slot {action.other_slot + 1}"
        )
    if target is not None:
        return f"{uses} {name} on {voice.obj_from(seat, target)}"
    return f"{uses} {name}"


def _answered(voice: Voice, st: Any) -> str:
    """What the open window answers: "the chain on 7", "Amal's Spy", "the OMYN call"."""
    window = st.window
    if window is None:
        return "the window"
    if window.kind == "chain":
        return f"the chain on {card_name(window.subject)}"
    if window.subject == "call":
        return f"{voice.whose(window.actor)} OMYN call"
    if window.subject == "void":
        return f"{voice.whose(window.actor)} Void"
    effect = st.effect or {}
    return f"{voice.whose(window.actor)} {power_name(effect.get('power'))}"


def _claim(voice: Voice, sight: _Sight, action: Claim | PickSlot) -> str:
    st = sight.state
    seat = action.seat
    window = st.window
    void = window is not None and window.kind == "void"
    answered = _answered(voice, st)
    if isinstance(action, Claim) and window is not None and window.claimant is not None:
        return f"{voice.says(seat, 'claims')} too late"
    if action.slot is None:
        verb = "Voids" if void else "claims"
        return f"{voice.says(seat, verb)} {answered} and {voice.verb(seat, 'names')} the slot next"
    face = sight.slot(seat, action.slot)
    wanted = "0" if void else (window.subject if window is not None else "")
    right = same_value(face, wanted)
    if isinstance(action, PickSlot):
        head = f"{voice.says(seat, 'names')} slot {action.slot + 1}"
    elif void:
        head = f"{voice.says(seat, 'Voids')} {answered} with slot {action.slot + 1}"
    else:
        head = f"{voice.says(seat, 'claims')} {answered} with slot {action.slot + 1}"
    shown = article(card_name(face))
    if right:
        return f"{head}: {shown}, the slot closes"
    return f"{head}: {shown}, wrong, {_penalty(voice, seat)}"
