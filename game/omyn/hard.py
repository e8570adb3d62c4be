"""The ``hard`` OMYN bot: the shared search (``game.bots.search.compare``, within a CPU budget)
over worlds sampled from its view, played out to the end of the game by the lean playout in
``rollout`` (every seat following the normal policy from what it knows), for the decisions of its
turn: call OMYN or draw; Drop, Swap or Pair Up; use Switch, Skip, Draw or Hex (on which slots) or
play the card plain. An opponent's call is Voided when the count looks lost. Reflexes are fast;
claims follow the normal bot. In the playouts this seat calls at an estimated chance of winning
the count (``CALL_CHANCE``), so Draw is valued with a later call like its own, not normal's.

Worlds (``worlds.sample_world``) deal the unseen cards at random, weighted by what the opponents'
plays say: a card swapped in is lower than the card it replaced, the cards an opponent knew and
kept are no higher than the one it swapped out, a card seen and kept is the lower of two draws;
an opponent that could have called at its last turn's start and did not (or that calls now) had a
row its call rule passed over (or took): worlds that say otherwise are drawn again (``restraint``).
``mode="threshold"`` is the earlier bot (a call at a sampled chance of winning the count, plays
by the heuristic), kept for comparison.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from game.bots.search import Budget, compare
from game.core.actions import Action
from game.core.bot import Decision
from game.core.events import CardMoved, Event
from game.core.views import View
from game.omyn import rollout
from game.omyn.actions import (
    CallOmyn,
    DeclinePower,
    Draw,
    Drop,
    PairDrawn,
    PairSlots,
    Swap,
    UsePower,
)
from game.omyn.bot import OmynBot
from game.omyn.cards import is_omen, number, same_value
from game.omyn.estimate import Estimate
from game.omyn.events import ClaimResolved, GameStarted, OmenPlayed, SlotClosed
from game.omyn.policy import choose_play
from game.omyn.restraint import Restraint, TurnWatch
from game.omyn.view import OmynView
from game.omyn.worlds import KEPT_CARD_DRAWS, sample_world

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
# The table's budget, CPU time a searched decision (the other games' hard bots think 150-300 ms):
# more worlds sharpen the calls and the Voids, which a choice between two close values needs
# (screens at 30, 100 and 300 ms on the same seeds: bench/RESULTS.md, issue 18). The sample cap
# never binds first.
BUDGET_MS = 300
MAX_SAMPLES = 5000
# In playouts this seat calls at this estimated chance of winning the count (rollout.count_chance)
# rather than by the normal bot's margin: the search's Draw is valued with a seat that calls about
# as the search does, not as the cautious normal bot (screened 0.55/0.65/0.75, bench/RESULTS.md).
CALL_CHANCE = 0.65
# The heuristic's move keeps its place unless another wins this much more often in playouts.
PLAY_HEAD_START = 0.01
# Powers whose use the playout values (the others only inform: their choice stays heuristic).
UNSEEN_SWAP_CAP = 6  # a card swapped in for an unseen one: lower than an unseen card's mean
# Worlds drawn in a row before one that contradicts an opponent's call (or silence) is kept.
RESTRAINT_TRIES = 8
SEARCHED_POWERS = {
    "switch": rollout.SWITCH, "skip": rollout.SKIP, "draw": rollout.DRAW, "hex": rollout.HEX,
}  # fmt: skip


class HardBot(OmynBot):
    def __init__(
        self,
        seat: int,
        seed: int,
        budget_ms: int = BUDGET_MS,
        iterations: int = MAX_SAMPLES,
        mode: str = "playout",
        playout_margin: float = 0.0,
        call_head_start: float = 0.0,
        call_chance: float = CALL_CHANCE,
        void_wish: int = 1,
        restraint: int = 1,
        kept_draws: int = KEPT_CARD_DRAWS,
        wall_factor: float = 20.0,
        **settings: Any,
    ) -> None:
        """``mode``: "playout" searches the call and the play by playouts to the game's end;
        "threshold" calls at a sampled chance of winning the count and plays by the heuristic."""
        super().__init__(seat, seed, level="hard")
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.mode = mode
        self.playout_margin = playout_margin
        self.call_head_start = call_head_start  # how much better calling must look than drawing
        self.call_chance = float(call_chance)  # this seat's own call rule in playouts (0: normal's)
        self.void_wish = bool(int(void_wish))  # settings may come as text
        self.kept_draws = int(kept_draws)  # an opponent's kept card: the lowest of this many
        self.restraint = bool(int(restraint))  # worlds agree with opponents' calls and silences
        self.watch = TurnWatch(seat)
        self.wall_factor = float(wall_factor)  # benches on a busy host raise the wall-time net
        self.last_iterations = 0
        self.last_means: dict[Action, float] = {}  # the last search's mean per move
        self.caps: dict[
            str, int
        ] = {}  # zone -> highest value an opponent's swapped-in card may have
        self._last_view: OmynView | None = None
        self.power_bonus = HARD_POWER_BONUS

    def observe(self, events: Sequence[Event]) -> None:
        """Follow opponents' swaps: a card swapped in replaced a card it beat (people swap a
        drawn card in only when it is lower than what it replaces)."""
        self.watch.observe(events, self._last_view)
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
                knew = self._knew(event.dst)
                self.caps[event.dst] = max(0, out[1] - 1) if knew else UNSEEN_SWAP_CAP
                self._kept(seat, int(event.dst.split(":")[2]), out[1] if knew else UNSEEN_SWAP_CAP)
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

    def _knew(self, zone: str) -> bool:
        """Did the zone's owner know the card there (as of our last view)?"""
        _, seat, slot = zone.split(":")
        view = self._last_view
        if view is None or int(slot) >= len(view.rows[int(seat)]):
            return False
        return int(seat) in view.rows[int(seat)][int(slot)].known_by

    def _kept(self, seat: int, swapped: int, bound: int) -> None:
        """An opponent swapped out the card at ``swapped``: the cards it knew and kept are no
        higher than the one it let go (people swap out their highest), or than an unseen
        card's worth if it swapped into a slot it had not seen."""
        view = self._last_view
        if view is None:
            return
        for slot, card in enumerate(view.rows[seat]):
            if slot != swapped and seat in card.known_by:
                zone = f"row:{seat}:{slot}"
                self.caps[zone] = min(self.caps.get(zone, bound), bound)

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
        self._last_view = view  # who knows which slot, for reading the next plays
        self.watch.seen()
        if (
            view.phase == "turn"
            and view.window is None
            and view.step == "start"
            and CallOmyn(self.seat) in legal
        ):
            if self.mode == "threshold":
                chance = self.win_chance(view, caller=self.seat)
                pressed = self.opponent_ready(view)
                threshold = CALL_THRESHOLD_PRESSED if pressed else CALL_THRESHOLD
                return Decision(CallOmyn(self.seat) if chance >= threshold else Draw(self.seat))
            return self.search_call(view)
        if (
            self.mode == "playout"
            and view.window is None
            and view.step == "play"
            and view.drawn is not None
            and view.drawn.face is not None
            and not is_omen(view.drawn.face)
        ):
            return self.search_play(view, set(legal), self.estimate(view))
        if (
            self.mode == "playout"
            and view.window is None
            and view.step == "power"
            and view.power in SEARCHED_POWERS
        ):
            return self.search_power(view, legal, self.estimate(view))
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
        (the shared search's ``compare`` on that one move: worlds weighted by what the
        opponents' swaps and drops say, scored by the rules' count)."""
        mean = self.estimate(view).mean_unknown
        called = [self.watch.call(view, caller)] if self.restraint and caller != self.seat else []
        result = compare(
            [caller],
            self.worlds(view, mean, called),
            lambda world, _move, _luck: rollout.score(world, caller, self.seat),
            random.Random(self.rng.getrandbits(64)),
            self.search_budget(),
        )
        return result.means[caller]

    def search_call(self, view: OmynView) -> Decision:
        """Call now or draw: both played out to the end of the game on the same worlds."""
        call, draw = CallOmyn(self.seat), Draw(self.seat)
        moves: list[Action] = [call, draw]
        lines = {call: rollout.after_call, draw: rollout.after_draw}
        mean = self.estimate(view).mean_unknown
        result = compare(
            moves,
            self.worlds(view, mean),
            lambda world, move, luck: lines[move](world.copy(), luck, self.seat),
            random.Random(self.rng.getrandbits(64)),
            self.search_budget(),
            favourite=draw,
            head_start=self.call_head_start,
        )
        self.last_iterations = result.iterations
        self.last_means = dict(result.means)
        return Decision(result.best)

    def search_play(self, view: OmynView, legal: set[Action], est: Estimate) -> Decision:
        """Drop, Swap or Pair Up: each played out to the end of the game on the same worlds."""
        assert view.drawn is not None and view.drawn.face is not None
        drawn = rollout.code(view.drawn.face)
        me = self.seat
        mine = est.mine()
        plays: dict[Action, rollout.Play] = {Drop(me): (0, 0, 0)}
        for i, face in enumerate(mine):
            plays[Swap(me, i)] = (1, i, 0)
            if face is not None and same_value(face, view.drawn.face):
                plays[PairDrawn(me, i)] = (2, i, 0)
        for a in range(len(mine)):
            for b in range(a + 1, len(mine)):
                fa, fb = mine[a], mine[b]
                if fa is not None and fb is not None and same_value(fa, fb):
                    plays[PairSlots(me, a, b, a)] = (3, a, b)
        plays = {action: play for action, play in plays.items() if action in legal}
        favourite = choose_play(est, view, self.power_bonus)
        if len(plays) < 2 or favourite not in plays:
            return Decision(favourite if favourite in legal else Drop(me))
        return self.played_out(
            view,
            est,
            list(plays),
            lambda world, move, luck: rollout.finish_turn(world, drawn, plays[move], luck, me),
            favourite,
        )

    def search_power(self, view: OmynView, legal: Sequence[Action], est: Estimate) -> Decision:
        """Use the power (on which slots) or play the card plain, each played out to the end."""
        assert view.power is not None
        me = self.seat
        power = SEARCHED_POWERS[view.power]
        mine = est.mine()
        known = [i for i, f in enumerate(mine) if f is not None]
        unknown = [i for i, f in enumerate(mine) if f is None]
        # Switch: our highest known card or one we have not seen, for any slot of theirs.
        give = set(unknown[:1])
        if known:
            give.add(max(known, key=lambda i: est.val(mine[i])))
        uses: dict[Action, rollout.PowerUse | None] = {DeclinePower(me): None}
        for action in legal:
            if isinstance(action, UsePower) and action.target is not None:
                if power != rollout.SWITCH or action.slot in give:
                    slot = -1 if action.slot is None else action.slot
                    other = -1 if action.other_slot is None else action.other_slot
                    uses[action] = (action.target, slot, other)
        favourite = self.choose_power_action(view, est)
        if len(uses) < 2 or favourite not in uses:
            return Decision(favourite if favourite in legal else DeclinePower(me))
        return self.played_out(
            view,
            est,
            list(uses),
            lambda world, move, luck: rollout.after_power(world, power, uses[move], luck, me),
            favourite,
        )

    def played_out(
        self,
        view: OmynView,
        est: Estimate,
        moves: list[Action],
        play: Callable[[rollout.World, Action, random.Random], float],
        favourite: Action,
    ) -> Decision:
        """The best of ``moves``, each played out by ``play`` on (a copy of) the same sampled
        worlds; the favourite keeps a head start."""
        result = compare(
            moves,
            self.worlds(view, est.mean_unknown),
            lambda world, move, luck: play(world.copy(), move, luck),
            random.Random(self.rng.getrandbits(64)),
            self.search_budget(),
            favourite=favourite,
            head_start=PLAY_HEAD_START,
        )
        self.last_iterations = result.iterations
        self.last_means = dict(result.means)
        return Decision(result.best)

    def worlds(
        self, view: OmynView, mean: float, called: Sequence[Restraint] = ()
    ) -> Callable[[random.Random], rollout.World]:
        """The sampler of the playout searches' worlds (this bot's inference and settings):
        worlds in which an opponent would have called when it did not (or not called when it
        did, ``called``) are drawn again, a few times, unless a hint's deadline has passed."""
        caps, margin, chance, wish, draws = (
            self.caps,
            self.playout_margin,
            self.call_chance,
            self.void_wish,
            self.kept_draws,
        )
        # A call is this turn's start: what the caller's turn start said before is replaced.
        callers = {restraint.seat for restraint in called}
        silent = [r for r in self.watch.restraints(view) if r.seat not in callers]
        restraints = [*silent, *called] if self.restraint else []
        late = self.search_budget().overdue()  # a hint due now keeps the world it drew

        def sample(r: random.Random) -> rollout.World:
            for _ in range(RESTRAINT_TRIES):
                world = sample_world(view, r, caps, mean, margin, draws, chance, wish)
                if not any(restraint.violated(world) for restraint in restraints) or late():
                    break
            return world

        return sample

    def search_budget(self) -> Budget:
        return Budget(
            cpu_ms=self.budget_ms,
            min_iterations=MIN_SAMPLES,
            max_iterations=self.iterations,
            wall_factor=self.wall_factor,
        )
