"""What grows on a table over a long evening, seen from inside: a demo played on game time.

Builds the app as ``main.py demo`` does (dummy video and audio, a fresh data folder), plays match
after match with bots thinking in this process, and drives frames at a fixed step (no waiting:
an hour of play takes minutes). Every simulated minute it prints the process's RSS, the bytes
and entries of every byte-budgeted surface cache (scenes/surface_cache.py), Python's own heap
(tracemalloc, with ``--trace``: the lines that grew most since the last report) and counts of
live objects by type, so a climb can be pinned on what holds it. It also does what the app does
every ``heap.TRIM_EVERY_MS`` of play (the caches forget what was not drawn, ``malloc_trim``;
``--keep`` and ``--no-trim`` skip them; the CPU time of the slowest such sweep is printed) and
prints glibc's own count of the heap (``mallinfo2``: bytes in use, free inside the heap,
mmapped), so a climb of freed-but-kept pages shows apart from live bytes.

    .venv/bin/python bench/soak_inside.py omyn --minutes 20
    .venv/bin/python bench/soak_inside.py omg --minutes 10 --trace
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=65536 .venv/bin/python bench/soak_inside.py omg

``--surfaces`` adds the live surfaces no byte-budgeted cache holds, by holder (an lru_cache by
its function), and every big buffer, each minute.

``--churn S`` resizes the window to a random size (seeded) or toggles fullscreen every S
simulated seconds, as a player dragging its corner and pressing F11 would (issue 32); with
``--real`` it runs on ``$DISPLAY`` (Xvfb) through the app's own display path, not the dummy driver:

    DISPLAY=:32 .venv/bin/python bench/soak_inside.py omg --minutes 5 --churn 3 --real
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))
from real_display import rss_mib  # noqa: E402

if "--real" not in sys.argv:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FRAME_MS = 33


def heap_line() -> str:
    """glibc's heap: in use, free but kept, mmapped chunks (MiB); empty off glibc."""
    from scenes.heap import heap_numbers

    info = heap_numbers()
    if "uordblks" not in info:
        return ""
    from scenes import surface_cache

    mib = 2**20
    outside = info["uordblks"] - sum(cache.bytes for cache in surface_cache._ALL)
    return (
        f"heap used {info['uordblks'] / mib:.1f} (outside the caches {outside / mib:.1f}) "
        f"free {info['fordblks'] / mib:.1f} "
        f"mmapped {info['hblkhd'] / mib:.1f} ({info['hblks']}) MiB"
    )


def named_caches() -> dict[str, object]:
    from scenes import theme
    from scenes.omg import hud as omg_hud
    from scenes.table import faces, sprites

    return {
        "faces": faces.SHARED_FACES,
        "shadowed": sprites._shadowed,
        "shadows": sprites._shadows,
        "layers": theme._layers,
        "texts": theme._texts,
        "omg-panels": omg_hud._panels,
    }


def caches_line() -> str:
    """Each surface cache: bytes/budget, entries, evicted by the budget, expired, hit rate."""
    from scenes import surface_cache

    names = {id(cache): name for name, cache in named_caches().items()}
    parts = []
    for cache in sorted(surface_cache._ALL, key=lambda c: names.get(id(c), "?")):
        asked = cache.hits + cache.misses
        parts.append(
            f"{names.get(id(cache), '?')} {cache.bytes / 2**20:.1f}/{cache.budget / 2**20:.0f}"
            f" n={len(cache)} ev={cache.evictions} ex={cache.expired}"
            f" hit={cache.hits / max(asked, 1):.1%}"
        )
    from scenes import theme

    parts.append(f"fonts n={len(theme._fonts)}")
    return " | ".join(parts)


def live_objects() -> list[object]:
    """Every object the collector tracks, the frozen ones too (a table freezes what lives at its
    start, scenes/table/collector.py, and ``gc.get_objects`` leaves those out): the walk starts
    at the modules as well. Garbage frozen in a cycle is beyond any walk: it shows only as heap
    in use outside the caches that no surface or object here accounts for."""
    found = {id(o): o for o in (sys.modules, *gc.get_objects())}
    stack = list(found.values())
    while stack:
        for ref in gc.get_referents(stack.pop()):
            if id(ref) not in found and gc.is_tracked(ref):
                found[id(ref)] = ref
                stack.append(ref)
    return list(found.values())


def _holder_name(holder: object) -> str:
    """A function (an lru_cache) by its name, a module by its own, anything else by its type."""
    if isinstance(holder, type(sys)):
        return holder.__name__
    if callable(holder) and not isinstance(holder, type):
        return f"{getattr(holder, '__module__', '?')}.{getattr(holder, '__qualname__', '?')}"
    if isinstance(holder, dict) and holder:
        return f"dict{{{str(next(iter(holder)))[:40]}: ...}}"  # its first key says whose
    return type(holder).__name__


def surfaces_line() -> str:
    """Live surfaces outside the byte-budgeted caches, by what holds them: each surface is
    named by the nearest holder the collector tracks (an lru_cache by its function's name, an
    object by its type; a dict of surfaces alone is untracked, so the walk goes through it),
    MiB and count, the largest holders first."""
    import pygame

    from scenes import surface_cache

    cached = {id(s) for cache in surface_cache._ALL for s in cache._entries.values()}
    seen: set[int] = set()
    held: dict[str, list[float]] = {}
    # Everything reachable: the collector's objects are not all (a table freezes what lives at
    # its start, scenes/table/collector.py), so the walk also starts at the modules.
    roots = live_objects()
    stack = [(o, _holder_name(o)) for o in roots]
    visited = {id(o) for o in roots}
    while stack:
        holder, name = stack.pop()
        for ref in gc.get_referents(holder):
            if isinstance(ref, pygame.Surface):
                if id(ref) not in cached and id(ref) not in seen:
                    seen.add(id(ref))
                    size = held.setdefault(name, [0.0, 0])
                    size[0] += ref.get_width() * ref.get_height() * ref.get_bytesize() / 2**20
                    size[1] += 1
            elif id(ref) not in visited:
                visited.add(id(ref))
                # An untracked container (a tuple or dict of surfaces) is named by its holder.
                stack.append((ref, _holder_name(ref) if gc.is_tracked(ref) else name))
                if sys.getsizeof(ref) >= 2**18:  # a big buffer, list or dict, by its holder
                    size = held.setdefault(f"{name}>{type(ref).__name__}", [0.0, 0])
                    size[0] += sys.getsizeof(ref) / 2**20
                    size[1] += 1
    total = sum(v[0] for v in held.values())
    top = sorted(held.items(), key=lambda kv: -kv[1][0])[:8]
    return f"surfaces outside caches {total:.1f} MiB: " + ", ".join(
        f"{name} {mib:.1f}/{count:.0f}" for name, (mib, count) in top
    )


CHURN_SIZES = ((800, 480), (1024, 600), (1280, 720), (1366, 768), (1600, 900), (1920, 1080))


def churn_once(app: Any, rng: random.Random) -> None:
    """A player's F11 (a quarter of the time) or a drag of the window's corner to a new size."""
    import pygame

    if rng.random() < 0.25 or app.settings.fullscreen:
        app.toggle_fullscreen()
        return
    pygame.display.set_mode(rng.choice(CHURN_SIZES), pygame.RESIZABLE)  # what the WM does
    app.feed([pygame.event.Event(pygame.VIDEORESIZE)])


def restore(app: Any) -> None:
    import pygame

    if app.settings.fullscreen:
        app.toggle_fullscreen()
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    app.feed([pygame.event.Event(pygame.VIDEORESIZE)])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--minutes", type=float, default=10.0, help="simulated minutes")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--trace", action="store_true", help="tracemalloc growth per minute")
    parser.add_argument("--keep", action="store_true", help="caches do not forget unused surfaces")
    parser.add_argument("--no-trim", action="store_true", help="no malloc_trim each minute")
    parser.add_argument(
        "--worker", action="store_true", help="bots in their worker process, as at the table"
    )
    parser.add_argument(
        "--surfaces", action="store_true", help="live surfaces outside the caches, by holder"
    )
    parser.add_argument("--churn", type=float, default=0.0, help="resize or F11 every S seconds")
    parser.add_argument("--real", action="store_true", help="a window on $DISPLAY, not dummy")
    parser.add_argument("--size", default="1280x720", help="the window, WxH")
    parser.add_argument(
        "--face-cards", type=int, default=None, help="the face cache holds this many cards"
    )
    args = parser.parse_args()

    import pygame

    from game.core.match import Match
    from game.core.runner import BotRunner, SyncBotRunner
    from scenes import heap, surface_cache
    from scenes.app import App
    from scenes.cli import _setup
    from scenes.session import new_match, process_runner, setup_of, table_scene
    from scenes.settings import SettingsFile

    if args.face_cards:
        from scenes.table import faces

        faces.WORKING_SET_CARDS = args.face_cards
    if args.trace:
        tracemalloc.start(8)
    folder = tempfile.mkdtemp(prefix="omnibus-soak-inside-")
    width, height = (int(v) for v in args.size.split("x"))
    app = App(SettingsFile(Path(folder)), size=(width, height))
    app.settings.animation = "fast"
    app.settings.bot_pace = "quick"
    runner: Callable[[], BotRunner] = process_runner if args.worker else SyncBotRunner
    app.runner_factory = runner
    setup = _setup(args.game, "normal", "", args.seed, args.players, None)
    matches = 0

    def next_match(finished: Match) -> None:
        nonlocal matches
        matches += 1
        again = setup_of(finished)
        again.seed += 1
        app.replace(table_scene(app, new_match(again, app.settings.pace_ms, runner()),
                                on_finished=next_match))  # fmt: skip

    app.to_title()
    app.push(table_scene(app, new_match(setup, app.settings.pace_ms, runner()),
                         on_finished=next_match))  # fmt: skip
    frames_a_minute = 60_000 // FRAME_MS
    before = tracemalloc.take_snapshot() if args.trace else None
    counts_before: Counter[str] = Counter()
    since_sweep = since_churn = 0
    churn = random.Random(args.seed)
    sweep_ms: list[float] = []  # CPU time of each sweep (forget + trim) this minute
    # With churn: two quiet minutes more after it, back at the window it started in, so the
    # end compares with the start (the caches forget what was not drawn in the meantime).
    quiet_from = int(args.minutes) + 1 if args.churn else 10**9
    for minute in range(1, int(args.minutes) + 1 + (2 if args.churn else 0)):
        if minute == quiet_from:
            restore(app)
            print("        churn over: back to a 1280x720 window")
        for _ in range(frames_a_minute):
            pygame.event.pump()
            app.tick(FRAME_MS)
            since_sweep += FRAME_MS
            since_churn += FRAME_MS
            if minute < quiet_from and args.churn and since_churn >= args.churn * 1000:
                since_churn = 0
                churn_once(app, churn)
            if since_sweep >= heap.TRIM_EVERY_MS:  # what the app's loop does, on game time
                since_sweep = 0
                started = time.process_time()
                if not args.keep:
                    surface_cache.forget_unused()
                if not args.no_trim:
                    heap.give_back_free_memory()
                sweep_ms.append((time.process_time() - started) * 1000)
        gc.collect()
        counts = Counter(type(o).__name__ for o in live_objects())
        grown = (counts - counts_before).most_common(5)
        counts_before = counts
        sweeps = f"sweeps {len(sweep_ms)} max {max(sweep_ms, default=0):.1f} ms"
        sweep_ms.clear()
        print(
            f"min {minute:3d} rss {rss_mib():6.1f} MiB matches {matches:3d} {heap_line()} {sweeps}"
        )
        print(f"        {caches_line()}")
        print(f"        objects grown: {grown}")
        if args.surfaces:
            print(f"        {surfaces_line()}")
        if args.trace and before is not None:
            now = tracemalloc.take_snapshot()
            for stat in now.compare_to(before, "lineno")[:6]:
                print(f"        {stat}")
            before = now
        sys.stdout.flush()
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
