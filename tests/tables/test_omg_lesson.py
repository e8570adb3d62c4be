"""The OMG table in its lesson (issue 30): it lights only the step's moves (the picks the
picker builds, the lanes a dragged card may go to), the keys' focus starts on the step's move,
and a legal move the step does not want is refused with the step's why."""

from __future__ import annotations

import pygame

from scenes.app import App
from scenes.omg.table import OmgTable
from tests.tables.test_lessons import lesson_at


def omg_lesson_at(app: App, step_name: str) -> OmgTable:
    table = lesson_at(app, step_name, game_id="omg")
    assert isinstance(table, OmgTable)
    table.picker.refresh()
    return table


def lit_hand(table: OmgTable) -> list[str]:
    return [str(s.card) for s in table.presenter.zone("hand:0") if not s.dim]


def test_the_mulligan_lights_the_card_to_shuffle_back_then_the_button(app: App) -> None:
    table = omg_lesson_at(app, "mulligan")
    assert lit_hand(table) == ["Njord:3"]
    focused = table.picker.ring.focused()
    assert focused is not None and focused.sprite is not None
    assert focused.sprite.card == "Njord:3"
    focused.action()  # marked
    focused = table.picker.ring.focused()
    assert focused is not None and focused.kind == "button"


def test_playing_a_being_lights_its_card_and_only_the_centre_lane(app: App) -> None:
    table = omg_lesson_at(app, "play a Being")
    assert lit_hand(table) == ["Hephaestus:1"]
    buttons = [p.label for p in table.picker.ring.picks if p.kind == "button" and p.good]
    assert buttons == []
    table.picker.choose_card("Hephaestus:1")
    lanes = [(p.payload, p.good) for p in table.picker.ring.picks if p.kind == "lane"]
    assert lanes == [(0, False), (1, True), (2, False)]


def test_a_lane_the_step_does_not_want_is_refused_with_why(app: App) -> None:
    table = omg_lesson_at(app, "play a Being")
    table.picker.choose_card("Hephaestus:1")
    moves = len(table.match.log)
    left = next(p for p in table.picker.ring.picks if p.kind == "lane" and p.payload == 0)
    left.action()
    assert len(table.match.log) == moves
    assert table.message.warning.startswith("Center: from there Hephaestus reaches")


def test_the_block_lights_hephaestus_and_starts_the_focus_there(app: App) -> None:
    table = omg_lesson_at(app, "block")
    lanes = [(p.payload, p.good) for p in table.picker.ring.picks if p.kind == "lane"]
    assert lanes == [(0, False), (1, True)]
    assert lit_hand(table) == []
    focused = table.picker.ring.focused()
    assert focused is not None and (focused.kind, focused.payload) == ("lane", 1)


def test_the_coach_keeps_clear_of_the_attack_preview(app: App) -> None:
    table = omg_lesson_at(app, "attack")
    table.picker.choose_attacker(1)
    preview = table.coach_avoids()
    assert preview[0].top > table.message_pos()[1]  # the preview's band, under the message line
    coach = table.coach
    assert coach is not None
    coach.box = pygame.Rect(0, 0, 0, 0)
    coach.draw(table, app.screen)
    assert coach.box.width and coach.box.collidelist(preview) == -1


def test_a_card_dropped_on_a_lane_the_step_does_not_want_goes_back_to_the_hand(
    app: App,
) -> None:
    table = omg_lesson_at(app, "play a Being")
    table.picker.drop_on_lane(0, "Hephaestus:1", 0)
    assert table.message.warning.startswith("Center: from there Hephaestus reaches")
    assert table.picker.held() == [] and table.picker.mode == "main"


def test_at_the_end_turn_step_the_keys_start_on_end_turn(app: App) -> None:
    table = omg_lesson_at(app, "end turn")
    focused = table.picker.ring.focused()
    assert focused is not None and focused.label.startswith("End turn")
