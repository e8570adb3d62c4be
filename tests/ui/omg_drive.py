"""Drive OMG from the title to the results on a real X display with xdotool, as a person would:
the mouse for menus, the keys at the table (Enter picks the lit choice, Space keeps / is done /
lifts the curtain, E ends the turn and Y confirms). Screenshots go to ``--shots``.

    Xvfb :14 -screen 0 1280x720x24 &
    DISPLAY=:14 .venv/bin/python tests/ui/omg_drive.py --mode bot --shots /tmp/omg-shots
    DISPLAY=:14 .venv/bin/python tests/ui/omg_drive.py --mode two --shots /tmp/omg-shots
    DISPLAY=:14 .venv/bin/python tests/ui/omg_drive.py --mode deck --shots /tmp/omg-shots

``bot``: you against a normal bot; ``two``: two people on one screen (the curtain between their
turns and for the defender's block); ``deck``: a deck built in the deck builder, chosen on the
seats screen and played. Each run ends when the finished match is filed as a replay, then the
results screen is captured. It exits 0 only if it reached the results.
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


def settings_file(data: Path, seats: list[dict[str, object]], turn_limit: int) -> None:
    write_settings(data, "omg", seats, {"turn_limit": turn_limit})


def play_turns(data: Path, shots: Path, limit_s: float, two: bool) -> bool:
    """Press the keys a person would until the match is filed; a few pictures on the way."""
    start = time.monotonic()
    taken = 0
    cycle = ["Return", "Return", "Return", "space", "e", "y"]
    while time.monotonic() - start < limit_s:
        for name in cycle + (["space"] if two else []):  # two: the curtain, the next person
            if finished(data):
                break  # no key after the end: Enter on the results would play again
            key(name, 0.3)
        elapsed = time.monotonic() - start
        if taken < 4 and elapsed > 25 * (taken + 1):
            shot(shots, f"table-{taken}")
            taken += 1
        if finished(data):
            time.sleep(3)
            return True
    return False


def build_deck(shots: Path) -> None:
    """From the seats screen: open the builder, make a deck, name it, save it, come back."""
    click(640, 306, 1.5)  # Deck builder…
    click(56, 142)  # take Poseidon out ...
    click(461, 478)  # ... and put Indra in (the Storm column, fourth row)
    for _ in range(10):
        key("BackSpace", 0.05)
    xdo("type", "--delay", "60", "Sky")
    time.sleep(0.5)
    key("ctrl+s", 0.8)
    shot(shots, "builder")
    key("Escape", 1.2)


def run(mode: str, shots: Path, limit_s: float) -> bool:
    shots.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="omg-ui-"))
    human: dict[str, object] = {"kind": "human", "name": "You", "level": "normal"}
    seats: list[dict[str, object]] = [human, {"kind": "bot", "name": "Nimal", "level": "normal"}]
    if mode == "two":
        seats = [
            {"kind": "human", "name": "Amal", "level": "normal"},
            {"kind": "human", "name": "Dev", "level": "normal"},
        ]
    settings_file(data, seats, turn_limit=16)
    with program_at_seats("omg", data, shots, mode):
        shot(shots, f"{mode}-seats")
        if mode == "deck":
            build_deck(shots)
            click(1075, 210)  # seat 1's deck: the next choice after Dawn and Dusk
            click(1075, 210)
            shot(shots, "deck-seats")
        click(413, 618, 2.0)  # Start (the seats screen pins it there)
        ok = play_turns(data, shots, limit_s, mode == "two")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mode", choices=("bot", "two", "deck"), default="bot")
    parser.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "omg-shots")
    parser.add_argument("--limit", type=float, default=900.0, help="seconds before giving up")
    args = parser.parse_args()
    return exit_status(run(args.mode, args.shots, args.limit))


if __name__ == "__main__":
    sys.exit(main())
