"""What one OMG seat may know (``determinize.py`` turns a view back into a full state).

Public: both boards (stacks, rested state, power), both Abysses, Gem zones, counts of hands, decks
and Life cards, the deck lists (the ``decks`` option), the defense being declared, and cards seen
entering a hand from the Abyss (Gaia). Private: a seat's own hand. Nobody sees Life cards or the
order of a deck; the open view (seat None) shows everything.
"""

from __future__ import annotations

import dataclasses

from game.core.views import View
from game.core.windows import Window, shown
from game.omg.board import LOCATIONS, Stack
from game.omg.state_port import OmgStatePort


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
    state: OmgStatePort, seat: int, loc: int, stack: Stack | None
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


def _side_view(state: OmgStatePort, seat: int, viewer: int | None) -> SideView:
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


def build_view(state: OmgStatePort, seat: int | None) -> OmgView:
    defense = state.defense
    defense_view = None
    windows: tuple[Window, ...] = ()
    if defense is not None and state.phase == "defense":
        window = defense.window
        assert window is not None
        defense_view = DefenseView(
            defense.attacker,
            defense.location,
            state.attack_power(defense.attacker, defense.location, at_life=True),
            defense.blocker,
            tuple(defense.cards),
            window.opened_ms,
            window.closes_ms if window.timed else None,
        )
        windows = shown(window)  # a timed answer is a real-time window
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
