"""The OMYN match as a State: who may act, what is legal, and carrying actions out.

A new game is dealt by a deadline (``advance``) so the table sees the deal as events; windows
(chain, Void) and claim picks close by deadline too. See docs/omyn.md for the decisions taken
where RULINGS.md is silent.
"""

from __future__ import annotations

import itertools

from game.core.actions import Action
from game.core.errors import IllegalAction, Refusal
from game.core.events import Event, Said
from game.omyn.actions import (
    Arrange,
    CallOmyn,
    Claim,
    DeclinePower,
    Draw,
    Drop,
    PairDrawn,
    PairSlots,
    Pass,
    Peek,
    PickSlot,
    Swap,
    UsePower,
)
from game.omyn.cards import is_omen, same_value
from game.omyn.events import ClaimResolved, ClaimTooLate, PowerUsed, Rearranged, SlotPicked
from game.omyn.flow import Flow, row_zone


class OmynState(Flow):
    # --- who may act ------------------------------------------------------------------------
    def to_act(self) -> frozenset[int]:
        if self.phase == "peek":
            return frozenset(s for s in range(self.players) if not self.peeked[s])
        if self.phase != "turn":
            return frozenset()
        if self.window is not None:
            return frozenset(s for s in self.window.eligible if self.rows[s])
        return frozenset((self.turn_seat,))

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        if self.phase == "peek":
            return tuple(
                Peek(seat, a, b) for a, b in itertools.combinations(range(len(self.rows[seat])), 2)
            )
        if self.window is not None:
            return self._window_actions(seat)
        row = range(len(self.rows[seat]))
        if self.step == "start":
            return (Draw(seat),) if self.called else (CallOmyn(seat), Draw(seat))
        if self.step == "play":
            assert self.drawn is not None
            if is_omen(self.face(self.drawn)):
                return (Drop(seat),)
            actions: list[Action] = [Drop(seat)]
            actions += [Swap(seat, i) for i in row]
            actions += [PairDrawn(seat, i) for i in row]
            for a, b in itertools.combinations(row, 2):
                actions += [PairSlots(seat, a, b, a), PairSlots(seat, a, b, b)]
            return tuple(actions)
        if self.step == "power":
            return (DeclinePower(seat), *self._power_uses(seat))
        if self.step == "arrange":
            return tuple(Arrange(seat, p) for p in itertools.permutations(range(self.arranging)))
        return ()

    def _window_actions(self, seat: int) -> tuple[Action, ...]:
        assert self.window is not None
        slots = range(len(self.rows[seat]))
        claimant = self.window.claimant
        if claimant == seat:
            return tuple(PickSlot(seat, i) for i in slots)
        number = self.window.number
        actions: list[Action] = [
            Claim(seat, None, number),
            *(Claim(seat, i, number) for i in slots),
        ]
        if (
            claimant is None
            and self.options["close_windows_early"]
            and seat not in self.window.passed
        ):
            actions.append(Pass(seat, number))
        return tuple(actions)

    def _power_uses(self, seat: int) -> list[Action]:
        others = [s for s in self.seats_with_cards() if s != seat]
        mine = range(len(self.rows[seat]))
        power = self.power
        if power in ("hex", "skip", "draw"):
            return [UsePower(seat, target=t) for t in others]
        if power == "insight":
            return [UsePower(seat, slot=i) for i in mine]
        if power == "spy":
            return [
                UsePower(seat, target=t, slot=i)
                for t in self.seats_with_cards()
                for i in range(len(self.rows[t]))
            ]
        if power == "foresee":
            return [UsePower(seat)] if self.draw else []
        assert power == "switch"
        return [
            UsePower(seat, target=t, slot=i, other_slot=j)
            for i in mine
            for t in others
            for j in range(len(self.rows[t]))
        ]

    def check(self, action: Action) -> Refusal | None:
        try:
            if action in self.legal_actions(action.seat):
                return None
        except (IndexError, TypeError):
            pass
        return self._why_not(action)

    def _why_not(self, action: Action) -> Refusal:
        seat = action.seat
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return Refusal("no_such_seat", f"there is no seat {seat}")
        if self.phase == "over":
            return Refusal("game_over", "the match is over")
        if self.phase == "setup":
            return Refusal("dealing", "the cards are being dealt")
        if self.phase == "peek":
            if isinstance(action, Peek) and not self.peeked[seat]:
                return Refusal("bad_slots", "peek at two different slots of your own row")
            return Refusal("peeking", "everyone is still choosing the two cards to peek at")
        if isinstance(action, Claim | PickSlot | Pass):
            if self.window is None:
                return Refusal("no_window", "there is nothing to claim now (too late)")
            if seat not in self.window.eligible:
                if self.window.kind == "void" and seat == self.turn_seat and self.hex_now:
                    return Refusal("hexed", "under a Hex you cannot Void during your own turn")
                return Refusal("not_eligible", "you have no face-down card to claim with")
            if isinstance(action, PickSlot):
                return Refusal("not_claimant", "only the first claimant names a slot, within range")
            if action.window != self.window.number:
                return Refusal("stale_window", "that window has closed (too late)")
            return Refusal("bad_slot", "name one of your own slots")
        if self.window is not None:
            return Refusal("window_open", "wait: a chain or Void window is open")
        if seat != self.turn_seat:
            return Refusal(
                "not_your_turn", f"it is seat {self.turn_seat}'s turn, not seat {seat}'s"
            )
        if isinstance(action, CallOmyn):
            return Refusal(
                "too_late_to_call", "OMYN may be called only first thing in your turn, once"
            )
        if isinstance(action, Draw):
            return Refusal("already_drawn", "you have already drawn this turn")
        if self.step == "play" and self.drawn is not None and is_omen(self.face(self.drawn)):
            return Refusal("omen_must_play", "a drawn Omen must be played at once (Drop)")
        if isinstance(action, Drop | Swap | PairDrawn | PairSlots):
            if self.step != "play":
                return Refusal("draw_first", "draw a card before you play")
            return Refusal("bad_slot", "name slots of your own row (two different ones to pair)")
        if isinstance(action, UsePower | DeclinePower):
            if self.step != "power":
                return Refusal("no_power", "no power card is waiting to be used")
            return Refusal("bad_target", f"that is not a possible target for {self.power}")
        if isinstance(action, Arrange):
            return Refusal("bad_order", "put back each foreseen card once, new top first")
        return Refusal("unknown_action", f"OMYN has no action {type(action).__name__} now")

    # --- time -------------------------------------------------------------------------------
    def late(self, action: Action, at_ms: int) -> Refusal | None:
        """A claim counts only if its input time is inside its window, whenever it is processed
        (RULINGS): one stamped at or after the close is too late even before ``advance`` ran."""
        if self.window is None or not isinstance(action, Claim | PickSlot | Pass):
            return None
        return self.window.late(at_ms, picking=isinstance(action, PickSlot))

    def apply(self, action: Action, at_ms: int = 0) -> tuple[Event, ...]:
        refusal = self.late(action, at_ms)
        if refusal is not None:
            raise IllegalAction.from_refusal(refusal)
        return super().apply(action, at_ms)

    def next_deadline(self) -> int | None:
        if self.phase == "setup":
            return self.setup_at_ms
        if self.window is None or self.phase != "turn":
            return None
        return self.window.next_deadline()

    def advance(self, now_ms: int) -> tuple[Event, ...]:
        self.clock_ms = max(self.clock_ms, now_ms)
        events: list[Event] = []
        while True:
            due = self.next_deadline()
            if due is None or due > now_ms:
                break
            fired: list[Event]
            if self.phase == "setup":
                fired = self.start_game(due)
            elif self.window is not None and self.window.pick_by_ms is not None:
                fired = self.pick_timeout(due)
            else:
                fired = self.close_window(due)
            self.record_events(due, fired)
            events += fired
        return tuple(events)

    # --- actions ----------------------------------------------------------------------------
    def _apply(self, action: Action, at_ms: int) -> list[Event]:
        self.clock_ms = max(self.clock_ms, at_ms)
        if self.history:
            self.history[-1]["actions"].append([at_ms, action.seat, action.to_json()])
        events = self._carry_out(action, at_ms)
        self.record_events(at_ms, events)
        return events

    def _carry_out(self, action: Action, now: int) -> list[Event]:
        seat = action.seat
        if isinstance(action, Peek):
            return self._peek(action, now)
        if isinstance(action, Claim):
            assert self.window is not None
            if self.window.claimant is not None:  # locked out: another seat claimed first
                return [ClaimTooLate(self.window.kind, seat)]
            return self.claim(seat, action.slot, now)
        if isinstance(action, PickSlot):
            assert self.window is not None
            self.window.picked()
            events: list[Event] = [SlotPicked(self.window.kind, seat, action.slot)]
            return events + self.resolve_claim(seat, action.slot, now)
        if isinstance(action, Pass):
            assert self.window is not None
            if self.window.pass_(seat):
                return self.close_window(now)
            return []
        if isinstance(action, CallOmyn):
            self.effect = {
                "kind": "call", "seat": seat, "power": "omyn", "target": None,
                "card": None, "other_card": None, "voids": [],
            }  # fmt: skip
            return [Said(seat, "OMYN")] + self.open_void("call", seat, now)
        if isinstance(action, Draw):
            card, events = self.draw_top(now)
            if card is None:
                return events
            self.drawn = card
            self.learn(seat, card)
            self.step = "play"
            return events + [self.moved(card, "draw", f"drawn:{seat}")]
        if isinstance(action, Drop | Swap | PairDrawn | PairSlots):
            return self._play(action, now)
        if isinstance(action, DeclinePower):
            self.power = None
            return self.open_chain(now)
        if isinstance(action, UsePower):
            return self._use_power(action, now)
        assert isinstance(action, Arrange)
        top = self.draw[: self.arranging]
        self.draw[: self.arranging] = [top[i] for i in action.order]
        count, self.arranging = self.arranging, 0
        return [Rearranged(seat, count)] + self.open_chain(now)

    def _peek(self, action: Peek, now: int) -> list[Event]:
        seat = action.seat
        self.peeked[seat] = True
        events: list[Event] = [
            self.show(self.rows[seat][slot], row_zone(seat, slot), frozenset({seat}))
            for slot in (action.first, action.second)
        ]
        if all(self.peeked):
            events += self.begin_turn(self.turn_seat, now)
        return events

    def _play(self, action: Action, now: int) -> list[Event]:
        seat = action.seat
        drawn = self.drawn
        assert drawn is not None
        self.drawn = None
        row = self.rows[seat]
        held = f"drawn:{seat}"
        if isinstance(action, Drop):
            return [self.to_pile(drawn, held)] + self.after_play(
                seat, self.face(drawn), True, True, now
            )
        if isinstance(action, Swap):
            old = row[action.slot]
            row[action.slot] = drawn
            events = [
                self.to_pile(old, row_zone(seat, action.slot)),
                self.moved(drawn, held, row_zone(seat, action.slot)),
            ]
            return events + self.after_play(seat, self.face(old), False, True, now)
        if isinstance(action, PairDrawn):
            card = row[action.slot]
            events = [
                self.show(drawn, held, None),
                self.show(card, row_zone(seat, action.slot), None),
            ]
            if not same_value(self.face(drawn), self.face(card)):
                return events + self._failed_pair(seat, drawn, now)
            events += [
                ClaimResolved("pair", seat, self.face(card), True),
                self.to_pile(drawn, held),
            ]
            events += self.close_slot(seat, action.slot, now)
            if not self.in_game():
                return events
            return events + self.after_play(seat, self.face(card), False, True, now)
        assert isinstance(action, PairSlots)
        first, second = row[action.first], row[action.second]
        events = [
            self.show(first, row_zone(seat, action.first), None),
            self.show(second, row_zone(seat, action.second), None),
        ]
        if not same_value(self.face(first), self.face(second)):
            return events + self._failed_pair(seat, drawn, now)
        events.append(ClaimResolved("pair", seat, self.face(first), True))
        gone = action.second if action.keep == action.first else action.first
        keep_card = row[action.keep]
        events.append(self.to_pile(keep_card, row_zone(seat, action.keep)))
        row[action.keep] = drawn
        events.append(self.moved(drawn, held, row_zone(seat, action.keep)))
        events += self.close_slot(seat, gone, now)
        return events + self.after_play(seat, self.face(first), False, True, now)

    def _failed_pair(self, seat: int, drawn: int, now: int) -> list[Event]:
        """A wrong Pair Up: the shown cards stay (face down), the drawn card is Dropped without
        power, and a penalty card is taken (the Drop comes first so that no card is left in
        hand if the penalty finds nothing to draw and ends the game)."""
        events: list[Event] = [ClaimResolved("pair", seat, "", False)]
        events.append(self.to_pile(drawn, f"drawn:{seat}"))
        events += self.penalty(seat, "wrong_pair", now)
        if not self.in_game():
            return events
        return events + self.after_play(seat, self.face(drawn), True, False, now)

    def _use_power(self, action: UsePower, now: int) -> list[Event]:
        seat = action.seat
        power = self.power
        assert power is not None
        self.power = None
        card = other_card = None
        if power == "insight" and action.slot is not None:
            card = self.rows[seat][action.slot]
        elif power == "spy" and action.target is not None and action.slot is not None:
            card = self.rows[action.target][action.slot]
        elif power == "switch" and action.target is not None and action.slot is not None:
            assert action.other_slot is not None
            card = self.rows[seat][action.slot]
            other_card = self.rows[action.target][action.other_slot]
        self.effect = {
            "kind": "power", "seat": seat, "power": power, "target": action.target,
            "card": card, "other_card": other_card, "voids": [],
        }  # fmt: skip
        used = PowerUsed(seat, power, action.target, action.slot, action.other_slot)
        return [used] + self.open_void("power", seat, now)
