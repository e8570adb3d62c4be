"""Learn FOMO on its table (issue 30): the table lights only what the lesson's step asks for
(the card, the slot, the player), starts its keys and its FOMO! question on it, dims the
Canceled panel's other answer, and keeps the coach's panel clear of its own panels."""

from __future__ import annotations

from game.fomo.actions import CallFomo
from scenes.app import App
from scenes.fomo.hud import LIT, fomo_under_marks
from scenes.fomo.places import caption_rect
from scenes.fomo.table import FomoTable
from tests.tables.lesson_steps import play_lesson_to

SIZE = (960, 540)


def lesson_at(app: App, step_name: str, table: FomoTable | None = None) -> FomoTable:
    """The FOMO lesson on its table (``table``: the one already on), played by its answers up
    to the step ``step_name`` (instant animation: long frames, a 3 s window in 30)."""
    if table is None:
        app.store = None
    played = play_lesson_to(app, "fomo", step_name, dt_ms=100, table=table)
    assert isinstance(played, FomoTable)
    return played


def lit_rects(table: FomoTable) -> set[tuple[int, int, int, int]]:
    return {rect for rect, colour, _ in fomo_under_marks(table) if colour == LIT}


def glow_of(table: FomoTable, seat: int, slot: int | None) -> tuple[int, int, int, int]:
    turn = table.turn_input
    assert turn is not None
    rect = turn.target_rect((seat, slot))
    assert rect is not None
    return tuple(rect.inflate(round(14 * table.layout.scale), round(14 * table.layout.scale)))  # type: ignore[return-value]


def test_placing_lights_only_the_zero_and_its_slot_and_the_call_is_focused(app: App) -> None:
    table = lesson_at(app, "place")
    turn = table.turn_input
    assert turn is not None
    hand = turn.hand()
    assert [s.card for s in hand if not s.dim] == ["0"]
    turn.selected = next(i for i, s in enumerate(hand) if s.card == "0")
    assert lit_rects(table) == {glow_of(table, 0, 3)}  # not the pile, not slots 1-3
    # ... and the FOMO! question, next turn, starts on the call (in a real game: "Not yet")
    table = lesson_at(app, "fomo", table)
    turn.ask_fomo()
    assert turn.confirm is not None
    assert turn.confirm.options[turn.confirm.focus].payload == CallFomo(0)
    assert turn.confirm.rects and set(map(tuple, turn.confirm.rects)) <= set(
        map(tuple, table.coach_avoids())
    )


def test_seen_is_selected_first_and_lights_your_own_set_where_the_keys_start(app: App) -> None:
    table = lesson_at(app, "seen")
    turn = table.turn_input
    assert turn is not None
    assert turn.hand()[turn.selected].card == "seen"  # the keys start on a card it asks for
    assert turn.play_card("seen")
    assert turn.lit_targets() == [(0, None)]
    assert turn.targets()[turn.focus] == (0, None)
    assert lit_rects(table) == {glow_of(table, 0, None)}


def test_the_canceled_panel_is_kept_clear_of_the_coach(app: App) -> None:
    table = lesson_at(app, "canceled")
    app.tick(16, lively=False)
    turn = table.turn_input
    assert turn is not None and turn.cancel_boxes
    assert [box for box, _ in turn.cancel_boxes] == table.coach_avoids()


def test_a_seats_caption_is_not_hidden_under_the_lessons_note(app: App) -> None:
    table = lesson_at(app, "seen")  # (the note stands left of your set, where captions go)
    app.tick(16, lively=False)
    coach = table.coach
    assert coach is not None and coach.box.width
    for seat in range(3):
        for text in ("skipped (Ghosted)", "Ghosted!", "Plot Twist"):
            table.captions.clear()
            table.caption(seat, text)
            rect = caption_rect(table, seat)
            assert not rect.colliderect(coach.box), f"seat {seat}'s {text!r} under the note"
