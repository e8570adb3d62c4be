"""The statistics every bench reports (bench/common.py), checked against values worked by hand:
the benches print them, so one definition of each is all RESULTS.md's figures rest on."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

PATH = Path(__file__).resolve().parents[1] / "bench" / "common.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_common", PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


common = load()


def test_the_wilson_interval_of_five_in_ten_and_of_the_edges() -> None:
    assert common.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert common.wilson(10, 10)[1] == 1.0 and common.wilson(0, 10)[0] == 0.0
    assert common.wilson(0, 0) == (0.0, 1.0)  # no games: nothing is known


def test_a_percentile_is_the_value_at_its_rank() -> None:
    values = [float(v) for v in range(100, 0, -1)]  # 100 .. 1, any order
    assert common.percentile(values, 0.99) == 100.0
    assert common.percentile(values, 0.5) == 51.0
    p99, low, high = common.percentile_interval(values, 0.99)
    assert (p99, high) == (100.0, 100.0) and 96.0 <= low < p99


def test_a_mean_of_few_values_takes_students_t() -> None:
    mean, half = common.mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and half == pytest.approx(4.30 / 3**0.5)
    assert common.mean_interval([5.0]) == (5.0, 0.0)
    assert common.t95(1000) == 1.96


def test_a_setting_from_the_command_line_is_a_number_when_it_reads_as_one() -> None:
    assert common.settings_from(["iterations=200", "margin=0.5", "playout=club"]) == {
        "iterations": 200,
        "margin": 0.5,
        "playout": "club",
    }
