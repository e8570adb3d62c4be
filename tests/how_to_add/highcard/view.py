"""What one seat may know: its own hand, how many cards the others hold, everything played."""

from __future__ import annotations

import dataclasses

from game.core.views import View


@dataclasses.dataclass(frozen=True)
class HighCardView(View):
    hands: tuple[tuple[str, ...] | None, ...]  # a seat's own hand; None for hands it may not see
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, str], ...]  # (seat, card) in play order
    won: tuple[tuple[str, ...], ...]  # each seat's taken cards, face down but seen when played
    deck: int  # cards never dealt
    turn: int | None
