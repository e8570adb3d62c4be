"""Reaction windows: a time span, part of the state, in which named seats may act out of turn.

Every game opens, ranks claims in, locks out, and closes its windows here (DESIGN.md, "Time"), so
the rules of timing are written once: a claim counts only if stamped before the close; the first
claim to reach the match wins and locks the others out; a claimant who has not named what it
claims with gets a pick deadline; passes are remembered (and may close the window early when
the game's option says so); the window fires at its deadline.

``Window`` is the public face a view carries (frozen); ``ReactionWindow`` is the state's side,
changed only through its methods. A game decides what a claim *does*; this module decides
whether it counts.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from game.core.errors import Refusal
from game.core.events import WindowClosed, WindowOpened


@dataclasses.dataclass(frozen=True)
class Window:
    """``kind`` says what may be done ("chain", "void", "cancel", "block"); times are game ms.

    A window runs its full length even when everyone has passed (RULINGS: closing early would
    tell the table who holds what), unless the game's early-close option says otherwise.
    """

    kind: str
    opened_ms: int
    closes_ms: int
    eligible: frozenset[int]
    subject: str = ""

    def is_open_at(self, now_ms: int) -> bool:
        return self.opened_ms <= now_ms < self.closes_ms

    def remaining_ms(self, now_ms: int) -> int:
        return max(0, self.closes_ms - now_ms)


@dataclasses.dataclass
class ReactionWindow:
    """An open window as the state keeps it. ``timed`` False: it waits for its eligible seats
    however long they take (OMG's defense without ``block_window_ms``), has no deadline, and a
    view shows no ``Window`` for it (it is not a real-time one)."""

    kind: str
    opened_ms: int
    closes_ms: int  # equal to ``opened_ms`` for an untimed window
    eligible: frozenset[int]
    subject: str = ""
    number: int = 0  # windows numbered within a match, so a claim names the one it answers
    actor: int | None = None  # whose play the window answers
    claimant: int | None = None  # the first claim's seat: every later claim is locked out
    claim_ms: int | None = None
    pick_by_ms: int | None = None  # a claimant must name its slot by then
    passed: list[int] = dataclasses.field(default_factory=list)  # in the order they passed
    timed: bool = True

    # --- opening and closing ---------------------------------------------------------------
    @classmethod
    def open(
        cls,
        kind: str,
        at_ms: int,
        length_ms: int | None,
        eligible: Iterable[int],
        subject: str = "",
        *,
        number: int = 0,
        actor: int | None = None,
    ) -> tuple[ReactionWindow, WindowOpened | None]:
        """A new window and its ``WindowOpened`` event (None for an untimed window)."""
        timed = length_ms is not None
        closes = at_ms + length_ms if length_ms is not None else at_ms
        window = cls(kind, at_ms, closes, frozenset(eligible), subject, number, actor)
        window.timed = timed
        event = WindowOpened(kind, at_ms, closes, window.eligible) if timed else None
        return window, event

    @classmethod
    def from_public(
        cls, window: Window, passed: Iterable[int] = (), **known: Any
    ) -> ReactionWindow:
        """The state's side rebuilt from what a view shows (for ``determinize``)."""
        return cls(
            window.kind,
            window.opened_ms,
            window.closes_ms,
            window.eligible,
            window.subject,
            passed=list(passed),
            **known,
        )

    def closed(self, at_ms: int) -> WindowClosed:
        """The event of this window closing (the game drops the window and carries on)."""
        return WindowClosed(self.kind, at_ms)

    def public(self) -> Window | None:
        """What a view shows: the real-time window, or None while it is untimed."""
        if not self.timed:
            return None
        return Window(self.kind, self.opened_ms, self.closes_ms, self.eligible, self.subject)

    # --- time ------------------------------------------------------------------------------
    def next_deadline(self) -> int | None:
        """The pick deadline while a claimant names its slot, else the close (None: untimed)."""
        if self.pick_by_ms is not None:
            return self.pick_by_ms
        return self.closes_ms if self.timed else None

    def is_due(self, now_ms: int) -> bool:
        due = self.next_deadline()
        return due is not None and due <= now_ms

    def late(self, at_ms: int, *, picking: bool = False) -> Refusal | None:
        """A claim (or pass, or pick) counts only if its input time is inside its window,
        whenever it is processed (RULINGS): one stamped at or after the close is refused even
        before ``advance`` ran."""
        if picking and self.pick_by_ms is not None:
            if at_ms >= self.pick_by_ms:
                return Refusal("too_late", "the time to name the slot has run out (too late)")
            return None
        if self.timed and at_ms >= self.closes_ms:
            late_by = at_ms - self.closes_ms
            return Refusal("too_late", f"the window closed {late_by} ms before that (too late)")
        return None

    # --- claims and passes -----------------------------------------------------------------
    def waiting(self) -> frozenset[int]:
        """Eligible seats that have neither passed nor been locked out by a claim."""
        if self.claimant is not None:
            return frozenset()
        return self.eligible - frozenset(self.passed)

    def may_answer(self, seat: int) -> bool:
        return seat in self.eligible and seat not in self.passed

    def claim(self, seat: int, at_ms: int, pick_ms: int | None = None) -> bool:
        """Rank a claim: True if it is the first (it wins; every later claim is locked out),
        False if another seat claimed first. Claims reach the state in the match's order (by
        input time; at equal times people's in press order, bots' by seat), so the first to
        arrive here is the first claim. ``pick_ms``: the winner names its slot within that."""
        if self.claimant is not None:
            return False
        self.claimant, self.claim_ms = seat, at_ms
        if pick_ms is not None:
            self.pick_by_ms = at_ms + pick_ms
        return True

    def picked(self) -> None:
        """The claimant named its slot: the pick deadline no longer runs."""
        self.pick_by_ms = None

    def pass_(self, seat: int) -> bool:
        """``seat`` lets the window go; True once every eligible seat has."""
        if seat not in self.passed:
            self.passed.append(seat)
        return frozenset(self.passed) >= self.eligible

    # --- copies and records ----------------------------------------------------------------
    def copy(self) -> ReactionWindow:
        return dataclasses.replace(self, passed=list(self.passed))

    def to_json(self) -> dict[str, Any]:
        """Plain data for snapshots (the keys OMYN's saves were fingerprinted with)."""
        return {
            "number": self.number,
            "kind": self.kind,
            "opened": self.opened_ms,
            "closes": self.closes_ms if self.timed else None,
            "eligible": sorted(self.eligible),
            "subject": self.subject,
            "actor": self.actor,
            "claimant": self.claimant,
            "claim_ms": self.claim_ms,
            "pick_by": self.pick_by_ms,
            "passed": list(self.passed),
        }


def shown(*windows: ReactionWindow | None) -> tuple[Window, ...]:
    """The real-time windows a view carries, from the state's open ones (None: none open)."""
    public = (window.public() for window in windows if window is not None)
    return tuple(window for window in public if window is not None)
