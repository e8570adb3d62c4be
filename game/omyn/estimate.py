"""What a bot believes from its view: remembered faces, the mean of an unseen card, totals."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable

from game.omyn.cards import FACES, number, same_value
from game.omyn.view import OmynView

# An opponent's unseen cards drift down as they swap high cards out: per turn they have had.
OPPONENT_PROGRESS_PER_TURN = 0.3
OPPONENT_FLOOR = 1.5


@dataclasses.dataclass
class Estimate:
    seat: int
    players: int
    rows: list[list[str | None]]
    drawn: str | None
    omen: float
    mean_unknown: float
    turns_each: float
    pile_top: str | None

    @staticmethod
    def from_view(view: OmynView, remembers: Callable[[int | None, str, int], bool]) -> Estimate:
        assert view.seat is not None
        seen: Counter[str] = Counter(view.pile)
        rows: list[list[str | None]] = []
        for row in view.rows:
            faces: list[str | None] = []
            for card in row:
                if card.face is not None:
                    seen[card.face] += 1
                face = card.face
                if face is not None and not remembers(card.since, face, view.turn_number):
                    face = None
                faces.append(face)
            rows.append(faces)
        for card in view.draw:
            if card.face is not None:
                seen[card.face] += 1
        drawn = view.drawn.face if view.drawn is not None else None
        if drawn is not None:
            seen[drawn] += 1
        unseen = Counter(FACES) - seen
        top = next((f for f in reversed(view.pile) if number(f) is not None), None)
        numbers = [number(f) for f in unseen.elements()]
        plain = [n for n in numbers if n is not None]
        mean = sum(plain) / len(plain) if plain else 6.0
        omen = float(number(top)) if top is not None else mean  # type: ignore[arg-type]
        unknown_mean = (sum(plain) + omen * (len(numbers) - len(plain))) / max(1, len(numbers))
        return Estimate(
            view.seat,
            view.players,
            rows,
            drawn,
            omen,
            unknown_mean if numbers else 6.0,
            view.turn_number / max(1, view.players),
            top,
        )

    def val(self, face: str | None, unknown: float | None = None) -> float:
        if face is None:
            return self.mean_unknown if unknown is None else unknown
        value = number(face)
        return self.omen if value is None else float(value)

    def mine(self) -> list[str | None]:
        return self.rows[self.seat]

    def my_total(self) -> float:
        return sum(self.val(f) for f in self.mine())

    def unknown_count(self, seat: int | None = None) -> int:
        return sum(1 for f in self.rows[self.seat if seat is None else seat] if f is None)

    def opponent_mean(self) -> float:
        return max(OPPONENT_FLOOR, self.mean_unknown - OPPONENT_PROGRESS_PER_TURN * self.turns_each)

    def opponent_total(self, seat: int) -> float:
        guess = self.opponent_mean()
        return sum(self.val(f, guess) for f in self.rows[seat])

    def opponents(self) -> list[int]:
        """Opponents still holding cards, in play order starting after us."""
        order = ((self.seat + k) % self.players for k in range(1, self.players))
        return [s for s in order if self.rows[s]]

    def leader(self) -> int:
        """The opponent who looks closest to winning (lowest estimated total, fewest cards); among
        equals the one who plays soonest after us (so no seat is everyone's default target)."""
        n = self.players
        return min(
            self.opponents(),
            key=lambda s: (self.opponent_total(s), len(self.rows[s]), (s - self.seat) % n),
        )

    def known_slot_with(self, face: str) -> int | None:
        for slot, mine in enumerate(self.mine()):
            if mine is not None and same_value(mine, face):
                return slot
        return None
