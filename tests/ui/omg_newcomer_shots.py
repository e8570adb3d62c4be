"""Pictures of what issue 29 changed at the OMG table, taken from the running program on a real X
display with xdotool: the deck builder with a spaced name, the controls on H, two quick G
presses, a chosen card's first focus, an attacker's first target and the log.

    Xvfb :15 -screen 0 1280x720x24 &
    DISPLAY=:15 .venv/bin/python tests/ui/omg_newcomer_shots.py --shots /tmp/omg-newcomer
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from xdrive import click, key, program_at_seats, shot, write_settings, xdo  # type: ignore[import-not-found]


def builder(shots: Path) -> None:
    """From the seats screen: the builder, a Being taken out (11), a name with a space."""
    click(640, 306, 1.5)  # Deck builder…
    click(56, 142)  # take Poseidon out: 11 Beings, 33 cards
    for _ in range(10):
        key("BackSpace", 0.05)
    xdo("type", "--delay", "60", "Storm front")
    time.sleep(0.5)
    shot(shots, "builder-space")
    key("Escape", 1.2)


def table(shots: Path) -> None:
    key("space", 2.5)  # keep the opening hand
    time.sleep(8)  # the bot's mulligan and, if it goes first, its turn
    key("h", 0.6)
    shot(shots, "help")
    key("Escape", 0.8)  # closes the controls only
    key("g", 0.2)
    key("g", 1.5)  # 0.2 s later: a second draw, or its refusal
    shot(shots, "two-g")
    key("Return", 0.8)  # the focused card: its lane (never a displacement first)
    shot(shots, "place-focus")
    key("BackSpace", 0.6)
    for turn in range(4):  # a few turns of both, to fill the log
        key("Return", 0.6)  # the focused card, then its lane (or an attacker, then Life)
        key("Return", 1.5)
        key("space", 0.6)  # done defending, if asked
        key("e", 0.4)
        key("y", 0.4)
        time.sleep(7)
        key("space", 0.6)
        shot(shots, f"log-{turn}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "omg-newcomer")
    args = parser.parse_args()
    shots: Path = args.shots
    shots.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="omg-newcomer-"))
    seats = [
        {"kind": "human", "name": "You", "level": "normal"},
        {"kind": "bot", "name": "Nimal", "level": "normal"},
    ]
    write_settings(data, "omg", seats, {"turn_limit": 16})
    with program_at_seats("omg", data, shots, "newcomer"):
        shot(shots, "seats")
        builder(shots)
        click(413, 618, 2.0)  # Start (the seats screen pins it there)
        table(shots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
