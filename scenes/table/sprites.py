"""Card sprites: float positions, a flip, a lift, a z-order; drawn from the face cache.

``x, y`` is the card's centre. ``flip`` runs 0 (back) → 1 (face): while it passes 0.5 the card
is drawn narrowed, so a flip looks like a card turning over. ``z`` is raised while a card moves
or is dragged so it passes over the others.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field

import pygame

from scenes import theme
from scenes.surface_cache import MIB, SurfaceCache, surface_bytes
from scenes.table.backdrop import Backdrop
from scenes.table.faces import FaceCache

ANGLE_STEP = 3  # rotated images are cached at this resolution in degrees
# A card in flight turns and grows in coarser steps: every new (size, angle) is a rotation of
# ~0.1 ms to make, and with a few cards in the air that was most of a frame's work.
FLYING_ANGLE_STEP = 6
FLYING_SCALE_STEPS = 8  # a card growing in flight is drawn at sizes 2^(1/8) apart (cached)
FLYING_SHADOW_STEP = 15  # a card in flight casts a shadow turned in coarser steps (fewer to make)
FLYING_SHADOW_SCALE_STEPS = 4  # ... and sized coarser still: a soft edge hides the difference
SHADOW_ALPHA = 70
RAISED_Z = 1000  # z added while a card travels or is dragged: it passes over the others


# Shadows within a byte budget (a count limit let 512 rotated shadows hold ~30 MiB). 6 MiB: the
# stress table (bench/frames.py) remade 830 shadows in 1,500 frames at 4 MiB, 558 at 6, 294 at 8.
_shadows: SurfaceCache[tuple[tuple[int, int], int]] = SurfaceCache(6 * MIB)
# Resting cards with their shadows baked in (one blit a card, not two), and where the card lies
# in each (the stress table's 60 cards at rest take 5.4 MiB). The offsets are a few ints a key:
# they may outlive an evicted surface.
SHADOWED_CARDS = 100
ShadowedKey = tuple[str, str | None, tuple[int, int], bool, int, int]  # renderer … angle, drop
_shadowed: SurfaceCache[ShadowedKey] = SurfaceCache(8 * MIB)
_offsets: dict[ShadowedKey, tuple[tuple[int, int], tuple[int, int]]] = {}


def card_shadow(size: tuple[int, int], angle: int) -> pygame.Surface:
    """A soft shadow for a card of ``size`` turned by ``angle``: three widening translucent
    rounded rectangles (cheap to draw, cached; blurring every frame would not be)."""
    turn = angle % 180  # a rounded rectangle is the same turned half around
    return _shadows.make((size, turn), lambda: _draw_shadow(size, turn))


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


def flying_scale(scale: float, steps: int = FLYING_SCALE_STEPS) -> float:
    """A moving card's scale on a coarse grid (``steps`` per doubling): a card that grows as it
    flies from a far seat to the bottom hand is drawn from a few cached sizes, not a new face
    every frame."""
    if scale <= 0:
        return scale
    return float(2 ** (round(math.log2(scale) * steps) / steps))


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
        self._plans: dict[CardSprite, tuple[tuple[object, ...], _Plan]] = {}
        self._rest_scales: set[float] = set()  # the scales cards were drawn at rest

    def add(self, sprite: CardSprite) -> CardSprite:
        self.sprites.append(sprite)
        return sprite

    def remove(self, sprite: CardSprite) -> None:
        if sprite in self.sprites:
            self.sprites.remove(sprite)

    def clear(self) -> None:
        self.sprites.clear()
        self._plans.clear()

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

    def draw(
        self,
        surface: pygame.Surface,
        audience: frozenset[int] | None,
        backdrop: tuple[Backdrop, Hashable] | None = None,
        over_resting: list[tuple[pygame.Surface, tuple[int, int]]] | None = None,
    ) -> None:
        """Draw every visible sprite, a face only where everyone in ``audience`` may know it.

        A card at rest is one blit of its face with the shadow baked in (cached); a card in
        flight or turning over is two (its shadow follows the flight). A card lying exactly
        under another of the same shape (a squared-up pile) is not drawn at all: its shadow
        would only darken the pile's. It still counts in ``drawn`` (what tests check).

        ``over_resting`` (a table's HUD on the felt) is drawn over the cards at rest below
        every other card, under the rest. With a ``backdrop`` (and the key of the marks under
        the cards), those resting cards and ``over_resting`` go into it, and it is shown
        first: it replaces the felt."""
        plans = [self._kept_plan(sprite, audience) for sprite in self.ordered() if sprite.visible]
        if len(self._plans) > 2 * len(self.sprites) + 16:  # forget sprites that are gone
            self._plans = {s: kept for s, kept in self._plans.items() if s in self.sprites}
        self.drawn = [plan.drawn for plan in plans]
        covers: set[tuple[int, int, int, int, int]] = set()
        shown: list[_Plan] = []
        for plan in reversed(plans):
            if plan.cover is not None:
                if plan.cover in covers:
                    continue
                covers.add(plan.cover)
            shown.append(plan)
        shown.reverse()
        resting = 0
        while (
            resting < len(shown)
            and shown[resting].image_key is not None
            and shown[resting].glow is None
        ):
            resting += 1
        below = [b for plan in shown[:resting] for b in plan.blits] + (over_resting or [])
        if backdrop is not None:
            backdrop[0].show(surface, backdrop[1], below)
        else:
            surface.fblits(below)
        batch: list[tuple[pygame.Surface, tuple[int, int]]] = []
        for plan in shown[resting:]:
            if plan.glow is not None:
                surface.fblits(batch)
                batch = []
                pygame.draw.rect(surface, (255, 214, 102), plan.glow, width=4, border_radius=10)
            batch.extend(plan.blits)
        surface.fblits(batch)

    def draw_public(self, surface: pygame.Surface) -> None:
        """Draw again, on top, every face-up card that everyone may know (over the curtain's
        shade: the cards on the table stay in sight, only private ones hide)."""
        for sprite in self.ordered():
            if sprite.visible and sprite.shows_face and sprite.known_by is None:
                plan = self._plan(sprite, None)
                if plan.glow is not None:
                    pygame.draw.rect(surface, (255, 214, 102), plan.glow, width=4, border_radius=10)
                surface.fblits(plan.blits)

    def _kept_plan(self, sprite: CardSprite, audience: frozenset[int] | None) -> _Plan:
        """``_plan``, kept per sprite while nothing about it changes (most cards lie still),
        as long as the image it blits is still in its cache."""
        state = (
            sprite.x,
            sprite.y,
            sprite.angle,
            sprite.flip,
            sprite.scale,
            sprite.z,
            sprite.lift,
            sprite.dim,
            sprite.selected,
            sprite.moving,
            sprite.card,
            sprite.zone,
            sprite.known_by,
            audience,
            self.card_size,
        )
        kept = self._plans.get(sprite)
        if kept is not None and kept[0] == state:
            plan = kept[1]
            if plan.image_key is None or _shadowed.get(plan.image_key) is not None:
                return plan
        plan = self._plan(sprite, audience)
        self._plans[sprite] = (state, plan)
        return plan

    def _plan(self, sprite: CardSprite, audience: frozenset[int] | None) -> _Plan:
        """What drawing ``sprite`` takes: the blits, the selection glow, and the spot it would
        cover whole (None while it is narrowed by a flip: part of what is under it shows)."""
        base_w, base_h = self.card_size
        face = sprite.card if sprite.shows_face and may_see(sprite, audience) else None
        # A card in flight is drawn on coarse grids of size and angle, unless it keeps a size
        # some card rests at, or an angle on the resting grid (a card sliding along without
        # growing or turning): then it reuses the image it had at rest, not a new one.
        if not sprite.moving:
            scale = sprite.scale
            if scale not in self._rest_scales:
                if len(self._rest_scales) > 64:  # many window sizes: start over
                    self._rest_scales.clear()
                self._rest_scales.add(scale)
        elif sprite.scale in self._rest_scales:
            scale = sprite.scale
        else:
            scale = flying_scale(sprite.scale)
        size = (max(4, round(base_w * scale)), max(4, round(base_h * scale)))
        size = self.faces.renderer.size_for(sprite.card, size)  # a die is square
        step = ANGLE_STEP
        if sprite.moving and sprite.angle % ANGLE_STEP:
            step = FLYING_ANGLE_STEP
        angle = round(sprite.angle / step) * step % 360
        # A card in the air casts its shadow further: it reads as lifted off the felt.
        raised = sprite.z >= RAISED_Z
        drop = max(2, size[0] // 22) * (3 if raised or sprite.lift else 1)
        centre = (round(sprite.x), round(sprite.y - sprite.lift))
        squeeze = abs(math.cos(math.pi * sprite.flip))
        blits: list[tuple[pygame.Surface, tuple[int, int]]]
        cover: tuple[int, int, int, int, int] | None = None
        image_key: ShadowedKey | None = None
        if squeeze >= 0.98 and not raised:
            image_key = (self.faces.kind, face, size, sprite.dim, angle, drop)
            image, offset, card_size = self._shadowed(image_key)
            left, top = centre[0] - card_size[0] // 2, centre[1] - card_size[1] // 2
            rect = pygame.Rect(left, top, *card_size)
            blits = [(image, (left - offset[0], top - offset[1]))]
            cover = (left, top, angle, drop, image.get_width())
        else:
            image = self.faces.get(face, size, sprite.dim, angle)
            if squeeze < 0.98:
                width = max(1, round(image.get_width() * squeeze))
                image = pygame.transform.scale(image, (width, image.get_height()))
            rect = image.get_rect(center=centre)
            shadow_of, shadow_angle = size, angle
            if raised:
                shadow_angle = round(angle / FLYING_SHADOW_STEP) * FLYING_SHADOW_STEP % 360
                coarse = flying_scale(sprite.scale, FLYING_SHADOW_SCALE_STEPS)
                shadow_of = (max(4, round(base_w * coarse)), max(4, round(base_h * coarse)))
                shadow_of = self.faces.renderer.size_for(sprite.card, shadow_of)
            shadow = card_shadow(shadow_size(shadow_of, squeeze), shadow_angle)
            spot = shadow.get_rect(center=(rect.centerx + drop, rect.centery + drop))
            blits = [(shadow, spot.topleft), (image, rect.topleft)]
        glow = rect.inflate(8, 8) if sprite.selected else None
        return _Plan(
            Drawn(face, sprite.zone, rect), blits, glow, None if glow else cover, image_key
        )

    def _shadowed(
        self, key: ShadowedKey
    ) -> tuple[pygame.Surface, tuple[int, int], tuple[int, int]]:
        """A card at rest with its shadow baked in: (image, where the card's corner lies in
        it, the card's own size), cached under ``key`` (renderer, card, size, dim, angle,
        drop)."""
        _, card, size, dim, angle, drop = key
        image = _shadowed.get(key)
        if image is not None:
            return (image, *_offsets[key])
        image, offset, card_size = _compose(
            self.faces.get(card, size, dim, angle), card_shadow(size, angle), drop
        )
        _shadowed.put(key, image)
        # Room for a table's worth of resting cards at any window size.
        _shadowed.budget = max(_shadowed.budget, SHADOWED_CARDS * surface_bytes(image))
        if len(_offsets) > 4 * len(_shadowed) + 64:  # forget the offsets of evicted images
            for gone in [k for k in _offsets if k not in _shadowed]:
                del _offsets[gone]
        _offsets[key] = (offset, card_size)
        return image, offset, card_size


@dataclass(frozen=True)
class _Plan:
    drawn: Drawn
    blits: list[tuple[pygame.Surface, tuple[int, int]]]
    glow: pygame.Rect | None
    cover: tuple[int, int, int, int, int] | None
    image_key: ShadowedKey | None  # the cached image it blits, if it is one


def _compose(
    image: pygame.Surface, shadow: pygame.Surface, drop: int
) -> tuple[pygame.Surface, tuple[int, int], tuple[int, int]]:
    """``image`` over ``shadow`` centred ``drop`` pixels down and right, placed exactly as two
    blits centred on one point would place them."""
    (iw, ih), (sw, sh) = image.get_size(), shadow.get_size()
    sx, sy = iw // 2 + drop - sw // 2, ih // 2 + drop - sh // 2  # the shadow's corner
    left, top = min(0, sx), min(0, sy)
    width, height = max(iw, sx + sw) - left, max(ih, sy + sh) - top
    composed = pygame.Surface((width, height), pygame.SRCALPHA)
    composed.blit(shadow, (sx - left, sy - top))
    composed.blit(image, (-left, -top))
    return theme.display_format(composed), (-left, -top), (iw, ih)
