"""The README's OMYN Void picture, headless (SDL's dummy driver draws the pixels a window under
Xvfb shows): four normal bots seen from seat 0 (Amal) at the default animation speed, saved a
moment after the first Void window on a power opens (its bar partly run down).

    .venv/bin/python tests/ui/omyn_void_shot.py [--out docs/screenshots] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omyn import GAME  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omyn.table import OmynTable  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402

FRAME_MS = 16
NAMES = ("Amal", "Nimal", "Kamala", "Saman")  # all bots: no "You"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--after-ms", type=int, default=900, help="into the window")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        app = App(SettingsFile(Path(folder)), size=(1280, 720), data_dir=Path(folder))
        app.settings.animation = "normal"
        seats = [Seat("bot", name, "normal") for name in NAMES]
        match = Match(GAME, seats, args.seed, {}, runner=SyncBotRunner())
        table = OmynTable(app, match, watchers=(0,))
        app.push(table)
        opened = -1
        for frame in range(40_000):
            voids = [w for w in table.open_windows() if w.kind != "chain"]
            effect = table.view.effect
            if opened < 0 and voids and effect is not None and effect.kind != "call":
                opened = frame
            if opened >= 0 and (frame - opened) * FRAME_MS >= args.after_ms:
                path = args.out / "omyn-void.png"
                pygame.image.save(app.screen, str(path))
                print(path)
                app.close()
                return 0
            app.tick(FRAME_MS)
        app.close()
    print("no Void window on a power opened", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
