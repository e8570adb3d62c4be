"""Issue 28's attack on the stored files, as one run: prints each failing case and "N cases, M fail".

1. The damage matrix: each of the 5 stored files (settings, autosave, statistics, replay, OMG
   deck) with each of 18 kinds of damage to the file itself (empty, cut, not JSON, a FIFO, a
   symlink loop, a device, 40 MB...).
2. The wrong-type sweep: every field of a genuine file down to depth 3 (and the first action of a
   log), replaced by each of 8 values of the wrong type.
3. Hostile but well-typed values: times of -1e20 or 2**70, a 1 MB seat name, an id that is a path...
4. Folder-level cases: the data folder a symlink loop or a file, logs/ or replays/ or decks/ a file.

Each case is a fresh data folder, the real start of the App (headless, ``SDL_VIDEODRIVER=dummy``)
visiting every screen that reads a stored file (tests/store/screens.py), then a second start. A
case fails on an exception, a hang (60 s), a file neither read nor set aside once with one line,
or a second start with something to say.

    .venv/bin/python bench/damage_matrix.py [--quick]
"""

from __future__ import annotations

import argparse
import copy
import json
import logging
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import common  # noqa: F401  (puts this tree on sys.path)

from tests.store.helpers import PLACES, genuine_files
from tests.store.screens import run_case

Damage = Callable[[Path, bytes], object]  # writes the damaged file at the path


def write(content: bytes) -> Damage:
    return lambda place, genuine: place.write_bytes(content)


def edited(change: Callable[[bytes], bytes]) -> Damage:
    return lambda place, genuine: place.write_bytes(change(genuine))


def envelope(change: Callable[[dict[str, Any]], Any]) -> Damage:
    def damage(place: Path, genuine: bytes) -> None:
        place.write_text(json.dumps(change(json.loads(genuine))))

    return damage


def huge(place: Path, genuine: bytes) -> None:
    with open(place, "wb") as handle:  # sparse: 40 MB without writing them
        handle.truncate(40 * 1024 * 1024)


DAMAGE: dict[str, Damage] = {
    "empty": write(b""),
    "blank": write(b"  \n"),
    "cut in half": edited(lambda raw: raw[: len(raw) // 2]),
    "last byte cut": edited(lambda raw: raw[:-1]),
    "not JSON": write(b"{this is not json"),
    "not UTF-8": edited(lambda raw: b"\xff\xfe" + raw),
    "NUL bytes": edited(lambda raw: raw[:10] + b"\x00" * 64 + raw[10:]),
    "a JSON list": write(b"[1, 2, 3]"),
    "a JSON string": write(b'"omnibus"'),
    "another kind": envelope(lambda data: {**data, "kind": "something-else"}),
    "a newer version": envelope(lambda data: {**data, "version": 99}),
    "version as text": envelope(lambda data: {**data, "version": "1"}),
    "nested 100000 deep": write(b"[" * 100_000 + b"]" * 100_000),
    "an integer of 5000 digits": write(b"9" * 5000),
    "40 MB": huge,
    "a FIFO": lambda place, genuine: os.mkfifo(place),
    "a symlink loop": lambda place, genuine: os.symlink(place.name, place),
    "a link to /dev/zero": lambda place, genuine: os.symlink("/dev/zero", place),
}
WRONG_TYPES: list[Any] = [None, True, 0, -1, 1.5, "x", [], {}]
HOSTILE_VALUES: list[tuple[str, tuple[Any, ...], list[Any]]] = [
    ("autosave", ("saved",), [-1e20, "-inf", 1e308, 2**70]),
    ("autosave", ("started",), [-1e20, 1e308, 2**70]),
    ("autosave", ("id",), ["../../../escape", "a/b", "i" * 300]),
    ("autosave", ("match", "now_ms"), [None, "x", [], "A" * 100_000, 10**30]),
    ("autosave", ("match", "seats", 0, "name"), ["A" * 1_000_000, "word " * 20_000]),
    ("autosave", ("match", "seed"), [2**200]),
    ("statistics", ("games", "omi", "history", 0, "finished"), [-1e20, 1e308, 2**70]),
    ("statistics", ("games", "omi", "kinds", "you", "played"), [2**70]),
    ("statistics", ("games", "omi", "history", 0, "entries", 0, "name"), ["A" * 1_000_000]),
    ("replay", ("finished",), [-1e20, 1e308, 2**70]),
    ("replay", ("started",), [-1e20, 2**70]),
    ("replay", ("match", "now_ms"), [None, "x", [], "A" * 100_000]),
    ("replay", ("seats", 0), ["A" * 1_000_000, "word " * 20_000]),
    ("replay", ("summary",), ["A" * 1_000_000]),
    ("replay", ("winners",), [[99], [-1]]),
    ("settings", ("window",), [[16384, 16384], [10**9, 10**9]]),
    ("settings", ("volume",), [400, -1]),
    (
        "settings",
        ("last_setup",),
        [{"omi": {"seats": [{"kind": "human", "name": "A" * 10**6}]}}],
    ),
    ("omg-deck", ("name",), ["A" * 1_000_000, "dawn"]),
    ("omg-deck", ("beings",), [["A" * 100_000] * 12]),
]
HOSTILE = [(kind, where, value) for kind, where, values in HOSTILE_VALUES for value in values]


def fields(data: Any, prefix: tuple[Any, ...] = (), depth: int = 3) -> list[tuple[Any, ...]]:
    """Every field down to ``depth`` (the first item of each list only)."""
    found = [prefix] if prefix else []
    if depth == 0:
        return found
    if isinstance(data, dict):
        for key, value in data.items():
            found += fields(value, (*prefix, key), depth - 1)
    elif isinstance(data, list) and data:
        found += fields(data[0], (*prefix, 0), depth - 1)
    return found


def replaced(data: dict[str, Any], where: tuple[Any, ...], value: Any) -> bytes:
    changed = copy.deepcopy(data)
    holder = changed
    for key in where[:-1]:
        holder = holder[key]
    holder[where[-1]] = value
    return json.dumps(changed).encode()


def folder_cases() -> dict[str, Callable[[Path], None]]:
    def file_at(relative: str) -> Callable[[Path], None]:
        def make(root: Path) -> None:
            (root / relative).parent.mkdir(parents=True, exist_ok=True)
            (root / relative).write_text("not a folder")

        return make

    def loop(root: Path) -> None:
        root.rmdir()
        os.symlink(root.name, root)

    def a_file(root: Path) -> None:
        root.rmdir()
        root.write_text("not a folder")

    return {
        "data folder a symlink loop": loop,
        "data folder a file": a_file,
        "logs/ a file": file_at("logs"),
        "replays/ a file": file_at("replays"),
        "replays/omi a file": file_at("replays/omi"),
        "decks/ a file": file_at("decks"),
        "damaged/ a file": file_at("damaged"),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="every 10th wrong-type case only")
    args = parser.parse_args()
    logging.getLogger().addHandler(logging.NullHandler())  # the notices are counted, not printed
    genuine = genuine_files()
    raw = {kind: json.dumps(data).encode() for kind, data in genuine.items()}
    cases: list[tuple[str, str, Callable[[Path], Path | None]]] = []

    def at(kind: str, damage: Damage) -> Callable[[Path], Path | None]:
        def make(root: Path) -> Path | None:
            place = root / PLACES[kind]
            place.parent.mkdir(parents=True, exist_ok=True)
            damage(place, raw[kind])
            return place

        return make

    for kind in sorted(PLACES):
        for name, damage in DAMAGE.items():
            cases.append(("matrix", f"{kind}: {name}", at(kind, damage)))
    sweep = [
        (kind, where, value)
        for kind in sorted(PLACES)
        for where in fields(genuine[kind])
        for value in WRONG_TYPES
    ]
    for index, (kind, where, value) in enumerate(sweep):
        if args.quick and index % 10:
            continue
        content = replaced(genuine[kind], where, value)
        label = f"{kind}: {'.'.join(map(str, where))} = {json.dumps(value)}"
        cases.append(("wrong type", label, at(kind, write(content))))
    for kind, where, value in HOSTILE:
        label = f"{kind}: {'.'.join(map(str, where))} = {str(value)[:24]}"
        cases.append(("hostile", label, at(kind, write(replaced(genuine[kind], where, value)))))
    for name, make_folder in folder_cases().items():

        def folder(root: Path, make_folder: Callable[[Path], None] = make_folder) -> None:
            make_folder(root)

        cases.append(("folder", name, folder))

    started = time.perf_counter()
    failed: dict[str, int] = {}
    counts: dict[str, int] = {}
    for group, label, make in cases:
        counts[group] = counts.get(group, 0) + 1
        with tempfile.TemporaryDirectory() as temporary:
            root = Path(temporary) / "data"
            root.mkdir()
            place = make(root)
            problem = run_case(root, place)
        if problem is not None:
            failed[group] = failed.get(group, 0) + 1
            print(f"FAIL [{group}] {label}: {problem}", flush=True)
    for group, count in counts.items():
        print(f"{group}: {count} cases, {failed.get(group, 0)} fail")
    total_failed = sum(failed.values())
    print(
        f"{len(cases)} cases, {total_failed} fail "
        f"({time.perf_counter() - started:.0f} s, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})"
    )
    return 1 if total_failed else 0


if __name__ == "__main__":
    sys.exit(main())
