"""Bot strength for every game: one level against another, the bots seeing only their views.

    .venv/bin/python bench/strength.py --game GAME [the game's options]
    .venv/bin/python bench/strength.py --game GAME --help        # the game's options and method

Each game is measured the way its luck cancels best: Omi and Om Nom Nom on duplicate deals and dice
(``strength_duplicate.py``), FOMO, OMG and OMYN with the seats turning with the seed
(``strength_seats.py``). The statistics come from ``common.py``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

import strength_duplicate
import strength_seats

GAMES: dict[str, Callable[[list[str]], int]] = {
    "omi": strength_duplicate.omi,
    "omyn": strength_seats.omyn,
    "fomo": strength_seats.fomo,
    "omg": strength_seats.omg,
    "omnomnom": strength_duplicate.omnomnom,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, add_help=False)
    parser.add_argument("--game", choices=sorted(GAMES), help="which game's bots to measure")
    known, rest = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    if known.game is None:
        parser.print_help()
        return 2
    return GAMES[known.game](rest)


if __name__ == "__main__":
    sys.exit(main())
