"""What one OMG seat may know, and ``determinize`` (a full state consistent with a view).

Public: both boards (stacks, rested state, power), both Abysses, Gem zones, counts of hands, decks
and Life cards, the deck lists (the ``decks`` option), the defense being declared, and cards seen
entering a hand from the Abyss (Gaia). Private: a seat's own hand. Nobody sees Life cards or the
order of a deck; the open view (seat None) shows everything.
"""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING

from game.core.views import View
from game.core.windows import Window
from game.omg.board import LOCATIONS, Side, Stack
from game.omg.cards import deck_cards

if TYPE_CHECKING:
    from game.omg.state import OmgState


@dataclasses.dataclass(frozen=True)
class LocationView:
    cards: tuple[str, ...]  # bottom to top
    rested: bool
    power: int  # current power, with every modifier
    entered_turn: int
    evolved_turn: int
    attacked_turn: int
    turn_mod: int
    equipped: int


@dataclasses.dataclass(frozen=True)
class SideView:
    beings: tuple[str, ...]
    deck_count: int
    hand_count: int
    life_count: int
    gem_deck: int
    gems_active: int
    gems_rested: int
    abyss: tuple[str, ...]
    locations: tuple[LocationView | None, ...]
    known_hand: tuple[str, ...]  # cards everyone saw enter this hand (still there)
    mulligan_done: bool
    hand: tuple[str, ...] | None  # the cards, if this viewer may see them
    deck: tuple[str, ...] | None  # open view only (bottom to top)
    life: tuple[str, ...] | None  # open view only


@dataclasses.dataclass(frozen=True)
class DefenseView:
    attacker: int
    location: int
    attack_power: int
    blocker: int | None
    cards: tuple[str, ...]
    opened_ms: int
    closes_ms: int | None  # None: untimed, the defender answers at their own pace


@dataclasses.dataclass(frozen=True)
class OmgView(View):
    phase: str  # mulligan, main, defense, discard, over
    options: tuple[tuple[str, bool | int | str], ...]
    first_player: int
    turn_seat: int
    turn_number: int
    hand: tuple[str, ...]  # this seat's hand (empty for the open view: see ``sides``)
    sides: tuple[SideView, SideView]
    defense: DefenseView | None
    pending_discards: int
    winner: int | None
    end_reason: str

    def option(self, name: str) -> bool | int | str:
        return dict(self.options)[name]


def _location_view(
    state: OmgState, seat: int, loc: int, stack: Stack | None
) -> LocationView | None:
    if stack is None:
        return None
    return LocationView(
        tuple(stack.cards),
        stack.rested,
        state.power(seat, loc),
        stack.entered_turn,
        stack.evolved_turn,
        stack.attacked_turn,
        stack.turn_mod,
        stack.equipped,
    )


def _side_view(state: OmgState, seat: int, viewer: int | None) -> SideView:
    side = state.sides[seat]
    open_view = viewer is None
    return SideView(
        beings=side.beings,
        deck_count=len(side.deck),
        hand_count=len(side.hand),
        life_count=len(side.life),
        gem_deck=side.gem_deck,
        gems_active=side.gems_active,
        gems_rested=side.gems_rested,
        abyss=tuple(side.abyss),
        locations=tuple(_location_view(state, seat, j, side.locations[j]) for j in LOCATIONS),
        known_hand=tuple(side.known_hand),
        mulligan_done=side.mulligan_done,
        hand=tuple(side.hand) if open_view or viewer == seat else None,
        deck=tuple(side.deck) if open_view else None,
        life=tuple(side.life) if open_view else None,
    )


def build_view(state: OmgState, seat: int | None) -> OmgView:
    defense = state.defense
    defense_view = None
    windows: tuple[Window, ...] = ()
    if defense is not None and state.phase == "defense":
        defense_view = DefenseView(
            defense.attacker,
            defense.location,
            state.attack_power(defense.attacker, defense.location, at_life=True),
            defense.blocker,
            tuple(defense.cards),
            defense.opened_ms,
            defense.closes_ms,
        )
        if defense.closes_ms is not None:  # a timed answer is a real-time window
            eligible = frozenset({state.defender})
            windows = (Window("block", defense.opened_ms, defense.closes_ms, eligible),)
    return OmgView(
        seat=seat,
        players=2,
        now_ms=state.clock_ms,
        to_act=state.to_act(),
        windows=windows,
        phase=state.phase,
        options=tuple(sorted(state.options.items())),
        first_player=state.first_player,
        turn_seat=state.turn_seat,
        turn_number=state.turn_number,
        hand=tuple(state.sides[seat].hand) if seat is not None else (),
        sides=(_side_view(state, 0, seat), _side_view(state, 1, seat)),
        defense=defense_view,
        pending_discards=state.pending_discards,
        winner=state.winner,
        end_reason=state.end_reason,
    )


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
    from game.omg.combat import Defense
    from game.omg.state import STAT_KEYS, OmgState

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
        state.defense = Defense(
            d.attacker, d.location, d.blocker, list(d.cards), d.opened_ms, d.closes_ms
        )
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
