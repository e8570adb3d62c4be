"""The README's Om Nom Nom pictures, made headless and reproducibly (the xdotool drive,
``omnomnom_drive.py``, is how the table was looked at as a player would):

- ``omnomnom-picking.png``: you have picked (your card on the pick spot), two bots show ✓;
- ``omnomnom-resolution.png``: a board resolving, arrows from the eaters, the split in words;
- ``omnomnom-round-score.png``: the round's score, cards, black and red dice;
- ``omnomnom-solo.png``: solo against three colours, their stacks and what is left in them.

    .venv/bin/python tests/ui/omnomnom_shots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omnomnom.table import OmNomNomTable  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402

NAMES = ("You", "Nimal", "Kamala", "Saman")


def table(
    app: App, seed: int, solo: int = 0, pace: tuple[int, int] = (0, 0), bots_only: bool = False
) -> OmNomNomTable:
    # Four bots are seen from seat 0, named as the bot it is (a "You" with a bot level misleads).
    seats = [Seat("bot", "Amal", "normal") if bots_only else Seat("human", "You")]
    if solo:
        seats += [Seat("bot", f"Colour {i}", "random") for i in range(1, solo + 1)]
    else:
        seats += [Seat("bot", name, "normal") for name in NAMES[1:]]
    options = {"solo": solo} if solo else {}
    match = Match(find_game("omnomnom"), seats, seed, options, runner=SyncBotRunner(), pace_ms=pace)
    scene = OmNomNomTable(app, match, watchers=(0,))
    app.push(scene)
    return scene


def run_until(app: App, scene: OmNomNomTable, done: Callable[[], bool], limit: int = 6000) -> None:
    for _ in range(limit):
        if done():
            return
        app.tick(16)
    raise RuntimeError("the table never reached the picture")


def pick_next(scene: OmNomNomTable, order: list[str]) -> None:
    left = [a for a in scene.view.hands[0] if f"{a}/0" != scene.pick_cards.get(0)]
    choice = next((a for a in order if a in left), None)
    if choice is not None:  # (a person with only their pick left waits for the others)
        scene.pick(choice)


def save(app: App, scene: OmNomNomTable, path: Path) -> None:
    scene.draw(app.screen)
    pygame.image.save(app.screen, str(path))
    print(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        app = App(SettingsFile(Path(folder)), size=(1280, 720), data_dir=Path(folder))
        app.settings.animation = "normal"
        order = ["cat", "wolf", "frog", "rabbit", "hedgehog", "mouse"]

        # Picking: play two turns, then pick while the bots are still thinking.
        scene = table(app, 4, pace=(900, 2600))
        for _ in range(2):
            run_until(app, scene, lambda: scene.my_turn() and not scene.presenter.busy)
            pick_next(scene, order)
            run_until(app, scene, lambda: scene.hud.resolving is not None)
        run_until(app, scene, lambda: scene.my_turn() and not scene.presenter.busy)
        pick_next(scene, order)
        run_until(app, scene, lambda: len(scene.hud.picked) >= 3 or scene.presenter.busy)
        run_until(app, scene, lambda: not scene.presenter.busy, 200)
        save(app, scene, args.out / "omnomnom-picking.png")

        app.pop()
        scene.exit()

        # A resolution step with arrows: four bots (seen from seat 0), a board where a pair of
        # predators shares.
        scene = table(app, 6, bots_only=True)

        def eating() -> bool:
            step = scene.hud.resolving
            return step is not None and step.step.each > 0 and len(step.step.eaters) > 1

        run_until(app, scene, eating, 20000)
        for _ in range(25):
            app.tick(16)
        save(app, scene, args.out / "omnomnom-resolution.png")
        app.pop()
        scene.exit()

        # The round's score.
        scene = table(app, 4)
        run_until(app, scene, lambda: scene.summary_open() or scene.my_turn())
        while not scene.summary_open():
            if scene.my_turn() and not scene.presenter.busy:
                pick_next(scene, order)
            app.tick(16)
        for _ in range(10):
            app.tick(16)
        save(app, scene, args.out / "omnomnom-round-score.png")
        app.pop()
        scene.exit()

        # Solo against three colours, two turns in.
        scene = table(app, 9, solo=3)
        for _ in range(2):
            run_until(app, scene, lambda: scene.my_turn() and not scene.presenter.busy)
            pick_next(scene, order)
        run_until(app, scene, lambda: scene.my_turn() and not scene.presenter.busy)
        save(app, scene, args.out / "omnomnom-solo.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
