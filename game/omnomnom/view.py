"""What one seat may know in Om Nom Nom: everything but the others' secret picks.

Every hand is public (a colour holds the animals it has not revealed this round), so a view
differs between seats only in ``picks``: a seat sees its own face-down pick, and of the others
only *that* they have picked (``picked``). The all-open view (seat None) also shows every pick
and, in solo, the order of the virtual colours' face-down stacks.
"""

from __future__ import annotations

import dataclasses

from game.core.views import View


@dataclasses.dataclass(frozen=True)
class OmNomNomView(View):
    solo: int  # 0, or the number of virtual colours (seats 1..solo)
    round: int  # 1..3
    turn: int  # 1..6 within the round (6 also after the last reveal of the match)
    hands: tuple[tuple[str, ...], ...]  # unrevealed animals per seat, in ANIMALS order
    picked: tuple[bool, ...]  # who has put a card face down this turn
    picks: tuple[str | None, ...]  # the face-down picks this viewer may see
    spaces: tuple[tuple[str, int], ...]  # dice on each space, in FACES order
    front_cards: tuple[tuple[str, ...], ...]  # cards in front of each seat this round
    front_dice: tuple[tuple[tuple[str, int], ...], ...]  # (face, count) in front of each seat
    discard: tuple[str, ...]  # cards discarded this round
    round_scores: tuple[tuple[int, ...], ...]  # finished rounds, per seat
    round_points: tuple[int, ...]  # what each seat has in front of it now
    totals: tuple[int, ...]  # finished rounds summed
    rounds_log: tuple[tuple[tuple[tuple[str, int], ...], tuple[tuple[str, ...], ...]], ...]
    # ^ per round: the dice as rolled and the revealed picks of each turn (public history)
    stacks: tuple[tuple[str, ...], ...] = ()  # solo stack order, top first: all-open view only

    @property
    def virtual(self) -> tuple[bool, ...]:
        return tuple(self.solo > 0 and seat > 0 for seat in range(self.players))

    def space(self, face: str) -> int:
        return dict(self.spaces)[face]

    def hand(self, seat: int) -> tuple[str, ...]:
        return self.hands[seat]
