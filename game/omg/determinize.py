"""``determinize``: a full OMG state consistent with one seat's view (hidden cards placed at random).

Apart from the view and the state so that neither module imports the other.
"""

from __future__ import annotations

import random

from game.core.windows import ReactionWindow
from game.omg.board import Side, Stack
from game.omg.cards import deck_cards
from game.omg.combat import Defense
from game.omg.state import STAT_KEYS, OmgState
from game.omg.view import LocationView, OmgView


def _rebuild_stack(loc: LocationView) -> Stack:
    return Stack(
        list(loc.cards),
        loc.rested,
        loc.entered_turn,
        loc.evolved_turn,
        loc.attacked_turn,
        loc.turn_mod,
        loc.equipped,
    )


def determinize(view: OmgView, rng: random.Random) -> OmgState:
    """A full state that looks exactly like ``view`` to its seat; unseen cards placed at random.

    A seat's unseen cards are its deck list minus every card it can see; they fill that side's
    hidden hand slots, deck and Life in a random order.
    """
    me = view.seat
    assert me is not None
    state = OmgState.__new__(OmgState)
    state.options = dict(view.options)
    state.decks = (view.sides[0].beings, view.sides[1].beings)
    state.rng = random.Random(rng.getrandbits(64))
    state.first_player = view.first_player
    state.turn_seat = view.turn_seat
    state.turn_number = view.turn_number
    state.phase = view.phase
    state.pending_discards = view.pending_discards
    state.clock_ms = view.now_ms
    state.winner = view.winner
    state.end_reason = view.end_reason
    state.stats = [dict.fromkeys(STAT_KEYS, 0) for _ in range(2)]
    state.history = []  # the seat's own memory of the match is not needed to play on
    state.opening = []
    defense_cards: tuple[str, ...] = ()
    state.defense = None
    if view.defense is not None:
        d = view.defense
        length = None if d.closes_ms is None else d.closes_ms - d.opened_ms
        window, _ = ReactionWindow.open("block", d.opened_ms, length, {1 - d.attacker})
        state.defense = Defense(d.attacker, d.location, d.blocker, list(d.cards), window)
        defense_cards = d.cards
    state.sides = []
    for seat, sv in enumerate(view.sides):
        seen: list[str] = list(sv.abyss)
        for loc in sv.locations:
            if loc is not None:
                seen += loc.cards
        if view.defense is not None and seat == 1 - view.defense.attacker:
            seen += defense_cards
        hand = list(sv.hand) if sv.hand is not None else list(sv.known_hand)
        seen += hand
        unseen = [c for c in deck_cards(sv.beings) if c not in seen]
        rng.shuffle(unseen)
        hidden_hand = sv.hand_count - len(hand)
        hand += unseen[:hidden_hand]
        rest = unseen[hidden_hand:]
        if len(rest) != sv.deck_count + sv.life_count:
            raise ValueError("the view's counts do not add up")
        side = Side(
            beings=sv.beings,
            deck=rest[: sv.deck_count],
            hand=hand,
            life=rest[sv.deck_count :],
            abyss=list(sv.abyss),
            gem_deck=sv.gem_deck,
            gems_active=sv.gems_active,
            gems_rested=sv.gems_rested,
            locations=[_rebuild_stack(loc) if loc else None for loc in sv.locations],
            known_hand=list(sv.known_hand),
            mulligan_done=sv.mulligan_done,
        )
        state.sides.append(side)
    return state
