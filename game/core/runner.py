"""Where bots think. ``SyncBotRunner`` thinks at once (tests, ``simulate``); the table uses a
worker-process runner with the same interface so a searching bot never stalls a frame."""

from __future__ import annotations

import logging
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.budget import checked_bot_settings
from game.core.events import Event
from game.core.views import View

if TYPE_CHECKING:
    from game.core.hint import Hint


def build_bot(game_id: str, level: str, seat: int, seed: int, settings: Mapping[str, Any]) -> Bot:
    """The bot for a seat; ``OptionError`` if its settings pass the bounds of game/core/budget.py."""
    from game.core.registry import find_game

    checked = checked_bot_settings(settings)
    if level == "lesson":  # a lesson's scripted seat (game/core/lesson.py), any game
        from game.core.lesson import lesson_bot

        return lesson_bot(game_id, seat, seed, checked)
    return find_game(game_id).make_bot(level, seat, seed, **checked)


log = logging.getLogger(__name__)
IN_PROCESS_HINT_MS = 30  # a hint thought in the caller's process (tests, headless): it waits
BotFactory = Callable[[str, str, int, int, Mapping[str, Any]], Bot]


class BotRunner(ABC):
    @abstractmethod
    def set_bot(
        self, seat: int, game_id: str, level: str, seed: int, settings: Mapping[str, Any]
    ) -> None: ...

    @abstractmethod
    def remove(self, seat: int) -> None: ...

    @abstractmethod
    def ask(self, seat: int, view: View, legal: Sequence[Action], events: Sequence[Event]) -> None:
        """Start the bot at ``seat`` deciding; the answer comes out of ``poll``."""

    @abstractmethod
    def poll(self) -> list[tuple[int, Decision | None]]:
        """Answers ready now, in the order they were asked."""

    def wait(self) -> None:  # noqa: B027 - runners that answer at once have nothing to wait for
        """Block until at least one answer is ready (only for bot-only runs)."""

    def close(self) -> None:
        return None

    # --- hints (game/core/hint.py): a search for a person, where the bots think ---------------
    def ask_hint(
        self,
        game_id: str,
        view: View,
        legal: Sequence[Action],
        seed: int,
        budget_ms: int | None = None,
    ) -> int:
        """Start a hint for a person's ``view`` (and legal moves, never the state); its answer
        comes out of ``hint_answer``. Here at once, so briefly (``budget_ms`` None:
        ``IN_PROCESS_HINT_MS``: the caller waits); the worker runner thinks off the frame loop
        for ``HINT_BUDGET_MS``."""
        from game.core.hint import hint_for

        ticket = self.next_hint_ticket()
        budget = IN_PROCESS_HINT_MS if budget_ms is None else budget_ms
        try:
            self.hints[ticket] = (hint_for(game_id, view, legal, seed, budget),)
        except Exception:  # a hint that fails is no hint: the match goes on
            log.exception("the hint for %s failed", game_id)
            self.hints[ticket] = (None,)
        return ticket

    def hint_answer(self, ticket: int) -> tuple[Hint | None] | None:
        """``(hint,)`` once the hint asked with ``ticket`` is ready (``(None,)``: the game has
        none for this choice); None while it is being thought."""
        return self.hints.pop(ticket, None)

    @property
    def hints(self) -> dict[int, tuple[Hint | None]]:
        """Hints answered and not yet taken, by ticket (made on first use: runners need no
        ``__init__`` of the base)."""
        if not hasattr(self, "_hints"):
            self._hints: dict[int, tuple[Hint | None]] = {}
        return self._hints

    def next_hint_ticket(self) -> int:
        self._hint_ticket: int = getattr(self, "_hint_ticket", 0) + 1
        return self._hint_ticket


class SyncBotRunner(BotRunner):
    """Bots in this process, answering at once. Records each level's think times."""

    def __init__(self, factory: BotFactory = build_bot) -> None:
        self.factory = factory
        self.bots: dict[int, Bot] = {}
        self.levels: dict[int, str] = {}
        self.think_s: dict[str, list[float]] = {}
        self._answers: list[tuple[int, Decision | None]] = []

    def set_bot(
        self, seat: int, game_id: str, level: str, seed: int, settings: Mapping[str, Any]
    ) -> None:
        self.bots[seat] = self.factory(game_id, level, seat, seed, settings)
        self.levels[seat] = level

    def remove(self, seat: int) -> None:
        self.bots.pop(seat, None)
        self.levels.pop(seat, None)

    def ask(self, seat: int, view: View, legal: Sequence[Action], events: Sequence[Event]) -> None:
        bot = self.bots[seat]
        started = time.perf_counter()
        if events:
            bot.observe(events)
        decision = bot.decide(view, legal)
        self.think_s.setdefault(self.levels[seat], []).append(time.perf_counter() - started)
        self._answers.append((seat, decision))

    def poll(self) -> list[tuple[int, Decision | None]]:
        answers, self._answers = self._answers, []
        return answers
