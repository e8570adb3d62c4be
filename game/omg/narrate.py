"""OMG's moves in the table's words: "Nimal evolves Hel to L2 at Center", "You attack Amal's
Life with Zeus L2 from Left".

Read from the state before the move, so a displaced Being, an attacked Being or a Play
ability's target is named as it lay. Cards put back in a mulligan are named only to their owner
(or with all cards open); every other card named here is face up on the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.actions import Action
from game.core.game import State
from game.core.narration import Voice, fallback, listing, sentence
from game.omg.actions import (
    AddDefense,
    Attack,
    Block,
    Discard,
    EndTurn,
    EquipGem,
    Evolve,
    FinishDefense,
    Forfeit,
    GemDraw,
    Mulligan,
    PlayBeing,
    Target,
)
from game.omg.board import LOCATION_NAMES

# What a Play ability does to the enemy Being it aims at.
AIMED = {"Pele": "weakening", "Tefnut": "resting", "Raijin": "resting", "Hel": "destroying"}


def card_name(card: str) -> str:
    """ "Surtr:2" -> "Surtr L2"."""
    being, _, level = card.partition(":")
    return f"{being} L{level}" if level else being


def place(location: int) -> str:
    return LOCATION_NAMES[location] if 0 <= location < len(LOCATION_NAMES) else "a lane"


def _top(state: Any, seat: int, location: int) -> str | None:
    """The top card of ``seat``'s Being at ``location`` (None: the lane is empty)."""
    sides = getattr(state, "sides", None)
    if sides is None or not 0 <= location < len(sides[seat].locations):
        return None
    stack = sides[seat].locations[location]
    return str(stack.cards[-1]) if stack is not None and stack.cards else None


def _being(voice: Voice, state: Any, actor: int, seat: int, location: int) -> str:
    """ "Amal's Zeus L1 at Left" in a sentence about ``actor``."""
    top = _top(state, seat, location)
    whose = voice.whose_from(actor, seat).replace(" own", "")
    return f"{whose} {card_name(top) if top else 'Being'} at {place(location)}"


def _aimed(voice: Voice, state: Any, seat: int, card: str, target: Target) -> str:
    being = card.partition(":")[0]
    if isinstance(target, int):
        verb = AIMED.get(being, "aiming at")
        return f", {verb} {_being(voice, state, seat, 1 - seat, target)}"
    if isinstance(target, str):
        return f", returning {card_name(target)} from the Abyss to {voice.own(seat)} hand"
    return ""


def narrate(state: State, action: Action, names: Sequence[str], viewer: int | None = None) -> str:
    """``action`` as the table says it, read from ``state`` before it is applied."""
    voice = Voice(names)
    seat = action.seat
    says = voice.says
    text: str
    if isinstance(action, Mulligan):
        if not action.cards:
            text = f"{says(seat, 'keeps')} {voice.own(seat)} hand"
        else:
            count = len(action.cards)
            shown = (
                listing([card_name(c) for c in action.cards])
                if viewer is None or viewer == seat
                else f"{count} card{'s' if count > 1 else ''}"
            )
            text = f"{says(seat, 'puts')} back {shown} and {voice.verb(seat, 'draws')} {count} new"
    elif isinstance(action, PlayBeing):
        text = f"{says(seat, 'plays')} {card_name(action.card)} at {place(action.location)}"
        old = _top(state, seat, action.location)
        if old is not None:
            text += f", displacing {card_name(old)}"
        text += _aimed(voice, state, seat, action.card, action.target)
    elif isinstance(action, Evolve):
        being, _, level = action.card.partition(":")
        old = _top(state, seat, action.location)
        if old is None or old.partition(":")[0] == being:
            text = f"{says(seat, 'evolves')} {being} to L{level} at {place(action.location)}"
        else:
            text = f"{says(seat, 'evolves')} {card_name(old)} into {card_name(action.card)} at {place(action.location)}"
        text += _aimed(voice, state, seat, action.card, action.target)
    elif isinstance(action, Attack):
        mine = _top(state, seat, action.location)
        attacker = f"{card_name(mine) if mine else 'a Being'} from {place(action.location)}"
        if action.target is None:
            text = f"{says(seat, 'attacks')} {voice.whose(1 - seat)} Life with {attacker}"
        else:
            enemy = _being(voice, state, seat, 1 - seat, action.target)
            text = f"{says(seat, 'attacks')} {enemy} with {attacker}"
    elif isinstance(action, GemDraw):
        text = f"{says(seat, 'rests')} a Gem to draw a card"
    elif isinstance(action, EquipGem):
        mine = _top(state, seat, action.location)
        text = f"{says(seat, 'equips')} a Gem to {card_name(mine) if mine else 'the Being'} at {place(action.location)}"
    elif isinstance(action, EndTurn):
        text = f"{says(seat, 'ends')} {voice.own(seat)} turn"
    elif isinstance(action, Block):
        text = f"{says(seat, 'blocks')} with {_being(voice, state, seat, seat, action.location)}"
    elif isinstance(action, AddDefense):
        text = f"{says(seat, 'discards')} {card_name(action.card)} to defend"
    elif isinstance(action, FinishDefense):
        text = f"{says(seat, 'is')} done defending"
    elif isinstance(action, Discard):
        text = f"{says(seat, 'discards')} {card_name(action.card)}"
    elif isinstance(action, Forfeit):
        text = f"{says(seat, 'forfeits')} the match"
    else:
        return fallback(action, names)
    return sentence(text)
