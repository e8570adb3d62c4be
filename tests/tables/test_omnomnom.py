"""The Om Nom Nom table as a person uses it: picks by key, click and drag, a change of mind,
refusals with their reason, a face-down pick that only its owner sees, the reveal spelled out
board by board, and results that explain the tiebreak (and, in solo, the colours to beat)."""

from __future__ import annotations

import os
import random
from typing import cast

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omnomnom.actions import Pick  # noqa: E402
from game.omnomnom.cards import ANIMALS  # noqa: E402
from game.omnomnom.resolve import resolve_turn  # noqa: E402
from game.omnomnom.state import OmNomNomState  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omnomnom.hud import results_text, step_words  # noqa: E402
from scenes.omnomnom.inputs import WAYS  # noqa: E402
from scenes.omnomnom.table import OmNomNomTable  # noqa: E402
from scenes.table.referee import ScreenReferee  # noqa: E402

SLOW_BOTS = (60_000, 60_000)  # bots wait a minute: the person picks first


@pytest.fixture
def app(app: App) -> App:
    """The tables' app (conftest.py), with bots at the normal pace: the table hands the pace to
    the match every frame, and these tests need the bots to wait for the person."""
    app.settings.bot_pace = "normal"
    return app


def table_for(app: App, people: int = 1, players: int = 4, solo: int = 0) -> OmNomNomTable:
    seats = [Seat("human", f"Person {i}") for i in range(people)]
    seats += [Seat("bot", f"Bot {i}", "normal") for i in range(people, players)]
    options = {"solo": solo} if solo else {}
    match = Match(
        find_game("omnomnom"), seats, 5, options, runner=SyncBotRunner(), pace_ms=SLOW_BOTS
    )
    table = OmNomNomTable(app, match)
    app.push(table)
    for _ in range(20):
        app.tick(16)
    return table


def press(app: App, key: int) -> None:
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])
    app.feed([pygame.event.Event(pygame.KEYUP, key=key, mod=0)])
    app.tick(16)


def mouse(app: App, kind: int, pos: tuple[float, float]) -> None:
    point = (round(pos[0]), round(pos[1]))
    if kind == pygame.MOUSEMOTION:
        app.feed([pygame.event.Event(kind, pos=point, rel=(0, 0), buttons=(1, 0, 0))])
    else:
        app.feed([pygame.event.Event(kind, pos=point, button=1)])


def sprite_of(table: OmNomNomTable, card: str):  # type: ignore[no-untyped-def]
    return next(s for s in table.layer.sprites if s.card == card)


def state(table: OmNomNomTable) -> OmNomNomState:
    return state_of(table.match)


def state_of(match: Match) -> OmNomNomState:
    assert isinstance(match.state, OmNomNomState)
    return match.state


def test_key_3_picks_the_cat_which_lies_on_the_pick_spot_and_the_plate_shows_a_tick(
    app: App,
) -> None:
    table = table_for(app)
    assert table.my_turn()
    press(app, pygame.K_3)
    assert state(table).picks[0] == "cat"
    assert "✓" in table.seat_chips(0) and "✓" not in table.seat_chips(1)
    cat, spot = sprite_of(table, "cat/0"), table.g.pick_spot(0)
    assert (round(cat.x), round(cat.y)) == (round(spot.x), round(spot.y))


def test_a_pick_changes_by_clicking_another_card_until_the_last_seat_has_picked(
    app: App,
) -> None:
    table = table_for(app)
    press(app, pygame.K_1)
    rabbit = sprite_of(table, "rabbit/0")
    mouse(app, pygame.MOUSEBUTTONDOWN, (rabbit.x, rabbit.y))
    mouse(app, pygame.MOUSEBUTTONUP, (rabbit.x, rabbit.y))
    app.tick(16)
    assert state(table).picks[0] == "rabbit"
    wolf, slot = sprite_of(table, "wolf/0"), table.g.hand_spot(0, 0)
    assert (round(wolf.x), round(wolf.y)) == (round(slot.x), round(slot.y)), "back in its slot"


def test_dragging_a_card_onto_the_pick_spot_picks_it(app: App) -> None:
    table = table_for(app)
    frog = sprite_of(table, "frog/0")
    target = table.g.pick_area().center
    mouse(app, pygame.MOUSEBUTTONDOWN, (frog.x, frog.y))
    mouse(app, pygame.MOUSEMOTION, ((frog.x + target[0]) / 2, frog.y - 40))
    mouse(app, pygame.MOUSEMOTION, target)
    mouse(app, pygame.MOUSEBUTTONUP, target)
    app.tick(16)
    assert state(table).picks[0] == "frog"


def test_a_played_animal_and_the_same_pick_again_are_refused_with_the_reason(app: App) -> None:
    table = table_for(app, players=2)
    table.match.pace_ms = (0, 0)
    press(app, pygame.K_1)
    assert table.message.warning == "" and state(table).picks[0] == "wolf"
    press(app, pygame.K_1)
    assert table.message.warning == "The wolf is already your pick."
    for _ in range(400):  # the bot picks, the reveal resolves
        app.tick(16)
    assert state(table).turn_index == 1
    press(app, pygame.K_1)
    assert table.message.warning == "Your wolf is already played this round."


def test_with_two_people_a_face_down_pick_stays_in_its_slot_for_everyone_but_its_owner(
    app: App,
) -> None:
    table = table_for(app, people=2, players=3)
    assert table.curtain.active and table.curtain.seat == 0
    press(app, pygame.K_SPACE)
    press(app, pygame.K_2)
    assert state(table).picks[0] == "rabbit"
    app.tick(16)
    assert table.curtain.active and table.curtain.seat == 1, "the curtain for the next person"
    table.draw(app.screen)
    rabbit, slot = sprite_of(table, "rabbit/0"), table.g.hand_spot(0, 1)
    assert (round(rabbit.x), round(rabbit.y)) == (round(slot.x), round(slot.y))
    press(app, pygame.K_SPACE)
    table.draw(app.screen)
    assert table.private == 1
    assert (round(rabbit.x), round(rabbit.y)) == (round(slot.x), round(slot.y))
    assert table.seat_chips(0)[-1] == "✓"


def test_each_board_is_spelled_out_with_the_rules_arithmetic() -> None:
    spaces = {"rabbit": 0, "mouse": 2, "frog": 0, "carrot": 0, "cheese": 0, "fly": 5}
    town, pond = resolve_turn(["cat", "cat", "mouse", "frog"], spaces).steps[1:]
    assert step_words(town) == [
        "Town: 3 prey (1 mouse card + 2 mouse dice), 2 cats:",
        "1 each, 1 left.",
    ]
    assert step_words(pond) == ["Pond: 5 prey, 1 frog:", "5 each."]
    too_many = resolve_turn(["wolf", "wolf", "wolf"], {"rabbit": 2}).steps[0]
    assert step_words(too_many) == ["Forest: 2 prey, 3 wolves:", "too few to share, nobody eats."]


def test_solo_results_say_you_must_beat_every_colour(app: App) -> None:
    seats = [Seat("bot", "You", "normal")] + [
        Seat("bot", f"Colour {i}", "random") for i in (1, 2, 3)
    ]
    match = Match(find_game("omnomnom"), seats, 3, {"solo": 3}, runner=SyncBotRunner())
    match.run_to_end()
    lines = results_text(match, match.view(None))  # type: ignore[arg-type]
    assert lines[0].startswith("Solo: you win only by beating every colour. You scored")
    outcome = match.state.outcome()
    assert outcome is not None
    if outcome.winners == (0,):
        assert lines[1].startswith("You beat Colour 1, Colour 2, Colour 3")
    else:
        assert lines[1].startswith("Not beaten:") and "(ties go to the colour)" in lines[1]


def test_a_solo_stack_turns_its_top_card_after_you_pick(app: App) -> None:
    app.settings.animation = "normal"
    table = table_for(app, people=1, players=4, solo=3)
    for _ in range(200):
        app.tick(16)
    before = [len(table.presenter.zone(f"stack:{seat}")) for seat in (1, 2, 3)]
    assert before == [6, 6, 6] and all(s.card is None for s in table.presenter.zone("stack:1"))
    press(app, pygame.K_5)
    turned: list[str | None] = []
    for _ in range(120):  # each stack turns its top card in turn, face up on its pick spot
        app.tick(16)
        turned = [s.card for seat in (1, 2, 3) for s in table.presenter.zone(f"picked:{seat}")]
        if len(turned) == 3:
            break
    revealed = state(table).rounds_log[-1]["turns"][0]
    assert turned == [f"{revealed[seat]}/{seat}" for seat in (1, 2, 3)]
    assert [len(table.presenter.zone(f"stack:{seat}")) for seat in (1, 2, 3)] == [5, 5, 5]


def test_the_next_pick_waits_until_the_reveal_has_been_shown(app: App) -> None:
    app.settings.animation = "normal"
    table = table_for(app, players=2)
    table.match.pace_ms = (0, 0)
    for _ in range(200):
        app.tick(16)
    press(app, pygame.K_1)
    for _ in range(400):  # the bot picks: the reveal starts
        app.tick(16)
        if table.hud.resolving is not None:
            break
    assert table.hud.resolving is not None and state(table).turn_index == 1
    press(app, pygame.K_2)
    assert table.message.warning == "Wait: the reveal is still being shown."
    assert state(table).picks[0] is None, "nothing was picked for the next turn"


def own_keys_table(app: App) -> OmNomNomTable:
    """Amal and Dev pick with their own keys beside a slow bot: no curtain."""
    seats = [Seat("human", "Amal"), Seat("human", "Dev"), Seat("bot", "Bot", "normal")]
    match = Match(
        find_game("omnomnom"),
        seats,
        5,
        {"own_keys": True},
        runner=SyncBotRunner(),
        pace_ms=SLOW_BOTS,
    )
    table = OmNomNomTable(app, match)
    app.push(table)
    return table


def test_with_own_keys_two_people_pick_at_once_with_no_curtain_and_only_ticks_show(
    app: App,
) -> None:
    table = own_keys_table(app)
    for _ in range(20):
        app.tick(16)
    assert not table.curtain.active and table.audience == frozenset({0, 1})
    assert table.message.prompt.startswith("Pick with your own keys: Amal 1–6, Dev Q–Y")
    press(app, pygame.K_2)  # Amal: rabbit
    press(app, pygame.K_w)  # Dev: rabbit
    press(app, pygame.K_e)  # Dev changes his mind: cat
    assert state(table).picks == ["rabbit", "cat", None]
    assert not table.curtain.active
    assert [table.seat_chips(s)[-1] == "✓" for s in (0, 1, 2)] == [True, True, False]
    table.draw(app.screen)
    for card, slot in (("rabbit/0", 1), ("cat/1", 2)):
        sprite, home = sprite_of(table, card), table.g.hand_spot(int(card[-1]), slot)
        assert (round(sprite.x), round(sprite.y)) == (round(home.x), round(home.y)), card
    assert "rabbit" not in table.message.text and "cat" not in table.message.text


def two_people(app: App) -> OmNomNomTable:
    """Amal and Dev share the screen with the curtain, nobody else at the table."""
    app.settings.animation = "fast"
    seats = [Seat("human", "Amal"), Seat("human", "Dev")]
    match = Match(find_game("omnomnom"), seats, 7, {}, runner=SyncBotRunner())
    table = OmNomNomTable(app, match)
    app.push(table)
    app.tick(16)
    return table


def test_with_two_people_every_pick_of_every_round_starts_behind_its_own_curtain(
    app: App,
) -> None:
    """The screen is one person's only in the turn they lifted the curtain for: the last pick
    of a turn hands the reveal, and the next turn, back to the open table."""
    table = two_people(app)
    lifted: tuple[int, int, int] | None = None  # (seat, round, turn) the curtain rose for
    picks = 0
    for _ in range(20_000):
        if table.match.is_over():
            break
        now = (state(table).round_index, state(table).turn_index)
        if table.private is not None:
            assert lifted == (table.private, *now), (
                f"{table.seat_name(table.private)}'s screen in round {now[0] + 1}, "
                f"turn {now[1] + 1}, but the curtain rose for {lifted}"
            )
        if table.curtain.active and not table.presenter.busy:
            seat = table.curtain.seat
            assert seat is not None
            press(app, pygame.K_SPACE)
            lifted = (seat, *now)
        elif table.my_turn() and state(table).picks[table.private or 0] is None:
            seat = table.private
            assert seat is not None
            press(app, pygame.K_1 + ANIMALS.index(table.view.hands[seat][0]))
            picks += 1
        else:
            press(app, pygame.K_SPACE)  # skip the reveal, close the round's score
    assert table.match.is_over() and picks == 36


def test_a_card_picked_with_the_arrow_keys_is_neither_lifted_nor_framed_under_the_next_curtain(
    app: App,
) -> None:
    """The cursor would tell Dev which card Amal chose."""
    table = two_people(app)
    while not table.curtain.active:  # the dice roll onto the boards
        app.tick(16)
    press(app, pygame.K_SPACE)  # Amal's curtain
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert state(table).picks[0] == "rabbit"
    for _ in range(60):
        app.tick(16)
        table.draw(app.screen)
        if table.curtain.active:
            marked = [s.card for s in table.layer.sprites if s.selected or s.lift]
            assert marked == [], "lifted or framed under Dev's curtain"
    assert table.curtain.seat == 1


def misplaced(table: OmNomNomTable) -> list[str]:
    """Cards at rest that are not what the view says, where it says: the hand slots and each
    seat's dice (in the view's order, so a die's face matches its place)."""
    wrong = []
    for zone, cards in table.zone_cards(table.view_of(table.viewer)).items():
        if not zone.startswith(("hand:", "dice:")):
            continue
        sprites = table.presenter.zone(zone)
        if [s.card for s in sprites] != cards:
            wrong.append(f"{zone} shows {[s.card for s in sprites]}, the view {cards}")
        for index, sprite in enumerate(sprites):
            spot = table.spot_for(zone, index, len(sprites))
            if (round(sprite.x), round(sprite.y)) != (round(spot.x), round(spot.y)):
                wrong.append(f"{sprite.card} in {zone} lies off its spot")
    return wrong


def test_at_rest_every_hand_card_and_every_won_die_lies_where_the_view_puts_it(app: App) -> None:
    """A round's last pick goes back to its slot at the cleanup (not onto the pick spot), and
    the dice a seat wins lie grouped by face as its view lists them."""
    app.settings.bot_pace = "instant"
    table = table_for(app, people=1, players=3)
    for _ in range(3000):
        if table.match.is_over():
            break
        if table.my_turn() and state(table).picks[0] is None:
            press(app, pygame.K_1 + ANIMALS.index(table.view.hands[0][-1]))
        elif table.summary_open():
            press(app, pygame.K_SPACE)  # the round's score
        app.tick(16)
        if not table.presenter.busy:
            assert misplaced(table) == [], (state(table).round_index, state(table).turn_index)
    assert table.match.is_over()


class OneWay(random.Random):
    """A person who always takes the same way to a card (the hook chooses with ``choice``)."""

    def __init__(self, way: str) -> None:
        super().__init__(0)
        self.way = way

    def choice(self, seq):  # type: ignore[no-untyped-def]
        return self.way if self.way in seq else super().choice(seq)


@pytest.mark.parametrize("way", WAYS)
def test_each_way_a_person_picks_plays_the_pick_and_then_changes_it(app: App, way: str) -> None:
    table = table_for(app)
    assert table.message.asking == (0, (Pick,)), "the prompt asks you for a pick"
    for animal in ("cat", "frog", "wolf"):
        events = table.person_inputs(Pick(0, animal), OneWay(way))
        assert events, f"{way}: no way to the {animal}"
        app.feed(events)
        app.tick(16)
        assert state(table).picks[0] == animal, way
        assert table.message.asking is None, "a change is offered, not asked: no move is owed"


def test_with_own_keys_each_persons_pick_is_their_own_key(app: App) -> None:
    table = own_keys_table(app)
    app.tick(16)
    assert table.message.asking == (0, (Pick,))
    events = table.person_inputs(Pick(1, "mouse"), random.Random(1))
    assert [e.key for e in events if e.type == pygame.KEYDOWN] == [pygame.K_r]
    app.feed(events)
    app.tick(16)
    assert state(table).picks == [None, "mouse", None]


def test_an_open_table_shows_each_solo_stack_face_up_in_its_new_order_after_a_round(
    app: App,
) -> None:
    """A demo or an all-open replay hides nothing: after the cleanup the colours' stacks are
    the new round's, face up as the open view lists them."""
    app.settings.animation = "fast"
    seats = [Seat("bot", "You", "normal")] + [
        Seat("bot", f"Colour {i}", "random") for i in (1, 2, 3)
    ]
    match = Match(find_game("omnomnom"), seats, 3, {"solo": 3}, runner=SyncBotRunner())
    table = OmNomNomTable(app, match, auto_continue=True)
    app.push(table)
    assert table.audience is None
    for _ in range(20_000):
        app.tick(16)
        if state(table).round_index == 1 and not table.presenter.busy:
            break
    view = table.view_of(None)
    for seat in (1, 2, 3):
        zone = f"stack:{seat}"
        sprites = table.presenter.zone(zone)
        assert [s.card for s in sprites] == table.zone_cards(view)[zone], zone
        assert all(s.shows_face for s in sprites), zone


def test_a_solo_colours_card_turned_up_at_a_rounds_last_reveal_stays_known_to_you(
    app: App,
) -> None:
    """The last reveal of a round is cleared away in the same move: the card is in no zone of
    any view afterwards, yet you saw it turned up (the view's history says so)."""
    seats = [Seat("bot", "You", "normal")] + [Seat("bot", f"Colour {i}", "random") for i in (1, 2)]
    match = Match(
        find_game("omnomnom"), seats, 3, {"solo": 2}, runner=SyncBotRunner(), pace_ms=(0, 0)
    )

    def stop_in_round_2(m: Match) -> None:
        if cast(OmNomNomState, m.state).round_index:
            m.hold()

    match.listeners.append(stop_in_round_2)
    match.update(100)
    assert state_of(match).round_index == 1 and state_of(match).turn_index == 0
    table = OmNomNomTable(app, match)
    view = table.view_of(0)
    on_table = {c for cards in table.zone_cards(view).values() for c in cards if c is not None}
    last = [
        f"{animal}/{seat}" for seat, animal in enumerate(state(table).rounds_log[0]["turns"][-1])
    ]
    assert not set(last[1:]) & on_table, "round 1's last picks lie in no zone in round 2"
    assert all(table.known_faces(view)[card] == 1 for card in last)


def test_bots_at_instant_speed_show_the_final_table_at_rest_before_the_results(
    app: App,
) -> None:
    """Each frame brings the next picks: the only frame at rest is the end, drawn once."""
    app.settings.bot_pace = "instant"
    seats = [Seat("bot", f"Bot {i}", "normal") for i in range(2)]
    match = Match(find_game("omnomnom"), seats, 5, {}, runner=SyncBotRunner())
    table = OmNomNomTable(app, match, auto_continue=True)
    app.push(table)
    drawn_at_rest = 0
    for _ in range(500):
        app.tick(16)
        if table not in app.stack.scenes:
            break
        drawn_at_rest += not table.presenter.busy
    assert match.is_over() and type(app.stack.top).__name__ == "ResultsScene"
    assert drawn_at_rest == 1


def test_a_seat_changing_hands_mid_reveal_leaves_the_next_reveal_whole(app: App) -> None:
    """The table is rebuilt from the view mid-reveal (the rest of the script is dropped): the
    next turn's catches still fly home and the boards empty (the monkey, seed 880)."""
    app.settings.animation = "normal"
    app.settings.bot_pace = "instant"
    table = table_for(app, people=1, players=3)
    referee = ScreenReferee(table)
    rebuilt = False
    for _ in range(5000):
        if state(table).turn_index == 3:  # the reveal after the rebuild has been shown
            break
        if not table.presenter.busy and table.my_turn() and state(table).picks[0] is None:
            press(app, pygame.K_1 + ANIMALS.index(table.view.hands[0][0]))
        if table.hud.resolving is not None and not rebuilt:
            table.change_seat(1, Seat("bot", "Bot 1", "easy"))  # as from pause -> Seats
            rebuilt = True
        app.tick(16)
        faults = referee.check()
        assert not faults, faults
    assert rebuilt and state(table).turn_index == 3 and referee.checked_at_rest > 0
