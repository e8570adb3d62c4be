"""Look at hints on a real X display (issue 30, item 2): the program from the title to a table
of you against three normal bots, then the hint key (/) pressed as a person would, with a
picture while the hint is thought ("Thinking…" on the button) and one once it is shown (the card
ringed, its target lit, the sentence above the message line). Between hints it presses the
table's own keys (``STEPS``), so each game's kinds of choice are seen: OMYN's peek, its call
or draw and its drawn card; FOMO's turn; Om Nom Nom's picks.

    Xvfb :95 -screen 0 1280x720x24 &
    DISPLAY=:95 .venv/bin/python tests/ui/hint_drive.py --game omnomnom --shots /tmp/hints
    DISPLAY=:95 .venv/bin/python tests/ui/hint_drive.py --game omyn --shots /tmp/hints
    DISPLAY=:95 .venv/bin/python tests/ui/hint_drive.py --game fomo --shots /tmp/hints

It exits 0 once the pictures are taken; look at them (``<game>-hint-*.png``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from xdrive import click, key, program_at_seats, shot, write_settings, xdo  # type: ignore[import-not-found]

NAMES = ("You", "Nimal", "Kamala", "Saman")

# The keys a person presses before each hint (at that game's table), and the wait after them.
STEPS: dict[str, list[tuple[list[str], float]]] = {
    "omnomnom": [([], 0.0), (["1"], 6.0), (["2"], 6.0)],  # picks; the reveal plays out
    "omyn": [([], 0.0), (["1", "2", "Return"], 8.0), (["d"], 2.0), (["d", "n"], 8.0)],
    "fomo": [([], 0.0), (["Return", "Return", "Return", "d"], 10.0)],
    "omg": [([], 2.0), (["Return"], 8.0)],  # the mulligan, then the first turn
    "omi": [([], 2.0), (["Return"], 6.0), (["Return"], 6.0), (["Return"], 6.0)],  # play the lit
}


def run(game_id: str, shots: Path, hints: int) -> bool:
    shots.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix=f"{game_id}-hint-"))
    players = 2 if game_id == "omg" else len(NAMES)
    seats: list[dict[str, object]] = [
        {"kind": "human" if i == 0 else "bot", "name": name, "level": "normal"}
        for i, name in enumerate(NAMES[:players])
    ]
    write_settings(data, game_id, seats, {})
    with program_at_seats(game_id, data, shots, f"{game_id}-hint"):
        xdo("mousemove", "5", "715")  # out of the way: the keys choose from here on
        if game_id in ("omg", "omi"):  # more rows on their seats screens: click Start
            click(413, 618, 4.0)
        else:
            for _ in range(3):  # from the first seat's kind, up past Players, round to Back, Start
                key("Up", 0.1)
            key("Return", 4.0)  # Start; the deal plays out
        for index, (keys, wait) in enumerate(STEPS[game_id][:hints]):
            for name in keys:
                key(name, 0.6)
            time.sleep(wait)  # the bots move; the person's next choice comes
            key("slash", 0.05)
            shot(shots, f"{game_id}-hint-{index}-asked")
            time.sleep(2.5)
            shot(shots, f"{game_id}-hint-{index}-shown")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=sorted(STEPS), default="omnomnom")
    parser.add_argument("--shots", type=Path, default=Path(tempfile.gettempdir()) / "hints")
    parser.add_argument("--hints", type=int, default=4)
    args = parser.parse_args()
    return 0 if run(args.game, args.shots, args.hints) else 1


if __name__ == "__main__":
    sys.exit(main())
