"""Card sprites: float positions, a flip, a lift, a z-order; drawn from the face cache.

``x, y`` is the card's centre. ``flip`` runs 0 (back) → 1 (face): while it passes 0.5 the card
is drawn narrowed, so a flip looks like a card turning over. ``z`` is raised while a card moves
or is dragged so it passes over the others.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from scenes.surface_cache import MIB, SurfaceCache
from scenes.table.faces import FaceCache

ANGLE_STEP = 3  # rotated images are cached at this resolution in degrees
FLYING_SCALE_STEPS = 16  # a card growing in flight is drawn at sizes 2^(1/16) apart (cached)
FLYING_SHADOW_STEP = 15  # a card in flight casts a shadow turned in coarser steps (fewer to make)
SHADOW_ALPHA = 70
RAISED_Z = 1000  # z added while a card travels or is dragged: it passes over the others


# Shadows within a byte budget (a count limit let 512 rotated shadows hold ~30 MiB).
_shadows: SurfaceCache[tuple[tuple[int, int], int]] = SurfaceCache(4 * MIB)


def card_shadow(size: tuple[int, int], angle: int) -> pygame.Surface:
    """A soft shadow for a card of ``size`` turned by ``angle``: three widening translucent
    rounded rectangles (cheap to draw, cached; blurring every frame would not be)."""
    return _shadows.make((size, angle), lambda: _draw_shadow(size, angle))


def _draw_shadow(size: tuple[int, int], angle: int) -> pygame.Surface:
    w, h = size
    pad = max(2, w // 16)
    layer = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for step in range(3):
        inset = pad - step * pad // 2
        rect = layer.get_rect().inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(
            layer, (0, 0, 0, SHADOW_ALPHA // 3), rect, border_radius=max(3, w // 12) + step
        )
    return pygame.transform.rotate(layer, angle) if angle else layer


def flying_scale(scale: float) -> float:
    """A moving card's scale on a coarse grid: a card that grows as it flies from a far seat to
    the bottom hand is drawn from a few cached sizes, not a new face every frame."""
    if scale <= 0:
        return scale
    return float(2 ** (round(math.log2(scale) * FLYING_SCALE_STEPS) / FLYING_SCALE_STEPS))


def shadow_size(size: tuple[int, int], squeeze: float) -> tuple[int, int]:
    """The shadow of a card narrowed by a flip, in eighths of its width: a flip reuses eight
    cached shadows instead of making one a frame (a soft edge hides the step)."""
    eighths = max(1, round(8 * min(1.0, squeeze)))
    return (max(1, size[0] * eighths // 8), size[1])


@dataclass(eq=False)
class CardSprite:
    card: str | None  # the face, if the seat whose events built this sprite may know it
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    flip: float = 0.0  # 0 back, 1 face
    scale: float = 1.0
    z: int = 0
    lift: float = 0.0  # pixels up (legal cards in the hand)
    dim: bool = False
    selected: bool = False
    visible: bool = True
    zone: str = ""
    moving: int = 0  # running moves (z stays raised while > 0)
    tags: set[str] = field(default_factory=set)
    # Who may know ``card`` (None: everyone). The layer draws the face only for an audience
    # that all know it, so privacy comes from the views and events, never from zone names.
    known_by: frozenset[int] | None = None

    @property
    def shows_face(self) -> bool:
        return self.card is not None and self.flip >= 0.5

    def rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The card's rectangle on screen (unrotated, as used for hit tests)."""
        w, h = round(size[0] * self.scale), round(size[1] * self.scale)
        if round(self.angle) % 180 == 90:
            w, h = h, w
        return pygame.Rect(round(self.x - w / 2), round(self.y - self.lift - h / 2), w, h)


def may_see(sprite: CardSprite, audience: frozenset[int] | None) -> bool:
    """May everyone in ``audience`` (None: an open table, nobody to hide from) see the face?"""
    return audience is None or sprite.known_by is None or audience <= sprite.known_by


@dataclass(frozen=True)
class Drawn:
    """One sprite as it reached the screen: what a test can check (curtain, privacy)."""

    card: str | None  # the face drawn, or None for a back
    zone: str
    rect: pygame.Rect


class SpriteLayer:
    def __init__(self, faces: FaceCache) -> None:
        self.faces = faces
        self.sprites: list[CardSprite] = []
        self.card_size = (100, 140)
        self.drawn: list[Drawn] = []

    def add(self, sprite: CardSprite) -> CardSprite:
        self.sprites.append(sprite)
        return sprite

    def remove(self, sprite: CardSprite) -> None:
        if sprite in self.sprites:
            self.sprites.remove(sprite)

    def clear(self) -> None:
        self.sprites.clear()

    def ordered(self) -> list[CardSprite]:
        # A stable sort keeps insertion order inside a layer (a fan draws left to right).
        return sorted(self.sprites, key=lambda s: s.z)

    def hit(self, pos: tuple[int, int], zone_prefix: str = "") -> CardSprite | None:
        """The topmost visible sprite under ``pos`` (optionally only in zones starting so)."""
        for sprite in reversed(self.ordered()):
            if (
                sprite.visible
                and sprite.zone.startswith(zone_prefix)
                and sprite.rect(self.card_size).collidepoint(pos)
            ):
                return sprite
        return None

    def draw(self, surface: pygame.Surface, audience: frozenset[int] | None) -> None:
        """Draw every visible sprite, a face only where everyone in ``audience`` may know it."""
        self.drawn = []
        for sprite in self.ordered():
            if sprite.visible:
                self.drawn.append(self._draw_one(surface, sprite, audience))

    def draw_public(self, surface: pygame.Surface) -> None:
        """Draw again, on top, every face-up card that everyone may know (over the curtain's
        shade: the cards on the table stay in sight, only private ones hide)."""
        for sprite in self.ordered():
            if sprite.visible and sprite.shows_face and sprite.known_by is None:
                self._draw_one(surface, sprite, None)

    def _draw_one(
        self, surface: pygame.Surface, sprite: CardSprite, audience: frozenset[int] | None
    ) -> Drawn:
        base_w, base_h = self.card_size
        face = sprite.card if sprite.shows_face and may_see(sprite, audience) else None
        scale = flying_scale(sprite.scale) if sprite.moving else sprite.scale
        size = (max(4, round(base_w * scale)), max(4, round(base_h * scale)))
        size = self.faces.renderer.size_for(sprite.card, size)  # a die is square
        angle = round(sprite.angle / ANGLE_STEP) * ANGLE_STEP % 360
        image = self.faces.get(face, size, sprite.dim, angle)
        squeeze = abs(math.cos(math.pi * sprite.flip))
        if squeeze < 0.98:
            width = max(1, round(image.get_width() * squeeze))
            image = pygame.transform.scale(image, (width, image.get_height()))
        rect = image.get_rect(center=(round(sprite.x), round(sprite.y - sprite.lift)))
        # A card in the air casts its shadow further: it reads as lifted off the felt.
        raised = sprite.z >= RAISED_Z
        drop = max(2, size[0] // 22) * (3 if raised or sprite.lift else 1)
        shadow_angle = (
            round(angle / FLYING_SHADOW_STEP) * FLYING_SHADOW_STEP % 360 if raised else angle
        )
        shadow = card_shadow(shadow_size(size, squeeze), shadow_angle)
        surface.blit(shadow, shadow.get_rect(center=(rect.centerx + drop, rect.centery + drop)))
        if sprite.selected:
            glow = rect.inflate(8, 8)
            pygame.draw.rect(surface, (255, 214, 102), glow, width=4, border_radius=10)
        surface.blit(image, rect)
        return Drawn(face, sprite.zone, rect)
