"""OMYN's table in its lesson (game/omyn/lesson.py): it lights only the slots a step asks for,
the claim key claims the one lit slot, a choice bar starts on the step's option, and the Next of
a note about a look also ends the look (the kit's hooks: docs/how-to-write-a-table.md §9)."""

from __future__ import annotations

import pygame

from game.omyn.actions import Claim
from scenes.app import App
from scenes.omyn.table import OmynTable
from scenes.table.base import TableScene
from scenes.table.inputs import tap
from tests.tables.lesson_steps import play_lesson_to


def lesson_at(app: App, step_name: str) -> OmynTable:
    """OMYN's lesson on its table, played by its answers until ``step_name`` is on screen:
    Next by Enter (it ends a look too), and a look after a peek ended before a move."""
    app.store = None
    app.settings.animation = "instant"

    def end_the_look(table: TableScene) -> bool:
        if isinstance(table, OmynTable) and table.looking_after_peek:
            app.feed(tap(pygame.K_RETURN))  # done looking
            return True
        return False

    # windows run 2.5 s of match time: big frames
    table = play_lesson_to(
        app, "omyn", step_name, dt_ms=100, frames=3000, next_by_key=True, before_move=end_the_look
    )
    assert isinstance(table, OmynTable)
    return table


def own_lit(table: OmynTable) -> list[int]:
    return [
        slot
        for slot in range(len(table.view.rows[0]))
        if not table.presenter.zone(f"row:0:{slot}")[0].dim
    ]


def test_the_chain_step_lights_its_slot_and_the_claim_key_claims_it(app: App) -> None:
    table = lesson_at(app, "a chain")
    assert own_lit(table) == [4], "only slot 5, the 2 you put there, is lit"
    key = table.reflex.key_of(0)
    assert key
    app.feed(tap(pygame.key.key_code(key)))
    last = table.match.log[-1][1]
    assert isinstance(last, Claim) and (last.seat, last.slot) == (0, 4)


def test_a_choice_bar_starts_on_the_steps_option(app: App) -> None:
    table = lesson_at(app, "swap")
    assert table.choice is not None
    labels = [option.label for option in table.choice.options]
    assert labels[table.choice.focus] == "Swap (S)"


def test_next_on_the_note_about_a_look_ends_the_look(app: App) -> None:
    table = lesson_at(app, "spied")
    assert table.looking_after_peek and table.blocked
    app.feed(tap(pygame.K_RETURN))
    assert not table.looking_after_peek and not table.blocked
    assert table.coach is not None and table.coach.tutor.step is not None
    assert table.coach.tutor.step.name == "a chain"


def test_a_power_on_another_target_is_refused_with_why_and_asked_again(app: App) -> None:
    table = lesson_at(app, "a power")
    app.feed(tap(pygame.K_y))  # Use
    app.tick(16, lively=False)
    assert table.stage() == "any"
    assert table.focus == (1, 2), "the keys start on the one lit card: Nimal's slot 3"
    moves = len(table.match.log)
    table._name_slot(0, 0)  # your own slot 1: a legal Spy, not this step's
    assert len(table.match.log) == moves
    assert "Nimal's slot 3" in table.message.warning
    assert table.stage() == "any", "the target is asked again"


def test_the_coach_keeps_clear_of_the_count(app: App) -> None:
    from game.omyn.events import GameWon
    from scenes.omyn.hud import reveal_box

    table = lesson_at(app, "peek")
    table.hud.won = GameWon(0, "lowest", (7, 10), 0, (1, 0))  # the count, as at the lesson's end
    box = reveal_box(table, app.screen.get_size())
    assert box in table.coach_avoids()


def test_while_you_look_no_card_stays_dimmed(app: App) -> None:
    from game.omyn.actions import Peek

    table = lesson_at(app, "peek")
    assert own_lit(table) == [1, 4]
    assert table.submit(Peek(0, 1, 4))
    app.tick(16, lively=False)
    assert table.looking_after_peek
    assert own_lit(table) == [0, 1, 2, 3, 4], "the step's lighting is over: nothing is dimmed"
