"""Tweens advance only by the dt they are given: exact, frame-rate independent, testable."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from scenes.table.tween import (
    Tween,
    Tweens,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
    linear,
)


@dataclass
class Thing:
    x: float = 0.0
    y: float = 0.0


@pytest.mark.parametrize("easing", [linear, ease_out_cubic, ease_in_out_cubic, ease_out_back])
def test_easings_start_at_zero_and_end_at_one(easing) -> None:  # type: ignore[no-untyped-def]
    assert easing(0.0) == pytest.approx(0.0, abs=1e-9)
    assert easing(1.0) == pytest.approx(1.0, abs=1e-9)


def test_a_tween_moves_by_dt_and_lands_exactly() -> None:
    thing = Thing()
    tween = Tween(thing, {"x": 100.0}, 200, linear)
    tween.update(50)
    assert thing.x == pytest.approx(25.0)
    tween.update(50)
    assert thing.x == pytest.approx(50.0)
    tween.update(500)
    assert thing.x == 100.0 and tween.done


def test_frame_rate_does_not_change_the_path() -> None:
    coarse, fine = Thing(), Thing()
    a = Tween(coarse, {"x": 80.0, "y": -40.0}, 300, ease_in_out_cubic)
    b = Tween(fine, {"x": 80.0, "y": -40.0}, 300, ease_in_out_cubic)
    a.update(150)
    for _ in range(15):
        b.update(10)
    assert (coarse.x, coarse.y) == pytest.approx((fine.x, fine.y))


def test_delay_reads_the_start_when_it_ends() -> None:
    thing = Thing()
    started: list[float] = []
    tween = Tween(
        thing, {"x": 10.0}, 100, linear, delay_ms=100, on_start=lambda: started.append(thing.x)
    )
    tween.update(60)
    thing.x = 5.0  # moved by something else before the delay is over
    tween.update(40)
    assert started == [5.0]
    tween.update(50)
    assert thing.x == pytest.approx(7.5)


def test_a_new_tween_takes_over_a_field_and_callbacks_still_run() -> None:
    thing = Thing()
    tweens = Tweens()
    done: list[str] = []
    tweens.add(Tween(thing, {"x": 100.0}, 100, linear, on_done=lambda: done.append("first")))
    tweens.update(50)
    tweens.add(Tween(thing, {"x": -10.0}, 100, linear, on_done=lambda: done.append("second")))
    tweens.update(100)
    assert thing.x == -10.0
    assert sorted(done) == ["first", "second"]
    assert not tweens.busy()


def test_finish_all_and_stop() -> None:
    a, b = Thing(), Thing()
    tweens = Tweens()
    tweens.add(Tween(a, {"x": 3.0}, 1000, delay_ms=500))
    tweens.add(Tween(b, {"y": 4.0}, 1000))
    tweens.update(100)
    tweens.stop(b)
    assert tweens.busy(a) and not tweens.busy(b)
    y_when_stopped = b.y
    tweens.finish_all()
    assert a.x == 3.0 and b.y == y_when_stopped


def test_a_tween_waiting_out_its_delay_leaves_the_one_it_replaces_running() -> None:
    """A card sent on after a pause first finishes its flight (it does not freeze mid-air)."""
    thing = Thing()
    tweens = Tweens()
    tweens.add(Tween(thing, {"x": 100.0}, 100, linear))
    tweens.update(50)
    tweens.add(Tween(thing, {"x": -10.0}, 100, linear, delay_ms=100))
    tweens.update(25)
    assert thing.x == pytest.approx(75.0)
    tweens.update(50)
    assert thing.x == pytest.approx(100.0)
    tweens.update(75)  # the second has run 50 of its 100 ms, from where the first ended
    assert thing.x == pytest.approx(45.0)
    tweens.update(50)
    assert thing.x == -10.0 and not tweens.busy()


def test_a_lift_and_a_delayed_drop_both_play() -> None:
    """Up now, down after a pause (a glance at a hidden card): the drop waits, the lift plays."""
    thing = Thing()
    tweens = Tweens()
    tweens.add(Tween(thing, {"y": 20.0}, 200, linear))
    tweens.add(Tween(thing, {"y": 0.0}, 200, linear, delay_ms=900))
    heights = []
    for _ in range(120):
        tweens.update(10)
        heights.append(thing.y)
    assert heights[9] == pytest.approx(10.0)  # 100 ms: half way up
    assert heights[19:90] == [20.0] * 71  # up, until the drop starts at 900 ms
    assert heights[99] == pytest.approx(10.0)  # 1,000 ms: half way down
    assert thing.y == 0.0 and not tweens.busy()


def test_the_tween_added_last_wins_whichever_starts_first() -> None:
    thing = Thing()
    tweens = Tweens()
    tweens.add(Tween(thing, {"x": 50.0}, 100, linear, delay_ms=200))
    tweens.add(Tween(thing, {"x": 7.0}, 100, linear, delay_ms=100))
    tweens.finish_all()
    assert thing.x == 7.0
    thing.x = 0.0
    tweens.add(Tween(thing, {"x": 50.0}, 100, linear, delay_ms=200))
    tweens.add(Tween(thing, {"x": 7.0}, 100, linear, delay_ms=100))
    for _ in range(40):
        tweens.update(10)
    assert thing.x == 7.0 and not tweens.busy()
