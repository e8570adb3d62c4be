"""The FOMO table as people use it: keys and drags for a turn, refusals that say why, the FOMO!
call that asks first, the Canceled window on the open table (a press without a Canceled looks
exactly like a pass), a blocked action, and a Plot Twist that moves the very same cards."""

from __future__ import annotations

import os
from typing import cast

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.fomo.actions import (  # noqa: E402
    CallFomo,
    Discard,
    PassCancel,
    PlaceCard,
    PlayCanceled,
    PlayGhosted,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
    PlayThrowback,
    TakeDiscard,
    TakeThrowback,
)
from game.fomo.cards import CANCELED, GHOSTED, PLOT_TWIST, SEEN, SWAP, THROWBACK  # noqa: E402
from game.fomo.state import FomoState  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.fomo.table import FomoTable  # noqa: E402

SIZE = (1280, 720)


NAMES = ("Amal", "Nimal", "Kamala", "Saman", "Dev", "Rani")


def table_for(app: App, humans: tuple[int, ...], players: int = 4, seed: int = 5) -> FomoTable:
    seats = [Seat("human" if i in humans else "bot", NAMES[i], "normal") for i in range(players)]
    match = Match(find_game("fomo"), seats, seed, {}, runner=SyncBotRunner())
    table = FomoTable(app, match)
    app.push(table)
    return table


def state_of(table: FomoTable) -> FomoState:
    return table.state


def give(state: FomoState, seat: int, card: str) -> None:
    """Put ``card`` into ``seat``'s hand from the draw pile, in place of its first other card."""
    index = state.draw.index(card)
    out = next(i for i, c in enumerate(state.hands[seat]) if c != card)
    state.draw[index], state.hands[seat][out] = state.hands[seat][out], state.draw[index]


def take_away(state: FomoState, seat: int, card: str) -> None:
    """No ``card`` in ``seat``'s hand: each copy goes back to the draw pile for a number."""
    while card in state.hands[seat]:
        i = state.hands[seat].index(card)
        j = next(k for k, c in enumerate(state.draw) if c.isdigit())
        state.draw[j], state.hands[seat][i] = state.hands[seat][i], state.draw[j]


def pile_up(state: FomoState, under: int = 5) -> None:
    """A number on top of the discard pile and ``under`` cards of the draw pile under it."""
    for _ in range(under):
        state.discard.insert(0, state.draw.pop())
    if not state.discard[-1].isdigit():
        j = next(k for k, c in enumerate(state.draw) if c.isdigit())
        state.draw[j], state.discard[-1] = state.discard[-1], state.draw[j]


def settle(app: App, table: FomoTable, frames: int = 60) -> None:
    for _ in range(frames):
        if table.curtain.active:
            press(app, pygame.K_SPACE)
        app.tick(16)


def press(app: App, code: int) -> None:
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])
    app.feed([pygame.event.Event(pygame.KEYUP, key=code, mod=0)])


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    app.feed(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        ]
    )


def my_turn(app: App, table: FomoTable, seat: int = 0) -> None:
    """Tick until ``seat`` may act; other people at the screen just discard on their turns."""
    for _ in range(3000):
        if table.turn_input is not None and table.turn_input.my_turn():
            other = table.private
            if other == seat and not table.presenter.busy:
                return
            if other is not None and other != seat:
                table.submit(Discard(other, table.view_of(other).hand[0]))
        settle(app, table, 1)
    raise AssertionError("seat never got its turn")


def actions_of(table: FomoTable, seat: int) -> list[object]:
    return [action for _, action in table.match.log if action.seat == seat]


def answers_of(table: FomoTable, seat: int) -> list[object]:
    return [a for a in actions_of(table, seat) if isinstance(a, PassCancel | PlayCanceled)]


def test_keys_discard_the_selected_card_and_the_turn_passes(app: App) -> None:
    table = table_for(app, (0,))
    my_turn(app, table)
    hand = [s.card for s in table.presenter.zone("hand:0")]
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_d)
    assert actions_of(table, 0)[-1] == Discard(0, cast(str, hand[1]))


def test_a_number_dragged_onto_a_hidden_slot_is_placed_and_an_action_is_refused_with_why(
    app: App,
) -> None:
    table = table_for(app, (0,))
    my_turn(app, table)
    state = state_of(table)
    give(state, 0, GHOSTED)
    table.snap_to_view()
    settle(app, table, 2)
    slot = table.presenter.zone("set:0:2")[0]
    action = next(s for s in table.presenter.zone("hand:0") if s.card == GHOSTED)
    drag(app, (round(action.x), round(action.y)), (round(slot.x), round(slot.y)))
    assert "only number cards go into your hidden set" in table.message.text.lower()
    assert not actions_of(table, 0)
    number = next(s for s in table.presenter.zone("hand:0") if s.card and s.card.isdigit())
    drag(app, (round(number.x), round(number.y - number.lift)), (round(slot.x), round(slot.y)))
    assert actions_of(table, 0)[-1] == PlaceCard(0, cast(str, number.card), 2)


def test_the_fomo_call_asks_first_and_enter_alone_does_not_gamble(app: App) -> None:
    table = table_for(app, (0,))
    my_turn(app, table)
    press(app, pygame.K_o)
    assert table.turn_input is not None and table.turn_input.confirm is not None
    press(app, pygame.K_RETURN)  # the focus starts on "Not yet"
    assert not actions_of(table, 0) and table.turn_input.confirm is None
    press(app, pygame.K_o)
    press(app, pygame.K_y)
    assert actions_of(table, 0) == [CallFomo(0)]


def window_for(app: App, people: tuple[int, ...], canceled: bool) -> FomoTable:
    """Seat 0 (a person) plays Plot Twist on seats 1 and 2 (people, who hold a Canceled or not)."""
    table = table_for(app, people, players=4, seed=9)
    my_turn(app, table, 0)
    state = state_of(table)
    give(state, 0, PLOT_TWIST)
    for seat in (1, 2):
        (give if canceled else take_away)(state, seat, CANCELED)
    table.snap_to_view()
    assert table.submit(PlayPlotTwist.between(0, 1, 2))
    for _ in range(200):  # the card is played, then the window opens
        settle(app, table, 1)
        if table.hud.window_key is not None:
            break
    assert [seat for seat, _ in table.cancel_panels()] == [s for s in (1, 2) if s in people]
    return table


def test_a_reflex_press_without_a_canceled_looks_exactly_like_a_pass(
    app: App, tmp_path: Path
) -> None:
    pressed = window_for(app, (0, 1, 2), canceled=False)
    press(app, pygame.key.key_code(pressed.reflex.key_of(1) or ""))
    app.tick(16)
    assert answers_of(pressed, 1) == [PassCancel(1)]
    assert [seat for seat, _ in pressed.cancel_panels()] == [2]
    after_press = app.screen.copy()
    app.pop()

    passed = window_for(app, (0, 1, 2), canceled=False)
    rect = next(r for r, seat, cancel in passed.turn_input.cancel_rects if seat == 1 and not cancel)  # type: ignore[union-attr]
    app.feed(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1),
        ]
    )
    app.tick(16)
    assert answers_of(passed, 1) == [PassCancel(1)]
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(after_press, "RGB")


def test_a_canceled_blocks_the_plot_twist_and_the_sets_stay_put(app: App) -> None:
    table = window_for(app, (0, 1, 2), canceled=True)
    before = [list(s) for s in state_of(table).sets]
    press(app, pygame.key.key_code(table.reflex.key_of(1) or ""))
    settle(app, table, 5)
    assert answers_of(table, 1) == [PlayCanceled(1)]
    assert state_of(table).sets[1] == before[1] and state_of(table).sets[2] == before[2]
    assert "cancels" in table.hud.banner


def test_a_plot_twist_slides_the_same_cards_slot_for_slot(app: App) -> None:
    table = window_for(app, (0,), canceled=False)
    app.settings.bot_pace = "normal"  # the next bot waits: the sets are seen as the twist left them
    sprites = {
        seat: [table.presenter.zone(f"set:{seat}:{i}")[0] for i in range(4)] for seat in (1, 2)
    }
    for _ in range(400):  # the window runs out; the bots pass; the cards slide
        if table.state.phase != "cancel" and not table.presenter.busy:
            break
        settle(app, table, 1)
    for i in range(4):
        assert table.presenter.zone(f"set:1:{i}") == [sprites[2][i]]
        assert table.presenter.zone(f"set:2:{i}") == [sprites[1][i]]


def test_a_resumed_match_shows_the_same_table_and_goes_on(app: App) -> None:
    seats = [Seat("bot", name, "normal") for name in NAMES[:4]]
    played = Match(find_game("fomo"), seats, 1, {}, runner=SyncBotRunner())
    while len(played.log) < 8:
        played.update(50)
    assert not played.is_over()
    saved = played.to_json()
    saved["seats"][0] = Seat("human", "Amal").to_json()
    resumed = Match.from_json(saved, runner=SyncBotRunner())
    table = FomoTable(app, resumed)
    app.push(table)
    expected = table.zone_cards(resumed.view(0))
    for zone, cards in expected.items():
        assert [s.card for s in table.presenter.zone(zone)] == cards, zone
    assert len(resumed.log) > 5
    my_turn(app, table)  # the match goes on to the person's next turn


def test_throwback_opens_the_pile_and_enter_takes_the_card_in_focus(app: App) -> None:
    table = table_for(app, (0,))
    my_turn(app, table)
    give(table.state, 0, THROWBACK)
    table.snap_to_view()
    settle(app, table, 2)
    hand = table.presenter.zone("hand:0")
    turn = table.turn_input
    assert turn is not None
    turn.selected = next(i for i, s in enumerate(hand) if s.card == THROWBACK)
    press(app, pygame.K_RETURN)
    settle(app, table, 30)
    assert turn.mode == "throwback" and turn.browser is not None and turn.browser.pick
    wanted = turn.browser.cards[turn.browser.focus]
    press(app, pygame.K_RETURN)
    assert actions_of(table, 0)[-2:] == [PlayThrowback(0), TakeThrowback(0, wanted)]


def test_on_a_shared_screen_seen_gives_the_looker_the_screen_to_look(app: App) -> None:
    table = table_for(app, (0, 1, 2), seed=9)
    my_turn(app, table, 0)
    give(table.state, 0, SEEN)
    take_away(table.state, 1, CANCELED)
    table.snap_to_view()
    assert table.submit(PlaySeen(0, 1))
    for _ in range(600):  # the window runs out, the cards are shown to Amal
        app.tick(16)
        if table.curtain.active:
            break
    assert table.curtain.seat == 0  # Amal first, to look
    press(app, pygame.K_SPACE)
    app.tick(16)
    assert table.private == 0 and table.blocked and "Seen showed" in table.message.text
    hidden = [table.presenter.zone(f"set:1:{i}")[0].card for i in range(4)]
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="")])
    settle(app, table, 0)
    for _ in range(20):
        app.tick(16)
    shown = [d.card for d in table.layer.drawn if d.zone.startswith("set:1:")]
    assert shown == hidden and None not in shown
    app.feed([pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0)])
    press(app, pygame.K_SPACE)  # done looking
    for _ in range(60):
        app.tick(16)
        if table.curtain.active:
            break
    assert not table.blocked and table.curtain.seat == 1  # then Nimal's turn


def assert_every_card_drawn(table: FomoTable) -> None:
    """Every card the viewer's view puts on the table is a visible sprite at its zone's spot."""
    expected = table.zone_cards(table.view_of(table.viewer))
    for zone, cards in expected.items():
        sprites = table.presenter.zone(zone)
        assert len(sprites) == len(cards), zone
        for i, sprite in enumerate(sprites):
            spot = table.spot_for(zone, i, len(sprites))
            assert sprite.visible, f"{zone}[{i}] is not drawn"
            assert (abs(sprite.x - spot.x), abs(sprite.y - spot.y)) <= (1, 1), f"{zone}[{i}]"
    drawn = sum(len(table.presenter.zone(zone)) for zone in expected)
    assert len(table.layer.drawn) == drawn


def test_after_the_deal_at_normal_speed_every_card_of_the_view_is_drawn(app: App) -> None:
    app.settings.animation = "normal"
    table = table_for(app, (0,))
    settled = 0
    for _ in range(2000):  # the deal, then the bots' turns until Amal's
        app.tick(16)
        if not table.presenter.busy:
            settled += 1
            assert_every_card_drawn(table)
        if table.turn_input is not None and table.turn_input.my_turn() and settled:
            break
    assert settled and table.turn_input is not None and table.turn_input.my_turn()


def hide_in_set(state: FomoState, seat: int, slot: int, card: str) -> None:
    """``card`` lies unseen in ``seat``'s hidden ``slot`` (the card there goes to the draw pile)."""
    index = state.draw.index(card)
    state.draw[index], state.sets[seat][slot] = state.sets[seat][slot], state.draw[index]


def test_a_six_placed_over_a_hidden_six_stays_in_the_slot_and_the_old_one_goes(app: App) -> None:
    table = table_for(app, (0,))
    my_turn(app, table)
    give(table.state, 0, "6")
    hide_in_set(table.state, 0, 2, "6")
    table.snap_to_view()
    settle(app, table, 2)
    placed = next(s for s in table.presenter.zone("hand:0") if s.card == "6")
    old = table.presenter.zone("set:0:2")[0]
    assert old.card is None  # nobody has looked at it
    assert table.submit(PlaceCard(0, "6", 2))
    settle(app, table, 5)
    assert table.presenter.zone("set:0:2") == [placed]
    assert old in table.presenter.zone("discard")
    known = table.zone_cards(table.view_of(0))
    assert known["set:0:2"] == ["6"]
    assert [s.card for s in table.presenter.zone("set:0:2")] == ["6"]  # what Tab shows


def drawn_faces(table: FomoTable) -> dict[str, list[str | None]]:
    """The faces the screen shows, zone by zone, in the zones' order (None: a back)."""
    faces: dict[str, list[str | None]] = {}
    for zone, sprites in table.presenter.zones.items():
        if sprites:
            drawn = {id(s): s for s in table.layer.sprites}
            assert all(id(s) in drawn for s in sprites)
            faces[zone] = [s.card if s.shows_face else None for s in sprites]
    return faces


def test_a_replay_with_all_cards_open_shows_every_known_card_face_up(app: App) -> None:
    from game.store.replays import ReplayInfo
    from scenes.replay import ReplayScene

    seats = [Seat("bot", name, "normal") for name in NAMES[:4]]
    match = Match(find_game("fomo"), seats, 8, {}, runner=SyncBotRunner())
    match.run_to_end()  # with a Swap, a Canceled, a Throwback and the winning FOMO! call
    assert find_game("fomo").match_stats(match.state)["won_by_call"]
    app.settings.animation = "fast"
    json = match.to_json()
    info = ReplayInfo(
        Path("r.json"), "m", "fomo", 0.0, 1.0, NAMES[:4], (), "", len(match.log), json
    )
    replay = ReplayScene(app, info, None)
    app.push(replay)
    table = replay.table
    assert isinstance(table, FomoTable)
    while True:
        for _ in range(1000):
            app.tick(16)
            if not table.presenter.busy and not table.blocked:
                break
        expected = {z: c for z, c in table.zone_cards(table.match.view(None)).items() if c}
        assert drawn_faces(table) == expected, f"after move {replay.cursor.position}"
        if not replay.step_forward():
            break
    assert all(expected[f"set:{table.hud.verdict.seat}:{i}"] != [None] for i in range(4))  # type: ignore[union-attr]


def test_on_an_open_table_the_look_key_leaves_the_hidden_sets_face_up(app: App) -> None:
    seats = [Seat("bot", name, "normal") for name in NAMES[:4]]
    match = Match(find_game("fomo"), seats, 5, {}, runner=SyncBotRunner())
    table = FomoTable(app, match, open_cards=True)  # as a demo shows it
    app.push(table)
    app.settings.bot_pace = "relaxed"
    app.tick(16)
    sets = [f"set:{seat}:{slot}" for seat in range(4) for slot in range(4)]
    assert all(table.presenter.zone(z)[0].shows_face for z in sets)
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="")])
    app.tick(16)
    app.feed([pygame.event.Event(pygame.KEYUP, key=pygame.K_TAB, mod=0)])
    app.tick(16)
    assert all(table.presenter.zone(z)[0].shows_face for z in sets)


def seen_on_the_other_person(app: App) -> FomoTable:
    """Amal and Nimal share the screen (Kamala and Saman are bots); at normal speed Amal plays
    Seen on Nimal's set, which opens the Canceled window to Nimal (who holds one)."""
    app.settings.animation = "normal"
    table = table_for(app, (0, 1), seed=9)
    my_turn(app, table, 0)
    give(table.state, 0, SEEN)
    give(table.state, 1, CANCELED)
    for seat in (0, 1):  # each knows a card of their own set (the look key turns it up)
        table.state.know.note_placed(seat, 0, table.state.sets[seat][0])
    table.snap_to_view()
    settle(app, table, 2)
    assert table.private == 0 and any(d.card for d in table.layer.drawn if d.zone == "hand:0")
    assert table.submit(PlaySeen(0, 1))
    return table


def faces_in(table: FomoTable, zone: str) -> list[str]:
    return [d.card for d in table.layer.drawn if d.zone == zone and d.card is not None]


def test_a_window_to_the_other_person_turns_the_actors_hand_down_at_once(app: App) -> None:
    table = seen_on_the_other_person(app)
    pressed = False
    for frame in range(400):  # Nimal answers at once; the Seen is canceled; Amal draws
        app.tick(16)
        assert not faces_in(table, "hand:0"), f"frame {frame}: Amal's hand is up"
        if not pressed and table._reflex_window(1) is not None:
            press(app, pygame.key.key_code(table.reflex.key_of(1) or ""))
            pressed = True
        if table.curtain.active:
            break
    assert answers_of(table, 1) == [PlayCanceled(1)]


def test_the_canceled_bar_counts_down_whenever_a_press_counts(app: App) -> None:
    table = seen_on_the_other_person(app)
    counted = 0
    for frame in range(400):
        before = table.match.now_ms
        app.tick(16)
        if table._reflex_window(1) is not None:  # a press by Nimal would count now
            counted += 1
            if counted in (5, 9):  # a look at the sets meanwhile moves cards, not the clock
                kind = pygame.KEYDOWN if counted == 5 else pygame.KEYUP
                app.feed([pygame.event.Event(kind, key=pygame.K_TAB, mod=0, unicode="")])
            assert table.open_windows(), f"frame {frame}: no bar is drawn"
            assert table.match.now_ms > before, f"frame {frame}: the bar stands still"
        elif counted:
            break
    assert counted > 10


class Way(random.Random):
    """A person who always takes the keys (``keys``) or always the mouse."""

    def __init__(self, keys: bool) -> None:
        super().__init__(11)
        self.keys = keys

    def random(self) -> float:
        return 0.0 if self.keys else 0.99


TURN_MOVES = {
    "discard": (Discard, None),
    "place": (PlaceCard, None),
    "take the top discard": (TakeDiscard, None),
    "seen": (PlaySeen, SEEN),
    "ghosted": (PlayGhosted, GHOSTED),
    "plot twist": (PlayPlotTwist, PLOT_TWIST),
    "swap": (PlaySwap, SWAP),
    "throwback": (PlayThrowback, THROWBACK),
    "fomo": (CallFomo, None),
}


def play_as_a_person(app: App, table: FomoTable, action: object, keys: bool) -> None:
    events = table.person_inputs(action, Way(keys))  # type: ignore[arg-type]
    assert events, f"no way to {action}"
    app.feed(events)
    assert table.match.log[-1][1] == action


@pytest.mark.parametrize("keys", [True, False], ids=["keys", "mouse"])
@pytest.mark.parametrize("move", list(TURN_MOVES))
def test_a_person_reaches_every_move_of_a_turn_by_keys_and_by_mouse(
    app: App, move: str, keys: bool
) -> None:
    kind, card = TURN_MOVES[move]
    table = table_for(app, (0,))
    my_turn(app, table)
    if card is not None:
        give(table.state, 0, card)
    pile_up(table.state)
    table.snap_to_view()
    settle(app, table, 2)
    choices = [a for a in table.state.legal_actions(0) if isinstance(a, kind)]
    action = random.Random(move).choice(choices)
    if keys:  # the keys start from another card than the one played
        press(app, pygame.K_RIGHT)
    play_as_a_person(app, table, action, keys)


@pytest.mark.parametrize("keys", [True, False], ids=["keys", "mouse"])
def test_a_person_takes_a_card_from_the_pile_after_a_throwback(app: App, keys: bool) -> None:
    table = table_for(app, (0,))
    my_turn(app, table)
    give(table.state, 0, THROWBACK)
    pile_up(table.state)
    table.snap_to_view()
    settle(app, table, 2)
    play_as_a_person(app, table, PlayThrowback(0), keys)
    settle(app, table, 60)
    choices = [a for a in table.state.legal_actions(0) if isinstance(a, TakeThrowback)]
    assert len(choices) > 1
    play_as_a_person(app, table, choices[-1], keys)


@pytest.mark.parametrize("keys", [True, False], ids=["keys", "mouse"])
@pytest.mark.parametrize("canceled", [True, False], ids=["canceled", "pass"])
def test_a_person_named_by_an_action_answers_by_key_and_by_panel(
    app: App, canceled: bool, keys: bool
) -> None:
    table = window_for(app, (0, 1, 2), canceled=canceled)
    app.tick(16)
    action = PlayCanceled(1) if canceled else PassCancel(1)
    assert action in table.state.legal_actions(1)
    play_as_a_person(app, table, action, keys)
    assert (1, (PlayCanceled, PassCancel)) not in table.panels_asking()


def test_another_players_card_taken_from_the_pile_lies_where_the_view_puts_it(app: App) -> None:
    seats = [Seat("human" if i < 2 else "bot", NAMES[i], "normal") for i in range(4)]
    match = Match(find_game("fomo"), seats, 5, {}, runner=SyncBotRunner())
    table = FomoTable(app, match, watchers=(0,))  # Nimal plays elsewhere: Amal's screen
    app.push(table)
    my_turn(app, table, 0)
    assert table.submit(Discard(0, table.state.hands[0][0]))
    settle(app, table, 100)
    assert table.state.turn == 1
    pile_up(table.state)
    table.snap_to_view()
    settle(app, table, 2)
    top, hand = table.state.discard[-1], table.state.hands[1]
    assert table.submit(TakeDiscard(1, next(c for c in hand if c != top)))
    settle(app, table, 100)
    expected = table.zone_cards(table.view_of(0))["hand:1"]
    assert expected[0] == top
    assert [s.card for s in table.presenter.zone("hand:1")] == expected


def test_after_a_right_fomo_call_everyone_knows_the_winners_set_and_sees_it(app: App) -> None:
    table = table_for(app, (0,))
    my_turn(app, table)
    for slot in range(4):
        hide_in_set(table.state, 0, slot, "3")
    table.snap_to_view()
    settle(app, table, 2)
    assert table.submit(CallFomo(0))
    settle(app, table, 400)
    assert table.match.is_over()
    for seat in range(4):
        assert table.view_of(seat).sets[0] == ("3", "3", "3", "3")
    shown = [d.card for d in table.layer.drawn if d.zone.startswith("set:0:")]
    assert shown == ["3"] * 4
    assert all(table.turned_up(f"set:0:{i}", 0, table.view_of(0)) for i in range(4))


def test_a_picked_up_card_stops_showing_once_a_hidden_move_may_have_taken_it(app: App) -> None:
    """Amal takes a 6 from the pile in view of Nimal, then puts a card into a hidden slot
    unseen: to Nimal that may have been the 6, so the public table shows it no more."""
    table = table_for(app, (0, 1), seed=9)
    my_turn(app, table, 0)
    state = table.state
    take_away(state, 0, "0")
    state.draw.remove("0")
    state.discard.append("0")  # a 0 on the pile: once taken, the first card of Amal's hand
    top = "0"
    table.snap_to_view()
    settle(app, table, 2)
    assert table.submit(TakeDiscard(0, next(c for c in state.hands[0] if c != top)))
    my_turn(app, table, 0)
    assert top in table.view_of(1).hands[0]
    placed = next(c for c in state.hands[0] if c.isdigit() and c != top)
    assert table.submit(PlaceCard(0, placed, 1))
    assert top not in table.view_of(1).hands[0]
    for _ in range(200):
        app.tick(16)
        if table.private is None:
            assert not faces_in(table, "hand:0"), "Amal's hand shows on the public table"


def test_a_card_taken_from_the_pile_stays_face_up_on_the_public_table_after_a_curtain(
    app: App,
) -> None:
    """Nimal takes an 8 from the pile in view of Amal; his next turn rebuilds the table from his
    view (his hand sorted, the 8 not first); after it the public table still shows the 8."""
    table = table_for(app, (0, 1), seed=9)
    my_turn(app, table, 1)
    state = table.state
    give(state, 1, "0")
    take_away(state, 1, "8")
    state.draw.remove("8")
    state.discard.append("8")
    table.snap_to_view()
    settle(app, table, 2)
    assert table.submit(TakeDiscard(1, next(c for c in state.hands[1] if c != "0")))
    my_turn(app, table, 1)  # behind Nimal's curtain again
    assert "8" in table.view_of(0).hands[1]
    app.settings.bot_pace = "normal"  # the bots think: the public table rests meanwhile
    assert table.submit(Discard(1, "0"))
    rested = 0
    for _ in range(300):
        app.tick(16)
        if table.private is None and not table.presenter.busy and not table.curtain.active:
            rested += 1
            assert faces_in(table, "hand:1") == ["8"]
    assert rested


def test_a_seat_changing_hands_redraws_an_idle_screen_for_its_new_people(app: App) -> None:
    """Amal plays alone, then Nimal sits down and Amal hands her seat to a bot, with no key
    pressed (the App draws an idle table only when it asks): her hand goes face down at once."""
    app.settings.bot_pace = "relaxed"
    table = table_for(app, (0,))
    my_turn(app, table)
    for _ in range(400):  # captions run out: the table idles, Amal to act
        if not table.needs_frame():
            break
        app.tick(16)
    assert faces_in(table, "hand:0") and not table.needs_frame()
    table.change_seat(1, Seat("human", "Nimal"))
    table.change_seat(0, Seat("bot", "Amal", "normal"))
    assert table.needs_frame()
    app.tick(16, lively=False)
    assert table.audience == frozenset({0, 1}) and not faces_in(table, "hand:0")
