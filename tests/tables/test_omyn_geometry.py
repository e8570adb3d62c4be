"""Nothing on the OMYN table lies on anything else (sessions 28–29): the drawn card clear of the
piles' labels, the window bar clear of the top row's numbers and the race banner clear of the
piles, a long row's cards and numbers in slot order, the side rows apart at six seats, an eye on
the slot it marks. Each table is built at its position directly and its rectangles compared."""

from __future__ import annotations

import math
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.omyn.events import GameWon  # noqa: E402
from game.omyn.scoring import score_game  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omyn.hud import slot_number_spots  # noqa: E402
from scenes.omyn.memory import eye_rects  # noqa: E402
from scenes.omyn.table import OmynTable  # noqa: E402
from scenes.table import drawing  # noqa: E402
from scenes.table.sprites import CardSprite  # noqa: E402
from tests.scenes.conftest import keys  # noqa: E402
from tests.tables.omyn_positions import LONG_ROW, ROWS, settle, state_of, table_at  # noqa: E402

Corners = list[tuple[float, float]]


def corners(table: OmynTable, sprite: CardSprite) -> Corners:
    """The four corners of a card where it lies, turned by its angle."""
    w, h = (v * sprite.scale / 2 for v in table.layer.card_size)
    turn = math.radians(sprite.angle)
    cos, sin = math.cos(turn), math.sin(turn)
    x, y = sprite.x, sprite.y - sprite.lift
    return [(x + dx * cos + dy * sin, y - dx * sin + dy * cos) for dx, dy in
            ((-w, -h), (w, -h), (w, h), (-w, h))]  # fmt: skip


def box(rect: pygame.Rect) -> Corners:
    return [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]


def apart(a: Corners, b: Corners, gap: float = 2.0) -> bool:
    """Do two convex shapes keep at least ``gap`` pixels between them (separating axes)?"""
    for shape in (a, b):
        for i, (x1, y1) in enumerate(shape):
            x2, y2 = shape[(i + 1) % len(shape)]
            nx, ny = y1 - y2, x2 - x1
            norm = math.hypot(nx, ny) or 1.0
            pa = [(x * nx + y * ny) / norm for x, y in a]
            pb = [(x * nx + y * ny) / norm for x, y in b]
            if max(pa) + gap <= min(pb) or max(pb) + gap <= min(pa):
                return True
    return False


def row_cards(table: OmynTable, seat: int | None = None) -> list[CardSprite]:
    prefix = "row:" if seat is None else f"row:{seat}:"
    return [s for z, cards in table.presenter.zones.items() if z.startswith(prefix) for s in cards]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_your_drawn_card_lies_clear_of_the_piles_and_their_labels(app: App, players: int) -> None:
    table = table_at(app, ROWS[:players], draw=["3"])
    app.feed(keys(pygame.K_d))
    settle(app, 10)
    (drawn,) = table.presenter.zone("drawn:0")
    card = corners(table, drawn)
    for label in table.pile_label_rects():
        assert apart(card, box(label)), f"the drawn card lies on a pile's label {label}"
    for pile in table.presenter.zone("draw") + table.presenter.zone("pile"):
        assert apart(card, corners(table, pile)), "the drawn card lies on a pile"


def window_shapes(
    app: App, table: OmynTable, monkeypatch: pytest.MonkeyPatch
) -> tuple[pygame.Rect, pygame.Rect]:
    """The window bar and the race banner as the kit draws them on the table's frame."""
    drawn: dict[str, pygame.Rect] = {}
    bar, banner = drawing.draw_window_bar, drawing.draw_banner

    def record_bar(surface: pygame.Surface, *args: Any) -> pygame.Rect:
        rect = bar(surface, *args)
        drawn["bar"] = rect.move(surface.get_abs_offset())
        return rect

    def record_banner(surface: pygame.Surface, centre: Any, scale: float, text: str) -> None:
        banner(surface, centre, scale, text)
        if "ahead" in text:
            label = pygame.Rect(
                (0, 0), drawing.theme.text(text, round(30 * scale), (0, 0, 0), True).get_size()
            )
            label.center = (round(centre[0]), round(centre[1]))
            back = label.inflate(round(30 * scale), round(14 * scale))
            drawn["banner"] = back.move(surface.get_abs_offset())

    monkeypatch.setattr(drawing, "draw_window_bar", record_bar)
    monkeypatch.setattr(drawing, "draw_banner", record_banner)
    table.draw(app.screen)
    return drawn["bar"], drawn["banner"]


def test_a_long_row_at_the_reveal_lies_in_slot_order_under_its_numbers(app: App) -> None:
    """21 cards after penalties: each card lies on the one before it (its corner shows) and
    each slot's number stands over the part of its card that shows."""
    table = table_at(app, [LONG_ROW, ["2", "3", "5", "5", "6"]], draw=["7"])
    for code in (pygame.K_d, pygame.K_4, pygame.K_s):  # a 7 swapped in: its sprite comes last
        app.feed(keys(code))
        settle(app, 5)
    settle(app, 60)
    events, winner, reason, totals = score_game(state_of(table), None)
    table.presenter.push([*events, GameWon(winner, reason, totals, None, (1, 0))])
    settle(app, 200)
    assert table.hud.won is not None
    row = sorted(row_cards(table, 0), key=lambda s: int(s.zone.split(":")[2]))
    assert len(row) == 21
    assert [s for s in table.layer.ordered() if s in row] == row, "a card lies on the next one"
    numbers = {zone: rect for zone, _, rect in slot_number_spots(table)}
    size = table.layer.card_size
    for slot, sprite in enumerate(row):
        left = sprite.rect(size).left
        right = row[slot + 1].rect(size).left if slot + 1 < len(row) else sprite.rect(size).right
        centre = numbers[sprite.zone].centerx
        assert left <= centre <= right, f"slot {slot + 1}'s number is off the part that shows"


@pytest.mark.parametrize("players", [5, 6])
def test_no_two_rows_touch_nor_the_buttons(app: App, players: int) -> None:
    table = table_at(app, ROWS[:players])
    table.draw(app.screen)
    buttons = [box(button.rect) for button in table.buttons]
    for seat in range(players):
        mine = [corners(table, s) for s in row_cards(table, seat)]
        others = [
            corners(table, s) for s in row_cards(table) if not s.zone.startswith(f"row:{seat}:")
        ]
        for card in mine:
            assert all(apart(card, other, 4.0) for other in others), (
                f"seat {seat}'s row touches another"
            )
            assert all(apart(card, button) for button in buttons), (
                f"seat {seat}'s row is under a button"
            )


def test_an_eye_sits_on_the_slot_it_marks(app: App) -> None:
    table = table_at(app, ROWS[:4], known={0: [0, 1, 2, 3, 4]}, memory_aids=True)
    table.draw(app.screen)
    eyes = eye_rects(table)
    assert len(eyes) == 5
    for zone, rect in eyes:
        (own,) = table.presenter.zone(zone)
        assert own.rect(table.layer.card_size).contains(rect), f"{zone}'s eye is off its card"
        others = [corners(table, s) for s in row_cards(table) if s is not own]
        assert all(apart(box(rect), other, 0.0) for other in others), (
            f"{zone}'s eye is on another card"
        )


def caption_rect(table: OmynTable, seat: int) -> pygame.Rect:
    """A seat's caption as the kit draws it (``reflex.draw_banner`` at 0.8 of the scale)."""
    s = table.layout.scale * 0.8
    label = drawing.theme.text(table.captions[seat][0], round(30 * s), (0, 0, 0), True)
    rect = label.get_rect(center=[round(v) for v in table.caption_spot(seat)])
    return rect.inflate(round(30 * s), round(14 * s))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_chain_race_stands_clear_of_the_rows_numbers_and_the_piles(
    app: App, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people race a chain: the bar lies below every row's numbers and the banner ("P0,
    84 ms ahead of P1") above the piles, touching none of them; "Chain!" and "too slow" beside
    every seat at once lie on no pile, label, row, number, the window, the message line or each
    other."""
    table = table_at(app, ROWS[:players], humans=(0, 1), draw=["3"])
    for code in (pygame.K_SPACE, pygame.K_d, pygame.K_d):
        app.feed(keys(code))
        settle(app, 3)
    (window,) = table.open_windows()
    table.race.record(window, 0, 1000)
    table.race.record(window, 1, 1084)
    table.message.prompt = "P0: name your slot — keys 1–5, or click the card"
    for seat in range(players):
        table.caption(seat, "too slow" if seat % 2 else "Chain!")
    bar, banner = window_shapes(app, table, monkeypatch)
    numbers = [rect for _, _, rect in slot_number_spots(table)]
    rows = [corners(table, sprite) for sprite in row_cards(table)]
    piles = [corners(table, s) for s in table.presenter.zone("draw") + table.presenter.zone("pile")]
    for shape in (bar, banner):
        assert shape.collidelist(numbers) == -1, "the window covers a slot's number"
        assert all(apart(box(shape), row) for row in rows), "the window covers a row's card"
        assert all(apart(box(shape), pile) for pile in piles), "the window touches a pile"
    taken = [
        box(bar),
        box(banner),
        box(table.message.rect(table.message_pos(), table.layout.scale)),
    ]
    taken += [box(rect) for rect in table.pile_label_rects()]
    taken += [box(rect) for _, _, rect in slot_number_spots(table)]
    taken += [corners(table, s) for s in table.layer.sprites if s.visible]
    captions = {seat: caption_rect(table, seat) for seat in range(players)}
    for seat, rect in captions.items():
        assert all(apart(box(rect), shape) for shape in taken), (
            f"seat {seat}'s word lies on the table"
        )
        others = [box(r) for other, r in captions.items() if other != seat]
        assert all(apart(box(rect), shape) for shape in others), (
            f"seat {seat}'s word lies on another's"
        )


def test_a_chosen_slot_and_your_caption_stand_clear_of_the_message_line(app: App) -> None:
    """Your drawn card in hand and slot 1 chosen (it rises, its number with it): the number, the
    message line, your caption under the piles and the piles' labels keep apart."""
    table = table_at(app, ROWS[:4], draw=["3"])
    for code in (pygame.K_d, pygame.K_1):
        app.feed(keys(code))
        settle(app, 10)
    assert table.selected == [0] and table.message.text
    table.caption(0, "Hexed: no powers next turn")
    message = box(table.message.rect(table.message_pos(), table.layout.scale))
    caption = box(caption_rect(table, 0))
    (drawn,) = table.presenter.zone("drawn:0")
    for zone, _, rect in slot_number_spots(table):
        assert apart(box(rect), message), f"{zone}'s number lies on the message line"
    assert apart(caption, message), "your caption lies on the message line"
    assert apart(caption, corners(table, drawn)), "your caption lies on your drawn card"
    for label in table.pile_label_rects():
        assert apart(caption, box(label)), "your caption lies on a pile's label"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_each_slots_number_stands_straight_in_from_its_card(app: App, players: int) -> None:
    """A short row's number lies on the line from its card's middle across the row, towards
    the seat's front: straight under the top row's cards, level with a side row's (aimed at the
    table's centre, the end slots' numbers slid under their neighbours)."""
    table = table_at(app, ROWS[:players])
    for zone, _, rect in slot_number_spots(table):
        (card,) = table.presenter.zone(zone)
        along = math.radians(card.angle)  # the row runs along the card's x-axis
        sideways = (rect.centerx - card.x) * math.cos(along) - (
            rect.centery - (card.y - card.lift)
        ) * math.sin(along)
        assert abs(sideways) <= 1.5, f"{zone}'s number lies {sideways:.1f} px along the row"
