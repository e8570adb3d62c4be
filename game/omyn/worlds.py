"""Sampling one OMYN world from a seat's view for the hard bot's search (``rollout.World``).

The cards the seat has not seen are dealt at random from what is left of the deck, weighted by
inference about the opponents: a slot with a cap (an opponent swapped a drawn card into it in
place of a higher card it knew, or kept it while dropping a low card) gets a card no higher than
the cap; a card an opponent has seen and kept gets the lowest of ``kept_draws`` candidates
(people keep their low cards).
"""

from __future__ import annotations

import random
from collections import Counter

from game.bots.reaction import REACTION_BY_LEVEL
from game.omyn.cards import FACES
from game.omyn.rollout import GO, Reflex, World, code
from game.omyn.view import OmynView

KEPT_CARD_DRAWS = 2


def unseen_pool(view: OmynView) -> list[int]:
    """The cards this seat has not seen anywhere (as ``rollout`` codes)."""
    seen: Counter[str] = Counter(view.pile)
    for card in [c for row in view.rows for c in row] + list(view.draw):
        if card.face is not None:
            seen[card.face] += 1
    if view.drawn is not None and view.drawn.face is not None:
        seen[view.drawn.face] += 1
    return [code(face) for face in (Counter(FACES) - seen).elements()]


def sample_world(
    view: OmynView,
    rng: random.Random,
    caps: dict[str, int],
    mean: float,
    call_margin: float = 0.0,
    kept_draws: int = KEPT_CARD_DRAWS,
    call_chance: float = 0.0,
    void_wish: bool = True,
) -> World:
    """One world consistent with ``view`` (seat ``view.seat``'s knowledge), weighted by ``caps``
    (zone ``row:seat:slot`` -> the highest value an opponent's card there may have).
    ``call_chance`` > 0: in its playouts the seat calls at that estimated chance of winning the
    count (``rollout.count_chance``) rather than by the normal bot's margin."""
    me = view.seat
    assert me is not None
    pool = unseen_pool(view)
    rng.shuffle(pool)
    top = next((code(f) for f in reversed(view.pile) if code(f) < GO), None)
    omen = float(top) if top is not None else 6.0

    def value(card: int) -> float:
        return omen if card >= GO else float(card)

    kept_mean, card_var = spread(sorted(value(c) for c in pool)) if call_chance > 0 else (4.0, 14.0)

    rows: list[list[int]] = []
    known: list[list[bool]] = []
    for seat, row in enumerate(view.rows):
        cards: list[int] = []
        for slot, card in enumerate(row):
            if card.face is not None:
                cards.append(code(card.face))
                continue
            cap = caps.get(f"row:{seat}:{slot}") if seat != me else None
            if cap is not None:
                fits = [i for i, c in enumerate(pool) if value(c) <= cap]
                face = pool.pop(rng.choice(fits)) if fits else pool.pop()
            else:
                face = pool.pop()
            if cap is None and seat != me and seat in card.known_by:
                for _ in range(kept_draws - 1):
                    if not pool:
                        break
                    other = pool.pop()
                    if value(other) < value(face):
                        face, other = other, face
                    pool.insert(rng.randrange(len(pool) + 1), other)
            cards.append(face)
        rows.append(cards)
        known.append([seat in card.known_by for card in row])
    draw = [code(c.face) if c.face is not None else pool.pop() for c in view.draw]
    draw.reverse()  # the world's top card is the last
    hard, normal = REACTION_BY_LEVEL["hard"], REACTION_BY_LEVEL["normal"]
    reflexes = [
        Reflex(hard.low_ms, hard.high_ms) if s == me else Reflex(normal.low_ms, normal.high_ms)
        for s in range(view.players)
    ]
    margins = [call_margin if s == me else 0.0 for s in range(view.players)]
    return World(
        rows,
        known,
        draw,
        [code(f) for f in view.pile],
        list(view.skips),
        list(view.hexed),
        view.turn_seat,
        view.turn_number,
        mean,
        reflexes,
        margins,
        view.hex_now,
        view.called,
        me if call_chance > 0 else -1,
        call_chance,
        kept_mean,
        card_var,
        void_wish,
    )


def spread(values: list[float]) -> tuple[float, float]:
    """From an unseen pool's sorted values: the mean of the lower of two cards drawn (a card
    seen and kept) and the variance of one card."""
    n = len(values)
    if n < 2:
        return (values[0] if values else 4.0), 14.0
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / n
    # P(the i-th lowest is the lower of two drawn without replacement) = 2 (n-1-i) / (n (n-1))
    low = sum(v * 2 * (n - 1 - i) for i, v in enumerate(values)) / (n * (n - 1))
    return low, var
