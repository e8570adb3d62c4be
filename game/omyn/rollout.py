"""A lean OMYN playout for the hard bot's search: one sampled world on plain lists of ints, no
events, no views, no State.

Cards are ints: ``0``–``12`` their number, ``GO``/``BO`` the Omens (worth the top number of the
pile at the count). Each seat knows some of its own slots (``known``); every seat plays the normal
bot's policy from what it knows (the expected total of its row, the mean of an unseen card for an
unknown one), chain claims go to the fastest reflex among the seats that know a matching card, and
a Void is played by a targeted seat that knows a 0 in its row (a call is Voided only by a seat
that expects to lose the count, as the real bots). The searching seat may call by its estimated
chance of winning the count (``count_chance``) rather than by the normal bot's margin. What it
leaves out (Foresee's order, Spy on an opponent, Hex on Voids, knowing opponents' cards) changes
little in a 2-player race and would cost playouts.
"""

from __future__ import annotations

import dataclasses
import math
import random

from game.omyn.policy import CARD_BONUS, POWER_BONUS, call_margin

GO, BO = 13, 14
OMENS = (GO, BO)
INSIGHT, SPY, FORESEE, SWITCH, SKIP, DRAW, HEX = 7, 8, 9, 10, 11, 12, 6
POWER_NAMES = {6: "hex", 7: "insight", 8: "spy", 9: "foresee", 10: "switch", 11: "skip", 12: "draw"}
MAX_TURNS = 60  # a playout this long is counted as if the cards ran out
UNKNOWN_GAIN = 0.3  # the normal policy's value of learning a slot by swapping into it
SWITCH_MIN_GAIN = 2.0


def code(face: str) -> int:
    return GO if face == "GO" else BO if face == "BO" else int(face)


@dataclasses.dataclass(slots=True)
class Reflex:
    """A seat's claim reaction in ms: triangular(low, high, mode at 40%), as bots and people."""

    low: float
    high: float

    def sample(self, rng: random.Random) -> float:
        return rng.triangular(self.low, self.high, self.low + 0.4 * (self.high - self.low))


@dataclasses.dataclass(slots=True)
class World:
    """One determinized OMYN game, all faces known to the playout."""

    rows: list[list[int]]
    known: list[list[bool]]  # known[s][i]: seat s knows the card in its own slot i
    draw: list[int]  # the top card is the LAST element (pop is cheap)
    pile: list[int]  # the top card is the last element
    skips: list[int]
    hexed: list[bool]
    turn: int  # whose turn it is
    turns: int  # turns played so far in the game (for the call margin)
    mean: float  # the mean value of a card a seat has not seen
    reflexes: list[Reflex]
    call_margin: list[float]  # per seat: extra margin its call rule asks for (0 = the normal bot)
    hex_now: bool = False
    called: bool = False
    # The searching seat's own call rule in playouts: call at this estimated chance of winning
    # the count (0: the normal bot's margin rule), from the spread of the unseen cards.
    chance_seat: int = -1
    call_chance: float = 0.0
    kept_mean: float = 4.0  # expected value of a card its owner has seen and kept
    card_var: float = 14.0  # variance of an unseen card's value
    # A seat Voids a call only when it expects to lose the count (the real bots' rule); False:
    # any seat that knows a 0 Voids every call.
    void_wish: bool = True

    def copy(self) -> World:
        return World(
            [r[:] for r in self.rows],
            [k[:] for k in self.known],
            self.draw[:],
            self.pile[:],
            self.skips[:],
            self.hexed[:],
            self.turn,
            self.turns,
            self.mean,
            self.reflexes,
            self.call_margin,
            self.hex_now,
            self.called,
            self.chance_seat,
            self.call_chance,
            self.kept_mean,
            self.card_var,
            self.void_wish,
        )

    # --- values -----------------------------------------------------------------------------
    def omen_value(self) -> int:
        for card in reversed(self.pile):
            if card < GO:
                return card
        for card in reversed(self.draw):
            if card < GO:
                return card
        return 0

    def value(self, card: int, omen: float) -> float:
        return omen if card >= GO else card

    def believed(self, seat: int, omen: float) -> float:
        """The seat's expected total of its own row."""
        mean = self.mean
        return sum(
            (omen if c >= GO else c) if k else mean
            for c, k in zip(self.rows[seat], self.known[seat], strict=True)
        )

    def opponent_guess(self) -> float:
        """The normal bot's guess of an opponent's unseen card (it drifts down with turns)."""
        return max(1.5, self.mean - 0.3 * self.turns / len(self.rows))

    def others(self, seat: int) -> list[int]:
        n = len(self.rows)
        return [(seat + k) % n for k in range(1, n) if self.rows[(seat + k) % n]]

    def leader(self, seat: int) -> int:
        return min(self.others(seat), key=lambda s: len(self.rows[s]))


def score(world: World, caller: int | None, me: int) -> float:
    """``me``'s share of the win at a count (the caller loses a tie; a tie among others is a
    lottery)."""
    omen = world.omen_value()
    totals = [sum(omen if c >= GO else c for c in row) for row in world.rows]
    low = min(totals)
    lowest = [s for s, t in enumerate(totals) if t == low]
    if caller is not None and caller in lowest and len(lowest) > 1:
        lowest.remove(caller)
    return 1.0 / len(lowest) if me in lowest else 0.0


# --- the policy every seat follows in a playout ---------------------------------------------
def wants_call(world: World, seat: int) -> bool:
    """The normal bot's rule (policy.should_call), with the seat's extra margin; the searching
    seat may call by its chance of winning the count instead."""
    if seat == world.chance_seat and world.call_chance > 0.0:
        return count_chance(world, seat) >= world.call_chance
    known = world.known[seat]
    unknown = len(known) - sum(known)
    if unknown > 1:
        return False
    omen = world.omen_value()
    margin = call_margin(world.turns / len(world.rows), unknown)
    guess = world.opponent_guess()
    best_other = min(len(world.rows[s]) * guess for s in world.others(seat))
    return world.believed(seat, omen) + margin + world.call_margin[seat] < best_other


def count_chance(world: World, seat: int) -> float:
    """The seat's chance of winning the count if it called now, from what it knows: its own
    known cards; for every other seat, how many cards it holds and how many of them it has seen
    (kept cards are low); normal spreads around both totals."""
    omen = world.omen_value()
    known = world.known[seat]
    mine = world.believed(seat, omen)
    spread = (len(known) - sum(known)) * world.card_var
    chance = 1.0
    for other in world.others(seat):
        count, seen = len(world.rows[other]), sum(world.known[other])
        expected = seen * world.kept_mean + (count - seen) * world.mean
        sd = math.sqrt(spread + count * world.card_var)
        chance *= 0.5 * (1.0 + math.erf((expected - mine - 0.5) / (sd * math.sqrt(2.0))))
    return chance


def expects_to_win(world: World, seat: int) -> bool:
    """The normal bot's reading of a call's count (bot.wants_effect): its total is lower."""
    guess = world.opponent_guess()
    best_other = min(len(world.rows[s]) * guess for s in world.others(seat))
    return world.believed(seat, world.omen_value()) + 1 < best_other


Play = tuple[int, int, int]  # (kind, a, b): 0 Drop, 1 Swap a, 2 PairDrawn a, 3 PairSlots a b
DROP: Play = (0, 0, 0)
# policy.POWER_BONUS by card code; ties go to the simpler play (Drop, Swap, PairDrawn, PairSlots)
BONUS = [POWER_BONUS.get(POWER_NAMES.get(c, ""), 0.0) for c in range(BO + 1)]
NO_INSIGHT = [0.0 if c == INSIGHT else b for c, b in enumerate(BONUS)]
NO_BONUS = [0.0] * (BO + 1)
TIE = 1e-9


def choose_play(world: World, seat: int, drawn: int) -> Play:
    """policy.choose_play on the playout's lists (the same values and tie order)."""
    if drawn >= GO:
        return DROP
    row, known = world.rows[seat], world.known[seat]
    bonus = NO_BONUS if world.hex_now else NO_INSIGHT if all(known) else BONUS
    omen = world.omen_value()
    into_unknown = drawn - world.mean - UNKNOWN_GAIN + TIE
    best, move = -bonus[drawn], DROP
    seen: dict[int, int] = {}
    pairs: list[tuple[int, int]] = []
    for i, card in enumerate(row):
        if not known[i]:
            if into_unknown < best:
                best, move = into_unknown, (1, i, 0)
            continue
        out = omen if card >= GO else card
        value = drawn - out - bonus[card] + TIE
        if value < best:
            best, move = value, (1, i, 0)
        if card == drawn:
            value = -out - CARD_BONUS - bonus[card] + 2 * TIE
            if value < best:
                best, move = value, (2, i, 0)
        if card < GO:
            if card in seen:
                pairs.append((seen[card], i))
            else:
                seen[card] = i
    for a, b in pairs:
        value = drawn - 2 * row[a] - CARD_BONUS - bonus[row[a]] + 3 * TIE
        if value < best:
            best, move = value, (3, a, b)
    return move


# --- carrying a turn out ---------------------------------------------------------------------
class Over(Exception):
    """The game ended inside a playout; ``share`` is the searching seat's result."""

    def __init__(self, share: float) -> None:
        self.share = share


def close_slot(world: World, seat: int, slot: int, me: int) -> None:
    world.pile.append(world.rows[seat].pop(slot))
    world.known[seat].pop(slot)
    if not world.rows[seat]:
        raise Over(1.0 if seat == me else 0.0)


def chain(world: World, top: int, rng: random.Random, me: int) -> None:
    """Every seat that knows a card equal to the pile's top claims it; the fastest wins."""
    if top >= GO:
        return
    best: tuple[float, int, int] | None = None
    for seat, row in enumerate(world.rows):
        known = world.known[seat]
        for i, card in enumerate(row):
            if card == top and known[i]:
                when = world.reflexes[seat].sample(rng)
                if best is None or when < best[0]:
                    best = (when, seat, i)
                break
    if best is not None:
        close_slot(world, best[1], best[2], me)


def void_by(world: World, target: int | None, me: int) -> bool:
    """A targeted seat that knows a 0 in its row Voids the effect (its row shrinks)."""
    if target is None:
        return False
    for i, card in enumerate(world.rows[target]):
        if card == 0 and world.known[target][i]:
            close_slot(world, target, i, me)
            return True
    return False


def use_power(world: World, seat: int, power: int, rng: random.Random, me: int) -> None:
    """policy.choose_power: what the normal bot does with a power it may use."""
    known = world.known[seat]
    if power in (INSIGHT, SPY):
        unknown = [i for i, k in enumerate(known) if not k]
        if unknown:
            apply_power(world, seat, power, (seat, unknown[0], -1), rng, me)
        return
    if power == FORESEE or not world.others(seat):
        return
    target = world.leader(seat)
    if power == SWITCH:
        omen = world.omen_value()
        row = world.rows[seat]
        slots = [i for i in range(len(row)) if known[i]]
        if not slots:
            return
        mine = max(slots, key=lambda i: world.value(row[i], omen))
        if world.value(row[mine], omen) - world.opponent_guess() < SWITCH_MIN_GAIN:
            return
        apply_power(world, seat, power, (target, mine, 0), rng, me)
        return
    apply_power(world, seat, power, (target, -1, -1), rng, me)


PowerUse = tuple[int, int, int]  # (target, slot, other_slot); -1 where the power names none


def apply_power(
    world: World, seat: int, power: int, use: PowerUse, rng: random.Random, me: int
) -> None:
    """Carry out a chosen activation (a targeted seat that knows a 0 Voids it)."""
    target, slot, other = use
    if power == INSIGHT or (power == SPY and target == seat):
        if 0 <= slot < len(world.known[seat]):
            world.known[seat][slot] = True
        return
    if power in (SPY, FORESEE) or target < 0 or not world.rows[target]:
        return
    if void_by(world, target, me):
        return
    if power == SWITCH:
        row, theirs = world.rows[seat], world.rows[target]
        if slot >= len(row) or other >= len(theirs):
            return
        row[slot], theirs[other] = theirs[other], row[slot]
        world.known[seat][slot] = False  # unseen: neither learns the card it got
        world.known[target][other] = False
    elif power == SKIP:
        world.skips[target] += 1
    elif power == HEX:
        world.hexed[target] = True
    elif power == DRAW:
        world.rows[target].append(draw_card(world, rng, me))
        world.known[target].append(False)


def after_power(
    world: World,
    power: int,
    use: PowerUse | None,
    rng: random.Random,
    me: int,
    max_turns: int = MAX_TURNS,
) -> float:
    """``me`` has played a power card and uses it as ``use`` (None: plays it plain); then the
    chain window, and the game played out."""
    try:
        if use is not None:
            apply_power(world, me, power, use, rng, me)
        chain(world, world.pile[-1] if world.pile else GO, rng, me)
        next_turn(world)
    except Over as over:
        return over.share
    return run(world, rng, me, max_turns)


def omen(world: World, seat: int, card: int, rng: random.Random) -> None:
    """A played Omen: the seat's row, the pile and the draw pile are shuffled together and the
    row dealt again (seen with a Good Omen)."""
    count = len(world.rows[seat])
    everything = world.rows[seat] + world.pile + world.draw  # the Omen is on the pile
    rng.shuffle(everything)
    world.rows[seat] = everything[:count]
    world.known[seat] = [card == GO] * count
    world.draw = everything[count:]
    world.pile = []


def play(world: World, seat: int, drawn: int, move: Play, rng: random.Random, me: int) -> None:
    """Carry out the play ``move`` with the drawn card, its power and the chain window."""
    kind, a, b = move
    row, known = world.rows[seat], world.known[seat]
    if kind == 0:
        out, dropped = drawn, True
        world.pile.append(drawn)
        if drawn >= GO:
            omen(world, seat, drawn, rng)
            return
    elif kind == 1:
        out, dropped = row[a], False
        row[a], known[a] = drawn, True
        world.pile.append(out)
        if out >= GO:
            omen(world, seat, out, rng)
            return
    elif kind == 2:
        out, dropped = row[a], False
        world.pile.append(drawn)
        close_slot(world, seat, a, me)
    else:
        out, dropped = row[a], False
        world.pile.append(row[a])
        row[a], known[a] = drawn, True
        close_slot(world, seat, b, me)
    del dropped  # powers_on_swap_out is on by default: a swapped-out power works too
    if 6 <= out < GO and not world.hex_now:
        use_power(world, seat, out, rng, me)
    chain(world, world.pile[-1] if world.pile else GO, rng, me)


def next_turn(world: World) -> None:
    n = len(world.rows)
    seat = (world.turn + 1) % n
    while world.skips[seat] > 0:
        world.skips[seat] -= 1
        seat = (seat + 1) % n
    world.turn = seat
    world.turns += 1
    world.hex_now = world.hexed[seat]
    world.hexed[seat] = False
    world.called = False


def call(world: World, seat: int, me: int) -> None:
    """An OMYN call: Voided by an opponent that knows a 0 and expects to lose the count (its row
    shrinks), else counted."""
    for other in world.others(seat):
        if (not world.void_wish or not expects_to_win(world, other)) and void_by(world, other, me):
            world.called = True
            return
    raise Over(score(world, seat, me))


def draw_card(world: World, rng: random.Random, me: int) -> int:
    if not world.draw:
        world.draw = world.pile[:-1]
        world.pile = world.pile[-1:]
        rng.shuffle(world.draw)
        if not world.draw:
            raise Over(score(world, None, me))
    return world.draw.pop()


def run(world: World, rng: random.Random, me: int, max_turns: int = MAX_TURNS) -> float:
    """Play from the start of ``world.turn``'s turn to the end of the game: ``me``'s share."""
    try:
        for _ in range(max_turns):
            seat = world.turn
            if not world.called and wants_call(world, seat):
                call(world, seat, me)
            drawn = draw_card(world, rng, me)
            play(world, seat, drawn, choose_play(world, seat, drawn), rng, me)
            next_turn(world)
        return score(world, None, me)
    except Over as over:
        return over.share


def finish_turn(
    world: World, drawn: int, move: Play, rng: random.Random, me: int, max_turns: int = MAX_TURNS
) -> float:
    """``me`` (whose turn it is) plays ``move`` with ``drawn``; then the game is played out."""
    try:
        play(world, me, drawn, move, rng, me)
        next_turn(world)
    except Over as over:
        return over.share
    return run(world, rng, me, max_turns)


def after_draw(world: World, rng: random.Random, me: int, max_turns: int = MAX_TURNS) -> float:
    """``me`` draws now (no call) and plays by the policy; then the game is played out."""
    try:
        drawn = draw_card(world, rng, me)
        play(world, me, drawn, choose_play(world, me, drawn), rng, me)
        next_turn(world)
    except Over as over:
        return over.share
    return run(world, rng, me, max_turns)


def after_call(world: World, rng: random.Random, me: int, max_turns: int = MAX_TURNS) -> float:
    """``me`` calls now; a Voided call goes on with the turn."""
    try:
        call(world, me, me)
    except Over as over:
        return over.share
    return after_draw(world, rng, me, max_turns)
