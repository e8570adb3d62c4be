"""Shared test set-up: headless SDL for anything that touches pygame, and the shared folder."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
