"""Colours, fonts and cached text: one look for menus and tables.

Text is rendered once per (text, size, colour) and blitted from the cache afterwards
(a cached blit costs about 1 µs, a fresh ``font.render`` about 6 µs).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import pygame

from scenes import surface_cache
from scenes.surface_cache import MIB, SurfaceCache

FELT = (22, 92, 58)
FELT_DARK = (12, 60, 38)
FELT_LIGHT = (34, 118, 76)
INK = (240, 236, 222)
INK_DIM = (170, 186, 172)
GOLD = (236, 196, 92)
RED = (200, 48, 48)
PANEL = (10, 40, 28)
PANEL_EDGE = (92, 150, 112)
FOCUS = (255, 214, 102)
BUTTON = (30, 74, 52)
BUTTON_HOVER = (44, 104, 72)
WARN = (236, 120, 90)
CARD_FACE = (250, 248, 240)
CARD_EDGE = (60, 60, 60)
CARD_BACK = (128, 32, 40)
CARD_BACK_LINE = (196, 150, 90)
SUIT_BLACK = (24, 24, 30)
SUIT_RED = (196, 30, 40)
CURTAIN = (16, 28, 24)

_fonts: dict[tuple[int, bool], pygame.font.Font] = {}
# Rendered text and painted layers, each within a byte budget (least recently used out): a
# HUD panel repainted for every new score must not pile up over an evening.
_texts: SurfaceCache[tuple[str, int, tuple[int, int, int], bool]] = SurfaceCache(4 * MIB)


def reset_caches() -> None:
    """Forget fonts and rendered text (they die with ``pygame.quit``; a new App starts afresh)."""
    _fonts.clear()
    _fonts_used.clear()
    _felt_cache.clear()
    surface_cache.clear_all()  # text, layers, card faces


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (max(6, size), bold)
    found = _fonts.get(key)
    if found is None:
        found = pygame.font.Font(None, key[0])
        found.set_bold(bold)
        _fonts[key] = found
    _fonts_used[key] = surface_cache.current_sweep()
    return found


# Each window size draws text in sizes of its own, and a font holds ~140 KiB: the sizes not used
# since the last sweep go with the surfaces (a run of resizes kept 100 fonts, 14 MiB: issue 32).
_fonts_used: dict[tuple[int, bool], int] = {}


def _forget_fonts(since: int) -> None:
    for key in [key for key, used in _fonts_used.items() if used < since]:
        del _fonts_used[key]
        _fonts.pop(key, None)


surface_cache.on_sweep(_forget_fonts)


# Symbols the bundled font (freesansbold) draws as a box, and what is printed instead.
# tests/tables/test_kit.py checks that every symbol a scene prints has a glyph after this.
GLYPH_FALLBACKS = str.maketrans(
    {"←": "‹", "→": "›", "↑": "^", "↓": "v", "⇄": "‹›", "↔": "‹›", "▶": "»", "▼": "v", "✓": "√"}
)


def printable(content: str) -> str:
    """``content`` with every symbol the font lacks replaced by one it has."""
    return content.translate(GLYPH_FALLBACKS)


def text(
    content: str, size: int, colour: tuple[int, int, int] = INK, bold: bool = False
) -> pygame.Surface:
    """A rendered line of text, cached."""
    return _texts.make(
        (content, size, colour, bold),
        lambda: font(size, bold).render(printable(content), True, colour),
    )


def blit_text(
    target: pygame.Surface,
    content: str,
    size: int,
    pos: tuple[float, float],
    colour: tuple[int, int, int] = INK,
    anchor: str = "topleft",
    bold: bool = False,
) -> pygame.Rect:
    surface = text(content, size, colour, bold)
    rect = surface.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    target.blit(surface, rect)
    return rect


def wrap(content: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break ``content`` into lines no wider than ``width`` pixels."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in content.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if face.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def display_format(surface: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """The surface in the window's pixel format, so each blit is a copy, not a conversion."""
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()


_layers: SurfaceCache[tuple[object, ...]] = SurfaceCache(8 * MIB)


def rounded(
    size: tuple[int, int],
    rgba: tuple[int, int, int, int],
    radius: int = 0,
    edge: tuple[int, int, int] | None = None,
) -> pygame.Surface:
    """A translucent (rounded) rectangle, made once per size and colour and then reused."""

    def paint() -> pygame.Surface:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(layer, rgba, layer.get_rect(), border_radius=radius)
        if edge is not None:
            pygame.draw.rect(layer, (*edge, 255), layer.get_rect(), width=2, border_radius=radius)
        return display_format(layer)

    return _layers.make((size, rgba, radius, edge), paint)


def memo_layer(
    key: tuple[object, ...], size: tuple[int, int], paint: Callable[[pygame.Surface], object]
) -> pygame.Surface:
    """A transparent layer painted once per ``key`` (a HUD panel whose figures did not change)."""

    def make() -> pygame.Surface:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        paint(layer)
        return display_format(layer)

    return _layers.make(("memo", size, *key), make)


def panel(target: pygame.Surface, rect: pygame.Rect, alpha: int = 230, radius: int = 12) -> None:
    """A rounded, translucent panel with a thin edge."""
    target.blit(rounded(rect.size, (*PANEL, alpha), radius, PANEL_EDGE), rect)


_felt_cache: dict[tuple[int, int], pygame.Surface] = {}


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table's background for this window size, made once and cached: felt lit from a lamp
    above the middle (dark at the rails, a warmer pool of light in the centre) with a fine
    grain, so it reads as cloth rather than a flat colour. A frame costs one blit of it."""
    cached = _felt_cache.get(size)
    if cached is not None:
        return cached
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(FELT_DARK)
    steps = 32
    for i in range(steps):
        t = i / (steps - 1)
        # Rails to the middle: dark → felt over the first two thirds, then felt → the lamp's pool.
        low, high, u = (
            (FELT_DARK, FELT, t / 0.66) if t < 0.66 else (FELT, FELT_LIGHT, (t - 0.66) / 0.34)
        )
        colour = tuple(round(low[c] + (high[c] - low[c]) * u) for c in range(3))
        rect = pygame.Rect(0, 0, round(width * (1.3 - 0.85 * t)), round(height * (1.3 - 0.85 * t)))
        rect.center = (width // 2, round(height * 0.47))
        pygame.draw.ellipse(surface, colour, rect)
    up, down = _grain()
    for x in range(0, width, up.get_width()):
        for y in range(0, height, up.get_height()):
            surface.blit(up, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surface.blit(down, (x, y), special_flags=pygame.BLEND_RGB_SUB)
    surface = display_format(surface, alpha=False)
    _felt_cache.clear()
    _felt_cache[size] = surface
    return surface


@functools.cache  # the same tile for every window size: made once, not at each resize
def _grain(side: int = 96, depth: int = 5) -> tuple[pygame.Surface, pygame.Surface]:
    """A tile of the felt's grain as light to add and shade to take away (seeded: the same
    cloth every time)."""
    rng = random.Random(13)
    up, down = pygame.Surface((side, side)), pygame.Surface((side, side))
    for y in range(side):
        for x in range(side):
            value = rng.randint(-depth, depth)
            if value > 0:
                up.set_at((x, y), (value, value, value))
            elif value < 0:
                down.set_at((x, y), (-value, -value, -value))
    return up, down


def scale_for(size: tuple[int, int]) -> float:
    """1.0 at 1280×720; UI sizes are multiplied by this so everything scales with the window."""
    return max(0.5, min(size[0] / 1280, size[1] / 720))


# --- a screen's header: the felt and its title --------------------------------------------------
TITLE_SIZE = 64  # a screen's title at scale 1 (a screen with little room asks for less)


def fitted(content: str, size: int, width: int, bold: bool = False) -> int:
    """The largest size up to ``size`` at which ``content`` fits ``width`` (never below 10)."""
    while size > 10 and font(size, bold).size(printable(content))[0] > width:
        size -= 1
    return size


def _title_points(window: tuple[int, int], title: str, size: int) -> int:
    return fitted(title, round(size * scale_for(window)), window[0] - 20, True)


def header_rect(
    window: tuple[int, int], title: str, size: int = TITLE_SIZE, centre_y: float | None = None
) -> pygame.Rect:
    """Where ``header`` prints ``title``: centred, 12% down the window unless told, as large as
    ``size`` (at scale 1) allows within the window's width."""
    width, height = window
    points = _title_points(window, title, size)
    rect = pygame.Rect((0, 0), font(points, True).size(printable(title)))
    rect.center = (round(width / 2), round(height * 0.12 if centre_y is None else centre_y))
    return rect


def header(
    surface: pygame.Surface,
    title: str,
    subtitle: str = "",
    *,
    on_felt: bool = True,
    size: int = TITLE_SIZE,
    centre_y: float | None = None,
    dialog: pygame.Rect | None = None,
) -> pygame.Rect:
    """Every screen's header, one look: the felt (``on_felt`` False: an overlay, or a picture
    of its own under it), a dialog's panel if it has one, and the title in gold, bold, centred
    and made smaller to fit the width, with the subtitle under it. Returns the title's place."""
    window = surface.get_size()
    if on_felt:
        surface.blit(felt(window), (0, 0))
    if dialog is not None:
        panel(surface, dialog, alpha=255)
    rect = header_rect(window, title, size, centre_y)
    surface.blit(text(title, _title_points(window, title, size), GOLD, True), rect)
    if subtitle:
        s = scale_for(window)
        at = (rect.centerx, rect.centery + 50 * s)
        blit_text(surface, subtitle, round(26 * s), at, INK_DIM, "center")
    return rect
