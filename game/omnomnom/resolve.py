"""Resolving one reveal: every board on its own, top level first (RULINGS, Om Nom Nom).

Pure functions over plain data, shared by the rules (``state.py``) and the bots' look-ahead, so
both always agree on what a set of picks does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from game.omnomnom.cards import BOARDS, CARD_POINTS, DIE_POINTS, FACES

FRONT = "front"  # the card survives and goes face up in front of its owner
CAPTURED = "captured"  # eaten: it goes under its captor's card
DISCARDED = "discarded"  # eaten by nobody (too many predators, or a leftover): out of the round


@dataclasses.dataclass(frozen=True)
class BoardStep:
    """How one board resolved, for a table to spell out ("3 prey, 2 wolves: 1 each, 1 left").

    ``eaters`` are the seats whose cards eat here (the top cards, or the middle cards when no top
    card came); ``prey_cards`` the seats whose middle cards are prey; ``prey_dice`` the dice of
    ``face`` on the eaten space before; ``each`` what every eater takes (0: nobody eats, there
    being more eaters than prey); ``left`` prey nobody took (cards are discarded, dice stay)."""

    board: str
    eater: str  # the eating animal ("" when no card came to this board)
    eaters: tuple[int, ...]
    prey_cards: tuple[int, ...]
    face: str
    prey_dice: int
    each: int
    left: int

    @property
    def prey(self) -> int:
        return len(self.prey_cards) + self.prey_dice


@dataclasses.dataclass(frozen=True)
class TurnResult:
    """What one reveal did. Tuples are per seat."""

    fates: tuple[str, ...]
    captors: tuple[int | None, ...]  # who ate each captured card
    dice_taken: tuple[tuple[tuple[str, int], ...], ...]  # (face, count) per seat, faces in order
    spaces: dict[str, int]  # dice left on the spaces afterwards
    gains: tuple[int, ...]  # points each seat gained this turn
    steps: tuple[BoardStep, ...] = ()  # the boards in order: Forest, Town, Pond


def resolve_turn(picks: Sequence[str], spaces: Mapping[str, int]) -> TurnResult:
    """Resolve a reveal: ``picks[seat]`` is the animal each seat played; ``spaces`` the dice."""
    seats = len(picks)
    fates = [FRONT] * seats
    captors: list[int | None] = [None] * seats
    taken: list[dict[str, int]] = [{} for _ in range(seats)]
    left = dict(spaces)
    steps: list[BoardStep] = []

    def share(predators: list[int], prey_cards: list[int], face: str) -> int:
        # Prey is split evenly; cards are handed out before dice; what is left over stays
        # (dice) or is discarded by the caller (cards). More predators than prey: nobody eats.
        # Returns what each predator took.
        prey = len(prey_cards) + left.get(face, 0)
        if prey == 0 or len(predators) > prey:
            return 0
        each = prey // len(predators)
        queue = list(prey_cards)
        for predator in predators:
            want = each
            while want and queue:
                victim = queue.pop(0)
                fates[victim] = CAPTURED
                captors[victim] = predator
                want -= 1
            if want:
                left[face] -= want
                taken[predator][face] = taken[predator].get(face, 0) + want
        return each

    for board in BOARDS:
        tops = [s for s in range(seats) if picks[s] == board.top]
        middles = [s for s in range(seats) if picks[s] == board.middle]
        eaters, prey_cards, face = (
            (tops, middles, board.middle) if tops else (middles, [], board.bottom)
        )
        dice_before = left.get(face, 0)
        each = share(eaters, prey_cards, face) if eaters else 0
        if tops:
            for seat in middles:
                if fates[seat] != CAPTURED:
                    fates[seat] = DISCARDED  # the middle cards never eat when a top card is there
        prey = len(prey_cards) + dice_before
        steps.append(
            BoardStep(
                board=board.name,
                eater=picks[eaters[0]] if eaters else "",
                eaters=tuple(eaters),
                prey_cards=tuple(prey_cards),
                face=face,
                prey_dice=dice_before,
                each=each,
                left=prey - each * len(eaters),
            )
        )

    gains = [0] * seats
    for seat in range(seats):
        if fates[seat] == FRONT:
            gains[seat] += CARD_POINTS
        captor = captors[seat]
        if captor is not None:
            gains[captor] += CARD_POINTS
        gains[seat] += sum(DIE_POINTS[face] * n for face, n in taken[seat].items())
    return TurnResult(
        fates=tuple(fates),
        captors=tuple(captors),
        dice_taken=tuple(tuple(sorted(t.items(), key=_face_order)) for t in taken),
        spaces=left,
        gains=tuple(gains),
        steps=tuple(steps),
    )


def turn_gains(
    picks: Sequence[str], spaces: Mapping[str, int]
) -> tuple[tuple[int, ...], dict[str, int]]:
    """Only the points and the dice left: what a bot's look-ahead needs."""
    result = resolve_turn(picks, spaces)
    return result.gains, result.spaces


def _face_order(item: tuple[str, int]) -> int:
    return FACES.index(item[0])
