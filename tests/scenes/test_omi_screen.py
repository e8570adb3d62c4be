"""What the Omi screen shows two people (issue 27): a person's hand goes face down the moment
they stop acting, while the cards still fly."""

from __future__ import annotations

from typing import cast

import pygame
import pytest

from game.omi.actions import PlayCard
from game.omi.state import OmiState
from scenes.app import App
from scenes.omi.table import OmiTable
from tests.scenes.conftest import keys, omi_table


def hand_faces(app: App, table, seat: int) -> set[str]:  # type: ignore[no-untyped-def]
    table.draw(app.screen)
    return {d.card for d in table.layer.drawn if d.zone == f"hand:{seat}" and d.card}


def test_a_hand_goes_face_down_as_soon_as_its_person_has_played(app: App) -> None:
    """Two people (partners 0 and 2) at normal speed: from the frame seat 0's card leaves for
    the trick until seat 0 acts again, seat 0's hand shows no face (seat 2 is looking)."""
    app.settings.animation = "normal"
    app.settings.bot_pace = "instant"
    from game.core.runner import SyncBotRunner

    app.runner_factory = SyncBotRunner
    table = omi_table(app, humans=(0, 2), seed=5)
    state = cast(OmiState, table.match.state)
    plays_checked = 0
    watching = False  # seat 0 has played and does not act yet
    for _ in range(30000):
        app.tick(16)
        if watching:
            if 0 in state.to_act():
                watching = False
                plays_checked += 1
                if plays_checked == 3:
                    break
            else:
                assert hand_faces(app, table, 0) == set(), len(table.match.log)
        if table.curtain.active:
            app.feed(keys(pygame.K_SPACE))
        elif table.summary_open() or (table.my_turn() and not table.presenter.busy):
            before = len(table.match.log)
            app.feed(keys(pygame.K_RETURN))  # trumps, the selected card, or "continue"
            app.tick(16)
            played = table.match.log[before:]
            if any(isinstance(a, PlayCard) and a.seat == 0 for _, a in played):
                watching = True
                assert hand_faces(app, table, 0) == set()
    assert plays_checked == 3


def test_the_message_line_and_the_trump_bar_ask_what_the_match_asks(quick_app: App) -> None:
    """Trumps, then plays: the prompt and the bar say whom they ask for which action, and at
    every settled frame of a hand the match still asks that of them."""
    from game.omi.actions import NameTrump

    app = quick_app
    table = omi_table(app, humans=(1,), seed=6)  # seat 1 names trumps in the first hand
    state = cast(OmiState, table.match.state)
    kinds_seen: set[type] = set()
    for _ in range(3000):
        app.tick(16)
        if table.presenter.busy:
            continue
        asks = list(table.panels_asking())
        if table.message.asking is not None:
            asks.append(table.message.asking)
        for seat, kinds in asks:
            assert any(isinstance(a, kinds) for a in state.legal_actions(seat)), kinds
            kinds_seen.update(kinds)
        if table.summary_open() or table.my_turn():
            if table.my_turn():
                assert table.message.asking is not None
            app.feed(keys(pygame.K_RETURN))
        if state.hand_number >= 2:
            break
    assert {NameTrump, PlayCard} <= kinds_seen


def test_after_the_deal_the_deck_lies_squared_on_its_spots(quick_app: App) -> None:
    """Cards dealt from the middle of the pack: the rest close up (the referee found the top
    eight standing where a 32-card pack had them)."""
    table = omi_table(quick_app, humans=(0, 1, 2, 3), seed=3)
    for _ in range(400):
        quick_app.tick(16)
        if table.view.phase == "trump" and not table.presenter.busy:
            break
    deck = table.presenter.zone("deck")
    assert 0 < len(deck) < 32
    for index, sprite in enumerate(deck):
        spot = table.spot_for("deck", index, len(deck))
        assert (round(sprite.x, 1), round(sprite.y, 1)) == (round(spot.x, 1), round(spot.y, 1))


class Always:
    """A stand-in rng that always chooses ``way``."""

    def __init__(self, way: str) -> None:
        self.way = way

    def choice(self, options):  # type: ignore[no-untyped-def]
        return self.way if self.way in options else options[0]


@pytest.mark.parametrize("way", ["keys", "click", "drag", "hotkey", "mouse", "arrows"])
def test_a_person_names_trumps_and_plays_every_way(quick_app: App, way: str) -> None:
    """person_inputs: the events a person makes reach the match as the move they meant."""
    app = quick_app
    table = omi_table(app, humans=(0, 1, 2, 3), seed=4)
    state = cast(OmiState, table.match.state)
    for _ in range(3000):
        app.tick(16)
        if table.curtain.active:
            app.feed(keys(pygame.K_SPACE))
            continue
        if table.presenter.busy or table.private is None or not table.my_turn():
            continue
        legal = state.legal_actions(table.private)
        action = legal[-1]
        events = table.person_inputs(action, Always(way))  # type: ignore[arg-type]
        assert events, action
        before = len(table.match.log)
        app.feed(events)
        assert table.match.log[before:][0][1] == action
        if isinstance(action, PlayCard) and len(table.match.log) > 14:
            break
    assert any(isinstance(a, PlayCard) for _, a in table.match.log[-3:])


def watched_table(app: App, seed: int, bot_pace: str) -> tuple[OmiTable, OmiState]:
    """You and three bots at the default animation speed, every frame of it to look at."""
    from game.core.runner import SyncBotRunner

    app.settings.animation, app.settings.bot_pace = "normal", bot_pace
    app.runner_factory = SyncBotRunner
    table = omi_table(app, humans=(0,), seed=seed)
    return table, cast(OmiState, table.match.state)


def test_while_a_bot_names_trumps_the_line_lies_clear_of_the_bottom_dealers_deck(
    app: App,
) -> None:
    """Seed 2: you deal, Nimal (on your right) names trumps from the first four cards while the
    rest of the deck waits in front of you; "Nimal is thinking…" lay over that deck."""
    table, state = watched_table(app, seed=2, bot_pace="normal")
    for _ in range(3000):
        app.tick(16)
        if state.to_act() == {1} and not table.presenter.busy and table.message.prompt:
            break
    assert table.hud.dealer == 0 and "thinking" in table.message.prompt
    deck = [s.rect(table.layer.card_size) for s in table.presenter.zone("deck")]
    assert len(deck) == 16
    line = table.message.rect(table.message_pos(), table.layout.scale)
    assert line.collidelist(deck) == -1, (line, deck[0].unionall(deck))
    trick = table.layout.trick_area()
    assert table.layout.size[1] >= line.bottom and line.top >= trick.top  # still at the table


def test_once_trumps_are_named_no_frame_still_asks_for_them(app: App) -> None:
    """Seed 0: you name trumps; while the last four cards each are dealt, the line said "You
    are the trump-maker: choose trumps..." beside "Spades are trumps" (it was refreshed only
    once the deal had settled)."""
    table, state = watched_table(app, seed=0, bot_pace="instant")
    for _ in range(3000):
        app.tick(16)
        if table.my_turn() and not table.presenter.busy and table.choice is not None:
            break
    assert table.message.asking is not None and table.hud.trump is None
    app.feed(keys(pygame.K_RETURN))  # the suit the bar offers first
    frames = 0
    for frames in range(1, 600):
        app.tick(16)
        if table.message.asking is not None:
            seat, kinds = table.message.asking
            assert any(isinstance(a, kinds) for a in state.legal_actions(seat)), (
                frames,
                table.message.prompt,
            )
        if table.hud.trump is not None and not table.presenter.busy:
            break
    assert table.hud.trump is not None and frames > 10  # the deal was watched frame by frame


def test_the_last_trick_hides_the_message_line_whole(quick_app: App) -> None:
    """Your long prompt ("Your turn: drag a card to the middle, click it, or Left/Right and
    Enter.") stuck out at both sides of the last trick's panel."""
    from scenes.omi.hud import last_trick_box

    table = omi_table(quick_app, humans=(0,), seed=11)
    state = cast(OmiState, table.match.state)
    for _ in range(3000):
        quick_app.tick(16)
        if table.presenter.busy or not table.my_turn():
            continue
        if table.hud.last_trick is not None and state.phase == "play":
            break
        quick_app.feed(keys(pygame.K_RETURN))  # trumps, then the selected card
    assert table.message.prompt.startswith("Your turn")
    line = table.message.rect(table.message_pos(), table.layout.scale)
    box = last_trick_box(table, table.layout.scale)
    assert box.contains(line), (box, line)
