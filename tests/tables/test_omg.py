"""The OMG table as a person uses it: a hand card dragged to a lane, refusals that say why, an
attack chosen by keys with its preview, the defender's choice, the mulligan and End turn."""

from __future__ import annotations

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


from typing import cast  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omg.actions import Attack, EndTurn, Mulligan, PlayBeing  # noqa: E402
from game.omg.board import Stack  # noqa: E402
from game.omg.state import OmgState  # noqa: E402
from game.omg.view import OmgView  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omg.faces import ability_text  # noqa: E402
from scenes.omg.forfeit import ForfeitScene  # noqa: E402
from scenes.omg.table import OmgTable  # noqa: E402
from scenes.pause import PauseScene  # noqa: E402

SIZE = (1280, 720)


def table_for(app: App, seats: list[Seat], seed: int = 3) -> OmgTable:
    match = Match(find_game("omg"), seats, seed, {"turn_limit": 30}, runner=SyncBotRunner())
    table = OmgTable(app, match)
    app.push(table)
    return table


def settle(app: App, table: OmgTable, frames: int = 40) -> None:
    for _ in range(frames):
        if table.curtain.active:
            key(app, pygame.K_SPACE)
        app.tick(16)


def key(app: App, code: int) -> None:
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")])
    app.feed([pygame.event.Event(pygame.KEYUP, key=code, mod=0)])


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    app.feed(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start),
            pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end),
        ]
    )


def human_vs_bot(app: App) -> OmgTable:
    table = table_for(app, [Seat("human", "You"), Seat("bot", "Nimal", "normal")])
    settle(app, table)
    return table


def keep_and_reach_my_turn(app: App, table: OmgTable) -> OmgState:
    state = table.match.state
    assert isinstance(state, OmgState)
    assert table.picker.mode == "mulligan"
    key(app, pygame.K_SPACE)  # keep the hand
    for _ in range(400):
        app.tick(16)
        if state.turn_seat == 0 and state.phase == "main" and table.picker.mode == "main":
            break
    assert table.picker.mode == "main"
    return state


def test_ability_words_read_n_for_the_level() -> None:
    assert ability_text("Zeus:3") == "+3 power"
    assert ability_text("Hephaestus:3") == "Ready 2 rested Gems"
    assert ability_text("Njord:1") == "Draw 1"
    assert ability_text("Tefnut:2").endswith("power ≤ 3")


def test_the_mulligan_shuffles_back_the_marked_cards(app: App) -> None:
    table = human_vs_bot(app)
    hand = [s.card for s in table.presenter.zone("hand:0")]
    first = next(p for p in table.picker.ring.picks if p.kind == "hand")
    first.action()  # mark it
    key(app, pygame.K_SPACE)
    ours = [a for _, a in table.match.log if isinstance(a, Mulligan) and a.seat == 0]
    assert first.sprite is not None
    assert ours and ours[0].cards == (first.sprite.card,) and first.sprite.card in hand


def test_a_card_dragged_to_an_empty_lane_is_played_there(app: App) -> None:
    table = human_vs_bot(app)
    state = keep_and_reach_my_turn(app, table)
    side = state.sides[0]
    sprite = next(
        s
        for s in table.presenter.zone("hand:0")
        if s.card
        and any(
            isinstance(a, PlayBeing) and a.card == s.card and a.target is None
            for a in state.legal_actions(0)
        )
    )
    card = sprite.card
    start = sprite.rect(table.layer.card_size).center
    drag(app, start, table.board.lane_rect(0, 1).center)
    settle(app, table, 5)
    assert side.locations[1] is not None and side.locations[1].cards == [card]


def test_an_unaffordable_drop_is_refused_with_the_gems_it_needs(app: App) -> None:
    table = human_vs_bot(app)
    state = keep_and_reach_my_turn(app, table)
    side = state.sides[0]
    side.hand.append("Zeus:3")  # costs 6: more than the opening Gems
    table.snap_to_view()
    settle(app, table, 2)
    sprite = next(s for s in table.presenter.zone("hand:0") if s.card == "Zeus:3")
    drag(app, sprite.rect(table.layer.card_size).center, table.board.lane_rect(0, 0).center)
    assert side.locations[0] is None
    assert f"Zeus L3 costs 6; you have {side.gems_active} active Gems" in table.message.text


def test_an_attack_by_keys_shows_the_type_preview_and_lands(app: App) -> None:
    table = human_vs_bot(app)
    state = keep_and_reach_my_turn(app, table)
    me, them = state.sides
    me.locations[0] = Stack(["Poseidon:2"], entered_turn=0)  # Water
    them.locations[1] = Stack(["Surtr:1"], rested=True, entered_turn=0)  # Fire, rested
    state.turn_number = max(2, state.turn_number)
    table.snap_to_view()
    settle(app, table, 2)
    attack = next(p for p in table.picker.ring.picks if p.kind == "lane" and p.payload == 0)
    attack.action()
    assert table.picker.mode == "attack"
    target = next(p for p in table.picker.ring.picks if p.kind == "enemy")
    assert (
        target.good
        and "Water vs Fire: ×2" in target.label
        and "Surtr L1 is destroyed" in target.label
    )
    table.picker.ring.focus = table.picker.ring.picks.index(target)
    key(app, pygame.K_RETURN)
    assert any(isinstance(a, Attack) and a.target == 1 for _, a in table.match.log)
    settle(app, table, 10)
    assert them.locations[1] is None


def test_end_turn_asks_while_something_is_left_and_not_after(app: App) -> None:
    table = human_vs_bot(app)
    state = keep_and_reach_my_turn(app, table)
    if not table.picker.things_left():
        pytest.skip("nothing playable in this opening")
    key(app, pygame.K_e)
    assert table.picker.choice is not None and "End the turn?" in table.picker.choice.prompt
    key(app, pygame.K_n)
    assert table.picker.choice is None and not any(
        isinstance(a, EndTurn) for _, a in table.match.log
    )
    key(app, pygame.K_e)
    key(app, pygame.K_y)
    assert any(isinstance(a, EndTurn) for _, a in table.match.log)
    del state


def two_people_at_the_first_turn(app: App) -> tuple[OmgTable, OmgState]:
    """Amal and Dev at one screen, each past their mulligan behind the curtain."""
    table = table_for(app, [Seat("human", "Amal"), Seat("human", "Dev")])
    state = table.match.state
    assert isinstance(state, OmgState)
    for _ in range(2):
        settle(app, table, 3)
        key(app, pygame.K_SPACE)  # each keeps their hand behind the curtain
    settle(app, table, 30)
    return table, state


def test_two_people_defend_behind_the_curtain(app: App) -> None:
    table, state = two_people_at_the_first_turn(app)
    attacker = state.turn_seat
    me, them = state.sides[attacker], state.sides[1 - attacker]
    me.locations[1] = Stack(["Zeus:1"], entered_turn=0)
    them.locations[1] = Stack(["Geb:1"], entered_turn=0)
    state.turn_number = max(2, state.turn_number)
    table.snap_to_view()
    settle(app, table, 3)
    assert table.private == attacker
    table.submit(Attack(attacker, 1, None))
    curtain_for = None
    for _ in range(60):
        app.tick(16)
        if table.curtain.active:
            curtain_for = table.curtain.seat
            break
    assert curtain_for == 1 - attacker  # the defender's hand is private: the curtain drops
    key(app, pygame.K_SPACE)
    settle(app, table, 3)
    assert table.picker.mode == "defense" and table.private == 1 - attacker
    block = next(p for p in table.picker.ring.picks if p.kind == "lane")
    block.action()
    settle(app, table, 3)
    assert "vs your block" in table.message.prompt
    key(app, pygame.K_SPACE)  # Done
    for _ in range(80):
        app.tick(16)
        if table.curtain.active:
            break
    assert table.curtain.active and table.curtain.seat == attacker  # back to the attacker's turn


def test_a_resumed_match_shows_the_same_board_and_the_log_the_live_table_wrote(
    app: App,
) -> None:
    seats = [Seat("bot", "You", "easy"), Seat("bot", "Nimal", "easy")]
    played = Match(find_game("omg"), seats, 9, {"turn_limit": 30}, runner=SyncBotRunner())
    live = OmgTable(app, played)
    app.push(live)
    for _ in range(3000):
        live.update(16)  # the table's frames without drawing them (quicker)
        if len(played.log) >= 12 and not live.presenter.busy:
            break
    live.update(16)
    assert len(played.log) >= 12 and any(heading for _, heading in live.hud.log)
    resumed = Match.from_json(played.to_json(), runner=SyncBotRunner())
    table = OmgTable(app, resumed)
    view = cast(OmgView, resumed.view(None))
    for seat, side in enumerate(view.sides):
        for loc, stack in enumerate(side.locations):
            shown = [s.card for s in table.presenter.zone(f"loc:{seat}:{loc}")]
            assert shown == (list(stack.cards) if stack else [])
    assert table.hud.log == live.hud.log  # one narration: not rebuilt in another style
    assert not any(re.search(r"[A-Z][a-z]+:[123]", text) for text, _ in table.hud.log)


def test_forfeit_from_the_pause_menu_asks_first_then_gives_the_match_to_the_other_seat(
    app: App,
) -> None:
    table = human_vs_bot(app)
    app.open_pause(table)
    pause = cast(PauseScene, app.stack.top)
    forfeit = next(item for item in pause.form.items if item.label == "Forfeit")
    forfeit.activate()
    question = cast(ForfeitScene, app.stack.top)
    assert isinstance(question, ForfeitScene), "one press does not end the match"
    assert question.form.focused.label == "Keep playing", "Enter keeps playing"
    assert not table.match.is_over()
    next(item for item in question.form.items if item.label == "Give up").activate()
    settle(app, table, 20)
    assert table.match.is_over() and cast(OmgState, table.match.state).winner == 1
    assert type(app.stack.top).__name__ == "ResultsScene"


def test_a_being_dragged_onto_the_enemy_life_attacks_it(app: App) -> None:
    table = human_vs_bot(app)
    state = keep_and_reach_my_turn(app, table)
    side = state.sides[0]
    for pile in (side.deck, side.hand, side.life):  # Zeus moves from where it was (Dawn's)
        if "Zeus:2" in pile:
            pile.remove("Zeus:2")
    side.locations[2] = Stack(["Zeus:2"], entered_turn=0)
    state.turn_number = max(2, state.turn_number)
    table.snap_to_view()
    settle(app, table, 2)
    zeus = table.presenter.zone("loc:0:2")[-1]
    drag(app, zeus.rect(table.layer.card_size).center, table.board.life_rect(1).center)
    assert any(
        isinstance(a, Attack) and a.location == 2 and a.target is None for _, a in table.match.log
    )
    settle(app, table, 60)  # the bot defends: the attack resolves
    assert state.phase != "defense"


def test_every_card_outside_the_deck_and_abyss_piles_is_drawn(app: App) -> None:
    match = Match(
        find_game("omg"),
        [Seat("human", "You"), Seat("bot", "Nimal", "normal")],
        5,
        {"turn_limit": 30},
        runner=SyncBotRunner(),
    )
    table = OmgTable(app, match)
    app.push(table)
    settle(app, table, 5)
    key(app, pygame.K_SPACE)  # keep: the Life cards are dealt from deep in the deck
    for _ in range(300):
        app.tick(16)
        hidden = [
            s.zone
            for s in table.layer.sprites
            if not s.visible and not s.zone.startswith(("deck:", "abyss:"))
        ]
        assert not hidden, f"cards not drawn in {hidden}"
    assert any(s.zone.startswith("life:") for s in table.layer.sprites)


def test_with_two_people_only_the_one_giving_up_can_forfeit_with_their_own_key(
    app: App,
) -> None:
    """Either person could click "Forfeit for Dev": the question waits for Dev's own key."""
    match = Match(find_game("omg"), [Seat("human", "Amal"), Seat("human", "Dev")], 5, {})
    table = OmgTable(app, match)
    app.push(table)
    app.open_pause(table)
    pause = cast(PauseScene, app.stack.top)
    next(item for item in pause.form.items if item.label == "Forfeit for Dev").activate()
    question = cast(ForfeitScene, app.stack.top)
    amal_key, dev_key = app.settings.reflex_keys[0], app.settings.reflex_keys[1]
    assert [item.label for item in question.form.items] == ["Keep playing"]
    question.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(amal_key), mod=0))
    assert app.stack.top is question and not match.is_over(), "Amal cannot give up for Dev"
    question.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(dev_key), mod=0))
    assert match.is_over() and cast(OmgState, match.state).winner == 0
