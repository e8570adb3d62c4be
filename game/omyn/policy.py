"""The normal bot's choices, as functions of its estimate and view (the hard bot reuses them)."""

from __future__ import annotations

import itertools

from game.core.actions import Action
from game.omyn.actions import Arrange, DeclinePower, Drop, PairDrawn, PairSlots, Swap, UsePower
from game.omyn.cards import is_omen, number, power_of, same_value
from game.omyn.estimate import Estimate
from game.omyn.view import OmynView

CARD_BONUS = 1.5  # a card fewer in the row is worth this much (closer to an empty row)
POWER_BONUS = {
    "insight": 1.5,
    "spy": 0.8,
    "foresee": 0.4,
    "switch": 1.5,
    "skip": 1.0,
    "draw": 1.5,
    "hex": 0.3,
}


def call_margin(turns_each: float, unknown: int) -> float:
    """How far below everyone the normal bot's count must be to call: less as the game goes on,
    more for each card of its own it has not seen."""
    return max(1.0, 4.0 - turns_each / 3) + 2.5 * unknown


def should_call(est: Estimate, view: OmynView) -> bool:
    """Call when clearly ahead: few unknowns of our own, and a safe margin below everyone."""
    unknown = est.unknown_count()
    if unknown > 1:
        return False
    margin = call_margin(est.turns_each, unknown)
    best_other = min(est.opponent_total(s) for s in est.opponents())
    return est.my_total() + margin < best_other


def power_usable(view: OmynView, dropped: bool) -> bool:
    return not view.hex_now and (dropped or bool(view.option("powers_on_swap_out")))


def power_value(
    face: str, est: Estimate, view: OmynView, dropped: bool, bonus: dict[str, float] | None = None
) -> float:
    power = power_of(face)
    if power is None or power == "void" or not power_usable(view, dropped):
        return 0.0
    if power == "insight" and est.unknown_count() == 0:
        return 0.0
    return (POWER_BONUS if bonus is None else bonus).get(power, 0.0)


def choose_play(est: Estimate, view: OmynView, bonus: dict[str, float] | None = None) -> Action:
    """The play that lowers the expected total most (fewer cards count extra); ``bonus`` values
    the power a play would let us use (default ``POWER_BONUS``)."""
    me = est.seat
    drawn = est.drawn
    if drawn is None or is_omen(drawn):
        return Drop(me)
    mine = est.mine()
    d = est.val(drawn)
    options: list[tuple[float, int, Action]] = [
        (-power_value(drawn, est, view, True, bonus), 0, Drop(me))
    ]
    for i, face in enumerate(mine):
        out = est.val(face)
        gain = 0.3 if face is None else 0.0  # learning what goes where
        usable = power_value(face, est, view, False, bonus) if face is not None else 0.0
        options.append((d - out - gain - usable, 1, Swap(me, i)))
        if face is not None and same_value(face, drawn):
            options.append(
                (
                    -out - CARD_BONUS - power_value(face, est, view, False, bonus),
                    2,
                    PairDrawn(me, i),
                )
            )
    for a, b in itertools.combinations(range(len(mine)), 2):
        fa, fb = mine[a], mine[b]
        if fa is not None and fb is not None and same_value(fa, fb):
            delta = (
                d
                - est.val(fa)
                - est.val(fb)
                - CARD_BONUS
                - power_value(fa, est, view, False, bonus)
            )
            options.append((delta, 3, PairSlots(me, a, b, a)))
    return min(options, key=lambda o: (o[0], o[1]))[2]


def choose_power(est: Estimate, view: OmynView) -> Action:
    me = est.seat
    power = view.power
    mine = est.mine()
    unknown_mine = [i for i, f in enumerate(mine) if f is None]
    if not est.opponents():
        return DeclinePower(me)
    leader = est.leader()
    if power == "insight":
        return UsePower(me, slot=unknown_mine[0]) if unknown_mine else DeclinePower(me)
    if power == "spy":
        if unknown_mine:
            return UsePower(me, target=me, slot=unknown_mine[0])
        unknown_theirs = [i for i, f in enumerate(est.rows[leader]) if f is None]
        return (
            UsePower(me, target=leader, slot=unknown_theirs[0])
            if unknown_theirs
            else DeclinePower(me)
        )
    if power == "foresee":
        return UsePower(me)
    if power in ("skip", "draw", "hex"):
        return UsePower(me, target=leader)
    if power == "switch":
        return choose_switch(est)
    return DeclinePower(me)


def choose_switch(est: Estimate) -> Action:
    """Give away our worst card for an opponent's best one when it gains enough."""
    me = est.seat
    mine = est.mine()
    my_slot = max(range(len(mine)), key=lambda i: (mine[i] is not None, est.val(mine[i])))
    best: tuple[float, int, int] | None = None
    guess = est.opponent_mean()
    for seat in est.opponents():
        for j, face in enumerate(est.rows[seat]):
            gain = est.val(mine[my_slot]) - est.val(face, guess)
            if best is None or gain > best[0]:
                best = (gain, seat, j)
    if best is None or best[0] < 2.0:
        return DeclinePower(me)
    return UsePower(me, target=best[1], slot=my_slot, other_slot=best[2])


# How much a card helps whoever draws it next, beyond its value: strong powers can be used
# against us, a Bad Omen scrambles the drawer's row (it no longer knows its cards).
DRAW_EXTRA = {"12": 4.0, "11": 3.0, "10": 2.0, "0": 2.0, "BO": -5.0, "GO": 0.0}


def choose_arrangement(est: Estimate, view: OmynView) -> Action:
    """Foresee: our own next draw (players-1 cards down) gets the card best for us; the
    opponents drawing before it get the cards least useful to them first."""
    count = view.arranging
    faces = [view.draw[i].face for i in range(count)]
    mine = [f for f in est.mine() if f is not None]

    def use_to_drawer(i: int) -> float:
        face = faces[i]
        if face is None:
            return 0.0
        value = number(face)
        plain = 6.0 - value if value is not None and 1 <= value <= 5 else 0.5
        return plain + DRAW_EXTRA.get(face, 0.0)

    def good_for_us(i: int) -> float:
        face = faces[i]
        if face is None:
            return 0.0
        pairs = any(same_value(face, m) for m in mine)
        return use_to_drawer(i) + (8.0 if pairs else 0.0)

    order = sorted(range(count), key=use_to_drawer)  # least useful to an opponent first
    my_draw = view.players - 1
    if my_draw < count:
        best = max(range(count), key=good_for_us)
        order.remove(best)
        order.insert(my_draw, best)
    return Arrange(est.seat, tuple(order))
