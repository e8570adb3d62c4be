"""Issue 29's FOMO changes on a real X display: you against three bots, the log
opened with L and scrolled back, Esc putting it away; the FOMO! question asked with O and put
away with Esc (not left behind the pause menu). Screenshots go to ``--shots``; look at them.

    Xvfb :13 -screen 0 1280x720x24 &
    DISPLAY=:13 .venv/bin/python tests/ui/fomo_evening_drive.py --shots /tmp/fomo-evening-x
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from xdrive import key, program_at_seats, shot, write_settings, xdo  # type: ignore[import-not-found]

NAMES = ("You", "Nimal", "Kamala", "Saman")  # (at six seats Start lies below the fold)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "fomo-x")
    args = parser.parse_args()
    args.shots.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="fomo-evening-"))
    seats = [
        {"kind": "human" if i == 0 else "bot", "name": name, "level": "normal"}
        for i, name in enumerate(NAMES)
    ]
    write_settings(data, "fomo", seats, {})
    with program_at_seats("fomo", data, args.shots, "four"):
        shot(args.shots, "four-seats")
        xdo("mousemove", "5", "715")  # out of the way: the keys choose from here on
        for _ in range(3):  # from the first seat's kind, up past Players, round to Back, Start
            key("Up", 0.1)
        key("Return", 2.0)  # Start (a click at a fixed place missed it once the rows moved)
        time.sleep(20)  # the deal and a round of bots
        shot(args.shots, "four-table")
        key("l", 0.6)
        shot(args.shots, "four-log")
        key("Page_Up", 0.6)
        shot(args.shots, "four-log-back")
        key("Escape", 0.6)
        shot(args.shots, "four-log-closed")
        # Your turn waits for you: the bots stood still since the table shot.
        key("o", 0.8)
        shot(args.shots, "four-question")
        key("Escape", 0.8)
        shot(args.shots, "four-question-escaped")  # the table, no question, no pause menu
        key("Escape", 0.8)
        path = shot(args.shots, "four-pause")  # the next Esc opens the pause menu
        key("Escape", 0.8)
        print("shots in", path.parent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
