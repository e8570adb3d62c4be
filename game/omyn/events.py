"""OMYN's own events (the shared ones, ``CardMoved``/``CardRevealed``/``WindowOpened``..., are in
game/core/events.py). Zones: ``draw`` (``draw:<i>`` = i-th from the top), ``pile``,
``drawn:<seat>`` (the card a player holds after drawing), ``row:<seat>:<slot>``.
None of these events carries a hidden face: every face in them has been shown to everyone."""

from __future__ import annotations

import dataclasses

from game.core.events import Event


@dataclasses.dataclass(frozen=True)
class GameStarted(Event):
    number: int  # 1-based game of the match
    dealer: int


@dataclasses.dataclass(frozen=True)
class DealerDraw(Event):
    """Choosing the first dealer: ``seat`` drew ``card`` face up (round ``round``; cards go back)."""

    round: int
    seat: int
    card: str


@dataclasses.dataclass(frozen=True)
class SlotClosed(Event):
    """``seat``'s slot ``slot`` is gone: the slots to its right shift one to the left."""

    seat: int
    slot: int


@dataclasses.dataclass(frozen=True)
class Claimed(Event):
    """The first claim in a window (``kind`` chain or void); ``slot`` None until it is picked."""

    kind: str
    seat: int
    slot: int | None
    at_ms: int


@dataclasses.dataclass(frozen=True)
class SlotPicked(Event):
    kind: str
    seat: int
    slot: int


@dataclasses.dataclass(frozen=True)
class ClaimTooLate(Event):
    """A later claim in a window already claimed: the slowpoke keeps the card unseen."""

    kind: str
    seat: int


@dataclasses.dataclass(frozen=True)
class ClaimResolved(Event):
    """The claimed ``card`` (now shown to all) was ``correct`` or not."""

    kind: str  # "chain", "void" or "pair"
    seat: int
    card: str
    correct: bool


@dataclasses.dataclass(frozen=True)
class Penalty(Event):
    """``seat`` must take a penalty card (``reason``: wrong chain/void/pair, or a missed pick)."""

    seat: int
    reason: str


@dataclasses.dataclass(frozen=True)
class PowerUsed(Event):
    """An activation, announced before its Void window: who, which power, on whom, which slots."""

    seat: int
    power: str
    target: int | None
    slot: int | None
    other_slot: int | None


@dataclasses.dataclass(frozen=True)
class PowerResolved(Event):
    """The Void window chain ended: ``voids`` Voids were played; odd = the effect is cancelled."""

    seat: int
    power: str  # a power name, or "omyn" for a call
    voids: int
    cancelled: bool


@dataclasses.dataclass(frozen=True)
class Switched(Event):
    """Switch: row:a:slot_a and row:b:slot_b exchanged places, unseen."""

    seat: int
    slot: int
    target: int
    other_slot: int


@dataclasses.dataclass(frozen=True)
class Rearranged(Event):
    """Foresee: ``seat`` put the top ``count`` cards of the draw pile back in an order of its own."""

    seat: int
    count: int


@dataclasses.dataclass(frozen=True)
class Hexed(Event):
    seat: int
    by: int


@dataclasses.dataclass(frozen=True)
class SkipQueued(Event):
    seat: int
    by: int
    queued: int  # turns this seat will now lose


@dataclasses.dataclass(frozen=True)
class TurnSkipped(Event):
    seat: int
    remaining: int


@dataclasses.dataclass(frozen=True)
class OmenPlayed(Event):
    """An Omen resolves: ``seat``'s row of ``count`` cards, the pile and the draw pile are shuffled
    together and ``count`` new cards are dealt to it (Good Omen: it sees them)."""

    seat: int
    omen: str
    count: int


@dataclasses.dataclass(frozen=True)
class PileRecycled(Event):
    """The draw pile ran out: the play pile except its top card became the new draw pile."""

    count: int


@dataclasses.dataclass(frozen=True)
class OmenValue(Event):
    """At scoring, every Omen is worth ``value`` (the top of the pile, or a card turned)."""

    value: int
    source: str  # "pile", "draw" or "none"


@dataclasses.dataclass(frozen=True)
class Tiebreak(Event):
    """Tied seats each drew five cards (then returned): the lowest sum wins, repeat if tied."""

    round: int
    cards: tuple[tuple[int, tuple[str, ...]], ...]  # (seat, its five cards)
    sums: tuple[tuple[int, int], ...]


@dataclasses.dataclass(frozen=True)
class GameWon(Event):
    """One game of the match is decided. ``totals``: row totals at scoring (empty if none)."""

    seat: int
    reason: str  # "empty_row", "lowest", "caller_tied", "tiebreak", "no_cards"
    totals: tuple[int, ...]
    caller: int | None
    wins: tuple[int, ...]
