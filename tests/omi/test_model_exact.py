"""The hard bot's fast model, inference and deals give exactly what the readable versions gave.

The model (``bot_model``), the likelihood of the plays seen (``History``) and the random draws of
a deal (``fast.sample``) were rewritten for speed in session 26, with the promise that the hard
bot stays the same bot: the same cards from the same seed, so its measured strength still holds.
The first tests hold the model and the likelihood to the readable reference
(tests/omi/reference_model.py) on positions from seeded hands, with hypothetical hands as the
inference asks about them; the last one holds the whole search to its results recorded before
the rewrite (its choices, and a digest of every candidate's mean value, to the last bit).
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

import game.omi.hard as hard
from game.core.match import Match, Seat
from game.omi import GAME
from game.omi.bot_inference import History, replay
from game.omi.bot_model import normal_choice, normal_trump
from game.omi.cards import SUITS
from game.omi.fast import Hand, bits, mask_of, sample
from game.omi.view import OmiView
from tests.omi import reference_model as reference
from tests.omi.test_bot_model import half_random_hands, normal_positions, public


def test_the_model_chooses_the_readable_models_cards_in_played_positions() -> None:
    rng = random.Random(11)
    checked = 0
    for seed in range(12):
        for state, _ in half_random_hands(seed):
            (seat,) = state.to_act()
            view = state.view(seat)
            played, voids, trick = public(view)
            assert view.trump is not None
            trump = SUITS.index(view.trump)
            # The seat's own hand, and hands it might hold as another seat sees it.
            hands = [mask_of(view.hand)]
            hands += [Hand(state.view((seat + 1) % 4)).deal_once(rng)[seat] for _ in range(4)]
            for held in hands:
                for no_trump in (False, True):
                    suit = -1 if no_trump else trump
                    args = (held, seat, played, voids, trick, suit)
                    assert normal_choice(*args) == reference.normal_choice(*args), args
                    checked += 1
    assert checked > 2000


def test_the_model_chooses_the_readable_models_cards_anywhere() -> None:
    """Arbitrary hands, cards gone, voids and tricks (consistent or not): the rules agree."""
    rng = random.Random(12)
    for _ in range(20_000):
        deck = rng.sample(range(32), 32)
        size = rng.randrange(1, 9)
        held = sum(1 << card for card in deck[:size])
        seat, count = rng.randrange(4), rng.randrange(4)
        trick = [((seat - count + i) % 4, deck[size + i]) for i in range(count)]
        gone = deck[size : size + count + rng.randrange(0, 32 - size - count)]
        voids = [rng.choice([0, 0, 0, rng.randrange(16)]) for _ in range(4)]
        args = (held, seat, sum(1 << card for card in gone), voids, trick, rng.randrange(-1, 4))
        assert normal_choice(*args) == reference.normal_choice(*args), args


def test_the_trump_call_is_the_readable_models() -> None:
    rng = random.Random(13)
    for _ in range(5000):
        cards = sum(1 << card for card in rng.sample(range(32), rng.randrange(9)))
        assert normal_trump(cards) == reference.normal_trump(cards)


def reference_likelihood(
    view: OmiView, hands: list[int], rng: random.Random, floor: float, epsilons: list[float]
) -> float:
    """``History.likelihood`` as first written: every play of another seat replayed through the
    readable model, on the hand it held then."""
    assert view.seat is not None and view.trump is not None
    trump, maker = SUITS.index(view.trump), view.trump_maker
    plays = [play for play in replay(view)[0] if play[0] != view.seat]
    shown = [0, 0, 0, 0]
    later = []
    for seat, card, *_ in reversed(plays):
        shown[seat] |= 1 << card
        later.append(shown[seat])
    later.reverse()
    weight = 1.0
    if maker != view.seat:
        first_four = sum(1 << c for c in rng.sample(bits(hands[maker] | shown[maker]), 4))
        if reference.normal_trump(first_four) != trump:
            weight *= epsilons[maker]
    for (seat, card, gone, shown_voids, trick), after in zip(plays, later, strict=True):
        choice = reference.normal_choice(hands[seat] | after, seat, gone, shown_voids, trick, trump)
        if not choice >> card & 1:
            weight *= epsilons[seat]
            if weight < floor:
                break
    return weight


def test_the_likelihood_of_sampled_deals_is_the_readable_ones() -> None:
    rng = random.Random(14)
    checked = 0
    for state in normal_positions(40):
        (seat,) = state.to_act()
        view = state.view(seat)
        history = History(view, Hand(view))
        epsilons = history.epsilon
        for _ in range(30):
            hands = history.hand.deal_once(rng)
            floor = rng.choice([0.0, rng.random()])
            luck = rng.getrandbits(32)
            ours, theirs = random.Random(luck), random.Random(luck)
            weight = history.likelihood(hands, ours, floor)
            assert weight == reference_likelihood(view, hands, theirs, floor, epsilons)
            assert ours.random() == theirs.random()  # the same draws taken
            checked += 1
    assert checked == 1200


def test_the_sampler_draws_what_random_sample_draws() -> None:
    for n in range(30):
        for k in range(n + 1):
            ours, theirs = random.Random(n * 100 + k), random.Random(n * 100 + k)
            population = list(range(100, 100 + n))
            assert sample(ours, population, k) == theirs.sample(population, k)
            assert ours.random() == theirs.random()


def searched(decisions: int, settings: dict[str, Any], patch: pytest.MonkeyPatch) -> list[str]:
    """The hard bot (seat 0, 30 deals a searched move) against normal bots in seeded two-hand
    matches: per searched decision its choice and every candidate's mean value."""
    log: list[str] = []
    compare = hard.compare

    def recording(moves: Any, *args: Any, **kwargs: Any) -> Any:
        result = compare(moves, *args, **kwargs)
        best = result.best
        label = best.card if hasattr(best, "card") else "trump:" + best.suit
        log.append(" ".join([label] + [repr(result.means[move]) for move in moves]))
        return result

    patch.setattr(hard, "compare", recording)
    seed = 0
    while len(log) < decisions:
        seats = [Seat("bot", "hard", "hard", {"iterations": 30, **settings})]
        seats += [Seat("bot", f"normal {s}", "normal") for s in (1, 2, 3)]
        Match(GAME, seats, seed, {"max_hands": 2}).run_to_end()
        seed += 1
    return log[:decisions]


# Recorded from the code before the rewrite (5e00dab): choices, and the sha256 of the full log.
# Trumps were searched then (``search_trump``, off by default since issue 30).
BEFORE: dict[str, tuple[dict[str, Any], str, str]] = {
    "model playouts, rejection inference (the default), trumps searched": (
        {"search_trump": 1},
        "trump:D AD KS 7C 7H JD KD 8C 9C KC 9H TH QH 7S AD 8S 8D 9S JS AD 7D 7S QS 8S 8C KS JS"
        " TC JC JD 7S 8H KD TH 8S 7C 7S 8S KC TS",
        "9528e824f83c3eb4f12e182d290fa5b27d1304f7548046a38bb45e37114ebeb0",
    ),
    "model playouts, inference by the chain": (
        {"inference": "mcmc", "search_trump": 1},
        "trump:D AD 7C JD KD AH 8C QD 9C 9H KC QH 7S AD 8S 8D 9S JS AD KS QH 7S 7D 8S JS 8C TC"
        " AC JD 7S 8H KD TH 8S 7C 7S KC 8S TS 7C",
        "ccda3f1f8a31580443d17b2c8c8a250cca26401823227d2bb9ee4ce2e39eb0a0",
    ),
    "club playouts, no inference (the first pass)": (
        {"playout": "club", "inference": 0, "search_trump": 1},
        "trump:D KS 7C 7H JD AD 8C 9C QH JC TH 7S AD 8D 8S 9S 7S AD 7D JS QS 8S 8C TC JC KS AC"
        " JD 7S 8H KD TH 8S 7C 7S 8S KC TS 7C 9C",
        "ea62c9fe665ec38f48e5d516253dc3ab238d01efc435842a57633e81eb01a57b",
    ),
}


@pytest.mark.parametrize("name", list(BEFORE))
def test_the_hard_bot_searches_exactly_as_before(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings, choices, digest = BEFORE[name]
    log = searched(40, settings, monkeypatch)
    assert " ".join(entry.split(" ", 1)[0] for entry in log) == choices
    assert hashlib.sha256("\n".join(log).encode()).hexdigest() == digest
