"""What one Omi seat may know: its own hand, everything played, the score."""

from __future__ import annotations

import dataclasses

from game.core.options import OptionValue
from game.core.views import View


@dataclasses.dataclass(frozen=True)
class TrickRecord:
    leader: int
    cards: tuple[str, ...]  # play order from the leader
    winner: int


@dataclasses.dataclass(frozen=True)
class OmiView(View):
    phase: str  # "trump", "play", "kapothi_propose", "kapothi_answer", "over"
    hand_number: int
    dealer: int
    trump_maker: int
    trump: str | None
    hand: tuple[str, ...]  # this seat's cards (all seats' for the open view: see ``hands``)
    hands: tuple[tuple[str, ...] | None, ...]  # per seat: the cards if this viewer may see them
    hand_sizes: tuple[int, ...]
    leader: int
    trick: tuple[tuple[int, str], ...]  # (seat, card) of the trick in progress, in play order
    tricks: tuple[TrickRecord, ...]  # completed tricks of this hand
    tricks_won: tuple[int, int]  # per team this hand
    score: tuple[int, int]  # tokens per team, capped at 10
    carry: int  # 4–4 bonus waiting for the next decided hand
    kapothi_proposed_by: int | None
    kapothi_accepted: bool | None
    voids: tuple[frozenset[str], ...]  # suits each seat has shown it lacks this hand
    options: tuple[tuple[str, OptionValue], ...] = ()  # the table's rule options, sorted by name

    def option(self, name: str) -> OptionValue:
        return dict(self.options)[name]

    @staticmethod
    def team_of(seat: int) -> int:
        return seat % 2
