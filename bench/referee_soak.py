"""The screen referee over the whole product (issue 27): every table × every seat count it allows
(and its solo modes) × every animation speed × {bots, one person, two people}, each match played
through the real App to its results with the referee on every frame, as
tests/tables/test_referee.py plays its cases (the same function plays them).

The suite keeps a pairwise cover of this product (21 matches: every table meets every speed,
every company and each of its seatings; every speed meets every company). What runs only here:
the other 39 table × speed × company triples the suite played until session 29 (among them 10
of the 15 slow matches and 10 of the 15 normal ones, the dearest), and the seat counts between
the fewest, the middle and the most (3 and 5 seats of FOMO, OMYN and Om Nom Nom).

    .venv/bin/python bench/referee_soak.py [--game omi ...] [--speed slow ...]
        [--company "two people" ...] [--jobs 2] [--list]

Prints each failing match with its faults and ends with "N matches, M fail" (exit 1 on a fail).
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import time
from pathlib import Path

import common  # noqa: F401  (puts this tree on sys.path)

from scenes.tables import TABLES
from tests.tables.seatings import seatings
from tests.tables.test_referee import COMPANY, SPEEDS, case_id, fits

Case = tuple[str, int, int, str, str]  # game, players, solo, speed, company


def every_case(games: list[str], speeds: list[str], companies: list[str]) -> list[Case]:
    return [
        (game_id, players, solo, speed, company)
        for game_id in games
        for (players, solo), speed, company in itertools.product(
            seatings(game_id, every_count=True), speeds, companies
        )
        if fits(company, players, solo)
    ]


def play(case: Case) -> tuple[str, float, str]:
    """One match in a fresh App (this process's display): its id, CPU seconds and faults
    (empty: the screen stayed true)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    import pygame

    from scenes.app import App
    from scenes.settings import SettingsFile
    from tests.tables.people import summary
    from tests.tables.test_referee import SIZE, play_to_the_results

    started = time.process_time()
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        app = App(SettingsFile(data), size=SIZE, data_dir=data)
        try:
            match, referee, faults, people = play_to_the_results(app, *case)
            problems = summary(faults)
            if not match.is_over() or type(app.stack.top).__name__ != "ResultsScene":
                problems += "\nno results screen"
            if referee.checked_at_rest == 0:
                problems += "\nnever checked at rest"
            if people.seats and people.moves == 0:
                problems += "\nthe people made no move"
        except Exception as exc:  # a stuck person or a crash is a failing match too
            problems = repr(exc)
        finally:
            for scene in list(reversed(app.stack.scenes)):
                scene.exit()
            app.stack.scenes.clear()
            pygame.quit()
    return case_id(*case), time.process_time() - started, problems.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The screen referee over the whole product.")
    parser.add_argument("--game", action="append", choices=list(TABLES), help="(repeatable)")
    parser.add_argument("--speed", action="append", choices=SPEEDS, help="(repeatable)")
    parser.add_argument("--company", action="append", choices=COMPANY, help="(repeatable)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--list", action="store_true", help="name the matches, play none")
    args = parser.parse_args(argv)
    cases = every_case(
        args.game or list(TABLES), args.speed or list(SPEEDS), args.company or list(COMPANY)
    )
    if args.list:
        print("\n".join(case_id(*case) for case in cases))
        print(f"{len(cases)} matches")
        return 0
    failed = 0
    for name, cpu, problems in common.play_all(play, cases, args.jobs):
        print(f"{'FAIL' if problems else 'ok  '} {name} ({cpu:.1f} s CPU)", flush=True)
        if problems:
            failed += 1
            print("    " + problems.replace("\n", "\n    "), flush=True)
    print(f"{len(cases)} matches, {failed} fail")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
