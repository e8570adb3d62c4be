"""Drive OMYN from the title to the results on a real X display with xdotool, as people would:
the mouse for the menus, the keys at the table (1 and 2 peek, Enter ends the look, D draws and
drops, N plays a power plain, O then Y calls OMYN, a seat's own reflex key then a number claims
a chain, Space lifts the curtain, Tab held shows the cards just shown to you). Screenshots go to
``--shots``.

    Xvfb :12 -screen 0 1280x720x24 &
    DISPLAY=:12 .venv/bin/python tests/ui/omyn_drive.py --mode bot --shots /tmp/omyn-shots
    DISPLAY=:12 .venv/bin/python tests/ui/omyn_drive.py --mode two --shots /tmp/omyn-shots

``bot``: you against three normal bots; ``two``: two people share the screen with two bots (the
curtain between their turns; chain windows raced on the open table with Left Shift and Z).
``--memory-aids`` turns the rule option on (an eye on every slot you know).
The match is a short game (``turn_limit``), and after ``--call-after`` seconds the people call
OMYN on their turns, so every run ends. Exits 0 only if the finished match was filed as a replay.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from xdrive import (  # type: ignore[import-not-found]
    exit_status,
    finished,
    key,
    program_at_seats,
    shot,
    write_settings,
    xdo,
)

REFLEX = ("Shift_L", "z")  # the kit's default reflex keys of seats 0 and 1


def settings_file(
    data: Path, seats: list[dict[str, object]], turns: int, memory_aids: bool = False
) -> None:
    write_settings(data, "omyn", seats, {"turn_limit": turns, "memory_aids": memory_aids})


def play(data: Path, shots: Path, limit_s: float, people: int, call_after: float) -> bool:
    start = time.monotonic()
    taken = 0
    looked = False
    while time.monotonic() - start < limit_s:
        elapsed = time.monotonic() - start
        if people > 1:
            key("space", 0.4)  # the curtain: the next person is ready
        if not looked:
            time.sleep(3.0)  # the deal is shown first
            if people > 1:
                key("space", 0.4)  # then the curtain drops for the first peek
        for name in ("1", "2"):  # the opening peek
            key(name, 0.2)
        if not looked:  # Tab held while looking: the peeked cards show
            xdo("keydown", "Tab")
            time.sleep(0.4)
            shot(shots, "look")
            xdo("keyup", "Tab")
            looked = True
        key("Return", 0.2)  # done looking (after the peek, an Insight, a Spy, a Good Omen)
        if elapsed > call_after:
            key("o", 0.3)
            key("y", 1.2)
        for name in ("d", "d", "n"):  # draw, drop, a power played plain
            key(name, 0.35)
        for seat in range(people):  # slap: the seat's own key, then its slot 1
            xdo("key", REFLEX[seat])
            time.sleep(0.05)
        if people > 1:
            time.sleep(0.2)
            shot(shots, f"race-{taken}") if taken < 4 else None
        key("1", 0.6)
        if taken < 6 and elapsed > 10 * (taken + 1):
            shot(shots, f"table-{taken}")
            taken += 1
        if finished(data):
            # The final reveal turns every row up, then waits for Space; then the results. One
            # Space only: another would be the results' "Play again".
            for step in range(10):
                time.sleep(1.0)
                shot(shots, f"end-{step}")
            key("space", 2.0)
            shot(shots, "results")
            return True
    return False


def run(
    mode: str, shots: Path, limit_s: float, call_after: float, turns: int, aids: bool = False
) -> bool:
    shots.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="omyn-ui-"))
    names = (
        ("You", "Nimal", "Kamala", "Saman") if mode == "bot" else ("Amal", "Dev", "Rani", "Saman")
    )
    people = 1 if mode == "bot" else 2
    seats: list[dict[str, object]] = [
        {"kind": "human" if i < people else "bot", "name": name, "level": "normal"}
        for i, name in enumerate(names)
    ]
    settings_file(data, seats, turns, aids)
    with program_at_seats("omyn", data, shots, mode):
        xdo("mousemove", "5", "715")  # out of the way: the keys choose from here on
        shot(shots, f"{mode}-seats")
        for _ in range(3):  # from the first seat's kind, up past Players, round to Back, Start
            key("Up", 0.1)
        shot(shots, f"{mode}-seats-start")
        key("Return", 2.0)  # Start
        shot(shots, f"{mode}-start")
        ok = play(data, shots, limit_s, people, call_after)
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mode", choices=("bot", "two"), default="bot")
    parser.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "omyn-shots")
    parser.add_argument("--limit", type=float, default=600.0, help="seconds before giving up")
    parser.add_argument("--call-after", type=float, default=120.0, help="seconds before OMYN")
    parser.add_argument("--turns", type=int, default=14, help="the game's turn limit")
    parser.add_argument("--memory-aids", action="store_true", help="the rule option on")
    args = parser.parse_args()
    return exit_status(
        run(args.mode, args.shots, args.limit, args.call_after, args.turns, args.memory_aids)
    )


if __name__ == "__main__":
    sys.exit(main())
