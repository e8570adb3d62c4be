"""A table's start collects every cycle once and freezes what is alive, so the full collections of
the match do not walk the whole table (each was a dropped frame: scenes/collector.py)."""

from __future__ import annotations

import gc
import weakref

from game.core.runner import SyncBotRunner
from scenes.app import App
from scenes.session import new_match, setup_of, table_scene
from scenes.table.collector import collect_and_freeze
from tests.scenes.conftest import omi_table, run_frames


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


def test_a_table_start_freezes_the_objects_alive(quick_app: App) -> None:
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    table = omi_table(quick_app)
    run_frames(quick_app, 1)  # its first frame: the table is in charge by then
    frozen = gc.get_freeze_count()
    assert frozen > 10_000  # the app, the table, the match: all out of the collector's walks
    assert gc.is_tracked(table) and len(gc.get_objects()) < frozen
    run_frames(quick_app, 30)
    assert gc.get_freeze_count() <= frozen  # frames never freeze more: only a table's start


def test_a_cycle_frozen_with_one_match_is_collected_at_the_next() -> None:
    node = Node()
    alive = weakref.ref(node)
    collect_and_freeze()  # the first match starts while the node is in use
    del node
    gc.collect()
    assert alive() is not None  # frozen: the match's collections leave it alone
    collect_and_freeze()  # the next match starts
    assert alive() is None


def test_a_cycle_dropped_before_a_table_starts_is_collected_then() -> None:
    node = Node()
    alive = weakref.ref(node)
    del node
    collect_and_freeze()
    assert alive() is None


def test_a_demo_table_replaced_by_the_next_is_collected_at_the_next_start(quick_app: App) -> None:
    """A demo's next match replaces the table from inside its own frame (``on_finished``): the
    old table is still in use while the new one starts, so it must not be frozen with it (it
    kept its images, ~4 MiB at 1920x1080, for a whole match: issue 32)."""
    old = omi_table(quick_app)
    gone = weakref.ref(old)
    setup = setup_of(old.match)
    setup.seed += 1
    # What the demo's next match does, from inside the old table's frame: ``old`` is in use.
    quick_app.replace(table_scene(quick_app, new_match(setup, (0, 0), SyncBotRunner())))
    del old
    run_frames(quick_app, 2)
    gc.collect()
    assert gone() is None
