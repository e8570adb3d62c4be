"""Every stored kind, damaged at random, then the real start and every screen that reads it.

For each kind (settings, autosave, statistics, replay, OMG deck) a genuine file has one field
replaced by a hostile value (or removed), or its bytes cut, flipped or spliced; then the App
starts on that data folder and visits the title, the resume offer (Continue, a few frames of
the table), Statistics of every game, Replays of every game (opened and stepped), the seats
screen and the deck builder. The rule: no exception, no hang (a per-case bound), the file
either read or set aside into ``damaged/`` with one line, and a second start with nothing to
say. Seeded (derandomized) and bounded, so it runs in ``make test``.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.store.helpers import PLACES, genuine_files  # noqa: E402
from tests.store.screens import run_case  # noqa: E402

CASE_BOUND_S = 60  # a hang fails the case instead of stalling the suite; a case takes ~0.3 s
GENUINE = genuine_files()
GENUINE_BYTES = {kind: json.dumps(data).encode() for kind, data in GENUINE.items()}

FUZZ = settings(
    max_examples=8,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


def paths_in(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document: each key of each object, each item of each list."""
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths_in(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths_in(value, (*prefix, index))
    return found


PATHS = {kind: paths_in(data) for kind, data in GENUINE.items()}
DELETE = object()

hostile = st.one_of(
    st.just(DELETE),
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([-1, 0, 1, 2**63, -(10**20), 10**30]),
    st.floats(),  # inf and nan too: Python's json writes and reads them
    st.sampled_from([-1e20, 1e308, -1e308, 5e-324]),
    st.text(max_size=12),
    st.sampled_from(["A" * 100_000, "word " * 20_000, "../../../escape", "a/b", "\x00", ""]),
    st.lists(st.integers(min_value=-3, max_value=3), max_size=3),
    st.dictionaries(st.sampled_from(["kind", "name", "x"]), st.integers(), max_size=2),
)


def with_field(kind: str, where: tuple[Any, ...], value: Any) -> bytes:
    data = copy.deepcopy(GENUINE[kind])
    holder = data
    for key in where[:-1]:
        holder = holder[key]
    if value is DELETE:
        del holder[where[-1]]
    else:
        holder[where[-1]] = value
    return json.dumps(data).encode()


@st.composite
def damaged_bytes(draw: st.DrawFn, kind: str) -> bytes:
    raw = GENUINE_BYTES[kind]
    at = draw(st.integers(min_value=0, max_value=len(raw)))
    how = draw(st.sampled_from(["cut", "flip", "splice", "junk"]))
    if how == "cut":
        return raw[:at]
    if how == "flip":
        byte = draw(st.integers(min_value=0, max_value=255))
        return raw[:at] + bytes([byte]) + raw[at + 1 :]
    if how == "splice":
        return raw[:at] + draw(st.binary(min_size=1, max_size=12)) + raw[at:]
    return draw(st.binary(max_size=64))


def check_case(kind: str, content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        place = root / PLACES[kind]
        place.parent.mkdir(parents=True, exist_ok=True)
        place.write_bytes(content)
        assert run_case(root, place, CASE_BOUND_S) is None


@pytest.mark.parametrize("kind", sorted(PLACES))
@FUZZ
@given(data=st.data())
def test_any_field_damaged_then_every_screen(kind: str, data: st.DataObject) -> None:
    where = data.draw(st.sampled_from(PATHS[kind]), label="field")
    check_case(kind, with_field(kind, where, data.draw(hostile, label="value")))


@pytest.mark.parametrize("kind", sorted(PLACES))
@FUZZ
@given(data=st.data())
def test_any_bytes_damaged_then_every_screen(kind: str, data: st.DataObject) -> None:
    check_case(kind, data.draw(damaged_bytes(kind), label="content"))


def teardown_module() -> None:
    pygame.quit()
