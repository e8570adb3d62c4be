"""A hint is thought where the bots think (game/core/runner.py): at once in process. The
worker's side (off the frame loop, a bot's answer read while taking a hint kept for poll) is
checked in tests/core/test_process_runner.py, on the worker that test starts anyway."""

from __future__ import annotations

from multiprocessing.connection import Connection
from typing import Any, cast

import pytest

from game.bots import process_runner
from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import SyncBotRunner


def om_nom_nom(runner: SyncBotRunner) -> Match:
    seats = [Seat("human", "You"), Seat("bot", "Amal", "easy"), Seat("bot", "Dev", "easy")]
    return Match(find_game("omnomnom"), seats, 5, runner=runner)


def test_in_process_the_hint_is_ready_at_once_and_taken_once() -> None:
    match = om_nom_nom(SyncBotRunner())
    ticket = match.runner.ask_hint("omnomnom", match.view(0), match.legal_actions(0), 1, 40)
    answer = match.runner.hint_answer(ticket)
    assert answer is not None and answer[0] is not None
    assert answer[0].action in match.legal_actions(0)
    assert match.runner.hint_answer(ticket) is None


def test_the_in_process_runner_still_closes_as_a_table_leaving_closes_it() -> None:
    runner = SyncBotRunner()
    runner.ask_hint("omnomnom", om_nom_nom(runner).view(0), om_nom_nom(runner).legal_actions(0), 1)
    runner.close()  # 6ee755f lost BotRunner.close: leaving a table raised


def test_a_hint_that_fails_is_no_hint_and_the_match_goes_on(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import game.core.hint

    def broken(*_args: object) -> None:
        raise RuntimeError("a bug in a game's hint")

    monkeypatch.setattr(game.core.hint, "hint_for", broken)
    runner = SyncBotRunner()
    match = om_nom_nom(runner)
    ticket = runner.ask_hint("omnomnom", match.view(0), match.legal_actions(0), 1)
    assert runner.hint_answer(ticket) == (None,)


class Inbox:
    """The worker's end of the pipe, as a list: what the table sent, what the worker answers."""

    def __init__(self, *messages: tuple[Any, ...]) -> None:
        self.messages = list(messages)
        self.sent: list[Any] = []

    def recv(self) -> tuple[Any, ...]:
        return self.messages.pop(0)

    def send(self, message: Any) -> None:
        self.sent.append(message)


def test_the_worker_finds_a_games_hints_while_its_bots_are_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    found: list[str] = []  # a person's first hint would otherwise import them on its clock
    monkeypatch.setattr(process_runner, "lower_priority", lambda: None)  # this is no worker
    monkeypatch.setattr(process_runner, "find_hint", lambda game_id: found.append(game_id))
    inbox = Inbox(("set", 1, "omyn", "normal", 3, {}), ("stop",))
    process_runner._serve(cast(Connection, inbox))
    assert found == ["omyn"] and inbox.sent == []
