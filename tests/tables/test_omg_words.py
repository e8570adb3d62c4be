"""What the OMG table says to a person, read from a laid position: a refusal on a pick reads as
a sentence, and the defence's total says why no Being is lit to block."""

from __future__ import annotations

from game.omg.actions import Attack
from game.omg.board import Stack
from scenes.app import App
from scenes.omg.words import attack_preview, defense_summary
from tests.omg.positions import position, stack
from tests.tables.test_omg_newcomer import focused, lay, my_turn


def test_a_lane_that_cannot_attack_says_why_as_a_sentence(app: App) -> None:
    table, state = my_turn(app)
    now = max(2, state.turn_number)  # the turn `lay` sets
    lay(table, app, state, mine_1=Stack(["Pele:1"], entered_turn=now))
    lane = next(p for p in table.picker.ring.picks if p.kind == "lane" and p.payload == 1)
    assert lane.label == "A Being cannot attack the turn it is played"
    assert focused(table) != lane.label  # the keys start on a move that can be made


def test_the_defence_says_when_no_being_can_block() -> None:
    state = position(
        turn=1, hands=(["Surtr:1"], []), boards=({0: stack("Zeus:1")}, {2: stack("Agni:1")})
    )
    state.apply(Attack(1, 2, None))  # Agni from Right at Amal's Life: Zeus at Left is too far
    said = defense_summary(state, 0)
    assert said.endswith("you lose a Life. No Being can block it: discard, or Done.")


def test_the_defence_asks_for_a_block_when_a_being_can() -> None:
    state = position(
        turn=1, hands=(["Surtr:1"], []), boards=({2: stack("Zeus:1")}, {2: stack("Agni:1")})
    )
    state.apply(Attack(1, 2, None))
    assert defense_summary(state, 0).endswith("Block, discard, then Done.")


def test_an_attack_on_life_nobody_can_block_still_says_they_may_discard() -> None:
    state = position(boards=({1: stack("Zeus:1")}, {}))
    assert attack_preview(state, 0, 1, None) == (
        "Zeus L1 4 (3 printed, +1 Zeus attacking) at Life: no Being can block it, they may"
        " discard to defend; unstopped, they lose a Life (3 left now)"
    )


def test_a_long_message_is_set_smaller_than_run_under_the_log_or_the_zoom(app: App) -> None:
    table, _ = my_turn(app)
    long = (
        "Attack 5 (3 printed, +2 Zeus attacking) vs your defence 0: you lose a Life."
        " Block, discard, then Done."
    )
    table.message.ask(0, long)
    s, pos = table.layout.scale, table.message_pos()
    line = table.message.rect(pos, s, table.message_room())
    zoom = table.board.zoom_rect()
    assert not line.colliderect(table.board.log_rect())
    assert not line.colliderect(zoom.union(zoom.move(0, round(130 * s))))
