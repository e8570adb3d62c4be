"""FOMO's rules (RULINGS.md, "FOMO"): the whole game is one ``FomoState``.

Phases: ``turn`` (the player to move may shout FOMO! or take one of the four turn actions),
``throwback`` (the Throwback player picks a card from the discard pile), ``cancel`` (an action card
that names other players waits for their Canceled), ``over``.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any

from game.core.actions import Action
from game.core.errors import IllegalAction, Refusal
from game.core.events import (
    CardMoved,
    CardRevealed,
    Event,
    GameOver,
    Said,
    Shuffled,
    TurnStarted,
)
from game.core.game import Outcome
from game.core.windows import ReactionWindow
from game.fomo.actions import (
    CallFomo,
    Discard,
    PassCancel,
    PlaceCard,
    PlayCanceled,
    PlayGhosted,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
    PlayThrowback,
    TakeDiscard,
    TakeThrowback,
)
from game.fomo.cards import (
    CANCELED,
    GHOSTED,
    PLOT_TWIST,
    SEEN,
    SET_SIZE,
    SWAP,
    THROWBACK,
    card_name,
    is_fomo,
    is_number,
    sort_cards,
)
from game.fomo.checks import refusal_for
from game.fomo.events import (
    ActionBlocked,
    ActionPlayed,
    FomoCalled,
    Passed,
    PlayerOut,
    SetsExchanged,
    TurnSkipped,
)
from game.fomo.state_data import CANCEL, CHOOSING, OVER, TURN, FomoData
from game.fomo.view import FomoView, PendingAction, build_view


class FomoState(FomoData):
    """The FOMO match: the state's data (state_data.py) with the rules that change it."""

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == CANCEL:
            if self.window is None or not self.window.may_answer(seat):
                return ()
            if CANCELED in self.hands[seat]:
                return (PassCancel(seat), PlayCanceled(seat))
            return (PassCancel(seat),)
        if seat != self.turn:
            return ()
        if self.phase == CHOOSING:
            return tuple(TakeThrowback(seat, c) for c in sort_cards(set(self.discard[:-1])))
        return self._turn_actions(seat)

    def _turn_actions(self, seat: int) -> tuple[Action, ...]:
        cards = sort_cards(set(self.hands[seat]))
        alive = self.alive()
        pairs = [(a, b) for a in alive for b in alive if a < b]
        moves: list[Action] = [CallFomo(seat)]
        moves += [Discard(seat, c) for c in cards]
        moves += [PlaceCard(seat, c, s) for c in cards if is_number(c) for s in range(SET_SIZE)]
        if self.discard and is_number(self.discard[-1]):
            moves += [TakeDiscard(seat, c) for c in cards]
        for card in cards:
            if card == SEEN:
                moves += [PlaySeen(seat, t) for t in alive]
            elif card == GHOSTED:
                moves.append(PlayGhosted(seat))
            elif card == PLOT_TWIST:
                moves += [PlayPlotTwist(seat, a, b) for a, b in pairs]
            elif card == SWAP:
                moves += [
                    PlaySwap(seat, a, i, b, j)
                    for a, b in pairs
                    for i in range(SET_SIZE)
                    for j in range(SET_SIZE)
                ]
            elif card == THROWBACK and self.discard:
                moves.append(PlayThrowback(seat))
        return tuple(moves)

    def check(self, action: Action) -> Refusal | None:
        return refusal_for(self, action)

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        scores = tuple(int(s == self.winner) for s in range(self.players))
        return Outcome((self.winner,), scores, self.summary)

    def next_deadline(self) -> int | None:
        return self.window.next_deadline() if self.phase == CANCEL and self.window else None

    def apply(self, action: Action, at_ms: int = 0) -> tuple[Event, ...]:
        if self.window is not None and isinstance(action, PlayCanceled | PassCancel):
            refusal = self.window.late(at_ms)
            if refusal is not None:
                raise IllegalAction.from_refusal(refusal)
        return super().apply(action, at_ms)

    # --- changes ----------------------------------------------------------------------------
    def _apply(self, action: Action, at_ms: int) -> list[Event]:
        self.now_ms = max(self.now_ms, at_ms)
        self.history = (self.history, (at_ms, action))
        events: list[Event] = []
        seat = action.seat
        if isinstance(action, CallFomo):
            self._call_fomo(seat, events)
        elif isinstance(action, Discard):
            self._from_hand_to_discard(seat, action.card, events)
            self._draw(seat, events)
            self._end_turn(events)
        elif isinstance(action, PlaceCard):
            self._place(seat, action.card, action.slot, events)
        elif isinstance(action, TakeDiscard):
            self._take_discard(seat, action.card, events)
        elif isinstance(action, TakeThrowback):
            self._take_throwback(seat, action.card, events)
        elif isinstance(action, PlayCanceled):
            self._cancel(seat, events)
        elif isinstance(action, PassCancel):
            assert self.window is not None
            everyone_passed = self.window.pass_(seat)
            events.append(Passed(seat))
            if self.options["close_when_all_passed"] and everyone_passed:
                self._close_window(self.now_ms, events)
        else:
            self._play_action_card(action, at_ms, events)
        return events

    def advance(self, now_ms: int) -> tuple[Event, ...]:
        self.now_ms = max(self.now_ms, now_ms)
        events: list[Event] = []
        due = self.next_deadline()
        if due is not None and due <= now_ms:
            self._close_window(due, events)
        return tuple(events)

    # --- moving cards -----------------------------------------------------------------------
    def _to_discard(self, card: str, src: str, events: list[Event]) -> None:
        if self.discard:
            self.know.note_covered(self.discard[-1])
        self.discard.append(card)
        events.append(CardMoved(card, src, "discard", None, face_up=True))

    def _from_hand_to_discard(self, seat: int, card: str, events: list[Event]) -> None:
        self.hands[seat].remove(card)
        self.know.note_hand_card_shown(seat, card)
        self._to_discard(card, f"hand:{seat}", events)

    def _draw(self, seat: int, events: list[Event]) -> None:
        if not self.draw:
            self._reshuffle(events)
        if not self.draw:
            return  # every other card is in a hand, a set or set aside: play on a card short
        card = self.draw.pop()
        self.hands[seat].append(card)
        events.append(CardMoved(card, "draw", f"hand:{seat}", frozenset((seat,))))

    def _reshuffle(self, events: list[Event]) -> None:
        """The discard pile except its top card, shuffled, becomes the draw pile."""
        pile, self.discard = self.discard[:-1], self.discard[-1:]
        if not pile:
            return
        self.rng.shuffle(pile)
        self.draw = pile + self.draw
        self.reshuffles += (tuple(self.draw[::-1]),)
        self.know.note_reshuffled()
        events.append(Shuffled("draw", len(pile)))

    # --- the turn actions -------------------------------------------------------------------
    def _place(self, seat: int, card: str, slot: int, events: list[Event]) -> None:
        self.hands[seat].remove(card)
        old = self.sets[seat][slot]
        self.sets[seat][slot] = card
        self.know.note_hand_card_hidden(seat)
        self.know.note_placed(seat, slot, card)
        zone = f"set:{seat}:{slot}"
        events.append(CardMoved(card, f"hand:{seat}", zone, frozenset((seat,))))
        self._to_discard(old, zone, events)  # revealed as it goes
        self._draw(seat, events)
        self._end_turn(events)

    def _take_discard(self, seat: int, card: str, events: list[Event]) -> None:
        top = self.discard.pop()
        if self.discard:
            self.know.note_uncovered(self.discard[-1])
        self.hands[seat].remove(card)  # one of the cards held before the pick-up
        self.know.note_hand_card_shown(seat, card)
        self.hands[seat].append(top)
        self.know.note_picked_up(seat, top)
        events.append(CardMoved(top, "discard", f"hand:{seat}", None, face_up=True))
        self._to_discard(card, f"hand:{seat}", events)
        self._end_turn(events)

    def _play_action_card(self, action: Action, at_ms: int, events: list[Event]) -> None:
        seat = action.seat
        targets: tuple[int, ...] = ()
        slots: tuple[int, ...] = ()
        if isinstance(action, PlaySeen):
            card, targets, slots = SEEN, (action.target,), ()
        elif isinstance(action, PlayGhosted):
            card, targets, slots = GHOSTED, (self.next_alive(seat),), ()
        elif isinstance(action, PlayPlotTwist):
            card, targets, slots = PLOT_TWIST, (action.first, action.second), ()
        elif isinstance(action, PlaySwap):
            card, targets = SWAP, (action.first, action.second)
            slots = (action.first_slot, action.second_slot)
        elif isinstance(action, PlayThrowback):
            card, targets, slots = THROWBACK, (), ()
        else:
            raise AssertionError(f"unhandled action {action}")
        self._from_hand_to_discard(seat, card, events)
        events.append(ActionPlayed(seat, card, targets, slots))
        self.pending = PendingAction(seat, card, targets, slots)
        if card == THROWBACK:
            self.phase = CHOOSING
            self.know.note_looked_through(seat, self.discard[:-1])
            return
        others = frozenset(targets) - {seat}
        if card == GHOSTED or not others:
            self._resolve(events)  # nothing to cancel: Ghosted never, nor Seen on yourself
            self._draw(seat, events)
            self._end_turn(events)
            return
        self.phase = CANCEL
        self.window, opened = ReactionWindow.open(
            "cancel", at_ms, self.cancel_window_ms, others, card, actor=seat
        )
        assert opened is not None
        events.append(opened)

    def _take_throwback(self, seat: int, card: str, events: list[Event]) -> None:
        below = self.discard[:-1]
        index = len(below) - 1 - below[::-1].index(card)  # the topmost copy
        self.discard.pop(index)
        self.know.note_taken_from_below(seat, card)
        self.hands[seat].append(card)
        events.append(CardMoved(card, "discard", f"hand:{seat}", frozenset((seat,))))
        self._end_turn(events)

    def _resolve(self, events: list[Event]) -> None:
        """The pending action card takes effect."""
        assert self.pending is not None
        actor, card, targets, slots = (
            self.pending.actor,
            self.pending.card,
            self.pending.targets,
            self.pending.slots,
        )
        if card == SEEN:
            target = targets[0]
            for slot, hidden in enumerate(self.sets[target]):
                events.append(CardRevealed(hidden, f"set:{target}:{slot}", frozenset((actor,))))
            self.know.note_seen(actor, target, self.sets[target])
        elif card == GHOSTED:
            self.skip_next[targets[0]] = "ghosted"
        elif card == PLOT_TWIST:
            a, b = targets
            self.sets[a], self.sets[b] = self.sets[b], self.sets[a]
            self.know.note_sets_exchanged(a, b)
            nobody: frozenset[int] = frozenset()
            for slot in range(SET_SIZE):
                events.append(
                    CardMoved(self.sets[b][slot], f"set:{a}:{slot}", f"set:{b}:{slot}", nobody)
                )
                events.append(
                    CardMoved(self.sets[a][slot], f"set:{b}:{slot}", f"set:{a}:{slot}", nobody)
                )
            events.append(SetsExchanged(a, b))
        elif card == SWAP:
            (a, b), (i, j) = targets, slots
            self.sets[a][i], self.sets[b][j] = self.sets[b][j], self.sets[a][i]
            self.know.note_swapped(a, i, b, j)
            nobody = frozenset()
            events.append(CardMoved(self.sets[b][j], f"set:{a}:{i}", f"set:{b}:{j}", nobody))
            events.append(CardMoved(self.sets[a][i], f"set:{b}:{j}", f"set:{a}:{i}", nobody))

    def _close_window(self, at_ms: int, events: list[Event]) -> None:
        """Nobody canceled in time: the action takes effect, the actor draws, the turn ends."""
        assert self.pending is not None
        assert self.window is not None
        events.append(self.window.closed(at_ms))
        self._resolve(events)
        self._draw(self.pending.actor, events)
        self._end_turn(events)

    def _cancel(self, seat: int, events: list[Event]) -> None:
        assert self.pending is not None
        actor = self.pending.actor
        self._from_hand_to_discard(seat, CANCELED, events)
        events.append(ActionBlocked(seat, actor, self.pending.card))
        assert self.window is not None
        self.window.claim(seat, self.now_ms)  # the first Canceled wins; the window closes
        events.append(self.window.closed(self.now_ms))
        self._draw(seat, events)  # the canceller refills
        if seat == self.next_alive(actor):
            self.skip_next[seat] = "canceled"  # its coming turn is used up
        self._draw(actor, events)
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        self.phase, self.pending, self.window = TURN, None, None
        seat = self.turn
        while True:
            seat = self.next_alive(seat)
            self.turn_number += 1
            if not self.skip_next[seat]:
                break
            events.append(TurnSkipped(seat, self.skip_next[seat]))
            self.skip_next[seat] = ""
        self.turn = seat
        events.append(TurnStarted(seat))

    # --- FOMO! ------------------------------------------------------------------------------
    def _call_fomo(self, seat: int, events: list[Event]) -> None:
        revealed = self.sets[seat][:]
        correct = is_fomo(revealed)
        events.append(Said(seat, "FOMO!"))
        for slot, card in enumerate(revealed):
            events.append(CardRevealed(card, f"set:{seat}:{slot}"))
        events.append(FomoCalled(seat, tuple(revealed), correct))
        if correct:
            self.won_by_call = True
            self._finish(
                seat, f"seat {seat} called FOMO! with four {card_name(revealed[0])}s", events
            )
            return
        self.out[seat] = True
        self.skip_next[seat] = ""
        hand = self.hands[seat]
        self.know.note_out(seat, revealed, hand)
        for slot, card in enumerate(revealed):
            events.append(CardMoved(card, f"set:{seat}:{slot}", f"aside:{seat}", None))
        for card in hand:
            events.append(CardMoved(card, f"hand:{seat}", f"aside:{seat}", frozenset((seat,))))
        self.aside[seat] = revealed + hand
        self.sets[seat], self.hands[seat] = [], []
        events.append(PlayerOut(seat, "wrong FOMO! call"))
        alive = self.alive()
        if len(alive) == 1:
            self._finish(alive[0], f"seat {alive[0]} is the last player standing", events)
            return
        self._end_turn(events)

    def _finish(self, winner: int, summary: str, events: list[Event]) -> None:
        self.winner, self.summary = winner, summary
        self.phase, self.pending, self.window = OVER, None, None
        events.append(GameOver((winner,), summary))

    # --- views, snapshots, copies -----------------------------------------------------------
    def view(self, seat: int | None) -> FomoView:
        return build_view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        rng_state = hashlib.sha256(repr(self.rng.getstate()).encode()).hexdigest()[:16]
        return {
            "players": self.players,
            "options": self.options,
            "hands": self.hands,
            "sets": self.sets,
            "aside": self.aside,
            "draw": self.draw,
            "discard": self.discard,
            "out": self.out,
            "skip_next": self.skip_next,
            "dealer": self.dealer,
            "turn": self.turn,
            "turn_number": self.turn_number,
            "phase": self.phase,
            "pending": None if self.pending is None else vars(self.pending),
            "window": None
            if self.window is None
            else [self.window.opened_ms, self.window.closes_ms, sorted(self.window.eligible)],
            "passed": sorted(self.passed),  # empty unless a window is open
            "winner": self.winner,
            "now_ms": self.now_ms,
            "knowledge": [k.to_json() for k in self.know.seats],
            "rng": rng_state,
        }

    def census(self) -> Counter[str]:
        counts: Counter[str] = Counter(self.draw)
        counts.update(self.discard)
        for zone in (self.hands, self.sets, self.aside):
            for cards in zone:
                counts.update(cards)
        return counts

    def clone(self) -> FomoState:
        twin = object.__new__(FomoState)
        twin.__dict__.update(self.__dict__)
        twin.options = dict(self.options)
        twin.rng = random.Random(0)  # seeding from an int is cheap; the state is set next
        twin.rng.setstate(self.rng.getstate())
        twin.hands = [h[:] for h in self.hands]
        twin.sets = [s[:] for s in self.sets]
        twin.aside = [a[:] for a in self.aside]
        twin.draw = self.draw[:]
        twin.discard = self.discard[:]
        twin.out = self.out[:]
        twin.skip_next = self.skip_next[:]
        if self.window is not None:
            twin.window = self.window.copy()
        twin.know = self.know.copy()
        return twin  # history and deal_record are never changed in place: shared

    def actions_log(self) -> list[tuple[int, Action]]:
        """Every action applied, oldest first (for records)."""
        entries: list[tuple[int, Action]] = []
        node = self.history
        while node is not None:
            node, entry = node
            entries.append(entry)
        return entries[::-1]
