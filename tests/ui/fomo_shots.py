"""The README's FOMO pictures, headless and reproducible: a turn with its lit targets and the
controls, a Canceled window on a shared screen, a Seen peek held up, a FOMO! call turned over.

    .venv/bin/python tests/ui/fomo_shots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.fomo.actions import PlaySeen  # noqa: E402
from game.fomo.cards import CANCELED, SEEN  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402
from tests.tables.test_fomo import (  # noqa: E402
    give,
    my_turn,
    press,
    settle,
    table_for,
    take_away,
    window_for,
)


def new_app() -> App:
    folder = Path(tempfile.mkdtemp(prefix="fomo-shots-"))
    app = App(SettingsFile(folder), size=(1280, 720), data_dir=folder)
    app.settings.animation = "instant"
    app.settings.bot_pace = "instant"
    return app


def save(app: App, out: Path, name: str) -> None:
    app.draw()
    pygame.image.save(app.screen, str(out / f"{name}.png"))
    print("wrote", out / f"{name}.png")


def turn(out: Path) -> None:
    app = new_app()
    table = table_for(app, (0,), seed=5)
    my_turn(app, table)
    press(app, pygame.K_RIGHT)
    save(app, out, "fomo-turn")
    press(app, pygame.K_h)
    save(app, out, "fomo-controls")


def canceled(out: Path) -> None:
    app = new_app()
    app.settings.animation = "normal"
    window_for(app, (0, 1, 2), canceled=False)
    settle(app, app.stack.top, 40)  # type: ignore[arg-type]
    save(app, out, "fomo-canceled")


def seen(out: Path) -> None:
    app = new_app()
    app.settings.bot_pace = "relaxed"  # the picture is taken before the next bot moves
    table = table_for(app, (0,), seed=5)
    my_turn(app, table)
    state = table.state
    give(state, 0, SEEN)
    take_away(state, 2, CANCELED)
    table.snap_to_view()
    assert table.submit(PlaySeen(0, 2))
    for _ in range(600):
        if state.phase != "cancel" and not table.presenter.busy:
            break
        settle(app, table, 1)
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="")])
    settle(app, table, 20)
    save(app, out, "fomo-seen")
    app.feed([pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0)])


def reveal(out: Path) -> None:
    app = new_app()
    table = table_for(app, (0,), seed=5)
    my_turn(app, table)
    state = table.state
    for slot in range(4):  # four 5s in the hidden set (taken from the draw pile)
        j = state.draw.index("5") if "5" in state.draw else None
        if j is not None and state.sets[0][slot] != "5":
            state.draw[j], state.sets[0][slot] = state.sets[0][slot], state.draw[j]
    table.snap_to_view()
    app.settings.animation = "normal"
    press(app, pygame.K_o)
    save(app, out, "fomo-confirm")
    press(app, pygame.K_y)
    for _ in range(150):
        app.tick(16)
        if table.hud.verdict is not None:
            break
    settle(app, table, 30)
    save(app, out, "fomo-reveal")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for make in (turn, canceled, seen, reveal):
        make(args.out)
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
