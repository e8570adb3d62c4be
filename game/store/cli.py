"""A hidden subcommand, ``autoplay``: a bot-only match on the real clock with autosave after every
action, printing one line per save. The kill-and-resume test drives it as a subprocess; it also
shows, without a window, that a match resumed from its autosave plays on to the end.

    python main.py --data-dir DIR autoplay omi --seed 3 --pace 20 40
    python main.py --data-dir DIR autoplay --resume
"""

from __future__ import annotations

import argparse
import sys
import time

from game.cli_args import INTERRUPTED_EXIT, MAX_PACE_MS, SEED, bounded_int
from game.core.errors import OptionError, UnknownGame
from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import SyncBotRunner
from game.store.store import Store

FRAME_S = 0.004


def register(subparsers: argparse._SubParsersAction) -> None:
    # No help= keeps it out of the command list: it is a test and diagnosis tool.
    parser = subparsers.add_parser("autoplay", description=__doc__)
    parser.add_argument("game", nargs="?", default="omi", help="game id or alias (default: omi)")
    parser.add_argument("--seed", type=SEED, default=1)
    parser.add_argument("--level", default="random", help="bot level for every seat")
    parser.add_argument(
        "--pace",
        type=bounded_int(0, MAX_PACE_MS, "ms"),
        nargs=2,
        default=(20, 40),
        metavar=("LOW", "HIGH"),
        help="bot pace in ms of real time (default 20 40)",
    )
    parser.add_argument("--resume", action="store_true", help="continue the saved match instead")
    parser.set_defaults(func=run_autoplay)


def run_autoplay(args: argparse.Namespace) -> int:
    store = Store.open(getattr(args, "data_dir", None))
    for notice in store.notices.take():
        print(f"notice {notice}", flush=True)
    pace = (args.pace[0], args.pace[1])
    if not 0 <= pace[0] <= pace[1]:
        print("autoplay: --pace needs 0 <= LOW <= HIGH", file=sys.stderr)
        return 2
    if args.resume:
        saved = store.pending_match()
        if saved is None:
            print("autoplay: there is no unfinished match to resume", file=sys.stderr)
            return 1
        match = saved.resume(SyncBotRunner(), pace)
        store.follow(match, saved)
        print(f"resumed {saved.match_id} {len(match.log)} {match.state.fingerprint()}", flush=True)
    else:
        try:
            game = find_game(args.game)
            seats = [Seat("bot", f"Bot {i + 1}", args.level) for i in range(game.info.min_players)]
            match = Match(game, seats, args.seed, runner=SyncBotRunner(), pace_ms=pace)
        except (UnknownGame, OptionError) as exc:
            print(f"autoplay: {exc}", file=sys.stderr)
            return 2
        store.follow(match)
        print(f"started {store.autosave.match_id}", flush=True)
    return _play(store, match)


def _play(store: Store, match: Match) -> int:
    try:
        return _play_to_end(store, match)
    except KeyboardInterrupt:
        store.close()  # the last save reaches the disk: --resume continues from it
        saved = store.autosave.last_saved
        print(
            f"autoplay: interrupted after {saved[0] if saved else 0} actions; "
            "the match is saved (continue with --resume)",
            file=sys.stderr,
        )
        return INTERRUPTED_EXIT


def _play_to_end(store: Store, match: Match) -> int:
    saved = len(match.log)
    last = time.perf_counter()
    while True:
        now = time.perf_counter()
        match.update(int((now - last) * 1000))
        last += int((now - last) * 1000) / 1000  # keep the fraction of a ms for the next frame
        store.sync()  # the match already tells the store after each action; this is a no-op then
        for notice in store.notices.take():  # a failed write says so, and claims no save
            print(f"notice {notice}", flush=True)
        written = store.autosave.last_saved
        if written is not None and written[0] != saved:
            saved = written[0]
            # Printed only after the write returned: the test's "last completed action".
            print(f"saved {written[0]} {written[1]}", flush=True)
        if match.is_over():  # filed by the store when its last action landed
            print(f"finished {len(match.log)} {match.state.fingerprint()}", flush=True)
            store.close()
            return 0
        time.sleep(FRAME_S)
