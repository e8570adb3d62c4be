"""Card sprites: float positions, a flip, a lift, a z-order; drawn from the face cache.

``x, y`` is the card's centre. ``flip`` runs 0 (back) → 1 (face): while it passes 0.5 the card
is drawn narrowed, so a flip looks like a card turning over. ``z`` is raised while a card moves
or is dragged so it passes over the others.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from scenes.table.faces import FaceCache

ANGLE_STEP = 3  # rotated images are cached at this resolution in degrees


@dataclass(eq=False)
class CardSprite:
    card: str | None  # the face, if this viewer may know it
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

    @property
    def shows_face(self) -> bool:
        return self.card is not None and self.flip >= 0.5

    def rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The card's rectangle on screen (unrotated, as used for hit tests)."""
        w, h = round(size[0] * self.scale), round(size[1] * self.scale)
        if round(self.angle) % 180 == 90:
            w, h = h, w
        return pygame.Rect(round(self.x - w / 2), round(self.y - self.lift - h / 2), w, h)


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

    def draw(self, surface: pygame.Surface, hide_faces_in: set[str] | None = None) -> None:
        """Draw every visible sprite; zones in ``hide_faces_in`` show backs only (the curtain)."""
        self.drawn = []
        base_w, base_h = self.card_size
        for sprite in self.ordered():
            if not sprite.visible:
                continue
            face = sprite.card if sprite.shows_face else None
            if face is not None and hide_faces_in and sprite.zone in hide_faces_in:
                face = None
            size = (max(4, round(base_w * sprite.scale)), max(4, round(base_h * sprite.scale)))
            angle = round(sprite.angle / ANGLE_STEP) * ANGLE_STEP % 360
            image = self.faces.get(face, size, sprite.dim, angle)
            squeeze = abs(math.cos(math.pi * sprite.flip))
            if squeeze < 0.98:
                width = max(1, round(image.get_width() * squeeze))
                image = pygame.transform.scale(image, (width, image.get_height()))
            rect = image.get_rect(center=(round(sprite.x), round(sprite.y - sprite.lift)))
            if sprite.selected:
                glow = rect.inflate(8, 8)
                pygame.draw.rect(surface, (255, 214, 102), glow, width=4, border_radius=10)
            surface.blit(image, rect)
            self.drawn.append(Drawn(face, sprite.zone, rect))
