"""The app gives freed heap pages back to the system every ``heap.TRIM_EVERY_MS`` (scenes/heap.py),
after the surface caches forget what was not drawn since the sweep before (scenes/surface_cache.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from scenes import heap, surface_cache
from scenes.app import App
from scenes.menus import TitleScene
from scenes.table import faces  # noqa: F401  (its cache is one the log names)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_freed_memory_is_given_back_on_linux() -> None:
    assert heap.give_back_free_memory() is True


def test_without_malloc_trim_nothing_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heap, "_trim", None)
    assert heap.give_back_free_memory() is False


class SteppingClock:
    """A fake ``pygame.time.Clock``: each tick is a tenth of a second, stopping the app after
    ``stop_ms`` of it."""

    def __init__(self, app: App, stop_ms: int) -> None:
        self.app, self.now_ms, self.stop_ms = app, 0, stop_ms

    def tick(self, fps: int = 0) -> int:
        self.now_ms += 100
        if self.now_ms >= self.stop_ms:
            self.app.running = False
        return 100


def test_the_app_loop_sweeps_every_trim_interval(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    done: list[str] = []

    def trim(pad: int) -> int:
        done.append("trim")
        return 1

    monkeypatch.setattr(heap, "_trim", trim)
    monkeypatch.setattr(surface_cache, "forget_unused", lambda: done.append("forget"))
    app.push(TitleScene(app))
    app.clock = SteppingClock(app, stop_ms=heap.TRIM_EVERY_MS * 5 // 2)  # type: ignore[assignment]
    app.run()
    assert done == ["forget", "trim"] * 2  # after one interval and two: unused surfaces go first


def test_other_systems_are_not_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heap.sys, "platform", "darwin")
    assert heap._find_trim() is None


def test_with_a_heap_log_each_sweep_writes_a_line_naming_every_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "heap.jsonl"
    monkeypatch.setenv(heap.LOG_ENV, str(log))
    monkeypatch.setattr(heap, "_trim", lambda pad: 1)
    heap.give_back_free_memory()
    heap.give_back_free_memory()
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(lines) == 2
    assert "scenes.table.faces" in lines[0]["caches"]  # bytes, entries, budget, hits, misses
    assert len(lines[0]["caches"]["scenes.table.faces"]) == 5
