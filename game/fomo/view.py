"""What one FOMO seat may know: its hand, its knowledge of hidden sets, the public table."""

from __future__ import annotations

import dataclasses

from game.core.options import OptionValue
from game.core.views import View


@dataclasses.dataclass(frozen=True)
class PendingAction:
    """An action card in play, waiting for its Canceled window to close (public)."""

    actor: int
    card: str
    targets: tuple[int, ...]  # the players it names (Seen: 1, Swap and Plot Twist: 2)
    slots: tuple[int, ...] = ()  # Swap: the slot of each target


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

    def alive(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if not self.out[s])

    def next_alive(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if not self.out[other]:
                return other
        return seat
