"""FOMO's moves in the table's words: "Amal places a card in slot 2 of her set", "You play Swap:
Nimal's slot 1 with your slot 3".

Read from the state before the move. A card put into a hidden set, taken back by Throwback or
a Canceled passed is known to its seat only: named (or told) only to that viewer, or with all
cards open. Everything discarded or played lies face up. Slots are counted from 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.actions import Action
from game.core.game import State
from game.core.narration import Voice, article, fallback, listing, sentence
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
from game.fomo.cards import GHOSTED, PLOT_TWIST, SEEN, SWAP, THROWBACK, card_name, is_fomo


def a_card(card: str) -> str:
    """ "a 7", "an 8", "a Plot Twist"."""
    return article(card_name(card))


def played(voice: Voice, seat: int, card: str, targets: Sequence[int], slots: Sequence[int]) -> str:
    """An action card played, as the table announces it: "Nimal plays Swap: Amal's slot 1 with
    your slot 3" (``targets`` and ``slots`` as the rules record them)."""
    plays = voice.says(seat, "plays")
    if card == SEEN and targets:
        return f"{plays} Seen on {voice.whose_from(seat, targets[0])} set"
    if card == PLOT_TWIST and len(targets) == 2:
        if seat in targets:
            other = targets[1] if targets[0] == seat else targets[0]
            return (
                f"{plays} Plot Twist and {voice.verb(seat, 'trades')} sets with {voice.obj(other)}"
            )
        a, b = (voice.obj(t) for t in targets)
        return f"{plays} Plot Twist: {a} and {b} trade sets"
    if card == SWAP and len(targets) == 2 and len(slots) == 2:
        pairs = zip(targets, slots, strict=True)
        a, b = (f"{voice.whose_from(seat, t)} slot {s + 1}" for t, s in pairs)
        return f"{plays} Swap: {a} with {b}"
    if card == GHOSTED and targets:
        target = targets[0]
        return f"{plays} Ghosted: {voice.obj(target)} {voice.verb(target, 'skips')} a turn"
    return f"{plays} {card_name(card)}"


def _pending(state: Any) -> tuple[int, str] | None:
    pending = getattr(state, "pending", None)
    return (pending.actor, pending.card) if pending is not None else None


def narrate(state: State, action: Action, names: Sequence[str], viewer: int | None = None) -> str:
    """``action`` as the table says it, read from ``state`` before it is applied."""
    voice = Voice(names)
    seat = action.seat
    says = voice.says
    sees = viewer is None or viewer == seat
    st: Any = state
    text: str
    if isinstance(action, CallFomo):
        shown = list(st.sets[seat])
        if is_fomo(shown):
            text = f"{says(seat, 'calls')} FOMO! with four {card_name(shown[0])}s"
        else:
            cards = listing([card_name(c) for c in shown])
            text = f"{says(seat, 'calls')} FOMO! but {voice.verb(seat, 'shows')} {cards} and {voice.verb(seat, 'is')} out"
    elif isinstance(action, Discard):
        text = f"{says(seat, 'discards')} {a_card(action.card)} and {voice.verb(seat, 'draws')}"
    elif isinstance(action, PlaceCard):
        what = a_card(action.card) if sees else "a card"
        old = st.sets[seat][action.slot]
        text = (
            f"{says(seat, 'places')} {what} in slot {action.slot + 1} of {voice.own(seat)} set; "
            f"the {card_name(old)} there goes to the discard pile"
        )
    elif isinstance(action, TakeDiscard):
        top = st.discard[-1]
        text = f"{says(seat, 'takes')} the {card_name(top)} from the discard pile and {voice.verb(seat, 'discards')} {a_card(action.card)}"
    elif isinstance(action, PlaySeen):
        text = played(voice, seat, SEEN, (action.target,), ())
    elif isinstance(action, PlayGhosted):
        text = played(voice, seat, GHOSTED, (st.next_alive(seat),), ())
    elif isinstance(action, PlayPlotTwist):
        text = played(voice, seat, PLOT_TWIST, (action.first, action.second), ())
    elif isinstance(action, PlaySwap):
        targets, slots = (action.first, action.second), (action.first_slot, action.second_slot)
        text = played(voice, seat, SWAP, targets, slots)
    elif isinstance(action, PlayThrowback):
        text = played(voice, seat, THROWBACK, (), ())
    elif isinstance(action, TakeThrowback):
        what = f"the {card_name(action.card)}" if sees else "a card"
        text = f"{says(seat, 'takes')} {what} from the discard pile into {voice.own(seat)} hand"
    elif isinstance(action, PlayCanceled):
        pending = _pending(st)
        what = f" {voice.whose(pending[0])} {card_name(pending[1])}" if pending else ""
        text = f"{says(seat, 'cancels')}{what}"
    elif isinstance(action, PassCancel):
        text = _passed(voice, st, seat, sees)
    else:
        return fallback(action, names)
    return sentence(text)


def _passed(voice: Voice, state: Any, seat: int, sees: bool) -> str:
    """A pass is perceived by its seat alone; the others see only whether the window closed."""
    pending = _pending(state)
    card = f"{voice.whose(pending[0])} {card_name(pending[1])}" if pending else "the card"
    window = getattr(state, "window", None)
    closes = bool(
        window is not None
        and state.options.get("close_when_all_passed")
        and frozenset(window.passed) | {seat} >= window.eligible
    )
    if sees:
        text = f"{voice.says(seat, 'lets')} {card} go ahead"
        return text + (": nobody cancels it" if closes else "")
    return f"Nobody cancels {card}" if closes else "The Canceled window stays open"
