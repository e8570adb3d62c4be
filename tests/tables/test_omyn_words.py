"""What the OMYN table says (issue 29): the Void window's question names what it would Void, the
opening peek is followed by words, and a pending Hex or Skip shows on its seat's plate."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from game.omyn.actions import CallOmyn  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omyn.table import OmynTable  # noqa: E402
from tests.omyn.positions import claim  # noqa: E402
from tests.scenes.conftest import keys  # noqa: E402
from tests.tables.omyn_positions import at_the_peek, seen, settle, state_of, table_at  # noqa: E402


def test_a_void_of_a_void_after_an_omyn_call_is_asked_as_a_void_of_the_void(app: App) -> None:
    rows = [["0", "9", "9", "8"], ["0", "2", "3", "8"]]
    table = table_at(app, rows, humans=(0, 1), draw=["3"])
    table.match.submit(CallOmyn(0))
    settle(app, 3)
    assert table.window_caption(table.open_windows()[0]) == "Void P0's OMYN call with a 0?"
    table.match.submit(claim(state_of(table), 1, 0))  # P1 Voids the call with a real 0 ...
    settle(app, 6)
    window = table.open_windows()[0]
    assert window.subject == "void"
    assert table.window_caption(window) == "Void P1's Void with a 0?"


def test_the_opening_peek_is_followed_by_how_to_look_and_go_on(app: App) -> None:
    table = at_the_peek(app)
    for code in (pygame.K_1, pygame.K_4):
        app.feed(keys(code))
        settle(app, 3)
    settle(app, 30)  # the bot peeks, the first turn starts: the person is still looking
    assert table.looking_after_peek
    assert (
        table.message.text == "Hold Tab (or the mouse on a card) to look; Enter when you are done."
    )


def powered(app: App, power: str) -> OmynTable:
    """P0 draws and drops the power card and uses it on P1; its Void window runs out."""
    rows = [["9", "9", "9", "8"], ["4", "2", "3", "8"], ["4", "2", "3", "8"]]
    table = table_at(app, rows, draw=[power])
    for code in (pygame.K_d, pygame.K_d, pygame.K_y):
        app.feed(keys(code))
        settle(app, 3)
    table._name_slot(1, 0)  # a slot of P1's row names P1 (as a click on it does)
    settle(app, 3)
    app.tick(3100)  # the Void window runs its full length
    settle(app, 10)
    return table


def test_a_pending_hex_shows_on_its_seat(app: App) -> None:
    table = powered(app, "6")
    assert table.match.state.hexed[1]  # type: ignore[attr-defined]
    assert "Hex next turn" in table.seat_chips(1)


def test_a_pending_skip_shows_on_its_seat(app: App) -> None:
    table = powered(app, "11")
    assert table.match.state.skips[1] == 1  # type: ignore[attr-defined]
    assert "skips next turn" in table.seat_chips(1)


def test_the_pile_label_names_the_top_card_as_it_lies_on_the_screen(app: App) -> None:
    """A card on its way to the play pile is not its top yet: "Top: 9 (Foresee)" until it lands
    (the label read the match, ahead of the cards: during an Omen it said "empty" over two)."""
    table = table_at(app, [["1", "2", "3", "4"], ["5", "6", "7", "8"]], draw=["3"], pile=["9"])
    app.settings.animation = "normal"
    app.feed(keys(pygame.K_d))  # draw the 3
    settle(app, 60)
    app.feed(keys(pygame.K_d))  # drop it: it flies to the pile
    settle(app, 3)
    assert seen(table, 0).pile[-1] == "3" and table.presenter.busy
    assert table.pile_label_words()[1] == "Top: 9 (Foresee)"
    settle(app, 120)
    assert table.pile_label_words()[1] == "Top: 3"
