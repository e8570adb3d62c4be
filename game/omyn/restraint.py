"""What an opponent's silence says: a normal-level opponent that could have called OMYN at the
start of its last turn and did not holds a row no lower than its call rule asks for (and one that
calls, a row at least that low).

``TurnWatch`` follows the events of each opponent's last turn and keeps which of its slots that
opponent had seen when the turn began and how its row changed (at most one drawn card swapped in,
whose swapped-out card everyone saw). When the turn is that simple and the row untouched since,
``Restraint`` rebuilds the opponent's row as it was at the turn's start in any sampled world and
tells whether the normal bot's rule (``policy.should_call``, with our mean of an unseen card and
the pile's Omen value now) would have called with it: such worlds contradict what happened and the
hard bot's sampler draws again. The model is the normal bot's; a person who lets calls pass makes
the hard bot think their row higher than it is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from game.core.events import CardMoved, CardRevealed, Event, Looked, TurnStarted
from game.omyn.estimate import OPPONENT_FLOOR, OPPONENT_PROGRESS_PER_TURN
from game.omyn.events import GameStarted, OmenPlayed, SlotClosed
from game.omyn.policy import call_margin
from game.omyn.rollout import GO, World, code
from game.omyn.view import OmynView


@dataclasses.dataclass(frozen=True, slots=True)
class Restraint:
    """The opponent ``seat`` did not call (``called``: did) at its turn's start, when it knew
    the slots ``known``; ``took`` is the slot it swapped a drawn card into since (-1: none) and
    ``out`` the card that left it (a ``rollout`` code)."""

    seat: int
    known: tuple[bool, ...]
    took: int
    out: int
    rival_cards: int  # cards in our row (the normal bot guesses each one)
    turns_each: float  # the opponent's turns-each count then (its call margin shrinks with it)
    called: bool = False

    def violated(self, world: World) -> bool:
        """Would the normal bot have done otherwise at the turn's start in this world?"""
        row = world.rows[self.seat]
        unknown = len(self.known) - sum(self.known)
        if len(row) != len(self.known) or unknown > 1:
            return False
        omen = world.omen_value()
        total = world.mean * unknown
        for slot, knew in enumerate(self.known):
            if knew:
                card = self.out if slot == self.took else row[slot]
                total += omen if card >= GO else card
        margin = call_margin(self.turns_each, unknown)
        guess = max(OPPONENT_FLOOR, world.mean - OPPONENT_PROGRESS_PER_TURN * self.turns_each)
        return (total + margin < self.rival_cards * guess) != self.called


@dataclasses.dataclass(slots=True)
class _Turn:
    known: tuple[bool, ...]
    turn_number: int
    took: int = -1
    out: int = -1
    out_slot: int = -1
    simple: bool = True


class TurnWatch:
    """Follows each opponent's last turn from the events (for ``Restraint``)."""

    def __init__(self, me: int) -> None:
        self.me = me
        self.turns: dict[int, _Turn] = {}
        self.current = -1  # whose turn the events are in
        self.touched: set[int] = set()  # rows whose cards moved since our last view
        self.learned: set[tuple[int, int]] = set()  # (seat, slot): it looked since our view

    def seen(self) -> None:
        """We were just shown a view: rows as of now."""
        self.touched.clear()
        self.learned.clear()

    def observe(self, events: Sequence[Event], view: OmynView | None) -> None:
        """``view``: our last view, the rows as they stood before these events."""
        for event in events:
            if isinstance(event, GameStarted):
                self.turns.clear()
            elif isinstance(event, TurnStarted):
                self._start(event.seat, view)
            elif isinstance(event, CardMoved):
                self._moved(event)
            elif isinstance(event, CardRevealed | Looked) and event.zone.startswith("row:"):
                seen_by = event.known_to if isinstance(event, CardRevealed) else event.by
                _, seat, slot = event.zone.split(":")
                if seen_by is None or int(seat) in seen_by:
                    self.learned.add((int(seat), int(slot)))
            elif isinstance(event, SlotClosed | OmenPlayed):
                self._spoil(event.seat)

    def _start(self, seat: int, view: OmynView | None) -> None:
        self.current = seat
        if seat == self.me:
            return
        self.turns.pop(seat, None)
        if view is None or seat in self.touched or seat >= len(view.rows):
            return  # its row changed after our last view: we do not know what it knew
        known = tuple(
            seat in card.known_by or (seat, slot) in self.learned
            for slot, card in enumerate(view.rows[seat])
        )
        self.turns[seat] = _Turn(known, view.turn_number + 1)

    def _moved(self, event: CardMoved) -> None:
        for zone in (event.src, event.dst):
            if zone.startswith("row:"):
                self.touched.add(int(zone.split(":")[1]))
        for seat, turn in self.turns.items():
            mine = f"row:{seat}:"
            if event.src.startswith(mine) or event.dst.startswith(mine):
                self._follow(seat, turn, event)

    def _follow(self, seat: int, turn: _Turn, event: CardMoved) -> None:
        """A move in the row of ``seat``: in its own turn, one swap keeps the turn simple."""
        mine = f"row:{seat}:"
        if seat != self.current or not turn.simple:
            turn.simple = False
        elif event.src == f"drawn:{seat}" and turn.took < 0:
            turn.took = int(event.dst[len(mine) :])
        elif event.dst == "pile" and event.face_up and event.card is not None and turn.out < 0:
            turn.out_slot = int(event.src[len(mine) :])
            turn.out = code(event.card)
        else:
            turn.simple = False

    def _spoil(self, seat: int) -> None:
        turn = self.turns.get(seat)
        if turn is not None:
            turn.simple = False

    def call(self, view: OmynView, caller: int) -> Restraint:
        """``caller`` calls OMYN now, at its turn's start, with the row of ``view``."""
        known = tuple(caller in card.known_by for card in view.rows[caller])
        turns_each = view.turn_number / max(1, view.players)
        return Restraint(caller, known, -1, -1, len(view.rows[self.me]), turns_each, called=True)

    def restraints(self, view: OmynView) -> list[Restraint]:
        """What each opponent's last simple turn says, if its row has not changed since."""
        found = []
        for seat, turn in self.turns.items():
            if not turn.simple or turn.took != turn.out_slot:
                continue
            if len(view.rows[seat]) != len(turn.known):
                continue
            found.append(
                Restraint(
                    seat,
                    turn.known,
                    turn.took,
                    turn.out,
                    len(view.rows[self.me]),
                    turn.turn_number / max(1, view.players),
                )
            )
        return found
