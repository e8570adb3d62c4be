"""What one OMYN seat may know. Faces appear only where the seat has legitimately seen the card;
everything else about a card (where it is, who has seen it) is public at a real table."""

from __future__ import annotations

import dataclasses

from game.core.views import View


@dataclasses.dataclass(frozen=True)
class CardView:
    """One card in a row or the draw pile. ``face`` None = "a card" to this viewer.

    ``known_by``: the seats that have seen this card where it is now (public: you see who looks).
    ``since``: the turn number at which this viewer learned it (for bots that forget), else None.
    """

    face: str | None
    known_by: frozenset[int]
    since: int | None = None


@dataclasses.dataclass(frozen=True)
class WindowView:
    number: int  # windows are numbered within the match; a claim names the one it answers
    kind: str  # "chain" or "void"
    opened_ms: int
    closes_ms: int
    eligible: frozenset[int]
    subject: str  # "power", "call" or "void" (void windows); the top card's face (chain windows)
    actor: int  # whose play, call or Void the window answers
    claimant: int | None  # the first claim, if any
    claim_ms: int | None
    pick_by_ms: int | None  # a claim made without a slot must name it by then
    passed: frozenset[int]


@dataclasses.dataclass(frozen=True)
class EffectView:
    """A power activation or OMYN call waiting for its Void window(s) to close."""

    kind: str  # "power" or "call"
    seat: int
    power: str  # power name, or "omyn"
    target: int | None
    slot: int | None  # current positions of the named cards (None if gone)
    other_slot: int | None
    voids: tuple[int, ...]  # seats that Voided, in order (odd count = cancelled)


@dataclasses.dataclass(frozen=True)
class OmynView(View):
    options: tuple[tuple[str, bool | int | str], ...]
    phase: str  # "setup", "peek", "turn", "over"
    game_number: int
    wins: tuple[int, ...]
    dealer: int
    dealer_draws: tuple[tuple[int, int, str], ...]  # (round, seat, face) choosing the first dealer
    peeked: tuple[bool, ...]
    turn_seat: int
    turn_number: int
    step: str  # "start", "play", "power", "arrange", "window"
    called: bool  # the turn's OMYN call was voided (no second call this turn)
    hex_now: bool  # the turn player is under a Hex
    drawn: CardView | None  # the card the turn player holds after drawing
    rows: tuple[tuple[CardView, ...], ...]
    draw: tuple[CardView, ...]  # index 0 = top
    pile: tuple[str, ...]  # bottom to top, all face up
    skips: tuple[int, ...]
    hexed: tuple[bool, ...]
    power: str | None  # step "power": the power the turn player may activate
    effect: EffectView | None
    window: WindowView | None
    windows_opened: int  # how many windows the match has opened (the open one's number)
    arranging: int  # step "arrange": how many top cards the turn player is putting back
    last_result: tuple[tuple[str, object], ...]  # the previous game's result (public)
    omens_played: tuple[str, ...] = ()  # this game's Omens, seen on the pile before the shuffle

    def option(self, name: str) -> bool | int | str:
        return dict(self.options)[name]

    def my_row(self) -> tuple[CardView, ...]:
        assert self.seat is not None
        return self.rows[self.seat]
