"""Drag-and-drop (and click) for cards: press on a card, move it, release it over a target.

The table decides what may be picked up and what a drop means; a refused or missed drop flies the
card back where it came from with a little overshoot. A press and release without moving is a
click.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from scenes.table.presenter import RAISED_Z, Presenter
from scenes.table.sprites import CardSprite
from scenes.table.tween import ease_out_back

CLICK_SLOP_PX = 6


class DragController:
    def __init__(
        self,
        presenter: Presenter,
        can_pick: Callable[[CardSprite], bool],
        on_drop: Callable[[CardSprite, tuple[int, int]], bool],
        on_click: Callable[[CardSprite], None],
    ) -> None:
        self.presenter = presenter
        self.can_pick = can_pick
        self.on_drop = on_drop  # True: accepted (the table moves the card on)
        self.on_click = on_click
        self._sprite: CardSprite | None = None
        self._zone = ""  # the zone the card was picked up from
        self.grab = (0.0, 0.0)
        self.pressed_at = (0, 0)
        self._dragging = False
        self.home = (0.0, 0.0, 0.0)

    @property
    def sprite(self) -> CardSprite | None:
        """The card held, while it still lies in the zone it was picked up from: a card the
        game moved, or a table laid anew under the mouse (the screen handed to another person),
        is let go (dropped there, it was another seat's card: OMG's raised IndexError)."""
        sprite = self._sprite
        if sprite is not None and (
            sprite.zone != self._zone or sprite not in self.presenter.zone(sprite.zone)
        ):
            self._sprite, self._dragging = None, False
            return None
        return sprite

    @sprite.setter
    def sprite(self, sprite: CardSprite | None) -> None:
        self._sprite = sprite
        self._zone = sprite.zone if sprite is not None else ""

    @property
    def dragging(self) -> bool:
        return self._dragging and self.sprite is not None

    @dragging.setter
    def dragging(self, dragging: bool) -> None:
        self._dragging = dragging

    @property
    def active(self) -> bool:
        return self.sprite is not None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sprite = self.presenter.layer.hit(event.pos)
            if sprite is None or not self.can_pick(sprite):
                return False
            self.sprite = sprite
            self.grab = (sprite.x - event.pos[0], sprite.y - sprite.lift - event.pos[1])
            self.pressed_at = event.pos
            self.home = (sprite.x, sprite.y, sprite.lift)
            self.dragging = False
            return True
        if event.type == pygame.MOUSEMOTION and self.sprite is not None:
            dx = event.pos[0] - self.pressed_at[0]
            dy = event.pos[1] - self.pressed_at[1]
            if not self.dragging and dx * dx + dy * dy > CLICK_SLOP_PX**2:
                self.dragging = True
                self.sprite.z += RAISED_Z * 2
                self.presenter.tweens.stop(self.sprite)
            if self.dragging:
                self.sprite.lift = 0.0
                self.sprite.x = event.pos[0] + self.grab[0]
                self.sprite.y = event.pos[1] + self.grab[1]
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.sprite is not None:
            sprite, dragged = self.sprite, self.dragging
            self.sprite = None
            self.dragging = False
            if not dragged:
                self.on_click(sprite)
                return True
            sprite.z -= RAISED_Z * 2
            if not self.on_drop(sprite, event.pos):
                self.snap_back(sprite)
            return True
        return False

    def snap_back(self, sprite: CardSprite) -> None:
        """Fly the card back to its place in its zone."""
        zone = self.presenter.zone(sprite.zone)
        index = zone.index(sprite) if sprite in zone else 0
        spot = self.presenter.spot_for(sprite.zone, index, len(zone))
        sprite.lift = self.home[2]
        # Picked up mid-flight, it may have stopped half turned or grown: it lands as it rests.
        flip = 1.0 if self.presenter.face_up(sprite, sprite.zone) else 0.0
        scale = self.presenter.scale_for(sprite.zone)
        self.presenter.fly(sprite, spot, 320, flip=flip, easing=ease_out_back, scale=scale)

    def cancel(self) -> None:
        if self.sprite is not None:
            sprite = self.sprite
            self.sprite = None
            if self.dragging:
                sprite.z -= RAISED_Z * 2
                self.snap_back(sprite)
            self.dragging = False
