"""Drive FOMO from the title to the results on a real X display with xdotool, as people would:
the mouse for the menus, the keys at the table (Enter plays the selected action and picks its
targets, D discards, the seat's own reflex key answers a Canceled window, Space lifts the
curtain, O then Y calls FOMO!). Screenshots go to ``--shots``.

    Xvfb :13 -screen 0 1280x720x24 &
    DISPLAY=:13 .venv/bin/python tests/ui/fomo_drive.py --mode bot --shots /tmp/fomo-shots
    DISPLAY=:13 .venv/bin/python tests/ui/fomo_drive.py --mode three --shots /tmp/fomo-shots
    DISPLAY=:13 .venv/bin/python tests/ui/fomo_drive.py --players 6 --people 2 --shots /tmp/f6

``bot``: you against three normal bots; ``three``: three people share the screen with one bot
(the curtain between their turns; Canceled windows answered on the open table with Left Shift,
Z and V). ``--players`` (3-6) and ``--people`` (the first seats are people, the rest bots) set
any other table. After ``--call-after`` seconds the people call FOMO! on their turns (a wrong call puts
them out), so every run ends. It exits 0 only if the finished match was filed as a replay and
the results screen was captured.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from xdrive import exit_status, finished, key, program_at_seats, shot, write_settings, xdo  # type: ignore[import-not-found]

REFLEX = ("Shift_L", "z", "v", "m", "Shift_R")  # the kit's default reflex keys of seats 0-4
NAMES = ("Amal", "Dev", "Rani", "Saman", "Nimal", "Kamala")


def settings_file(data: Path, seats: list[dict[str, object]]) -> None:
    write_settings(data, "fomo", seats, {})


def play(data: Path, shots: Path, limit_s: float, people: int, call_after: float) -> bool:
    """Press the keys people would until the match is filed; pictures on the way."""
    start = time.monotonic()
    taken = 0
    calls = 0
    while time.monotonic() - start < limit_s:
        elapsed = time.monotonic() - start
        if elapsed > call_after:
            key("o", 0.3)  # FOMO!? (refused with the reason when it is not our turn)
            key("y", 1.6)
            if calls < 3:
                shot(shots, f"call-{calls}")
                calls += 1
        for name in ("Return", "Return", "Return", "d"):
            key(name, 0.3)
        for seat in range(people):
            key(REFLEX[seat], 0.15)  # Canceled (or a pass) when an action names this seat
        if people > 1:
            key("space", 0.4)  # the curtain: the next person is ready
        if taken < 12 and elapsed > 8 * (taken + 1):
            shot(shots, f"table-{taken}")
            taken += 1
        if finished(data):
            time.sleep(3)  # the call's reveal
            shot(shots, "end")
            time.sleep(8)  # no key: one now would be the results' "Play again"
            return True
    return False


def run(
    mode: str, shots: Path, limit_s: float, call_after: float, players: int, people: int
) -> bool:
    shots.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="fomo-ui-"))
    names: tuple[str, ...] = (
        ("You", "Nimal", "Kamala", "Saman", "Dev", "Rani") if people == 1 else NAMES
    )
    names = names[:players]
    seats: list[dict[str, object]] = [
        {"kind": "human" if i < people else "bot", "name": name, "level": "normal"}
        for i, name in enumerate(names)
    ]
    settings_file(data, seats)
    with program_at_seats("fomo", data, shots, mode):
        shot(shots, f"{mode}-seats")
        xdo("mousemove", "5", "715")  # out of the way: the keys choose from here on
        for _ in range(3):  # from the first seat's kind, up past Players, round to Back, Start
            key("Up", 0.1)
        key("Return", 2.0)  # Start (its place moves with the rows; the keys find it)
        shot(shots, f"{mode}-start")
        ok = play(data, shots, limit_s, people, call_after)
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mode", choices=("bot", "three"), default="bot")
    parser.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "fomo-shots")
    parser.add_argument("--limit", type=float, default=900.0, help="seconds before giving up")
    parser.add_argument("--call-after", type=float, default=240.0, help="seconds before FOMO!")
    parser.add_argument("--players", type=int, choices=range(3, 7), help="(default: 4)")
    parser.add_argument("--people", type=int, choices=range(1, 6), help="people at the screen")
    args = parser.parse_args()
    players = args.players or 4
    people = args.people or (1 if args.mode == "bot" else 3)
    mode = args.mode if args.players is None and args.people is None else f"{players}p{people}"
    return exit_status(run(mode, args.shots, args.limit, args.call_after, players, people))


if __name__ == "__main__":
    sys.exit(main())
