"""Shared test set-up: headless SDL for anything that touches pygame, and the shared folder."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


@pytest.fixture(autouse=True)
def _collector_unfrozen() -> Iterator[None]:
    """A table's start freezes the objects alive (scenes/collector.py); each test leaves the
    collector as it found it, so one test's frozen objects never outlive it into the next."""
    yield
    gc.unfreeze()
