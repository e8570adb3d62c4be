"""Dealing unknown cards under constraints always fills every place and breaks no constraint."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.deal import ImpossibleDeal, deal_constrained

SUITS = "SHDC"


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 10_000),
    st.lists(st.sets(st.sampled_from(SUITS), max_size=3), min_size=3, max_size=3),
)
def test_voids_are_respected_whenever_a_deal_exists(seed: int, voids: list[set[str]]) -> None:
    rng = random.Random(seed)
    cards = [r + s for s in SUITS for r in "AKQJ"]
    rng.shuffle(cards)
    sizes = {0: 5, 1: 5, 2: 6}
    # Make the constraints satisfiable: deal a real hand first, then only declare voids it respects.
    truth = {0: cards[:5], 1: cards[5:10], 2: cards[10:]}
    voids = [{s for s in v if all(c[1] != s for c in truth[p])} for p, v in enumerate(voids)]
    dealt = deal_constrained(cards, sizes, lambda c, p: c[1] not in voids[p], rng)
    assert {p: len(h) for p, h in dealt.items()} == sizes
    assert sorted(c for h in dealt.values() for c in h) == sorted(cards)
    for place, hand in dealt.items():
        assert not any(c[1] in voids[place] for c in hand)


def test_an_impossible_deal_says_so() -> None:
    with pytest.raises(ImpossibleDeal):
        deal_constrained(["AS", "KS"], {0: 1, 1: 1}, lambda c, p: p == 0, random.Random(1))
