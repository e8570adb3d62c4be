"""Lessons (game/core/lesson.py, lesson_run.py): steps that wait for their move, wrong moves
explained, scripted bots with their fallback, the lesson's place saved with the match."""

from __future__ import annotations

import json
from collections.abc import Sequence

from game.core.actions import Action
from game.core.bot import Bot, Decision
from game.core.lesson import (
    BotMove,
    Lesson,
    ScriptedBot,
    Step,
    all_lessons,
    find_lesson,
    script_position,
)
from game.core.lesson_run import (
    Tutor,
    lesson_of,
    lesson_runner,
    new_lesson_match,
    resume_bots,
    run_lesson,
)
from game.core.match import Match
from game.core.views import View
from game.omi.actions import NameTrump, PlayCard
from game.omi.view import OmiView

# Seed 17 deals You (seat 0) the trump call with 8D KC KD 9D; after Diamonds you hold
# KS QS 8S KD 9D 8D KC 7C and lead; Nimal (1) holds AS JS TS 7S AH TD TC 9C.


def plays(seat: int, card: str) -> BotMove:
    return BotMove(lambda a: a == PlayCard(seat, card))


def trick_count(n: int) -> object:
    return lambda view: isinstance(view, OmiView) and len(view.tricks) >= n


def small_lesson(**changes: object) -> Lesson:
    steps = (
        Step("Welcome to the table.", name="welcome"),
        Step(
            "Name Diamonds as trumps.",
            expect=lambda a: a == NameTrump(0, "D"),
            why="Diamonds: you hold three of them.",
            wrong="Diamonds is your longest suit: name it.",
            name="trumps",
        ),
        Step(
            "Lead the King of Spades.",
            expect=lambda a: a == PlayCard(0, "KS"),
            why="A King is a strong lead.",
            wrong=lambda a, v: f"Not {getattr(a, 'card', '?')}: lead the King.",
            name="lead",
        ),
        Step("Nimal's Ace took it.", when=trick_count(1), name="first trick"),  # type: ignore[arg-type]
    )
    fields: dict[str, object] = {
        "game_id": "omi",
        "title": "Omi in a minute",
        "steps": steps,
        "seed": 17,
        "players": 4,
        "names": ("You", "Nimal", "Kamala", "Saman"),
        "bot_scripts": {1: (plays(1, "AS"),)},
        "ending": "That is Omi.",
    }
    fields.update(changes)
    return Lesson(**fields)  # type: ignore[arg-type]


def test_a_lesson_plays_to_its_end_showing_each_note_and_why() -> None:
    report = run_lesson(small_lesson())
    assert report.ok, report.failure
    assert report.shown == [
        "Welcome to the table.",
        "Name Diamonds as trumps.",
        "Diamonds: you hold three of them.",
        "Lead the King of Spades.",
        "A King is a strong lead.",
        "Nimal's Ace took it.",
        "That is Omi.",
    ]


def test_a_step_whose_move_never_comes_fails_naming_the_step() -> None:
    steps = small_lesson().steps[:2] + (
        Step("Lead the Ace of Hearts.", expect=lambda a: a == PlayCard(0, "AH"), name="ace"),
    )
    report = run_lesson(small_lesson(steps=steps))
    assert not report.ok
    assert report.failure is not None and report.failure.startswith("step 3 (ace):")


def at_the_lead_step() -> Tutor:
    lesson = small_lesson()
    match = new_lesson_match(lesson, lesson_runner(lesson))
    tutor = Tutor(lesson, match)
    assert tutor.next()  # past the welcome
    match.update(0)  # the deal
    tutor.before_move(NameTrump(0, "D"))
    match.submit(NameTrump(0, "D"))
    assert tutor.next()  # past the why
    return tutor


def test_the_step_offers_only_its_move_and_explains_another_legal_one() -> None:
    tutor = at_the_lead_step()
    legal = tutor.match.legal_actions(0)
    assert tutor.asking and len(legal) == 8
    assert tutor.offered(legal) == (PlayCard(0, "KS"),)
    assert tutor.refusal(PlayCard(0, "QS")) == "Not QS: lead the King."
    assert tutor.refusal(PlayCard(0, "KS")) is None


def test_the_match_waits_while_a_step_is_asked_and_while_its_why_is_read() -> None:
    tutor = at_the_lead_step()
    assert tutor.holds
    tutor.before_move(PlayCard(0, "KS"))
    tutor.match.submit(PlayCard(0, "KS"))
    assert tutor.told and tutor.text() == "A King is a strong lead."
    assert tutor.holds  # the bots wait until the why is read
    assert tutor.next() and not tutor.holds  # the next step is not due: the bots play on
    tutor.match.update(0)
    assert len(tutor.match.view(0).tricks) == 1
    assert tutor.holds  # the next step is due: the match waits for it to be read


def test_skip_makes_the_steps_own_move_and_next_goes_past_an_explain_step() -> None:
    tutor = at_the_lead_step()
    assert tutor.skip() == PlayCard(0, "KS")
    assert not tutor.next()  # a move step waits for its move, not for Next


def test_the_lessons_place_is_saved_and_a_resumed_lesson_goes_on_there() -> None:
    tutor = at_the_lead_step()
    tutor.before_move(PlayCard(0, "KS"))
    tutor.match.submit(PlayCard(0, "KS"))
    saved = json.loads(json.dumps(tutor.match.to_json()))
    assert saved["notes"]["lesson"] == {"id": "omi", "step": 2, "told": True}
    again = Match.from_json(saved, runner=lesson_runner(tutor.lesson))
    assert again.notes == saved["notes"]


def test_a_resumed_lesson_finds_its_tutor_at_the_saved_step() -> None:
    lesson = small_lesson()
    match = new_lesson_match(lesson, lesson_runner(lesson))
    match.notes["lesson"] = {"id": "omi", "step": 2, "told": True}
    if find_lesson("omi") is None:  # lesson_of reads the registry's lesson
        assert lesson_of(match) is None
        return
    tutor = lesson_of(match)
    assert tutor is not None and (tutor.index, tutor.told) == (2, True)


class Passes(Bot):
    level = "test"

    def decide(self, view: View, legal: Sequence[Action]) -> Decision | None:
        return Decision(legal[-1], 7)


def test_a_scripted_bot_plays_its_script_then_its_fallback() -> None:
    script = (BotMove(lambda a: a == PlayCard(1, "AS"), 300), BotMove(lambda a: False))
    bot = ScriptedBot(1, 5, script, Passes(1, 5))
    legal = (PlayCard(1, "7S"), PlayCard(1, "AS"))
    view = None  # the scripted entries read only the legal moves
    assert bot.decide(view, legal) == Decision(PlayCard(1, "AS"), 300)  # type: ignore[arg-type]
    # The next entry takes nothing legal now: the fallback answers, the entry waits.
    assert bot.decide(view, legal) == Decision(PlayCard(1, "AS"), 7)  # type: ignore[arg-type]
    assert bot.done == 1


def test_a_resumed_bot_goes_on_from_the_moves_it_made() -> None:
    script = (plays(1, "AS"), plays(1, "AH"), plays(1, "TD"))
    log = [(0, PlayCard(0, "KS")), (5, PlayCard(1, "AS")), (9, PlayCard(1, "9C"))]
    assert script_position(script, 1, log) == 1
    lesson = small_lesson()
    match = new_lesson_match(lesson, lesson_runner(lesson))
    match.log = [(0, NameTrump(0, "D")), (1, PlayCard(0, "KS")), (2, PlayCard(1, "AS"))]
    resume_bots(match, lesson)
    assert match.seats[1].settings["done"] == 1
    assert match.seats[2].settings["done"] == 0


def test_every_lesson_found_is_its_own_games() -> None:
    for lesson in all_lessons():
        assert find_lesson(lesson.game_id) is lesson
        assert lesson.steps and lesson.human_seat not in lesson.bot_scripts
