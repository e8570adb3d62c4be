"""The Statistics screen as a person opens it, on a real X display with xdotool: the program is
started on a data folder a drive left behind (``omyn_drive.py`` and the others print none, but
keep theirs under /tmp as ``<game>-ui-*``), Statistics is clicked on the title, and the screen is
shot at the game's tab; then Tab shows the next row's figures (a person's, a bot level's).

    Xvfb :13 -screen 0 1280x720x24 &
    DISPLAY=:13 .venv/bin/python tests/ui/stats_drive.py --data /tmp/omyn-ui-XXXX --shots /tmp/s
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from xdrive import ROOT, click, game_row, key, shot, wait_for_window  # type: ignore[import-not-found]


def tab_centre(game_id: str) -> tuple[int, int]:
    """Where the game's tab lies on the Statistics screen at 1280x720 (the scene drawn
    headless, as the program draws it)."""
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    from game.store.stats import Statistics
    from scenes.app import App
    from scenes.settings import SettingsFile
    from scenes.stats import StatsScene

    with tempfile.TemporaryDirectory() as folder:
        app = App(SettingsFile(Path(folder)), size=(1280, 720), data_dir=Path(folder))
        scene = StatsScene(app, Statistics(), game_id)
        scene.draw(app.screen)
        return scene.tab_rects[game_row(game_id)].center


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, required=True, help="a data folder with matches")
    parser.add_argument("--shots", type=Path, required=True)
    parser.add_argument("--game", default="omyn", help="the game's tab (they follow the chooser)")
    args = parser.parse_args()
    args.shots.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", SDL_FRAMEBUFFER_ACCELERATION="0")
    app = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--data-dir", str(args.data)], cwd=ROOT, env=env
    )
    try:
        wait_for_window(app)
        click(640, 206 + 48 * 3, 1.5)  # Statistics: Play, Learn, Rules, then it
        click(1, 719, 0.3)  # the pointer off the panels
        click(*tab_centre(args.game), 0.8)  # the game's tab (it opens on the last game played)
        click(1, 719, 0.3)
        shot(args.shots, "stats")
        key("Tab", 0.8)  # the next row's figures
        shot(args.shots, "stats-tab")
    finally:
        app.terminate()
        app.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
