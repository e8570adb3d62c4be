"""Read every game's rules pages on a real X display with xdotool, as a player would: from the
title by the keyboard (Rules, the game), every page read on with Space (which scrolls a long
page to its end, then turns to the next), then the mouse (Next, a page number, the wheel,
Previous). A screenshot of every screen goes to ``--shots``: look at them.

    Xvfb :16 -screen 0 1920x1080x24 &
    DISPLAY=:16 .venv/bin/python tests/ui/rules_drive.py --shots /tmp/rules-shots
    DISPLAY=:16 .venv/bin/python tests/ui/rules_drive.py --size 800x480 --games omnomnom

The window is made at ``--size`` (the program's smallest is 800×480; the layout's tests go down
to 640×480). It exits 0 when every game's pages were reached and shot.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from xdrive import ROOT, click, key, xdo  # type: ignore[import-not-found]
from xdrive import shot as take_shot

if TYPE_CHECKING:
    from scenes.rules import RulesScene

sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # this script's own layouts; not the program's


def shot(folder: Path, name: str) -> Path:
    """A screenshot, tried again once: ``import`` of a big screen now and then fails on a busy
    machine."""
    try:
        return take_shot(folder, name)
    except subprocess.CalledProcessError:
        time.sleep(1.0)
        return take_shot(folder, name)


def games() -> list[str]:
    """The games in the rules chooser's order (every registered game)."""
    from game.core.registry import all_games

    return [game.info.id for game in all_games()]


def button_centre(size: tuple[int, int], label: str) -> tuple[int, int]:
    """Where the title lays out its button ``label`` at ``size`` (worked out off screen)."""
    from scenes.app import App
    from scenes.menus import TitleScene
    from scenes.settings import SettingsFile

    folder = Path(tempfile.mkdtemp(prefix="rules-title-"))
    app = App(SettingsFile(folder), size=size, data_dir=folder)
    title = TitleScene(app)
    title.resize(size)
    item = next(item for item in title.form.items if item.label == label)
    return item.rect.center


def reader(game_id: str, size: tuple[int, int]) -> RulesScene:
    """The reader laid out as the program lays it out at ``size`` (for screen counts and where
    its buttons are), made off screen."""
    import pygame

    from scenes.rules import RulesScene

    pygame.font.init()

    class Stand:  # the reader asks its app for nothing but the size before it is drawn
        def __init__(self) -> None:
            self.size = size

    scene = RulesScene(Stand(), game_id)  # type: ignore[arg-type]
    scene.resize(size)
    return scene


def screens(scene: RulesScene) -> list[int]:
    """How many screens each page takes when read on with Space."""
    counts = []
    for number in range(len(scene.pages)):
        scene.go(number)
        count = 1
        while scene.screen_down():
            count += 1
        counts.append(count)
    scene.go(0)
    return counts


def write_settings(data: Path, size: tuple[int, int]) -> None:
    data.mkdir(parents=True, exist_ok=True)
    (data / "settings.json").write_text(
        f'{{"kind": "settings", "version": 1, "window": [{size[0]}, {size[1]}]}}'
    )


def read_game(game_id: str, size: tuple[int, int], shots: Path) -> int:
    """Every screen of the game's pages by Space; then the mouse. Returns the screens shot."""
    scene = reader(game_id, size)
    counts = screens(scene)
    tag = f"{size[0]}x{size[1]}-{game_id}"
    taken = 0
    for page, count in enumerate(counts):
        for part in range(count):
            shot(shots, f"{tag}-p{page + 1:02d}-{part + 1}")
            taken += 1
            key("space", 0.35)  # read on: the rest of the page, then the next page
    # The mouse: back to the start with Home, then Next, a page number, the wheel, Previous.
    key("Home", 0.4)
    buttons = scene.buttons
    click(*buttons["next"].center, pause=0.5)
    shot(shots, f"{tag}-mouse-next")
    longest = max(range(len(counts)), key=lambda page: counts[page])
    click(*scene.chips[longest].center, pause=0.5)
    xdo("click", "5")  # the wheel, down
    time.sleep(0.4)
    shot(shots, f"{tag}-mouse-chip{longest + 1}-wheel")
    click(*buttons["previous"].center, pause=0.5)
    shot(shots, f"{tag}-mouse-previous")
    return taken


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shots", type=Path, default=Path(tempfile.mkdtemp(prefix="rules-")))
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--games", default=",".join(games()))
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.split("x"))
    size = (width, height)
    args.shots.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="rules-data-"))
    write_settings(data, size)
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_FRAMEBUFFER_ACCELERATION="0")
    env.pop("SDL_VIDEODRIVER", None)
    xdo("mousemove", "1", "1")  # off the menu: a pointer over a button moves the keys' focus
    app = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(data)], cwd=ROOT, env=env
    )
    order = games()
    focus = 0
    total = 0
    try:
        time.sleep(4)
        # The keys' focus follows the pointer: point at Play, move off, then Down to Rules.
        xdo("mousemove", *(str(v) for v in button_centre(size, "Play")))
        time.sleep(0.3)
        xdo("mousemove", "1", "1")
        time.sleep(0.3)
        shot(args.shots, f"{args.size}-title")
        key("Down", 0.4)
        key("Return", 1.0)
        for game_id in args.games.split(","):
            target = order.index(game_id)
            for _ in range(target - focus):
                key("Down", 0.25)
            for _ in range(focus - target):
                key("Up", 0.25)
            focus = target
            key("Return", 1.0)
            total += read_game(game_id, size, args.shots)
            key("Escape", 0.8)  # back to the chooser, its focus on this game
        shot(args.shots, f"{args.size}-chooser")
    finally:
        app.terminate()
        app.wait(10)
    print(f"{total} screens of rules shot in {args.shots}")
    return 0 if total else 1


if __name__ == "__main__":
    sys.exit(main())
