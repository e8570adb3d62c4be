"""Card faces and backs drawn in code, cached per size, so cards are crisp at any window size.

Suit pips are drawn 4× larger and smooth-scaled down (anti-aliased edges without image files).
Other games plug in their own ``FaceRenderer``; ``PlayingCardFaces`` draws rank+suit cards
(``"TH"`` is the 10 of hearts).
"""

from __future__ import annotations

import pygame

from scenes import theme
from scenes.surface_cache import MIB, SurfaceCache, surface_bytes

SUPERSAMPLE = 4
RED_SUITS = {"H", "D"}
ANGLE_STEP = 3  # rotated images are made at this resolution in degrees
# The face cache's budget: a table's faces, backs, dimmed cards and the rotations in use at
# 1280×720 take 3–6 MiB; the rest holds cards in flight. 12 MiB: a little more than the 11 MiB
# that 200 cards of 1280×720's size had, with which the 1280×720 soaks held flat (issue 32).
BUDGET_BYTES = 12 * MIB
# Grown for a bigger window's cards (see FaceCache), to room for what a table shows at once (a
# deck at rest and the cards in flight): 100 images of its cards' size. At 200 a 1920×1080 table's
# faces had 25 MiB, which a deal's flight images filled and quiet play let drain to 5 MiB, and the
# table's RSS rose and fell with it one for one (after each sweep RSS = the caches + a constant,
# correlation 1.00), so a soak's end sample sat up to 20 MiB from its first. At 100 (12.4 MiB)
# the faces' hit rate in process fell 81.8 → 80.0% (Omi, 1920×1080): ~250 more rotations a
# minute at ~0.4 ms each on the loaded machine.
WORKING_SET_CARDS = 100
CacheKey = tuple[str, str | None, int, int, bool, int]  # renderer, card, w, h, dim, angle


def suit_shape(suit: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A suit symbol ``size`` pixels tall, anti-aliased by supersampling."""
    big = max(4, size) * SUPERSAMPLE
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    w = h = big
    if suit == "D":
        pygame.draw.polygon(
            layer, colour, [(w * 0.5, 0), (w * 0.9, h * 0.5), (w * 0.5, h), (w * 0.1, h * 0.5)]
        )
    elif suit == "H":
        r = w * 0.26
        pygame.draw.circle(layer, colour, (w * 0.28, h * 0.32), r)
        pygame.draw.circle(layer, colour, (w * 0.72, h * 0.32), r)
        pygame.draw.polygon(
            layer, colour, [(w * 0.03, h * 0.4), (w * 0.97, h * 0.4), (w * 0.5, h * 0.98)]
        )
    elif suit == "S":
        r = w * 0.24
        pygame.draw.circle(layer, colour, (w * 0.29, h * 0.56), r)
        pygame.draw.circle(layer, colour, (w * 0.71, h * 0.56), r)
        pygame.draw.polygon(layer, colour, [(w * 0.06, h * 0.5), (w * 0.94, h * 0.5), (w * 0.5, 0)])
        pygame.draw.polygon(layer, colour, [(w * 0.5, h * 0.6), (w * 0.7, h), (w * 0.3, h)])
    elif suit == "C":
        r = w * 0.21
        pygame.draw.circle(layer, colour, (w * 0.5, h * 0.26), r)
        pygame.draw.circle(layer, colour, (w * 0.26, h * 0.58), r)
        pygame.draw.circle(layer, colour, (w * 0.74, h * 0.58), r)
        pygame.draw.circle(layer, colour, (w * 0.5, h * 0.5), r * 0.6)
        pygame.draw.polygon(layer, colour, [(w * 0.5, h * 0.5), (w * 0.68, h), (w * 0.32, h)])
    return pygame.transform.smoothscale(layer, (size, size))


def suit_colour(suit: str) -> tuple[int, int, int]:
    return theme.SUIT_RED if suit in RED_SUITS else theme.SUIT_BLACK


class FaceRenderer:
    """Draws one card's face (and the shared back) at a given pixel size."""

    def face(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        raise NotImplementedError

    def size_for(self, card: str | None, size: tuple[int, int]) -> tuple[int, int]:
        """The pixel size of ``card`` on a sprite of card ``size``: pieces that are not cards
        (a die is square) say so here; the sprite's shadow follows."""
        return size

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, w // 12)
        pygame.draw.rect(surface, theme.CARD_FACE, surface.get_rect(), border_radius=radius)
        inner = surface.get_rect().inflate(-max(4, w // 10), -max(4, w // 10))
        pygame.draw.rect(surface, theme.CARD_BACK, inner, border_radius=max(2, radius - 2))
        step = max(5, w // 7)
        lines = pygame.Surface(inner.size, pygame.SRCALPHA)
        for offset in range(-inner.height, inner.width, step):
            pygame.draw.line(
                lines,
                (*theme.CARD_BACK_LINE, 120),
                (offset, 0),
                (offset + inner.height, inner.height),
                max(1, w // 40),
            )
            pygame.draw.line(
                lines,
                (*theme.CARD_BACK_LINE, 120),
                (offset + inner.height, 0),
                (offset, inner.height),
                max(1, w // 40),
            )
        surface.blit(lines, inner)
        pygame.draw.rect(
            surface,
            theme.CARD_BACK_LINE,
            inner,
            width=max(1, w // 40),
            border_radius=max(2, radius - 2),
        )
        pygame.draw.rect(
            surface, theme.CARD_EDGE, surface.get_rect(), width=1, border_radius=radius
        )
        return surface


class PlayingCardFaces(FaceRenderer):
    RANK_TEXT = {"T": "10"}

    def face(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        rank, suit = card[0], card[1]
        w, h = size
        colour = suit_colour(suit)
        surface = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, w // 12)
        pygame.draw.rect(surface, theme.CARD_FACE, surface.get_rect(), border_radius=radius)
        pygame.draw.rect(
            surface, theme.CARD_EDGE, surface.get_rect(), width=1, border_radius=radius
        )
        label = self.RANK_TEXT.get(rank, rank)
        rank_size = max(10, round(h * (0.19 if len(label) > 1 else 0.22)))
        corner = theme.font(rank_size, bold=True).render(label, True, colour)
        pip = suit_shape(suit, max(6, round(h * 0.12)), colour)
        pad = max(2, round(w * 0.07))
        surface.blit(corner, (pad, pad * 0.6))
        pip_x = pad + (corner.get_width() - pip.get_width()) // 2
        surface.blit(pip, (pip_x, pad * 0.6 + corner.get_height() * 0.85))
        # The same corner upside down at the bottom right, as on a real card.
        surface.blit(
            pygame.transform.rotate(corner, 180),
            (w - pad - corner.get_width(), h - pad * 0.6 - corner.get_height()),
        )
        surface.blit(
            pygame.transform.rotate(pip, 180),
            (
                w - pip_x - pip.get_width(),
                h - pad * 0.6 - corner.get_height() * 0.85 - pip.get_height(),
            ),
        )
        centre = (w // 2 + round(w * 0.06), h // 2 + round(h * 0.05))
        if rank in "KQJ":
            frame = pygame.Rect(0, 0, round(w * 0.5), round(h * 0.56))
            frame.center = centre
            pygame.draw.rect(surface, (246, 236, 206), frame, border_radius=max(2, w // 20))
            pygame.draw.rect(
                surface, colour, frame, width=max(1, w // 45), border_radius=max(2, w // 20)
            )
            letter = theme.font(round(h * 0.3), bold=True).render(rank, True, colour)
            surface.blit(letter, letter.get_rect(center=(frame.centerx, frame.centery - h * 0.05)))
            small = suit_shape(suit, max(6, round(h * 0.12)), colour)
            surface.blit(small, small.get_rect(center=(frame.centerx, frame.bottom - h * 0.1)))
        else:
            big = suit_shape(suit, round(h * (0.42 if rank == "A" else 0.32)), colour)
            surface.blit(big, big.get_rect(center=centre))
        return surface


class FaceCache:
    """Faces, backs and their dimmed and rotated versions, per pixel size, within a byte budget.

    Least recently used surfaces go first once the budget is full (``SurfaceCache``), so a long
    evening of play (cards flying at passing sizes and angles, window resizes) keeps the cache at
    a fixed size instead of growing. Angles are quantised here (``ANGLE_STEP``), whatever the
    caller passes; a back is the same for every card, and the kit's own back is the same turned
    half around, so all cards share its rotations (190° is the 10° image).

    The surfaces are shared by every table drawn with the same kind of renderer (a renderer draws
    from the card and the size alone), so the next match (a demo plays match after match) starts
    with its faces made, and memory does not climb a step each match as caches refill.
    """

    def __init__(self, renderer: FaceRenderer, budget_bytes: int | None = None) -> None:
        self.renderer = renderer
        self.kind = type(renderer).__qualname__
        self.surfaces: SurfaceCache[CacheKey] = (
            SHARED_FACES if budget_bytes is None else SurfaceCache(budget_bytes)
        )
        # The kit's back is half-turn symmetric; a renderer's own back is not assumed to be.
        self._back_turn = 180 if type(renderer).back is FaceRenderer.back else 360

    def __len__(self) -> int:
        return len(self.surfaces)

    def get(
        self, card: str | None, size: tuple[int, int], dim: bool = False, angle: float = 0
    ) -> pygame.Surface:
        """``card`` None is the back; ``angle`` in degrees (quantised to ``ANGLE_STEP``). A face
        is never drawn upside down: turned past a quarter (the far seats' cards), it is turned
        half round again, so its numbers read as they are from the screen's bottom (a 9 at the
        top seat read as a 6). The card's outline is the same either way."""
        turn = quantise_angle(angle) % (self._back_turn if card is None else 360)
        if card is not None and 90 < turn < 270:
            turn = (turn + 180) % 360
        key = (self.kind, card, size[0], size[1], dim, turn)
        surface = self.surfaces.get(key)
        if surface is not None:
            return surface
        if turn:
            surface = pygame.transform.rotate(self.get(card, size, dim), turn)
        elif dim:
            surface = self.get(card, size).copy()
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 95))
            surface.blit(shade, (0, 0))
        else:
            surface = self.renderer.back(size) if card is None else self.renderer.face(card, size)
            surface = theme.display_format(surface)
            # Room for a table's worth of cards at any window size (a 4K window's are big).
            self.surfaces.budget = max(
                self.surfaces.budget, WORKING_SET_CARDS * surface_bytes(surface)
            )
        return self.surfaces.put(key, surface)


def quantise_angle(angle: float) -> int:
    """Degrees on the ``ANGLE_STEP`` grid, 0–359: rotated images are made and kept only there."""
    return round(angle / ANGLE_STEP) * ANGLE_STEP % 360


SHARED_FACES: SurfaceCache[CacheKey] = SurfaceCache(BUDGET_BYTES)
