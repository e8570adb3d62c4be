"""The OMYN table, driven headless as a person would: peek, a turn by keys and by drag, a power's
targets with reasons, a claim with the reflex key then the slot, and the final reveal."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.omyn.actions import Claim, Drop, PickSlot, Swap  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.settings import SettingsFile  # noqa: E402
from tests.omyn.positions import faces  # noqa: E402
from tests.scenes.conftest import click, key, keys, release  # noqa: E402
from tests.tables.omyn_positions import at_the_peek, seen, settle, state_of, table_at  # noqa: E402


def press(app: App, *codes: int) -> None:
    """Each key tapped in a frame of its own, as a person types."""
    for code in codes:
        app.feed(keys(code))
        settle(app, 3)


def test_a_turn_by_keys_draw_then_swap_into_slot_two(app: App) -> None:
    table = table_at(app, [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]], draw=["3"])
    assert table.stage() == "start"
    app.feed(keys(pygame.K_d))  # D draws
    settle(app)
    assert table.stage() == "play"
    press(app, pygame.K_2, pygame.K_s)  # slot 2, then S swaps
    assert isinstance(table.match.log[-1][1], Swap) and table.match.log[-1][1].slot == 1
    assert faces(state_of(table), 0)[1] == "3"


def test_swap_without_a_slot_is_refused_with_the_reason(app: App) -> None:
    table = table_at(app, [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]], draw=["3"])
    press(app, pygame.K_d)
    press(app, pygame.K_s)
    assert "one slot to swap into" in table.message.text


def test_the_drawn_card_dragged_onto_the_pile_is_dropped(app: App) -> None:
    table = table_at(app, [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]], draw=["3"])
    press(app, pygame.K_d)
    drawn = table.presenter.zone("drawn:0")[0]
    pile = table.spot_for("pile", 0, 1)
    start = (round(drawn.x), round(drawn.y))
    goal = (round(pile.x), round(pile.y))
    app.feed(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=goal, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=goal, button=1),
        ]
    )
    settle(app)
    assert any(isinstance(a, Drop) for _, a in table.match.log)


def test_omyn_is_called_only_after_the_confirmation(app: App) -> None:
    table = table_at(app, [["1", "1", "1", "2", "1"], ["4", "2", "3", "8", "9"]], draw=["3"])
    press(app, pygame.K_o)
    assert table.stage() == "confirm" and not table.match.log
    press(app, pygame.K_n)  # not yet
    assert table.stage() == "start"
    press(app, pygame.K_o, pygame.K_y)
    assert seen(table, 0).window is not None  # the Void window on the call


def test_a_power_lights_its_targets_and_a_dimmed_one_says_why(app: App) -> None:
    rows = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, draw=["10"])  # Switch: your slot, then theirs
    press(app, pygame.K_d, pygame.K_d, pygame.K_y)  # draw, drop, use it
    assert table.stage() == "mine"
    theirs = table.presenter.zone("row:1:0")[0]
    assert theirs.dim and table.dim_reason(theirs) == "pick one of your own slots"
    app.feed(click((round(theirs.x), round(theirs.y))))
    assert "own slots" in table.message.text
    press(app, pygame.K_1)  # my slot 1 ...
    assert table.stage() == "theirs"
    mine = table.presenter.zone("row:0:2")[0]
    assert mine.dim and not table.presenter.zone("row:1:3")[0].dim
    target = table.presenter.zone("row:1:3")[0]
    app.feed(click((round(target.x), round(target.y))))  # ... their slot 4
    settle(app, 2)
    effect = seen(table, 0).effect
    assert effect is not None and effect.other_slot == 3


def test_a_chain_claimed_with_the_key_then_the_slot(app: App) -> None:
    rows = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, humans=(0, 1), draw=["3"])
    assert table.curtain.active  # seat 0's turn, behind the curtain
    press(app, pygame.K_SPACE, pygame.K_d, pygame.K_d)  # seat 0 draws and drops a 3
    assert seen(table, 1).window is not None
    z = pygame.key.key_code(table.reflex.key_of(1) or "z")
    app.feed([key(z), release(z)])  # seat 1's reflex key: the claim ...
    settle(app, 2)
    assert isinstance(table.match.log[-1][1], Claim) and table.stage() == "pick"
    assert not table.curtain.active  # a reflex window is answered on the open table
    press(app, pygame.K_3)  # ... then slot 3
    settle(app, 30)
    assert isinstance(table.match.log[-1][1], PickSlot)
    assert faces(state_of(table), 1) == ["4", "2", "8", "1"]


def test_the_opening_peek_then_hold_to_look(app: App) -> None:
    table = at_the_peek(app)
    press(app, pygame.K_1, pygame.K_4)
    assert table.looking_after_peek and table.blocked
    rows = [table.presenter.zone(f"row:0:{i}")[0] for i in range(5)]
    app.feed([key(pygame.K_TAB)])
    settle(app, 3)
    table.draw(app.screen)
    shown = [d.zone for d in table.layer.drawn if d.card is not None and d.zone.startswith("row:0")]
    assert sorted(shown) == ["row:0:0", "row:0:3"]  # the two peeked cards, while Tab is held
    app.feed([release(pygame.K_TAB)])
    settle(app, 3)
    table.draw(app.screen)
    assert not [d for d in table.layer.drawn if d.card is not None and d.zone.startswith("row:")]
    assert all(sprite.card is None for sprite in rows[1:3])
    press(app, pygame.K_RETURN)  # done looking: the game starts
    assert not table.blocked


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_the_message_line_sits_clear_of_your_drawn_card_and_your_row(
    size: tuple[int, int], tmp_path: Path
) -> None:
    app = App(SettingsFile(tmp_path), size=size, data_dir=tmp_path)
    app.settings.animation = "instant"
    try:
        table = table_at(app, [["1", "2", "3", "4", "5", "6"]] * 4, draw=["11"])
        press(app, pygame.K_d)  # drawn: "Drag it to the pile or onto a slot; …"
        line = table.message.rect(table.message_pos(), table.layout.scale)
        assert line.height and table.presenter.zone("drawn:0")
        for zone in ["drawn:0", *(f"row:0:{slot}" for slot in range(6))]:
            for sprite in table.presenter.zone(zone):
                assert not line.colliderect(sprite.rect(table.layer.card_size)), zone
    finally:
        pygame.quit()


def test_a_void_claim_is_settled_on_the_open_table_to_the_end_of_the_match(app: App) -> None:
    """A claimant still naming its slot after the window closed to new claims keeps the open
    table (no curtain for the caller); when the pick runs out the call stands, and nobody is
    asked for a slot while the rows are counted."""
    app.settings.animation = "normal"  # the count is shown card by card, as a player sees it
    rows = [["1", "1", "2", "2", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, humans=(0, 1), draw=["5"])
    press(app, pygame.K_SPACE, pygame.K_o, pygame.K_y)  # seat 0 calls OMYN
    z = pygame.key.key_code(table.reflex.key_of(1) or "z")
    app.feed([key(z), release(z)])  # seat 1 claims a Void ... and never names the slot
    settle(app, 2)
    assert table.stage() == "pick"
    for _ in range(400):  # the window closes, the pick runs out, the penalty, the count
        settle(app, 1)
        assert not table.curtain.active
        if table.match.is_over():
            break
    assert table.match.is_over()
    settle(app, 2)
    assert table.stage() != "pick"
    assert "name your slot" not in table.message.prompt
