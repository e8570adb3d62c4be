"""What one FOMO seat may know: its hand, its knowledge of hidden sets, the public table."""

from __future__ import annotations

import dataclasses

from game.core.events import CardMoved, Event, TurnStarted
from game.core.options import OptionValue
from game.core.views import View
from game.core.windows import shown
from game.fomo.cards import sort_cards
from game.fomo.knowledge import SOME_NUMBER, UNKNOWN
from game.fomo.state_data import FomoData, PendingAction, next_alive


@dataclasses.dataclass(frozen=True)
class FomoView(View):
    phase: str  # "turn", "throwback" (the actor picks from the pile), "cancel", "over"
    turn: int  # whose turn it is (the actor during a window)
    turn_number: int  # turns taken so far, skipped ones included
    dealer: int
    hand: tuple[str, ...]  # this seat's hand, sorted (empty for the open view)
    hands: tuple[tuple[str, ...], ...]  # per seat: the cards this viewer knows are in that hand
    hand_sizes: tuple[int, ...]
    sets: tuple[tuple[str, ...], ...]  # per seat, per slot: a card, "?" unknown, "#" some number
    out: tuple[bool, ...]
    skip_next: tuple[str, ...]  # per seat: why its next turn is lost ("ghosted", "canceled") or ""
    draw_count: int
    discard_top: str | None
    discard_count: int
    discard_below: tuple[
        str, ...
    ]  # sorted: cards that may lie under the top (exact while choosing)
    aside: tuple[tuple[str, ...], ...]  # per seat: known set-aside cards
    aside_counts: tuple[int, ...]
    pending: PendingAction | None
    passed: bool  # this seat has let the pending action through
    winner: int | None
    options: tuple[tuple[str, OptionValue], ...]  # the rule options, sorted by name
    # [viewer][owner][slot]: does that seat know the card there? Public (placements, Seen's
    # targets, swaps are all open), so a bot can model what its rivals know.
    known: tuple[tuple[tuple[bool, ...], ...], ...] = ()

    def alive(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if not self.out[s])

    def next_alive(self, seat: int) -> int:
        return next_alive(self.out, seat)


def build_view(state: FomoData, seat: int | None) -> FomoView:
    """The view of ``seat`` (None: all cards open) of a state."""
    if seat is None:
        hands = tuple(sort_cards(h) for h in state.hands)
        sets = tuple(tuple(s) for s in state.sets)
        below = sort_cards(state.discard[:-1])
        aside = tuple(sort_cards(a) for a in state.aside)
        to_act = state.to_act()
    else:
        k = state.know.of(seat)
        hands = tuple(
            sort_cards(state.hands[s] if s == seat else list(k.hands[s].elements()))
            for s in range(state.players)
        )
        sets = tuple(tuple(row) if not state.out[s] else () for s, row in enumerate(k.slots))
        if state.won_by_call and state.winner is not None:  # the winning set, turned over for all
            sets = tuple(
                tuple(state.sets[s]) if s == state.winner else row for s, row in enumerate(sets)
            )
        below = sort_cards(list(k.below.elements()))
        aside = tuple(sort_cards(list(c.elements())) for c in k.aside)
        to_act = state.to_act() | (state.window.eligible - {seat} if state.window else frozenset())
    return FomoView(
        seat=seat,
        players=state.players,
        now_ms=state.now_ms,
        to_act=frozenset(to_act),  # others' silent passes stay hidden
        windows=shown(state.window),
        phase=state.phase,
        turn=state.turn,
        turn_number=state.turn_number,
        dealer=state.dealer,
        hand=sort_cards(state.hands[seat]) if seat is not None else (),
        hands=hands,
        hand_sizes=tuple(len(h) for h in state.hands),
        sets=sets,
        out=tuple(state.out),
        skip_next=tuple(state.skip_next),
        draw_count=len(state.draw),
        discard_top=state.discard[-1] if state.discard else None,
        discard_count=len(state.discard),
        discard_below=below,
        aside=aside,
        aside_counts=tuple(len(a) for a in state.aside),
        pending=state.pending,
        passed=seat in state.passed,
        winner=state.winner,
        options=tuple(sorted(state.options.items())),
        known=tuple(
            tuple(
                tuple(
                    (state.won_by_call and s == state.winner) or card not in (UNKNOWN, SOME_NUMBER)
                    for card in row
                )
                for s, row in enumerate(state.know.of(v).slots)
            )
            for v in range(state.players)
        ),
    )


def deal_events(state: FomoData) -> tuple[Event, ...]:
    """The deal of a fresh state as events, for the table to animate before the first turn:
    hidden sets face down for nobody, hands seen by their owners, the first discard face up."""
    record = state.deal_record
    nobody: frozenset[int] = frozenset()
    events: list[Event] = []
    for seat, cards in enumerate(record["sets"]):
        for slot, card in enumerate(cards):
            events.append(CardMoved(card, "draw", f"set:{seat}:{slot}", nobody))
    for seat, cards in enumerate(record["hands"]):
        for card in cards:
            events.append(CardMoved(card, "draw", f"hand:{seat}", frozenset((seat,))))
    events.append(CardMoved(record["discard"], "draw", "discard", None, face_up=True))
    events.append(TurnStarted((record["dealer"] + 1) % state.players))
    return tuple(events)
