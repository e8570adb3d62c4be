"""Where a panel of the kit may lie over the table (a lesson's note, a hint's sentence): the spot
that hides least of what the table shows, weighed by how much each thing matters, nearest to
where the player looks.

What the table shows, and declares: the seat plates, its buttons and its own panels
(``coach_avoids``: a choice bar, Om Nom Nom's boards, OMG's Gem zones), every card, the middle
(where tricks and piles land), the captions and the message line. A panel adds its own (a hint
its lit target and the card it rings). Asked only when the panel's text or the window changes,
so it never chases a moving card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from scenes.table.hud import MessageLine
from scenes.table.layout import Spot, TableLayout, card_box

if TYPE_CHECKING:
    from scenes.table.sprites import CardSprite, SpriteLayer

Weighed = list[tuple[pygame.Rect, int]]
# How much hiding each thing costs, per pixel hidden: a seat's name, a button or the table's own
# panel most, a card next, the middle of the table, captions and the message line least.
PLATE, BUTTON, PANEL, CARD, MIDDLE, CAPTION, LINE = 4, 4, 4, 2, 1, 1, 1
TOP_BAND = 0.19  # of the window's height: the HUD's panels (scores, trumps) live above this


class ClearTable(Protocol):
    """What the placing reads of the table (the kit's ``TableScene`` is one)."""

    layout: TableLayout
    layer: SpriteLayer
    message: MessageLine

    def plate_rects(self) -> dict[int, pygame.Rect]: ...

    def message_pos(self) -> tuple[float, float]: ...

    def caption_spot(self, seat: int) -> tuple[float, float]: ...

    def coach_avoids(self) -> list[pygame.Rect]: ...

    def summary_open(self) -> bool: ...

    @property
    def captions(self) -> dict[int, tuple[str, float]]: ...


def message_band(table: ClearTable) -> pygame.Rect:
    """The message line, as wide as its longest prompts, and as it reads now."""
    s = table.layout.scale
    mx, my = table.message_pos()
    line = pygame.Rect(round(mx - 330 * s), round(my - 36 * s), round(660 * s), round(40 * s))
    return line.union(table.message.rect((mx, my), s))


def card_rect(table: ClearTable, sprite: CardSprite) -> pygame.Rect:
    """A card where it lies now (turned as it lies)."""
    card_w, card_h = table.layout.card_size
    size = (card_w * sprite.scale, card_h * sprite.scale)
    return card_box(Spot(sprite.x, sprite.y, sprite.angle), size)


def card_rects(table: ClearTable) -> list[pygame.Rect]:
    """Every card where it lies now."""
    return [card_rect(table, sprite) for sprite in table.layer.sprites]


def shown(table: ClearTable, middle: bool = True, cards: bool = True) -> Weighed:
    """What the table shows, each with its weight; ``middle``: the middle of the table too,
    where cards will land (a panel that stays while the play goes on keeps clear of it);
    ``cards``: the cards too (else the caller weighs them its own way)."""
    layout = table.layout
    s = layout.scale
    width, height = layout.size
    gap = round(6 * s)
    weighed: Weighed = [
        (rect.inflate(2 * gap, 2 * gap), PLATE) for rect in table.plate_rects().values()
    ]
    buttons = [button.rect for button in getattr(table, "buttons", []) if button.rect.width]
    weighed += [(rect, BUTTON) for rect in buttons]
    weighed += [(rect, PANEL) for rect in table.coach_avoids()]
    if cards:
        weighed += [(rect, CARD) for rect in card_rects(table)]
    if middle:
        weighed.append((layout.trick_area(), MIDDLE))
    if table.summary_open():  # a round's summary: tables show it in the middle
        summary = pygame.Rect(0, 0, round(width * 0.52), round(height * 0.6))
        summary.center = (round(layout.centre[0]), round(layout.centre[1]))
        weighed.append((summary, PANEL))
    for seat in table.captions:  # "Diamonds are trumps", "Nimal takes the trick"
        x, y = table.caption_spot(seat)
        caption = pygame.Rect(round(x - 130 * s), round(y - 16 * s), round(260 * s), round(32 * s))
        weighed.append((caption, CAPTION))
    weighed.append((message_band(table), LINE))
    return weighed


def place(
    table: ClearTable,
    size: tuple[int, int],
    weighed: Sequence[tuple[pygame.Rect, int]],
    near: tuple[float, float] | None = None,
) -> tuple[int, float, pygame.Rect]:
    """The spot of ``size`` below the HUD's top band that hides least of ``weighed``, then lies
    nearest ``near`` (its centre; default the table's middle): (what it hides, how far, where)."""
    layout = table.layout
    s = layout.scale
    width, height = layout.size
    w, h = size
    rects = [rect for rect, _ in weighed]
    top = round(height * TOP_BAND)
    margin = round(10 * s)
    step = max(8, round(32 * s))
    cx, cy = near if near is not None else layout.centre
    bottom, right = max(top, height - h - margin), max(margin, width - w - margin)

    def spots(xs: range | list[int], ys: range | list[int]) -> tuple[int, float, pygame.Rect]:
        best: tuple[int, float, pygame.Rect] | None = None
        for y in ys:
            for x in xs:
                rect = pygame.Rect(x, y, w, h)
                hidden = 0
                for index in rect.collidelistall(rects):
                    clip = rect.clip(rects[index])
                    hidden += clip.width * clip.height * weighed[index][1]
                distance = abs(rect.centerx - cx) + abs(rect.centery - cy)
                if best is None or (hidden, distance) < best[:2]:
                    best = (hidden, distance, rect)
        assert best is not None
        return best

    # A coarse look at every spot (the window's far edges too), then a fine one round the best.
    coarse = spots([*range(margin, right, step), right], [*range(top, bottom, step), bottom])
    x, y = coarse[2].topleft
    fine = max(2, step // 4)
    return spots(
        range(max(margin, x - step + fine), min(right, x + step - fine) + 1, fine),
        range(max(top, y - step + fine), min(bottom, y + step - fine) + 1, fine),
    )
