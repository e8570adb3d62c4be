"""The worker-process bot runner answers exactly like the in-process one, off the caller's thread."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import cast

import pytest

from game.bots.process_runner import WORKER_NICE, BotWorkerError, ProcessBotRunner
from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import SyncBotRunner


def bot_match(runner, seed: int) -> Match:  # type: ignore[no-untyped-def]
    seats = [Seat("bot", f"b{i}", level) for i, level in enumerate(["normal", "random"] * 2)]
    return Match(find_game("omi"), seats, seed, {"max_hands": 2}, runner=runner)


def test_same_match_as_the_in_process_runner() -> None:
    runner = ProcessBotRunner()
    try:
        in_worker = bot_match(runner, seed=3)
        in_worker.run_to_end()
    finally:
        runner.close()
    in_process = bot_match(SyncBotRunner(), seed=3)
    in_process.run_to_end()
    assert in_worker.log == in_process.log
    assert in_worker.state.fingerprint() == in_process.state.fingerprint()
    assert runner.think_s["normal"]


def ask_first_decision(runner: ProcessBotRunner) -> tuple[Match, int]:
    seats = [Seat("human", f"h{i}") for i in range(4)]
    match = Match(find_game("omi"), seats, 4)
    match.update(0)  # deals; the trump-maker is to act
    seat = next(iter(match.state.to_act()))
    runner.set_bot(seat, "omi", "normal", 4, {})
    runner.ask(seat, match.view(seat), match.legal_actions(seat), [])
    return match, seat


def test_answers_come_through_poll_without_blocking() -> None:
    runner = ProcessBotRunner()
    try:
        match, seat = ask_first_decision(runner)
        # A hint asked behind the bot (Omi gives none yet: None) is taken without losing the
        # bot's answer, which the worker sent first (game/core/hint.py).
        ticket = runner.ask_hint("omi", match.view(seat), match.legal_actions(seat), 1, 10)
        hint = None
        deadline = time.monotonic() + 20
        while hint is None and time.monotonic() < deadline:
            hint = runner.hint_answer(ticket)  # never blocks
            time.sleep(0.005)
        assert hint is not None and runner.think_s["hint"]
        answers: list = []
        while not answers and time.monotonic() < deadline:
            answers = runner.poll()  # never blocks
            time.sleep(0.005)
        assert len(answers) == 1 and answers[0][0] == seat
        assert answers[0][1].action in match.legal_actions(seat)
    finally:
        runner.close()


def test_an_answer_for_a_removed_bot_is_dropped() -> None:
    runner = ProcessBotRunner()
    try:
        _, seat = ask_first_decision(runner)
        runner.remove(seat)
        runner.wait()  # nothing outstanding: returns at once
        time.sleep(0.5)
        assert runner.poll() == []
    finally:
        runner.close()


def test_a_failing_bot_is_reported_and_close_stops_the_worker() -> None:
    runner = ProcessBotRunner()
    runner.set_bot(0, "omi", "no-such-level", 1, {})
    with pytest.raises(BotWorkerError, match="no-such-level"):
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            runner.poll()
            time.sleep(0.01)
    process = runner._process
    runner.close()
    assert process is not None and not process.is_alive()


@pytest.mark.skipif(not hasattr(os, "getsid"), reason="sessions and nice are POSIX")
def test_the_worker_waits_behind_the_table_in_a_session_of_its_own() -> None:
    runner = ProcessBotRunner()
    try:
        ask_first_decision(runner)
        deadline = time.monotonic() + 20
        while not runner.poll() and time.monotonic() < deadline:
            time.sleep(0.005)  # an answer means the worker has set its priority
        worker = cast(int, runner._process.pid)  # type: ignore[union-attr]
        assert os.getsid(worker) != os.getsid(0)  # autogroups weigh it apart from the table
        assert os.getpriority(os.PRIO_PROCESS, worker) >= WORKER_NICE
        autogroup = Path(f"/proc/{worker}/autogroup")
        if autogroup.exists():
            assert autogroup.read_text().split()[-1] == str(WORKER_NICE)
    finally:
        runner.close()
