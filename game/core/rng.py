"""Seeded randomness. A state owns one ``random.Random``; nothing else in the rules draws numbers."""

from __future__ import annotations

import hashlib
import random


def derive_seed(seed: int, *labels: object) -> int:
    """A stable sub-seed (same on every run and platform; ``hash()`` is salted per process)."""
    text = ":".join([str(seed), *map(str, labels)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def make_rng(seed: int, *labels: object) -> random.Random:
    return random.Random(derive_seed(seed, *labels) if labels else seed)
