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
import time
from pathlib import Path

from xdrive import ROOT, click, game_row, key, shot  # type: ignore[import-not-found]


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
        time.sleep(4)
        click(640, 206 + 48 * 2, 1.5)  # Statistics, the title's third item
        click(1, 719, 0.3)  # the pointer off the panels
        for _ in range(game_row(args.game)):  # the screen opens on the first game's tab
            key("Right", 0.5)
        shot(args.shots, "stats")
        key("Tab", 0.8)  # the next row's figures
        shot(args.shots, "stats-tab")
    finally:
        app.terminate()
        app.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
