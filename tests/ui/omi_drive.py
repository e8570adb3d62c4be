"""Drive Omi from the title to the results on a real X display with xdotool, as a person would:
the mouse through the menus, then at the table Enter (names the trumps the bar offers, plays the
lifted card, closes the hand's summary) until the match is filed. One hand (the seats screen's
"max hands" at 1) keeps it short; ``--two``: Kamala (top) is a person too, behind the curtain
(Space lifts it). Screenshots go to ``--shots``.

    Xvfb :15 -screen 0 1280x720x24 &
    DISPLAY=:15 .venv/bin/python tests/ui/omi_drive.py --shots /tmp/omi-shots [--two]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from xdrive import click, exit_status, finished, key, program_at_seats, shot, write_settings  # type: ignore[import-not-found]

NAMES = ("You", "Nimal", "Kamala", "Saman")


def run(shots: Path, two: bool, limit_s: float) -> bool:
    shots.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="omi-ui-"))
    people = (0, 2) if two else (0,)
    seats: list[dict[str, object]] = [
        {"kind": "human" if i in people else "bot", "name": name, "level": "normal"}
        for i, name in enumerate(NAMES)
    ]
    mode = "two" if two else "one"
    write_settings(data, "omi", seats, {"max_hands": 1})
    with program_at_seats("omi", data, shots, mode):
        shot(shots, f"{mode}-seats")
        click(413, 618, 2.0)  # Start: the seats screen pins it to its last row
        start, taken = time.monotonic(), 0
        while time.monotonic() - start < limit_s and not finished(data):
            if taken < 10 and time.monotonic() - start > 4 * (taken + 1):
                shot(shots, f"{mode}-table-{taken}")
                taken += 1
            key("Return", 0.7)
            if two:
                key("space", 0.7)  # the curtain: the next person is ready
        if not finished(data):
            return False
        time.sleep(2.0)
        shot(shots, f"{mode}-summary")
        key("Return", 2.5)  # close the hand's summary: the results
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "omi-shots")
    parser.add_argument("--two", action="store_true", help="Kamala (top) is a person too")
    parser.add_argument("--limit", type=float, default=300.0, help="seconds before giving up")
    args = parser.parse_args()
    return exit_status(run(args.shots, args.two, args.limit))


if __name__ == "__main__":
    sys.exit(main())
