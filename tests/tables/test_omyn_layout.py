"""Where the OMYN table puts things (issue 29): the dealer-draw captions say who drew and lie
clear of the deck and of each other at six seats; the action panel covers no plate and no card;
a closed slot leaves no gap; at 640x480 the slot numbers can be read."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omyn import GAME  # noqa: E402
from game.omyn.events import DealerDraw  # noqa: E402
from scenes import theme  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omyn.table import OmynTable  # noqa: E402
from tests.scenes.conftest import key, keys, release  # noqa: E402
from tests.tables.omyn_positions import settle, table_at  # noqa: E402

NAMES = ["You", "Nimal", "Dev", "Kamala", "Saman", "Ruwan"]


def fresh_table(app: App, players: int = 6) -> OmynTable:
    seats = [Seat("human", "You")] + [Seat("bot", n, "normal") for n in NAMES[1:players]]
    table = OmynTable(app, Match(GAME, seats, 7, runner=SyncBotRunner()))
    app.push(table)
    return table


def caption_rect(table: OmynTable, seat: int) -> pygame.Rect:
    """The caption's banner as the kit draws it (``reflex.draw_banner`` at 0.8 of the scale)."""
    s = table.layout.scale * 0.8
    label = theme.text(table.captions[seat][0], round(30 * s), theme.GOLD, True)
    rect = label.get_rect(center=[round(v) for v in table.caption_spot(seat)])
    return rect.inflate(round(30 * s), round(14 * s))


@pytest.mark.parametrize("players", [4, 6])
def test_the_dealer_draw_says_who_drew_what_clear_of_the_deck(app: App, players: int) -> None:
    table = fresh_table(app, players)
    for seat, card in enumerate(["5", "2", "0", "9", "GO", "12"][:players]):
        table.presenter.handlers[DealerDraw](DealerDraw(0, seat, card))
    assert table.captions[0][0] == "You draw 5"
    assert table.captions[1][0] == "Nimal draws 2"
    screen = pygame.Rect((0, 0), app.screen.get_size())
    w, h = table.layout.card_size
    deck = table.spot_for("draw", 0, 1)
    deck_rect = pygame.Rect(0, 0, round(w), round(h))
    deck_rect.center = (round(deck.x), round(deck.y))
    rects = [caption_rect(table, seat) for seat in range(players)]
    plates = list(table.plate_rects().values())
    table.message.prompt = "Game 1: Kamala deals."
    message = table.message.rect(table.message_pos(), table.layout.scale)
    for seat, rect in enumerate(rects):
        assert not rect.colliderect(deck_rect), f"seat {seat}'s caption covers the deck"
        assert screen.contains(rect), f"seat {seat}'s caption runs off the screen"
        assert not rect.colliderect(message), f"seat {seat}'s caption covers the message line"
        assert rect.collidelist(plates) == -1, f"seat {seat}'s caption covers a plate"
        others = rects[:seat] + rects[seat + 1 :]
        assert rect.collidelist(others) == -1, f"seat {seat}'s caption covers another"


def test_at_six_seats_the_action_panel_covers_no_plate_and_no_card(app: App) -> None:
    rows = [["9", "9", "8", "1", "2"], ["4", "2", "3", "8", "1"], ["4", "5", "5", "7", "1"]]
    rows += [["10", "2", "3", "7", "4"], ["6", "10", "3", "7", "4"], ["6", "9", "12", "11", "5"]]
    table = table_at(app, rows, draw=["3"])
    app.feed(keys(pygame.K_d))  # draw: "Play the card" with Drop, Swap and Pair
    settle(app, 10)
    assert table.choice is not None and len(table.choice.options) == 3
    box = table.choice.box
    cards = [s.rect(table.layer.card_size) for s in table.layer.sprites if s.visible]
    assert box.collidelist(list(table.plate_rects().values())) == -1
    assert box.collidelist(cards) == -1
    assert box.collidelist(table.pile_label_rects()) == -1  # "Top: 7 (Insight)" stays readable
    assert not box.colliderect(table.message.rect(table.message_pos(), table.layout.scale))
    assert pygame.Rect((0, 0), app.screen.get_size()).contains(box)


def test_a_slot_closes_as_its_card_flies_to_the_pile(app: App) -> None:
    """A right chain claim on P1's slot 3: by the first frame the card is on its way to the
    pile, the row has closed up behind it (it stood with a gap in it for a moment before)."""
    rows = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]
    table = table_at(app, rows, humans=(0, 1), draw=["3"])
    for code in (pygame.K_SPACE, pygame.K_d, pygame.K_d):
        app.feed(keys(code))
        settle(app, 3)
    z = pygame.key.key_code(table.reflex.key_of(1) or "z")
    app.feed([key(z), release(z)])
    settle(app, 3)
    app.settings.animation = "normal"  # the claim's reveal and flight as people see them
    app.feed(keys(pygame.K_3))
    for _ in range(300):
        app.tick(16)
        if len(table.presenter.zone("pile")) == 2:
            break
    row = sorted(
        z for z, cards in table.presenter.zones.items() if z.startswith("row:1:") and cards
    )
    assert row == ["row:1:0", "row:1:1", "row:1:2", "row:1:3"]
