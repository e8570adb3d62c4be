"""Drawing the OMG deck builder: the pool by type, the deck's count, type spread, cost curve,
its name, the saved decks, the buttons and a zoom of the Being under the mouse or the keys."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Protocol

import pygame

from game.omg.cards import BEINGS, DECK_BEINGS, TYPES
from scenes import theme
from scenes.omg.faces import TYPE_COLOURS, full_text, type_icon

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.store.decks import Deck
    from scenes.omg.faces import OmgFaces


class BuilderPage(Protocol):
    """What the drawing reads of the deck builder (``DeckBuilderScene`` is one): the builder
    imports its drawing, never the reverse."""

    faces: OmgFaces
    chosen: list[str]
    deck_name: str
    focus: int
    hover: tuple[int, int]
    note: str
    note_warn: bool
    saved: list[Deck]
    loaded: int
    buttons: list[tuple[pygame.Rect, str, Callable[[], None]]]
    tiles: list[pygame.Rect]
    deck_rows: list[pygame.Rect]
    panel: pygame.Rect
    scale: float

    def zoomed(self) -> str | None: ...


POOL = [name for kind in TYPES for name, b in BEINGS.items() if b.type == kind]


def cost_curve(beings: list[str]) -> Counter[int]:
    """How many of the deck's cards (three a Being) cost 1, 2, ... Gems."""
    return Counter(cost for name in beings for cost in BEINGS[name].cost)


def curve_title(beings: list[str]) -> str:
    """The cost curve's title, counting the cards the deck holds now (36 only at 12 Beings)."""
    return f"Cost curve ({sum(len(BEINGS[n].cost) for n in beings)} cards by Gems to play)"


def draw_builder(scene: BuilderPage, surface: pygame.Surface) -> None:
    s = scene.scale
    # Every screen's header (centred, as high as the left-aligned title was): the pool starts
    # 90 px down at scale 1, so the title is smaller and the how-to line sits above the pool.
    theme.header(surface, "OMG deck builder", size=40, centre_y=30 * s)
    theme.blit_text(
        surface,
        "Any 12 different Beings (each brings levels 1, 2 and 3). Click or Enter: add / take out.",
        round(19 * s),
        (surface.get_width() / 2, 58 * s),
        theme.INK_DIM,
        "midtop",
    )
    _pool(scene, surface, s)
    _panel(scene, surface, s)


def _pool(scene: BuilderPage, surface: pygame.Surface, s: float) -> None:
    for i, rect in enumerate(scene.tiles):
        name = POOL[i]
        chosen = name in scene.chosen
        image = _tile(scene, name, rect.size)
        surface.blit(image, rect)
        if not chosen:
            shade = theme.rounded(rect.size, (0, 0, 0, 110), round(8 * s))
            surface.blit(shade, rect)
        else:
            tick = rect.inflate(4, 4)
            pygame.draw.rect(surface, theme.FOCUS, tick, max(2, round(3 * s)), round(8 * s))
            badge = in_badge(rect, s)
            pygame.draw.rect(surface, theme.FOCUS, badge, border_radius=round(6 * s))
            theme.blit_text(
                surface, "IN", round(17 * s), badge.center, (20, 20, 20), "center", bold=True
            )
        if i == scene.focus:
            pygame.draw.rect(
                surface, (255, 255, 255), rect.inflate(10, 10), max(2, round(3 * s)), round(10 * s)
            )


def in_badge(tile: pygame.Rect, s: float) -> pygame.Rect:
    """The "IN" badge of a chosen Being's tile: on its art's middle (the big faint icon), not
    at its foot, where it hid the ability's last line."""
    badge = pygame.Rect(0, 0, round(40 * s), round(20 * s))
    badge.center = (tile.centerx, round(tile.y + tile.height * 0.41))
    return badge


_tiles: dict[tuple[str, int, int], pygame.Surface] = {}


def _tile(scene: BuilderPage, name: str, size: tuple[int, int]) -> pygame.Surface:
    key = (name, *size)
    tile = _tiles.get(key)
    if tile is None:
        if len(_tiles) > 200:
            _tiles.clear()
        tile = theme.display_format(scene.faces.face(BEINGS[name].card(1), size))
        _tiles[key] = tile
    return tile


def _panel(scene: BuilderPage, surface: pygame.Surface, s: float) -> None:
    panel = scene.panel
    theme.panel(surface, panel, alpha=225)
    x, y = panel.x + round(12 * s), panel.y + round(10 * s)
    width = panel.width - round(24 * s)
    theme.blit_text(surface, "Name (type to change):", round(18 * s), (x, y), theme.INK_DIM)
    y += round(22 * s)
    field = pygame.Rect(x, y, width, round(32 * s))
    pygame.draw.rect(surface, theme.BUTTON, field, border_radius=round(6 * s))
    pygame.draw.rect(surface, theme.FOCUS, field, 2, round(6 * s))
    theme.blit_text(
        surface,
        scene.deck_name or "(no name)",
        round(24 * s),
        (field.x + 8, field.centery),
        theme.INK,
        "midleft",
        bold=True,
    )
    y = field.bottom + round(10 * s)
    count = len(scene.chosen)
    colour = theme.GOLD if count == DECK_BEINGS else theme.WARN
    theme.blit_text(
        surface,
        f"{count} of {DECK_BEINGS} Beings · {count * 3} cards + 8 Gems",
        round(21 * s),
        (x, y),
        colour,
        bold=True,
    )
    y += round(28 * s)
    # The type spread: an icon, the type's name and a bar of its count.
    theme.blit_text(surface, "Type spread", round(18 * s), (x, y), theme.INK_DIM)
    y += round(20 * s)
    spread = {kind: sum(1 for n in scene.chosen if BEINGS[n].type == kind) for kind in TYPES}
    bar_w = (width - round(110 * s)) / 4
    for kind in TYPES:
        icon = type_icon(kind, round(16 * s), TYPE_COLOURS[kind])
        surface.blit(icon, (x, y))
        theme.blit_text(surface, kind, round(17 * s), (x + round(20 * s), y), theme.INK)
        bar = pygame.Rect(x + round(80 * s), y + 2, round(bar_w * spread[kind]), round(13 * s))
        pygame.draw.rect(surface, TYPE_COLOURS[kind], bar, border_radius=3)
        theme.blit_text(surface, str(spread[kind]), round(17 * s), (bar.right + 5, y), theme.INK)
        y += round(19 * s)
    y += round(6 * s)
    theme.blit_text(surface, curve_title(scene.chosen), round(18 * s), (x, y), theme.INK_DIM)
    y += round(20 * s)
    curve = cost_curve(scene.chosen)
    top = max(curve.values(), default=1)
    chart_h = round(70 * s)
    col_w = width / 6
    for cost in range(1, 7):
        n = curve.get(cost, 0)
        h = round(chart_h * n / max(1, top))
        bar = pygame.Rect(round(x + (cost - 1) * col_w + 4), y + chart_h - h, round(col_w - 8), h)
        pygame.draw.rect(surface, (90, 200, 220), bar, border_radius=3)
        theme.blit_text(
            surface, str(n), round(15 * s), (bar.centerx, bar.top - 1), theme.INK, "midbottom"
        )
        theme.blit_text(
            surface,
            str(cost),
            round(16 * s),
            (bar.centerx, y + chart_h + 2),
            theme.INK_DIM,
            "midtop",
            bold=True,
        )
    y += chart_h + round(24 * s)
    theme.blit_text(
        surface, "Saved decks (click, or Page Up/Down):", round(18 * s), (x, y), theme.INK_DIM
    )
    y += round(20 * s)
    scene.deck_rows = []
    buttons_top = min(r.top for r, _l, _a in scene.buttons) - round(40 * s)
    for i, deck in enumerate(scene.saved):
        row = pygame.Rect(x, y, width, round(22 * s))
        if row.bottom > buttons_top:
            theme.blit_text(
                surface, f"… and {len(scene.saved) - i} more", round(16 * s), (x, y), theme.INK_DIM
            )
            break
        if i == scene.loaded or row.collidepoint(scene.hover):
            pygame.draw.rect(surface, theme.BUTTON_HOVER, row, border_radius=round(5 * s))
        theme.blit_text(
            surface,
            deck.name,
            round(18 * s),
            (x + 6, row.centery),
            theme.INK,
            "midleft",
            bold=i == scene.loaded,
        )
        scene.deck_rows.append(row)
        y += row.height + 2
    if not scene.saved:
        theme.blit_text(surface, "none yet", round(17 * s), (x + 6, y), theme.INK_DIM)
    note_y = buttons_top + round(8 * s)
    for line in theme.wrap(scene.note, round(17 * s), width)[:2]:
        theme.blit_text(
            surface,
            line,
            round(17 * s),
            (x, note_y),
            theme.WARN if scene.note_warn else theme.INK,
            bold=True,
        )
        note_y += round(17 * s)
    for rect, label, _action in scene.buttons:
        hovered = rect.collidepoint(scene.hover)
        pygame.draw.rect(
            surface,
            theme.BUTTON_HOVER if hovered else theme.BUTTON,
            rect,
            border_radius=round(8 * s),
        )
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, round(8 * s))
        theme.blit_text(surface, label, round(18 * s), rect.center, theme.INK, "center")
    _zoom(scene, surface, s)


def _zoom(scene: BuilderPage, surface: pygame.Surface, s: float) -> None:
    """The Being under the mouse (or the keys) at its three levels, with its text."""
    name = scene.zoomed()
    if name is None:
        return
    being = BEINGS[name]
    # Over the lower part of the pool area is too crowded: the zoom sits in the felt margin
    # below the pool, three levels side by side.
    last = scene.tiles[-1]
    area_top = last.bottom + round(10 * s)
    room = surface.get_height() - area_top - round(8 * s)
    if room < 60 * s:
        return
    h = round(min(room * 0.8, 150 * s))
    w = round(h * 0.7)
    x = scene.tiles[0].x
    for level in (1, 2, 3):
        card = being.card(level)
        surface.blit(scene.faces.face(card, (w, h)), (x, area_top))
        x += w + 6
    text_x = x + round(10 * s)
    y = area_top
    for line in full_text(being.card(1)):
        for part in theme.wrap(line, round(17 * s), last.right - text_x):
            theme.blit_text(surface, part, round(17 * s), (text_x, y), theme.INK)
            y += round(18 * s)
