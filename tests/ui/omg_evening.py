"""A new player's evening at OMG, by the mouse first, on a real X display with xdotool: the title,
the game chooser, the seats screen (the deck changed with its arrow, its Beings named on the line
below), a card marked in the mulligan, then each turn the focused card played with Enter, each
Being carried over the other side's Life (the attack's preview shows while it is held) and let
go, and a click on End turn; until the match is filed, then the results. Screenshots go to
``--shots`` (the first turns' moments, then one every few turns).

    Xvfb :93 -screen 0 1280x720x24 &
    DISPLAY=:93 .venv/bin/python tests/ui/omg_evening.py --shots /tmp/omg-evening

It exits 0 only if it reached the results.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from xdrive import (  # type: ignore[import-not-found]
    click,
    exit_status,
    finished,
    key,
    program_at_seats,
    shot,
    write_settings,
    xdo,
)

# Where things lie at 1280x720 (scenes/omg/board.py): the bottom hand's middle card, your lanes
# and the other side's Life cards.
HAND = (602, 655)
YOUR_LANES = [(486, 420), (602, 420), (718, 420)]
THEIR_LIFE = (349, 227)
END_TURN = (1141, 694)


def carry(start: tuple[int, int], end: tuple[int, int], picture: Path | None = None) -> None:
    """Press, move in steps as a hand does, (a picture while held), let go."""
    xdo("mousemove", str(start[0]), str(start[1]), "mousedown", "1")
    for i in range(1, 9):
        x, y = start[0] + (end[0] - start[0]) * i // 8, start[1] + (end[1] - start[1]) * i // 8
        xdo("mousemove", str(x), str(y))
        time.sleep(0.05)
    if picture is not None:
        shot(picture.parent, picture.stem)
    xdo("mouseup", "1")
    time.sleep(1.2)


def a_turn(shots: Path, turn: int) -> None:
    """Enter twice (the focused card, the first playable one, onto the first lit lane), each of
    your Beings carried at their Life (one that may not attack flies home and says why), then
    a click on End turn (Enter would pick the lane the mouse last passed over)."""
    early = turn < 3
    key("Return", 0.8)  # the focused card: the likeliest move
    if early:
        shot(shots, f"turn{turn}-lanes")
    key("Return", 2.0)  # its first lit lane
    for i, lane in enumerate(YOUR_LANES):
        picture = shots / f"turn{turn}-attack{i}.png" if early else None
        carry(lane, THEIR_LIFE, picture)
        time.sleep(1.5)  # the other side defends; the clash resolves
    if early:
        shot(shots, f"turn{turn}-before-end")
    click(*END_TURN, 0.6)  # the mouse on End turn (it glows when nothing is left)
    key("y", 0.6)  # "End the turn?" (something was left): yes
    xdo("mousemove", "1000", "300")  # the mouse off the cards while the other side plays


def run(shots: Path, limit_s: float) -> bool:
    shots.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="omg-evening-"))
    seats: list[dict[str, object]] = [
        {"kind": "human", "name": "You", "level": "normal"},
        {"kind": "bot", "name": "Nimal", "level": "normal"},
    ]
    write_settings(data, "omg", seats, {"turn_limit": 20})
    with program_at_seats("omg", data, shots, "evening"):
        xdo("mousemove", "976", "205")  # the bottom seat's deck: its Beings on the line below
        time.sleep(0.5)
        shot(shots, "evening-seats")
        click(1072, 205)  # its ">": Dusk
        shot(shots, "evening-deck")
        click(413, 618, 3.0)  # Start (the seats screen pins it there)
        click(*HAND, 0.8)  # mark the middle card to shuffle back
        shot(shots, "evening-mulligan")
        key("space", 2.0)  # confirm
        start, turn = time.monotonic(), 0
        while time.monotonic() - start < limit_s and not finished(data):
            time.sleep(4.0)  # Nimal's turn, at the default pace
            if finished(data):
                break
            a_turn(shots, turn)
            if turn >= 3 and turn % 3 == 0:
                shot(shots, f"turn{turn}")
            turn += 1
        reached = finished(data)
        time.sleep(3)
    return reached


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "omg-evening")
    parser.add_argument("--limit", type=float, default=900.0, help="seconds before giving up")
    args = parser.parse_args()
    return exit_status(run(args.shots, args.limit))


if __name__ == "__main__":
    sys.exit(main())
