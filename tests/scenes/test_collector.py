"""A table's start collects every cycle once and freezes what is alive, so the full collections of
the match do not walk the whole table (each was a dropped frame: scenes/collector.py)."""

from __future__ import annotations

import gc
import weakref

from scenes.app import App
from scenes.table.collector import collect_and_freeze
from tests.scenes.conftest import omi_table, run_frames


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


def test_a_table_start_freezes_the_objects_alive(quick_app: App) -> None:
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    table = omi_table(quick_app)
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
