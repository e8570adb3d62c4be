"""Drive Om Nom Nom from the title to the results on a real X display with xdotool, as people
would: the mouse through the menus, then at the table the number keys 1–6 to pick (a played
animal is refused with its reason, so cycling the keys always finds a card), Space to lift the
curtain, to skip an animation and to close the round's score. Screenshots go to ``--shots``.

    Xvfb :15 -screen 0 1280x720x24 &
    DISPLAY=:15 .venv/bin/python tests/ui/omnomnom_drive.py --mode bot --shots /tmp/omn-shots
    DISPLAY=:15 .venv/bin/python tests/ui/omnomnom_drive.py --mode three
    DISPLAY=:15 .venv/bin/python tests/ui/omnomnom_drive.py --mode solo

``bot``: you against three normal bots; ``three``: three people share the screen with one bot
(each picks behind the curtain); ``solo``: you against three virtual colours. It exits 0 only
if the finished match was filed as a replay and the results screen was captured.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from xdrive import click, exit_status, finished, key, program_at_seats, shot, write_settings  # type: ignore[import-not-found]


def settings_file(data: Path, seats: list[dict[str, object]], options: dict[str, int]) -> None:
    write_settings(data, "omnomnom", seats, dict(options))


def play(data: Path, shots: Path, limit_s: float, people: int) -> bool:
    """Press the keys people would until the match is filed; pictures on the way."""
    start = time.monotonic()
    taken = 0
    digit = 0
    while time.monotonic() - start < limit_s:
        for _ in range(people):
            if finished(data):
                break  # Space now would close the last score, then press "Play again"
            if people > 1:
                key("space", 0.5)  # the curtain: the next person is ready
            key(str(digit % 6 + 1), 0.2)
            key(str((digit + 2) % 6 + 1), 0.2)
            digit += 1
        elapsed = time.monotonic() - start
        if taken < 8 and elapsed > 9 * (taken + 1):
            shot(shots, f"table-{taken}")
            taken += 1
        if finished(data):
            time.sleep(4)  # the last reveal plays out
            shot(shots, "last-round-score")
            key("space", 2.5)  # close the last round's score: the results
            return True
        key("space", 0.6)  # skip an animation, or close the round's score
    return False


def run(mode: str, shots: Path, limit_s: float) -> bool:
    shots.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="omnomnom-ui-"))
    options = {"solo": 3} if mode == "solo" else {}
    people = 3 if mode == "three" else 1
    names = (
        ("You", "Nimal", "Kamala", "Saman") if mode != "three" else ("Amal", "Dev", "Rani", "Saman")
    )
    seats: list[dict[str, object]] = [
        {
            "kind": "human" if i < people else "bot",
            "name": f"Colour {i}" if mode == "solo" and i else name,
            "level": "random" if mode == "solo" and i else "normal",
        }
        for i, name in enumerate(names)
    ]
    settings_file(data, seats, options)
    with program_at_seats("omnomnom", data, shots, mode):
        shot(shots, f"{mode}-seats")
        # Start: the seats screen pins it to its last row (solo has no Players row to count)
        click(413, 618, 2.0)
        shot(shots, f"{mode}-start")
        ok = play(data, shots, limit_s, people)
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mode", choices=("bot", "three", "solo"), default="bot")
    parser.add_argument(
        "--shots", type=Path, default=Path(tempfile.gettempdir()) / "omnomnom-shots"
    )
    parser.add_argument("--limit", type=float, default=600.0, help="seconds before giving up")
    args = parser.parse_args()
    return exit_status(run(args.mode, args.shots, args.limit))


if __name__ == "__main__":
    sys.exit(main())
