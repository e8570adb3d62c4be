"""What the OMYN screen shows (issue 27): an open table opens every row; a private look never
stands while a reflex window is open to another person; prompts and panels ask only what the
match still asks."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


import pygame  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omyn import GAME  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omyn.table import OmynTable  # noqa: E402
from tests.omyn.positions import position  # noqa: E402
from tests.scenes.conftest import keys  # noqa: E402
from tests.tables.omyn_positions import seen, settle, state_of, table_at  # noqa: E402

ROWS = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]


def press(app: App, *codes: int) -> None:
    """Each key tapped in a frame of its own, as a person types."""
    for code in codes:
        app.feed(keys(code))
        settle(app, 3)


def drawn_rows(table: OmynTable, app: App) -> dict[str, str | None]:
    """Each row card as the frame drew it: its face, or None for its back."""
    table.draw(app.screen)
    return {d.zone: d.card for d in table.layer.drawn if d.zone.startswith("row:")}


def test_an_open_table_shows_every_row_face_up_at_every_move(app: App) -> None:
    """An all-open replay (and a demo) hides nothing: every row's face shows, before and after
    a move, as the replay viewer's table (open_cards) draws it."""
    seats = [Seat("bot", f"P{i}", "normal") for i in range(2)]
    match = Match(GAME, seats, 5, runner=SyncBotRunner())
    match.state = position(ROWS, draw=["3"])
    match.options = dict(match.state.options)
    table = OmynTable(app, match, open_cards=True, auto_continue=True)
    app.push(table)
    settle(app, 2)
    assert drawn_rows(table, app) == {
        f"row:{seat}:{slot}": face for seat, row in enumerate(ROWS) for slot, face in enumerate(row)
    }


def test_an_open_table_shows_every_row_face_up_as_the_bots_play(app: App) -> None:
    seats = [Seat("bot", f"P{i}", "normal") for i in range(3)]
    match = Match(GAME, seats, 8, runner=SyncBotRunner())
    table = OmynTable(app, match, open_cards=True, auto_continue=True)
    app.push(table)
    checked = 0
    for _ in range(3000):
        settle(app, 1)
        if not table.presenter.busy and state_of(table).phase == "turn" and len(match.log) > 4:
            shown = drawn_rows(table, app)
            assert shown and None not in shown.values(), (len(match.log), shown)
            checked += 1
            if checked == 5:
                break
    assert checked == 5


def reflex_open_to(table: OmynTable, seat: int) -> bool:
    return any(
        w.kind in table.REFLEX_WINDOWS and seat in w.eligible for w in table.open_windows(seat)
    )


def test_a_spy_look_waits_until_the_chain_window_open_to_the_other_person_is_over(
    app: App,
) -> None:
    """Two people: seat 0 Spies its own slot 1. The chain window that follows is answered on
    the public table (no curtain, no look, seat 1's key live); then the curtain drops for
    seat 0, who looks at the spied card."""
    table = table_at(app, ROWS, humans=(0, 1), draw=["8"])
    press(app, pygame.K_SPACE, pygame.K_d, pygame.K_d, pygame.K_y, pygame.K_1)
    effect = seen(table, 0).effect
    assert effect is not None and effect.power == "spy"
    chain_frames = 0
    for _ in range(600):
        settle(app, 1)
        if reflex_open_to(table, 1):
            chain_frames += int(seen(table, 1).window.kind == "chain")  # type: ignore[union-attr]
            assert not table.curtain.active and table.private is None
            assert not table.looking_after_peek
        elif table.curtain.active:
            break
    assert chain_frames > 0 and table.curtain.seat == 0  # the look, after the window
    press(app, pygame.K_SPACE)
    assert table.private == 0 and table.looking_after_peek
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)])
    settle(app, 2)
    assert drawn_rows(table, app)["row:0:0"] == "9"  # the spied card, held up


def test_two_people_a_person_keeps_the_screen_while_looking_after_the_peek(app: App) -> None:
    """The peek is made (seat 0 no longer acts), but the look after it is still private."""
    seats = [Seat("human", "Amal"), Seat("human", "Bo")]
    match = Match(GAME, seats, 3, runner=SyncBotRunner())
    table = OmynTable(app, match)
    app.push(table)
    for _ in range(400):
        settle(app, 1)
        if table.curtain.active:
            break
    seat = table.curtain.seat
    press(app, pygame.K_SPACE)
    assert table.stage() == "peek" and table.private == seat
    press(app, pygame.K_1, pygame.K_4)
    settle(app, 5)
    assert table.looking_after_peek and table.private == seat and not table.curtain.active
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)])
    settle(app, 2)
    shown = {zone for zone, face in drawn_rows(table, app).items() if face is not None}
    assert shown == {f"row:{seat}:0", f"row:{seat}:3"}


def test_turned_up_names_the_cards_held_up_to_look_and_every_row_once_counted(app: App) -> None:
    table = table_at(app, ROWS, draw=["7"])  # Insight: look at your own slot
    view = seen(table, 0)
    assert not any(table.turned_up(f"row:0:{slot}", 0, view) for slot in range(5))
    press(app, pygame.K_d, pygame.K_d, pygame.K_y, pygame.K_2)  # Insight on slot 2
    settle(app, 300)  # the Void window runs out; the look
    assert table.looking_after_peek
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0)])
    settle(app, 2)
    view = seen(table, 0)
    assert [table.turned_up(f"row:0:{slot}", 0, view) for slot in range(5)] == [
        False,
        True,
        False,
        False,
        False,
    ]
    assert drawn_rows(table, app)["row:0:1"] == "9"
    app.feed([pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0, unicode="", scancode=0)])
    settle(app, 2)
    assert not table.turned_up("row:0:1", 0, seen(table, 0))
    assert drawn_rows(table, app)["row:0:1"] is None


def test_every_row_is_turned_up_at_the_final_count(app: App) -> None:
    table = table_at(app, [["1", "1", "2", "2", "1"], ROWS[1]], draw=["5"])
    press(app, pygame.K_o, pygame.K_y)  # seat 0 calls OMYN; nobody Voids
    for _ in range(2000):
        settle(app, 1)
        if table.match.is_over() and not table.presenter.busy:
            break
    view = seen(table, 0)
    rows = [zone for zone in table.presenter.zones if zone.startswith("row:")]
    assert rows and all(table.turned_up(zone, 0, view) for zone in rows)
    shown = drawn_rows(table, app)
    assert None not in shown.values(), shown


def stale_asks(table: OmynTable) -> list[tuple[int, tuple[type, ...]]]:
    """The message line's and the panels' questions that the match no longer asks."""
    asks = list(table.panels_asking())
    if table.message.asking is not None and not table.message.warning:
        asks.append(table.message.asking)
    state = table.match.state
    return [
        (seat, kinds)
        for seat, kinds in asks
        if not any(isinstance(a, kinds) for a in state.legal_actions(seat))
    ]


def words_during_windows(app: App, table: OmynTable, frames: int) -> list[str]:
    """What the message line says, and the choice bar asks, at rest while a window is open."""
    said = []
    for _ in range(frames):
        settle(app, 1)
        if not table.presenter.busy and table.open_windows(0):
            assert not stale_asks(table), (table.message.prompt, table.panels_asking())
            said.append(table.message.prompt)
            if table.choice is not None:
                said.append(table.choice.prompt)
    return said


def test_no_question_of_the_turn_stands_during_the_windows_after_it(app: App) -> None:
    """Foresee's "Use Foresee?" during its Void window, "12-Draw: pick a player" during the
    chain window, "Drag it to the pile" after a Pair Up: each is gone once the match asks for
    something else."""
    table = table_at(app, ROWS, draw=["9"])
    press(app, pygame.K_d, pygame.K_d)  # draw a 9 (Foresee), drop it
    assert table.message.asking is not None and table.panels_asking()  # "Use Foresee?"
    press(app, pygame.K_y)  # use it: its Void window opens
    said = words_during_windows(app, table, 120)
    assert said and not [s for s in said if "Foresee" in s]


def test_no_player_is_asked_for_during_the_chain_window_after_a_12_draw(app: App) -> None:
    table = table_at(app, ROWS, draw=["12"])
    press(app, pygame.K_d, pygame.K_d, pygame.K_y)
    assert table.stage() == "player" and table.panels_asking()
    assert "pick a player" in table.message.prompt and table.message.asking is not None
    press(app, pygame.K_RETURN)  # the first (only) player
    said = words_during_windows(app, table, 400)
    assert said and not [s for s in said if "pick a player" in s or "whom" in s]


def test_nothing_asks_to_drag_the_card_after_a_pair_up(app: App) -> None:
    table = table_at(app, ROWS, draw=["1"])
    press(app, pygame.K_d, pygame.K_5)
    assert "Drag it to the pile" in table.message.prompt
    press(app, pygame.K_p)  # the drawn 1 pairs with slot 5
    said = words_during_windows(app, table, 200)
    assert said and not [s for s in said if "Drag it" in s]


def test_after_a_chain_closes_a_slot_the_row_is_centred_again(app: App) -> None:
    """Slot 2 closes: slot 1 (left of it) moves too, so the shorter row stays centred."""
    rows = [["9", "3", "9", "8", "1"], ["4", "2", "5", "8", "1"]]
    table = table_at(app, rows, humans=(0, 1), draw=["3"], known={0: [1]})
    press(app, pygame.K_SPACE, pygame.K_d, pygame.K_d)  # seat 0 draws and drops a 3
    code = pygame.key.key_code(table.reflex.key_of(0) or "a")
    app.feed(keys(code))  # seat 0 chains its own 3 in slot 2
    settle(app, 2)
    press(app, pygame.K_2)
    for _ in range(300):
        settle(app, 1)
        if len(seen(table, 0).rows[0]) == 4 and not table.presenter.busy:
            break
    assert len(seen(table, 0).rows[0]) == 4
    for slot in range(4):
        sprite = table.presenter.zone(f"row:0:{slot}")[0]
        spot = table.spot_for(f"row:0:{slot}", 0, 1)
        assert abs(sprite.x - spot.x) <= 1 and abs(sprite.y - spot.y) <= 1, slot


def test_a_replay_steps_show_the_match_at_the_cursor(app: App) -> None:
    """The replay's stand-in match follows the cursor with its log and clock: the table's views
    (kept while those stand still) are the position's, not the opening's."""
    from pathlib import Path

    from game.store.replays import ReplayInfo
    from scenes.replay import ReplayScene

    seats = [Seat("bot", f"P{i}", "normal") for i in range(2)]
    match = Match(GAME, seats, 8, {"turn_limit": 6}, runner=SyncBotRunner())
    match.run_to_end()
    outcome = match.state.outcome()
    assert outcome is not None
    info = ReplayInfo(
        Path("t.json"), "m", "omyn", 0.0, 1.0, ("P0", "P1"), outcome.winners, "", 0, match.to_json()
    )
    replay = ReplayScene(app, info, None)
    app.push(replay)
    table = replay.table
    assert table is not None
    for _ in range(6):
        replay.step_forward(animate=False)
        assert table.view_of(None) == replay.cursor.view()


def test_a_wrong_void_before_the_count_leaves_every_row_open(app: App) -> None:
    """The wrong claim's card turns back face down a moment later, unless the count has begun
    meanwhile (at speed it had: the caller's row went face down under the reveal panel)."""
    rows = [["1", "1", "2", "2", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, humans=(0, 1), draw=["5"])
    press(app, pygame.K_SPACE, pygame.K_o, pygame.K_y)  # seat 0 calls OMYN
    code = pygame.key.key_code(table.reflex.key_of(1) or "z")
    app.feed(keys(code))  # seat 1 claims a Void ...
    settle(app, 2)
    press(app, pygame.K_1)  # ... with its 4: wrong
    for _ in range(600):
        settle(app, 1)
        if table.hud.won is not None and not table.presenter.busy:
            break
    assert table.hud.won is not None
    shown = drawn_rows(table, app)
    assert shown and None not in shown.values(), shown


def test_the_drawn_card_grabbed_while_it_still_turns_lands_face_up(app: App) -> None:
    """Picked up mid-flight (its turn over stopped half way) and let go off any target, the
    drawn card flies back and shows its face (it lay face down for the rest of the turn)."""
    app.settings.animation = "normal"
    table = table_at(app, ROWS, draw=["5"])
    app.feed(keys(pygame.K_d))
    settle(app, 4)  # the card is on its way, still turning
    sprite = table.presenter.zone("drawn:0")[0]
    assert sprite.moving
    start = (round(sprite.x), round(sprite.y))
    app.feed(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=(40, 300), rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(40, 300), button=1),
        ]
    )
    settle(app, 80)
    table.draw(app.screen)
    assert [d.card for d in table.layer.drawn if d.zone == "drawn:0"] == ["5"]


def test_a_seat_handed_to_a_bot_from_the_pause_menu_is_asked_nothing_more(app: App) -> None:
    """Seats changes hands behind the pause menu (the table does not run meanwhile): the prompt
    and the bar that asked that person to play go at once."""
    table = table_at(app, ROWS, humans=(0, 1), draw=["5"])
    press(app, pygame.K_SPACE, pygame.K_d)  # seat 0 draws: "Drag it to the pile ..."
    assert table.message.asking is not None and table.panels_asking()
    app.open_pause(table)
    settle(app, 2)
    table.change_seat(0, Seat("bot", "P0", "normal"))
    assert table.message.asking is None and not table.panels_asking()
