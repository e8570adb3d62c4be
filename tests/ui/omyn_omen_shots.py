"""Screenshots of an OMYN Omen as it is animated (the gather, the riffle, the new deal) on a
6-seat table of bots, every ``--every`` ms from the Omen's first frame: to look at the kit's
riffle (two packets of the pile's top cards falling back in turn over the squared pile).
Headless (SDL's dummy driver); an Omen is put on top of the draw pile at each turn's start, as
``bench/omyn_frames.py`` does, so one comes soon.

    .venv/bin/python tests/ui/omyn_omen_shots.py --out /tmp/omen-shots [--seed 1]
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
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import pygame  # noqa: E402
from omyn_frames import FRAME_MS, SIZE, omen_on_top  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omyn import GAME  # noqa: E402
from game.omyn.events import OmenPlayed  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omyn.table import OmynTable  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=100, help="ms between shots")
    parser.add_argument("--shots", type=int, default=30)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        app = App(SettingsFile(Path(folder)), size=SIZE, data_dir=Path(folder))
        app.settings.animation = "normal"
        app.settings.bot_pace = "instant"
        seats = [
            Seat("bot", name, "normal")
            for name in ("Amal", "Nimal", "Kamala", "Saman", "Dev", "Rani")  # all bots: no "You"
        ]
        match = Match(GAME, seats, args.seed, {}, runner=SyncBotRunner())
        table = OmynTable(app, match, watchers=(0,))
        app.push(table)
        since: list[float] = []
        shown = table.presenter.handlers[OmenPlayed]

        def on_omen(event: OmenPlayed) -> float:
            since.append(0.0)
            return shown(event)

        table.presenter.on(OmenPlayed, on_omen)
        taken = 0
        for _ in range(20_000):
            if taken >= args.shots or table not in app.stack.scenes:
                break
            omen_on_top(match)
            app.tick(round(FRAME_MS))
            if since:
                since[0] += FRAME_MS
                if since[0] >= taken * args.every:
                    pygame.image.save(app.screen, str(args.out / f"omen-{taken:02d}.png"))
                    taken += 1
        app.close()
    print(f"{taken} shots in {args.out}")
    return 0 if taken else 1


if __name__ == "__main__":
    sys.exit(main())
