"""The README's "Nothing is lost" pictures, headless (SDL's dummy driver draws the same pixels as
a window under Xvfb), built the way ``--self-check`` builds these scenes:

- ``resume.png``: the start-up prompt for a match autosaved at your turn (Omi);
- ``replay_open.png``: a finished OMYN bot match's replay, stepped a few moves in, cards open;
- ``crash.png``: the friendly error screen with a sample error raised on purpose.

    .venv/bin/python tests/ui/records_shots.py [--out docs/screenshots]

(The statistics picture comes from the xdotool tour, ``tests/ui/test_app_tour.py``: a person's
own match counted, which a store of bot matches cannot show.)
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

from scenes.app import App  # noqa: E402
from scenes.replay import ReplayScene  # noqa: E402
from scenes.scene import Scene  # noqa: E402
from scenes.selfcheck_scenes import crash_scene, replay_scene, resume_scene  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402

FRAME_MS = 16


def save(app: App, scene: Scene, path: Path, frames: int = 30, steps: int = 0) -> None:
    app.push(scene)
    for _ in range(frames):
        app.tick(FRAME_MS)
    for _ in range(steps):  # a replay stepped on as the Right key does, each step shown
        assert isinstance(scene, ReplayScene)
        scene._step_by_hand()
        for _ in range(40):
            app.tick(FRAME_MS)
    pygame.image.save(app.screen, str(path))
    print(path)
    while app.stack.top is not None:
        app.stack.pop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        app = App(SettingsFile(data), size=(1280, 720), data_dir=data)
        save(app, resume_scene(app, "omi", data), args.out / "resume.png")
        save(app, replay_scene(app, "omyn", data), args.out / "replay_open.png", steps=9)
        save(app, crash_scene(app), args.out / "crash.png")
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
