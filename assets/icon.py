"""Draw the Omnibus application icon and save it as ``assets/icon.png`` (+ ``.ico``/``.icns``).

The icon is a fan of three cards (spade, heart, diamond) on a rounded felt tile. It is drawn in
code at 4x and smooth-scaled down so edges are antialiased without extra packages. The PNG is
what the window uses (``scenes.resources.app_icon``); the ``.ico`` (Windows executable) and
``.icns`` (macOS app bundle) are written only when Pillow is importable, which is needed only to
regenerate them: all three files are committed, so neither a build nor the game needs Pillow.

Run: ``SDL_VIDEODRIVER=dummy python assets/icon.py``
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pygame

Colour = tuple[int, int, int]

SIZE = 256
SCALE = 4  # drawn at 4x, then smooth-scaled: cheap antialiasing
FELT = (22, 92, 58)
FELT_EDGE = (236, 196, 92)
CARD_FACE = (250, 248, 240)
CARD_EDGE = (60, 60, 60)
SUIT_BLACK = (24, 24, 30)
SUIT_RED = (196, 30, 40)
HERE = Path(__file__).resolve().parent


def _heart(surface: pygame.Surface, cx: float, cy: float, r: float, colour: Colour) -> None:
    pygame.draw.circle(surface, colour, (cx - r * 0.5, cy - r * 0.25), r * 0.55)
    pygame.draw.circle(surface, colour, (cx + r * 0.5, cy - r * 0.25), r * 0.55)
    pygame.draw.polygon(
        surface,
        colour,
        [(cx - r * 1.03, cy - r * 0.05), (cx + r * 1.03, cy - r * 0.05), (cx, cy + r * 1.1)],
    )


def _spade(surface: pygame.Surface, cx: float, cy: float, r: float, colour: Colour) -> None:
    pygame.draw.circle(surface, colour, (cx - r * 0.5, cy + r * 0.2), r * 0.55)
    pygame.draw.circle(surface, colour, (cx + r * 0.5, cy + r * 0.2), r * 0.55)
    pygame.draw.polygon(
        surface,
        colour,
        [(cx - r * 1.03, cy + r * 0.0), (cx + r * 1.03, cy + r * 0.0), (cx, cy - r * 1.1)],
    )
    pygame.draw.polygon(
        surface,
        colour,
        [(cx, cy + r * 0.2), (cx - r * 0.45, cy + r * 1.15), (cx + r * 0.45, cy + r * 1.15)],
    )


def _diamond(surface: pygame.Surface, cx: float, cy: float, r: float, colour: Colour) -> None:
    pygame.draw.polygon(
        surface,
        colour,
        [(cx, cy - r * 1.2), (cx + r * 0.85, cy), (cx, cy + r * 1.2), (cx - r * 0.85, cy)],
    )


def _card(width: int, height: int, pip: str) -> pygame.Surface:
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = width // 9
    pygame.draw.rect(card, CARD_EDGE, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, CARD_FACE, card.get_rect().inflate(-12, -12), border_radius=radius)
    draw = {"spade": _spade, "heart": _heart, "diamond": _diamond}[pip]
    colour = SUIT_BLACK if pip == "spade" else SUIT_RED
    # The big pip sits high and left, where the next card of the fan leaves it visible.
    draw(card, width * 0.42, height * 0.4, width * 0.2, colour)
    # Corner pips, as on a real card.
    draw(card, width * 0.2, height * 0.14, width * 0.09, colour)
    return card


def draw_icon(size: int = SIZE) -> pygame.Surface:
    """The icon at ``size`` pixels square, with a transparent outside."""
    big = SIZE * SCALE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    tile = canvas.get_rect().inflate(-big // 16, -big // 16)
    pygame.draw.rect(canvas, FELT_EDGE, tile, border_radius=big // 6)
    pygame.draw.rect(canvas, FELT, tile.inflate(-big // 24, -big // 24), border_radius=big // 7)
    card_w, card_h = int(big * 0.34), int(big * 0.48)
    pivot = (big / 2, big * 0.86)  # the fan turns around a point below the cards
    for angle, pip in ((30, "spade"), (0, "heart"), (-30, "diamond")):
        card = pygame.transform.rotate(_card(card_w, card_h, pip), angle)
        # Card centre sits 0.36*big above the pivot before turning.
        theta = math.radians(angle)
        cx = pivot[0] - math.sin(theta) * big * 0.36
        cy = pivot[1] - math.cos(theta) * big * 0.36
        canvas.blit(card, card.get_rect(center=(cx, cy)))
    return pygame.transform.smoothscale(canvas, (size, size))


def save_icons(folder: Path = HERE) -> list[Path]:
    """Write icon.png and, if Pillow is available, icon.ico and icon.icns; return what was written."""
    png = folder / "icon.png"
    pygame.image.save(draw_icon(), png)
    written = [png]
    try:
        from PIL import Image
    except ImportError:
        print("Pillow not installed: kept the existing icon.ico and icon.icns", file=sys.stderr)
        return written
    with Image.open(png) as image:
        ico = folder / "icon.ico"
        image.save(ico, sizes=[(16, 16), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)])
        icns = folder / "icon.icns"
        image.save(icns)
        written += [ico, icns]
    return written


if __name__ == "__main__":
    pygame.init()
    for path in save_icons():
        print(path)
