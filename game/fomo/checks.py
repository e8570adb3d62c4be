"""Why a FOMO action is refused now (``FomoState.check``): a reason code and a sentence."""

from __future__ import annotations

from game.core.actions import Action
from game.core.errors import Refusal
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
from game.fomo.cards import (
    CANCELED,
    GHOSTED,
    PLOT_TWIST,
    SEEN,
    SET_SIZE,
    SWAP,
    THROWBACK,
    card_name,
    is_number,
)
from game.fomo.state_data import FomoData

TURN_ACTIONS = (
    CallFomo,
    Discard,
    PlaceCard,
    TakeDiscard,
    PlaySeen,
    PlayGhosted,
    PlayPlotTwist,
    PlaySwap,
    PlayThrowback,
)
CARD_OF = {
    PlaySeen: SEEN,
    PlayGhosted: GHOSTED,
    PlayPlotTwist: PLOT_TWIST,
    PlaySwap: SWAP,
    PlayThrowback: THROWBACK,
}


def _is_slot(value: object) -> bool:
    return type(value) is int and 0 <= value < SET_SIZE


def refusal_for(state: FomoData, action: Action) -> Refusal | None:
    if state.phase == "over":
        return Refusal("game_over", "the game is over")
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < state.players:
        return Refusal("no_such_seat", f"there is no seat {seat!r}")
    if state.out[seat]:
        return Refusal("out", "you are out of this game")
    if isinstance(action, PlayCanceled | PassCancel):
        return _response_refusal(state, action)
    if not isinstance(action, (*TURN_ACTIONS, TakeThrowback)):
        return Refusal("not_fomo", f"{type(action).__name__} is not a FOMO action")
    if seat != state.turn:
        return Refusal("not_your_turn", f"it is seat {state.turn}'s turn")
    if state.phase == "cancel":
        return Refusal("window_open", "wait: the targeted players may still play Canceled")
    if state.phase == "throwback":
        if not isinstance(action, TakeThrowback):
            return Refusal("choose_throwback", "choose the card to take back from the discard pile")
        if action.card not in state.discard[:-1]:
            return Refusal(
                "not_in_pile", f"there is no {card_name(action.card)} under the Throwback"
            )
        return None
    if isinstance(action, TakeThrowback):
        return Refusal("no_throwback", "play a Throwback first")
    return _turn_refusal(state, action)


def _turn_refusal(state: FomoData, action: Action) -> Refusal | None:
    hand = state.hands[action.seat]
    if isinstance(action, CallFomo):
        return None
    if isinstance(action, Discard):
        if action.card not in hand:
            return Refusal("not_in_hand", f"you hold no {card_name(action.card)}")
        return None
    if isinstance(action, PlaceCard):
        if action.card not in hand:
            return Refusal("not_in_hand", f"you hold no {card_name(action.card)}")
        if not is_number(action.card):
            return Refusal("not_a_number", "only number cards go into your hidden set")
        if not _is_slot(action.slot):
            return Refusal("no_such_slot", f"your hidden set has slots 0–{SET_SIZE - 1}")
        return None
    if isinstance(action, TakeDiscard):
        top = state.discard[-1] if state.discard else None
        if top is None or not is_number(top):
            return Refusal(
                "top_not_number", "only a number on top of the discard pile can be taken"
            )
        if action.card not in hand:
            return Refusal("not_in_hand", f"you hold no {card_name(action.card)} to discard")
        return None
    card = CARD_OF[type(action)]
    if card not in hand:
        return Refusal("not_in_hand", f"you hold no {card_name(card)}")
    alive = state.alive()
    if isinstance(action, PlaySeen):
        if action.target not in alive:
            return Refusal("bad_target", "Seen must name a player still in the game")
    elif isinstance(action, PlayPlotTwist | PlaySwap):
        if action.first not in alive or action.second not in alive:
            return Refusal("bad_target", f"{card_name(card)} must name players still in the game")
        if action.first == action.second:
            return Refusal("same_player", f"{card_name(card)} needs two different players")
        if action.first > action.second:
            return Refusal("order", "name the lower seat first (use .between)")
        if isinstance(action, PlaySwap) and not (
            _is_slot(action.first_slot) and _is_slot(action.second_slot)
        ):
            return Refusal("no_such_slot", f"hidden sets have slots 0–{SET_SIZE - 1}")
    elif isinstance(action, PlayThrowback) and not state.discard:
        return Refusal("empty_pile", "the discard pile is empty")
    return None


def _response_refusal(state: FomoData, action: Action) -> Refusal | None:
    window = state.window
    if state.phase != "cancel" or window is None:
        return Refusal("no_window", "there is no action card to answer")
    if action.seat not in window.eligible:
        return Refusal("not_targeted", "only a player the action names may cancel it")
    if action.seat in state.passed:
        return Refusal("passed", "you already let this action through")
    if isinstance(action, PlayCanceled) and CANCELED not in state.hands[action.seat]:
        return Refusal("not_in_hand", "you hold no Canceled")
    return None
