"""Lessons: a guided first match of a game, on a fixed deal against bots that play a script
(issue 30; the shape every game's lesson follows is /work/notes/TUTORIAL.md).

A game's lesson is data in ``game/<name>/lesson.py`` (``LESSON``): the steps the person is walked
through and the bots' scripts. This module holds what every lesson shares: ``Step`` and
``Lesson``, the scripted bot (``ScriptedBot``: its script, then the game's own bot, seeded), the
lookup of lessons (game/core imports no game: the module is found by name), and the ``Tutor``
(game/core/lesson_run.py: which step is asked, which moves it accepts, what a wrong one is
told), which both the headless ``run_lesson`` and the table's coach drive. Nothing here imports
the match: the runner builds scripted bots from here.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.events import Event
from game.core.registry import GAME_MODULES, find_game, game_part
from game.core.views import View

LESSON_LEVEL = "lesson"  # the bot level of a lesson's scripted seats (game/core/runner.py)

Matcher = Callable[[Action], bool]
Wrong = str | Callable[[Action, View], str]
Note = str | Callable[[View], str]  # a fixed sentence, or one written from the person's view

NOT_NOW = "That move is allowed, but not the one this step is about: try what the note says."


@dataclasses.dataclass(frozen=True)
class Step:
    """One thing the person is told, and (``expect``) the move they are asked to make.

    ``say``: what is happening and what to try (1–2 sentences). ``expect``: the moves this step
    wants (None: an explain-only step, ended with Next). ``why``: shown after the move (why it
    was right, what just happened). ``wrong``: why another *legal* move is not the one to learn
    now (a string, or ``(action, view) -> str``); an illegal move is refused by the rules with
    their own reason. ``when``: the step waits until this holds on the person's view (default:
    a move step waits until an expected move is legal; an explain step is shown at once).
    ``answer``: which expected move ``--check`` and Skip make (default: the first legal one).
    ``name``: a word or two for reports ("trumps"). ``say`` and ``why`` may be written from
    the person's view when shown (``(view) -> str``: how many tricks your team took)."""

    say: Note
    expect: Matcher | None = None
    why: Note = ""
    wrong: Wrong = NOT_NOW
    when: Callable[[View], bool] | None = None
    answer: Callable[[Sequence[Action]], Action | None] | None = None
    name: str = ""

    @property
    def is_move(self) -> bool:
        return self.expect is not None

    def accepts(self, action: Action) -> bool:
        return self.expect is not None and bool(self.expect(action))

    def due(self, view: View, legal: Sequence[Action]) -> bool:
        """Is the step to be shown now (the match waits for the person from here)?"""
        if self.when is not None:
            return bool(self.when(view))
        if self.expect is None:
            return True
        return any(self.accepts(action) for action in legal)

    def pick(self, legal: Sequence[Action]) -> Action | None:
        """The move Skip and ``--check`` make for the person."""
        accepted = [action for action in legal if self.accepts(action)]
        if self.answer is not None:
            return self.answer(accepted)
        return accepted[0] if accepted else None

    def say_text(self, view: View) -> str:
        return self.say(view) if callable(self.say) else self.say

    def why_text(self, view: View) -> str:
        return self.why(view) if callable(self.why) else self.why

    def wrong_text(self, action: Action, view: View) -> str:
        text = self.wrong(action, view) if callable(self.wrong) else self.wrong
        return text or NOT_NOW


@dataclasses.dataclass(frozen=True)
class BotMove:
    """One entry of a bot's script: the first legal action ``match`` accepts, after
    ``delay_ms`` (``reflex``: a reaction, timed by itself rather than the table's bot pace)."""

    match: Matcher
    delay_ms: int = 0
    reflex: bool = False


ScriptEntry = Matcher | BotMove


def as_move(entry: ScriptEntry) -> BotMove:
    return entry if isinstance(entry, BotMove) else BotMove(entry)


@dataclasses.dataclass(frozen=True)
class Lesson:
    """A game's lesson: the fixed deal (``seed``; saves replay from it, so a deal is chosen by
    seed, never stacked by hand), the seats, the bots' scripts and the steps."""

    game_id: str
    title: str
    steps: tuple[Step, ...]
    seed: int
    players: int
    names: tuple[str, ...]  # seat names, the person's first (at ``human_seat``)
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    human_seat: int = 0
    bot_scripts: Mapping[int, tuple[ScriptEntry, ...]] = dataclasses.field(default_factory=dict)
    fallback_level: str = ""  # past its script a bot plays at this level ("": the game's default)
    ending: str = ""  # the last note, before "Play a real match"

    def script_of(self, seat: int) -> tuple[BotMove, ...]:
        return tuple(as_move(entry) for entry in self.bot_scripts.get(seat, ()))


# --- the scripted bots ------------------------------------------------------------------------
class ScriptedBot(Bot):
    """Plays its script, one entry per move: the first legal action the entry accepts. An entry
    that accepts no legal action now is not used up: the game's own bot (``fallback``) answers
    this time. Past the script's end the fallback plays on, seeded as every bot is."""

    level = LESSON_LEVEL

    def __init__(
        self, seat: int, seed: int, script: Sequence[BotMove], fallback: Bot, done: int = 0
    ) -> None:
        super().__init__(seat, seed)
        self.script = tuple(script)
        self.fallback = fallback
        self.done = done

    def observe(self, events: Sequence[Event]) -> None:
        self.fallback.observe(events)

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        if self.done < len(self.script):
            entry = self.script[self.done]
            action = next((a for a in legal if entry.match(a)), None)
            if action is not None:
                self.done += 1
                return Decision(action, entry.delay_ms, entry.reflex)
        return self.fallback.decide(view, legal)


def script_position(script: Sequence[BotMove], seat: int, log: Sequence[tuple[int, Action]]) -> int:
    """How much of ``seat``'s script its moves in ``log`` used up (a resumed lesson's bots go
    on from there): the bot uses an entry exactly when its move is one the entry accepts."""
    done = 0
    for _at, action in log:
        if action.seat == seat and done < len(script) and script[done].match(action):
            done += 1
    return done


def lesson_bot(game_id: str, seat: int, seed: int, settings: Mapping[str, Any]) -> Bot:
    """The bot of a lesson's seat (``build_bot`` for the ``lesson`` level): its script from the
    ``done``-th entry, then the game's own bot."""
    return scripted_bot(game_id, find_lesson(game_id), seat, seed, settings)


def scripted_bot(
    game_id: str, lesson: Lesson | None, seat: int, seed: int, settings: Mapping[str, Any]
) -> ScriptedBot:
    game = find_game(game_id)
    level = (lesson.fallback_level if lesson else "") or game.info.default_bot_level
    fallback = game.make_bot(level, seat, seed)
    script = lesson.script_of(seat) if lesson is not None else ()
    return ScriptedBot(seat, seed, script, fallback, int(settings.get("done", 0)))


# --- finding lessons ----------------------------------------------------------------------------
def find_lesson(game_id: str) -> Lesson | None:
    """The lesson of a game (``LESSON`` in ``game/<name>/lesson.py``), or None if it has none."""
    module = game_part(game_id, "lesson")
    lesson = getattr(module, "LESSON", None)
    return lesson if isinstance(lesson, Lesson) else None


def all_lessons() -> list[Lesson]:
    """Every game's lesson, in the registry's order."""
    found = (find_lesson(importlib.import_module(p).GAME.info.id) for p in GAME_MODULES)
    return [lesson for lesson in found if lesson is not None]
