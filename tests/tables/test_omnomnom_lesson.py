"""Learn Om Nom Nom at its table (issue 30): the table lights only the step's animal (the rest
dimmed, still clickable and refused with why), the arrows and Enter start on it, and the coach
keeps clear of the board being spelled out."""

from __future__ import annotations

import pygame

from game.omnomnom.actions import Pick
from scenes.app import App
from scenes.omnomnom.table import OmNomNomTable
from scenes.table.summary import summary_box
from tests.scenes.conftest import click
from tests.tables.lesson_steps import play_lesson_to


def lesson_at(
    app: App, step_name: str, animation: str = "instant", dt_ms: int = 16
) -> OmNomNomTable:
    """Om Nom Nom's lesson on its table, played by its answers up to ``step_name``, asked."""
    app.store = None
    app.settings.animation = animation
    table = play_lesson_to(app, "omnomnom", step_name, dt_ms=dt_ms)
    assert isinstance(table, OmNomNomTable)
    return table


def hand(table: OmNomNomTable) -> dict[str, object]:
    return {str(sprite.card).split("/")[0]: sprite for sprite in table.my_cards()}


def test_only_the_steps_animal_is_lit_and_the_focus_starts_on_it(app: App) -> None:
    table = lesson_at(app, "a pick")
    app.tick(16)
    cards = table.my_cards()
    assert [str(s.card) for s in cards if not s.dim] == ["rabbit/0"]
    assert [str(s.card) for s in cards if s.selected] == ["rabbit/0"]


def test_another_animal_is_clickable_and_refused_with_what_it_would_eat(app: App) -> None:
    table = lesson_at(app, "a pick")
    app.tick(16)
    frog = next(s for s in table.my_cards() if s.card == "frog/0")
    moves = len(table.match.log)
    app.feed(click((round(frog.x), round(frog.y - frog.lift))))
    assert len(table.match.log) == moves
    assert table.message.warning.startswith("The frog eats the 2 flies (4 points)")
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")])
    assert table.match.log[-1][1] == Pick(0, "rabbit"), "Enter picks the lit card"


def test_the_coach_keeps_clear_of_the_board_being_spelled_out(app: App) -> None:
    table = lesson_at(app, "share", animation="normal")
    boards = [table.g.board_rect(number) for number in range(3)]
    assert table.coach_avoids() == boards  # no reveal on the table now: the boards
    table.submit(Pick(0, "mouse"))
    assert table.coach is not None
    for _ in range(600):
        app.tick(16)
        if table.coach.tutor.step is not None and table.hud.resolving is not None:
            break
        if table.coach.tutor.wants_next:
            table.coach.tutor.next()
    assert table.hud.resolving is not None
    split = table.coach_avoids()[3]  # the panel spelling out the board being resolved
    assert split.colliderect(table.g.board_rect(table.hud.resolving.board))
    assert table.coach is not None and not table.coach.box.colliderect(split)


def test_a_reveal_is_shown_board_by_board_to_its_end_before_the_note_speaks_of_it(
    app: App,
) -> None:
    """The note on the first reveal says what each board did: it waits until the table has
    shown every board (the reveal is not frozen at its first pause)."""
    table = lesson_at(app, "a pick", animation="normal")
    coach = table.coach
    assert coach is not None
    table.submit(Pick(0, "rabbit"))
    boards_shown: set[int] = set()
    for _ in range(1500):
        app.tick(16)
        if table.hud.resolving is not None:
            boards_shown.add(table.hud.resolving.board)
        if coach.tutor.told and coach.shown[0] == coach.key():
            coach.tutor.next()  # Next past the pick's why: the bots pick, the cards turn
        step = coach.tutor.step
        if step and step.name == "solo" and coach.tutor.asking and coach.shown[0] == coach.key():
            break
    else:
        raise AssertionError("the note on the reveal was never shown")
    assert boards_shown == {0, 1, 2}, "every board was spelled out before the note"
    assert table.hud.resolving is None
    assert len(table.presenter.zone("dice:0")) == 4, "your carrots lie in front of you"


def test_the_last_reveal_and_the_score_are_told_beside_the_rounds_summary(app: App) -> None:
    table = lesson_at(app, "reveal 6", animation="fast", dt_ms=100)
    coach = table.coach
    assert coach is not None and table.summary_open()
    assert coach.shown[2].startswith("Your frog and Ana's frog shared 2 fly dice")
    page = table.summary_page()
    assert not coach.box.colliderect(summary_box(table.layout.size, table.layout.scale, page))


def test_while_a_note_is_read_the_message_line_asks_for_next_not_a_pick(app: App) -> None:
    table = lesson_at(app, "dice")
    app.tick(16)
    assert table.message.prompt == "Read the note, then Next (Enter)"
