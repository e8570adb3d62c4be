"""``python main.py replay FILE [--seat N]``: a stored match in the table's words, one line a
move (``Game.narrate``), with all cards open or as seat N saw it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.core.narration import narrate_log
from game.store.files import DamagedFile, decode_json, parse_untrusted, read_limited
from game.store.replay_cursor import ReplayCursor
from game.store.replays import parse_replay


def replay_lines(path: Path, seat: int | None = None) -> list[str]:
    """Every move of the replay at ``path`` in words (``seat`` 0-based, None: all cards open);
    ``DamagedFile`` if it cannot be read or does not replay, ``ValueError`` for a seat it has
    not."""
    info = parse_untrusted(decode_json(read_limited(path)), parse_replay)
    cursor = ReplayCursor(info.match)  # checks that the log replays to the saved match
    names = list(info.seat_names)
    if seat is not None and not 0 <= seat < len(cursor.seats):
        raise ValueError(f"the match has seats 1 to {len(cursor.seats)}, not {seat + 1}")
    words = narrate_log(
        cursor.game, len(cursor.seats), cursor.seed, cursor.options, cursor.log, names, seat
    )
    return [f"{number}. {text}" for number, text in enumerate(words, 1)]


def one_line(text: str) -> str:
    """A message that stays one line whatever the file's name or damage holds."""
    return " ".join(text.split())


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "replay", help="print a stored match (a replay file) move by move, in words"
    )
    parser.add_argument("file", help="a replay file (replays/<game>/*.json in the data folder)")
    parser.add_argument(
        "--seat",
        type=int,
        default=None,
        metavar="N",
        help="as seat N saw it (1 = the first seat); default: all cards open",
    )
    parser.set_defaults(func=run_replay, replay_parser=parser)


def run_replay(args: argparse.Namespace) -> int:
    seat = None if args.seat is None else args.seat - 1
    try:
        lines = replay_lines(Path(args.file), seat)
    except ValueError as exc:
        if isinstance(exc, DamagedFile):
            print(one_line(f"omnibus: {args.file} cannot be replayed: {exc}"), file=sys.stderr)
            return 1
        args.replay_parser.print_usage(sys.stderr)
        print(f"omnibus replay: --seat: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(one_line(f"omnibus: cannot read {args.file}: {exc.strerror or exc}"), file=sys.stderr)
        return 1
    for line in lines:
        print(line)
    return 0
