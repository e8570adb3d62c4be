"""The referee: game time, windows, bot timing, hold/release, seats, queues, saves."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest

from game.core.errors import IllegalAction, SaveError
from game.core.events import CardMoved, Said, WindowClosed
from game.core.match import Match, Seat
from game.core.runner import SyncBotRunner
from game.omi import GAME as OMI
from tests.core.snap import Flip, Slap, SnapGame, SnapState

SNAP = SnapGame()


def snap(match: Match) -> SnapState:
    """The match's state as the snap game's own (its points and its window)."""
    return cast(SnapState, match.state)


def snap_runner() -> SyncBotRunner:
    def factory(game_id: str, level: str, seat: int, seed: int, settings: Any) -> Any:
        return SNAP.make_bot(level, seat, seed, **dict(settings))

    return SyncBotRunner(factory)


def slapper(ms: int) -> Seat:
    return Seat("bot", f"slaps in {ms}", "slapper", {"reaction_ms": ms})


def test_the_fastest_reaction_wins_the_slap_whatever_the_seat_order() -> None:
    match = Match(SNAP, [slapper(800), slapper(500), slapper(650)], 1, runner=snap_runner())
    match.update(999)
    assert snap(match).points == [0, 1, 0]
    assert [type(a) for _, a in match.log] == [Flip, Slap]
    assert match.log[1][0] == 500  # stamped with the game time it happened


def test_equal_reaction_times_are_resolved_by_seat_order() -> None:
    match = Match(SNAP, [slapper(600), slapper(500), slapper(500)], 1, runner=snap_runner())
    match.update(900)
    assert snap(match).points == [0, 1, 0]


def test_results_do_not_depend_on_the_frame_rate() -> None:
    seats = [slapper(700), slapper(450)]
    coarse = Match(SNAP, seats, 1, runner=snap_runner())
    fine = Match(SNAP, seats, 1, runner=snap_runner())
    coarse.update(10_000)
    for _ in range(625):
        fine.update(16)
    assert coarse.log == fine.log
    assert coarse.state.fingerprint() == fine.state.fingerprint()


def test_a_window_runs_its_full_length_after_the_slap() -> None:
    match = Match(SNAP, [Seat("human", "a"), Seat("human", "b")], 1, runner=snap_runner())
    match.subscribe(None)
    match.submit(Flip(0))
    match.update(300)
    match.submit(Slap(1))
    match.update(699)
    assert snap(match).window is not None
    match.update(1)
    assert any(isinstance(e, WindowClosed) and e.at_ms == 1000 for e in match.drain(None))


def test_hold_stops_the_clock_until_release() -> None:
    match = Match(SNAP, [Seat("human", "a"), slapper(400)], 1, runner=snap_runner())
    match.submit(Flip(0))
    match.hold()
    match.update(5000)
    assert match.now_ms == 0 and snap(match).points == [0, 0]
    match.release()
    match.update(399)
    assert snap(match).points == [0, 0]
    match.update(1)
    assert snap(match).points == [0, 1]
    with pytest.raises(RuntimeError):
        match.release()


def test_a_human_cannot_act_for_a_bot_seat_and_illegal_input_is_refused() -> None:
    match = Match(SNAP, [Seat("human", "a"), slapper(400)], 1, runner=snap_runner())
    with pytest.raises(IllegalAction):
        match.submit(Slap(0))  # nothing to slap yet
    with pytest.raises(IllegalAction, match="bot"):
        match.submit(Flip(1))
    assert match.log == []


def test_a_seat_can_switch_to_a_bot_mid_game_and_back() -> None:
    match = Match(SNAP, [Seat("human", "a"), Seat("human", "b")], 1, runner=snap_runner())
    match.submit(Flip(0))
    match.set_seat(1, slapper(300))
    match.update(999)
    assert snap(match).points == [0, 1]
    match.set_seat(1, Seat("human", "b"))
    match.update(5000)  # seat 1's turn to flip: nothing happens without the human
    assert len(match.log) == 2


def test_bot_pace_is_added_to_turn_moves_but_not_to_reflexes() -> None:
    match = Match(OMI, [Seat("bot", f"r{i}", "random") for i in range(4)], 2, pace_ms=(600, 1200))
    match.update(599)
    assert match.log == []  # the trump-maker waits at least 600 ms
    match.update(601)
    assert len(match.log) == 1 and 600 <= match.log[0][0] <= 1200


def test_each_viewer_gets_its_own_redacted_event_queue() -> None:
    match = Match(OMI, [Seat("human", f"h{i}") for i in range(4)], 3)
    for viewer in (0, 1, None):
        match.subscribe(viewer)
    match.update(0)  # the first deal
    mine = [e for e in match.drain(0) if isinstance(e, CardMoved)]
    theirs = [e for e in match.drain(1) if isinstance(e, CardMoved)]
    everything = [e for e in match.drain(None) if isinstance(e, CardMoved)]
    assert len(mine) == len(theirs) == len(everything) == 16
    assert {e.card is not None for e in mine if e.dst == "hand:0"} == {True}
    assert {e.card for e in theirs if e.dst == "hand:0"} == {None}
    assert all(e.card for e in everything)


def test_a_save_replays_to_the_same_match_and_a_tampered_one_is_refused() -> None:
    match = Match(OMI, [Seat("bot", f"r{i}", "random") for i in range(4)], 5)
    match.update(3000)
    saved = json.loads(json.dumps(match.to_json()))
    loaded = Match.from_json(saved)
    assert loaded.state.fingerprint() == match.state.fingerprint()
    assert loaded.seats == match.seats and loaded.now_ms == match.now_ms
    tampered = dict(saved, log=saved["log"][:-1])
    with pytest.raises(SaveError, match="differs"):
        Match.from_json(tampered)
    for broken in (
        {},
        dict(saved, format=99),
        dict(saved, game="chess"),
        dict(saved, log=[[0, {"type": "x"}]]),
    ):
        with pytest.raises(SaveError):
            Match.from_json(broken)


def test_said_events_are_public() -> None:
    event = Said(1, "slap")
    assert all(event.seen_by(v) == event for v in (0, 1, 2, None))
