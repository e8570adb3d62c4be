"""OMYN bots ``easy`` and ``normal``: a heuristic that keeps its expected total low.

Both see only their seat's view. Normal remembers everything the view shows; easy forgets each
remembered card with probability ``forget`` per turn since it learned it. Claims (chains, Voids)
are made only on a card the bot believes it holds, after a seeded reaction time counted from the
moment the window opened (the card became visible).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.bots.reaction import ReactionModel, reaction_for
from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.rng import derive_seed
from game.core.views import View
from game.omyn.actions import (
    Arrange,
    CallOmyn,
    Claim,
    DeclinePower,
    Draw,
    Drop,
    Pass,
    Peek,
    PickSlot,
)
from game.omyn.estimate import Estimate
from game.omyn.policy import choose_arrangement, choose_play, choose_power, should_call
from game.omyn.view import OmynView

FORGET_BY_LEVEL = {"easy": 0.12, "normal": 0.0, "hard": 0.0}


class OmynBot(Bot):
    def __init__(
        self, seat: int, seed: int, level: str = "normal", forget: float | None = None, **_: Any
    ) -> None:
        self.level = level
        super().__init__(seat, seed)
        self.seed = seed
        self.reaction: ReactionModel = reaction_for(level)
        self.forget = FORGET_BY_LEVEL.get(level, 0.0) if forget is None else forget
        self._reflex_ms: dict[tuple[str, int], int] = {}
        self.power_bonus: dict[str, float] | None = None  # None: policy.POWER_BONUS

    # --- memory -----------------------------------------------------------------------------
    def remembers(self, since: int | None, face: str, now_turn: int) -> bool:
        """Easy forgets: a card learned ``age`` turns ago is still remembered with (1-p)^age."""
        if self.forget <= 0 or since is None:
            return True
        age = max(0, now_turn - since)
        u = derive_seed(self.seed, self.seat, since, face) / 2**64
        return (1 - self.forget) ** age > u

    def estimate(self, view: OmynView) -> Estimate:
        return Estimate.from_view(view, self.remembers)

    # --- deciding ---------------------------------------------------------------------------
    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if not legal:
            return None
        assert isinstance(view, OmynView)
        legal_set = set(legal)
        if view.phase == "peek":
            row = len(view.rows[self.seat])
            first, second = self.rng.sample(range(row), 2)
            return Decision(Peek(self.seat, min(first, second), max(first, second)))
        if view.window is not None:
            return self.react(view, legal_set)
        est = self.estimate(view)
        if view.step == "start":
            if CallOmyn(self.seat) in legal_set and should_call(est, view):
                return Decision(CallOmyn(self.seat))
            return Decision(Draw(self.seat))
        if view.step == "play":
            action = choose_play(est, view, self.power_bonus)
            return Decision(action if action in legal_set else Drop(self.seat))
        if view.step == "power":
            action = self.choose_power_action(view, est)
            return Decision(action if action in legal_set else DeclinePower(self.seat))
        if view.step == "arrange":
            arrange: Action = choose_arrangement(est, view)
            return Decision(
                arrange
                if arrange in legal_set
                else Arrange(self.seat, tuple(range(view.arranging)))
            )
        return Decision(self.rng.choice(list(legal)))

    def choose_power_action(self, view: OmynView, est: Estimate) -> Action:
        return choose_power(est, view)

    def reflex_delay(self, view: OmynView) -> int:
        """Reaction time counted from the window's opening (when the card became visible)."""
        assert view.window is not None
        key = (view.window.kind, view.window.opened_ms)
        if key not in self._reflex_ms:
            self._reflex_ms[key] = self.reaction.sample(self.rng)
        return max(0, view.window.opened_ms + self._reflex_ms[key] - view.now_ms)

    def react(self, view: OmynView, legal: set[Action]) -> Decision | None:
        window = view.window
        assert window is not None
        if window.claimant == self.seat:  # took over a claim made by a person: name a slot
            match = self.matching_slot(view)
            pick = PickSlot(self.seat, 0 if match is None else match)
            return Decision(pick, self.reflex_delay(view), reflex=True)
        if window.claimant is not None:
            return None
        slot = self.matching_slot(view)
        claim = Claim(self.seat, slot, window.number)
        if slot is not None and claim in legal:
            return Decision(claim, self.reflex_delay(view), reflex=True)
        if Pass(self.seat, window.number) in legal:
            return Decision(Pass(self.seat, window.number), self.reflex_delay(view), reflex=True)
        return None

    def matching_slot(self, view: OmynView) -> int | None:
        """The slot to claim in the open window, or None if the bot holds no card it trusts."""
        window = view.window
        assert window is not None
        est = self.estimate(view)
        if window.kind == "chain":
            return est.known_slot_with(window.subject)
        slot = est.known_slot_with("0")
        if slot is None or not self.wants_void(view, est):
            return None
        return slot

    def wants_void(self, view: OmynView, est: Estimate) -> bool:
        effect = view.effect
        if effect is None:
            return False
        happening = len(effect.voids) % 2 == 0
        return happening != self.wants_effect(view, est)

    def wants_effect(self, view: OmynView, est: Estimate) -> bool:
        effect = view.effect
        assert effect is not None
        if effect.seat == self.seat:
            return True
        if effect.kind == "call":
            return est.my_total() + 1 < min(est.opponent_total(s) for s in est.opponents())
        if effect.target == self.seat:
            return False
        return True
