"""The ``hard`` OMYN bot: the normal heuristic for plays, fast reflexes, and a search over sampled
unknowns (the shared search, within a CPU budget) for the decisions that end games: whether to call OMYN, and
whether an opponent's call should be Voided.

Each sample deals the cards this seat has not seen at random, except that a card an opponent has
seen and kept is drawn as the lower of two candidates (people keep their low cards), then scores
the rows exactly as the rules would, caller's tie included.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.bots.search import Budget, compare
from game.core.actions import Action
from game.core.bot import Decision
from game.core.events import CardMoved, Event
from game.core.views import View
from game.omyn.actions import CallOmyn, Draw, UsePower
from game.omyn.bot import OmynBot
from game.omyn.cards import FACES, number
from game.omyn.estimate import Estimate
from game.omyn.events import ClaimResolved, GameStarted, OmenPlayed, SlotClosed
from game.omyn.view import OmynView

# Call when the sampled chance of winning the count is at least this; lower when an opponent
# looks ready to call (it has seen nearly all of its own cards), since waiting then risks losing
# to its call.
CALL_THRESHOLD = 0.75
CALL_THRESHOLD_PRESSED = 0.45
READY_UNKNOWN = 1
# Powers that cost an opponent tempo (a card it has not seen, a lost turn) weigh more than for
# the normal bot: an opponent with an unseen card will not call.
HARD_POWER_BONUS = {
    "insight": 1.5, "spy": 0.8, "foresee": 0.4, "switch": 3.0, "skip": 3.0, "draw": 4.0, "hex": 0.3,
}  # fmt: skip
MIN_SAMPLES = 24
KEPT_CARD_DRAWS = 2  # a card an opponent has seen and kept: the lowest of this many candidates


class HardBot(OmynBot):
    def __init__(
        self, seat: int, seed: int, budget_ms: int = 30, iterations: int = 400, **settings: Any
    ) -> None:
        super().__init__(seat, seed, level="hard")
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.caps: dict[
            str, int
        ] = {}  # zone -> highest value an opponent's swapped-in card may have
        self._last_view: OmynView | None = None
        self.power_bonus = HARD_POWER_BONUS

    def observe(self, events: Sequence[Event]) -> None:
        """Follow opponents' swaps: a card swapped in replaced a card it beat (people swap a
        drawn card in only when it is lower than what it replaces)."""
        out: tuple[str, int] | None = None  # (zone, value) of a card just played from a row
        for event in events:
            if isinstance(event, GameStarted):
                self.caps = {}
            elif isinstance(event, OmenPlayed):
                self.caps = {
                    z: c for z, c in self.caps.items() if not z.startswith(f"row:{event.seat}:")
                }
            elif isinstance(event, ClaimResolved):
                out = None
            elif isinstance(event, SlotClosed):
                self._shift(event.seat, event.slot)
            elif isinstance(event, CardMoved):
                out = self._move(event, out)

    def _move(self, event: CardMoved, out: tuple[str, int] | None) -> tuple[str, int] | None:
        cap = self.caps.pop(event.src, None)
        if event.face_up and event.src.startswith("row:") and event.card is not None:
            value = number(event.card)
            return (event.src, 6 if value is None else value) if value != 0 else None
        if event.face_up and event.src.startswith("drawn:") and event.dst == "pile":
            self._dropped(int(event.src.split(":")[1]), event.card)
            return None
        if event.src.startswith("drawn:") and out is not None and out[0] == event.dst:
            seat = int(event.dst.split(":")[1])
            if seat != self.seat:
                self.caps[event.dst] = self._cap_for(event.dst, out[1])
            return None
        if cap is not None and event.dst.startswith("row:"):
            self.caps[event.dst] = cap
        return None

    def _dropped(self, seat: int, face: str | None) -> None:
        """An opponent Dropped a low plain card rather than swap it in: every card of its own
        that it knows is no higher (else it would have swapped that one out)."""
        value = number(face) if face is not None else None
        view = self._last_view
        if seat == self.seat or value is None or not 1 <= value <= 5 or view is None:
            return
        for slot, card in enumerate(view.rows[seat]):
            if seat in card.known_by:
                zone = f"row:{seat}:{slot}"
                self.caps[zone] = min(self.caps.get(zone, value), value)

    def _cap_for(self, zone: str, out_value: int) -> int:
        _, seat, slot = zone.split(":")
        view = self._last_view
        knew = False
        if view is not None and int(slot) < len(view.rows[int(seat)]):
            knew = int(seat) in view.rows[int(seat)][int(slot)].known_by
        return max(0, out_value - 1) if knew else 6

    def _shift(self, seat: int, slot: int) -> None:
        prefix = f"row:{seat}:"
        moved = {int(z[len(prefix) :]): c for z, c in self.caps.items() if z.startswith(prefix)}
        for k in moved:
            del self.caps[f"{prefix}{k}"]
        for k, cap in moved.items():
            if k != slot:
                self.caps[f"{prefix}{k - 1 if k > slot else k}"] = cap

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        assert isinstance(view, OmynView)
        if (
            view.phase == "turn"
            and view.window is None
            and view.step == "start"
            and CallOmyn(self.seat) in legal
        ):
            chance = self.win_chance(view, caller=self.seat)
            threshold = CALL_THRESHOLD_PRESSED if self.opponent_ready(view) else CALL_THRESHOLD
            return Decision(CallOmyn(self.seat) if chance >= threshold else Draw(self.seat))
        return super().decide(view, legal)

    def choose_power_action(self, view: OmynView, est: Estimate) -> Action:
        """Switch as a tempo weapon: hand our worst card to the opponent closest to calling, in
        place of a card it has seen (probably low, and it no longer knows its row)."""
        if view.power == "switch" and est.opponents():
            mine = est.mine()
            my_slot = max(range(len(mine)), key=lambda i: (est.val(mine[i]), mine[i] is not None))
            target = min(
                est.opponents(),
                key=lambda s: sum(1 for c in view.rows[s] if s not in c.known_by),
            )
            theirs = [j for j, c in enumerate(view.rows[target]) if target in c.known_by]
            if theirs and est.val(mine[my_slot]) >= est.mean_unknown - 1:
                slot = min(theirs, key=lambda j: (est.val(est.rows[target][j], 3.0), j))
                return UsePower(self.seat, target=target, slot=my_slot, other_slot=slot)
        return super().choose_power_action(view, est)

    def opponent_ready(self, view: OmynView) -> bool:
        """Some opponent has seen all but ``READY_UNKNOWN`` of its own cards."""
        return any(
            sum(1 for c in row if seat not in c.known_by) <= READY_UNKNOWN
            for seat, row in enumerate(view.rows)
            if seat != self.seat and row
        )

    def wants_effect(self, view: OmynView, est: Estimate) -> bool:
        effect = view.effect
        if effect is not None and effect.kind == "call" and effect.seat != self.seat:
            return self.win_chance(view, caller=effect.seat) > 0.5
        return super().wants_effect(view, est)

    def win_chance(self, view: OmynView, caller: int) -> float:
        """The share of sampled deals in which this seat wins the count after ``caller`` calls
        (the shared search's ``compare`` on that one move: samples of the unseen cards weighted
        by what the opponents' swaps and drops say, scored by the rules' count)."""

        def share(totals: list[float], _move: int, _luck: random.Random) -> float:
            low = min(totals)
            lowest = [s for s, t in enumerate(totals) if t == low]
            if caller in lowest and len(lowest) > 1:
                lowest.remove(caller)
            if self.seat not in lowest:
                return 0.0
            return 1.0 / len(lowest)  # the five-card tiebreak is a lottery

        budget = Budget(
            cpu_ms=self.budget_ms, min_iterations=MIN_SAMPLES, max_iterations=self.iterations
        )
        rng = random.Random(self.rng.getrandbits(64))
        result = compare([caller], lambda r: self.sample_totals(view, r), share, rng, budget)
        return result.means[caller]

    def sample_totals(self, view: OmynView, rng: random.Random) -> list[float]:
        seen: Counter[str] = Counter(view.pile)
        for card in [c for row in view.rows for c in row] + list(view.draw):
            if card.face is not None:
                seen[card.face] += 1
        if view.drawn is not None and view.drawn.face is not None:
            seen[view.drawn.face] += 1
        pool = list((Counter(FACES) - seen).elements())
        rng.shuffle(pool)
        top = next((number(f) for f in reversed(view.pile) if number(f) is not None), None)
        omen = float(top) if top is not None else 6.0

        def value(face: str) -> float:
            n = number(face)
            return omen if n is None else float(n)

        totals: list[float] = []
        for seat, row in enumerate(view.rows):
            total = 0.0
            for slot, card in enumerate(row):
                if card.face is not None:
                    total += value(card.face)
                    continue
                cap = self.caps.get(f"row:{seat}:{slot}") if seat != self.seat else None
                if cap is not None:
                    fits = [i for i, f in enumerate(pool) if value(f) <= cap]
                    face = pool.pop(rng.choice(fits)) if fits else pool.pop()
                else:
                    face = pool.pop()
                if cap is None and seat != self.seat and seat in card.known_by:
                    for _ in range(KEPT_CARD_DRAWS - 1):
                        if not pool:
                            break
                        other = pool.pop()
                        if value(other) < value(face):
                            face, other = other, face
                        pool.insert(rng.randrange(len(pool) + 1), other)
                total += value(face)
            totals.append(total if row else -1.0)
        return totals
