"""The presenter: turns a viewer's events into animations, one after another, and settles the
sprites into zones (``deck``, ``hand:2``, ``trick``, ``won:1``...).

A game's table registers a handler per event type; a handler starts tweens and returns how long
to wait before the next event (animations may overlap: a deal returns a short step per card).
While anything is queued, waiting or moving, the table holds the match clock, so a bot's pause
starts only once the player has seen the last move.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from game.core.events import CardMoved, Event
from scenes.table.layout import Spot
from scenes.table.sprites import CardSprite, SpriteLayer
from scenes.table.tween import Tween, Tweens, ease_in_out_cubic, ease_out_cubic

Handler = Callable[[Any], float]
RAISED_Z = 1000


class Presenter:
    def __init__(
        self,
        layer: SpriteLayer,
        spot_for: Callable[[str, int, int], Spot],
        scale_for: Callable[[str], float],
        face_up_in: Callable[[str], bool],
    ) -> None:
        self.layer = layer
        self.tweens = Tweens()
        self.zones: dict[str, list[CardSprite]] = {}
        self.spot_for = spot_for  # (zone, index, count) -> where that card rests
        self.scale_for = scale_for  # zone -> sprite scale
        self.face_up_in = face_up_in  # zone -> are known cards shown face up there
        self.handlers: dict[type, Handler] = {}
        self.queue: deque[Event] = deque()
        self.wait_ms = 0.0
        self.time_scale = 1.0  # animation durations are multiplied by this; 0 = instant
        self.sound: Callable[[str], None] = lambda name: None
        self.unhandled: list[Event] = []

    # --- events -------------------------------------------------------------------------------
    def on(self, event_type: type, handler: Handler) -> None:
        self.handlers[event_type] = handler

    def push(self, events: list[Event]) -> None:
        self.queue.extend(events)

    @property
    def busy(self) -> bool:
        return bool(self.queue) or self.wait_ms > 0 or self.tweens.busy()

    def update(self, dt_ms: float) -> None:
        self.tweens.update(dt_ms * (1.0 if self.time_scale else 1e9))
        self.wait_ms -= dt_ms
        while self.wait_ms <= 0 and self.queue:
            event = self.queue.popleft()
            handler = self.handlers.get(type(event))
            if handler is None and isinstance(event, CardMoved):
                handler = self.card_moved
            step = handler(event) if handler else 0.0
            if handler is None:
                self.unhandled.append(event)
            self.wait_ms = max(self.wait_ms, 0.0) + self.ms(step)
        if self.time_scale == 0:
            self.tweens.finish_all()
        if not self.queue and self.wait_ms < 0:
            self.wait_ms = 0.0

    def ms(self, duration: float) -> float:
        return duration * self.time_scale

    def finish(self) -> None:
        """Skip every running animation to its end (the queue is left as it is)."""
        self.tweens.finish_all()
        self.wait_ms = 0.0

    # --- zones --------------------------------------------------------------------------------
    def zone(self, name: str) -> list[CardSprite]:
        return self.zones.setdefault(name, [])

    def take(self, zone: str, card: str | None) -> CardSprite | None:
        """Remove a sprite from ``zone``: the one showing ``card`` if any, else an unknown one
        (another player's hidden card), else the top one."""
        sprites = self.zone(zone)
        if not sprites:
            return None
        pick = next((s for s in sprites if card is not None and s.card == card), None)
        if pick is None:
            unknown = [s for s in sprites if s.card is None]
            pick = unknown[len(unknown) // 2] if unknown else sprites[-1]
        sprites.remove(pick)
        return pick

    def put(self, sprite: CardSprite, zone: str, index: int | None = None) -> None:
        sprite.zone = zone
        sprites = self.zone(zone)
        sprites.insert(len(sprites) if index is None else index, sprite)

    def new_sprite(self, card: str | None, spot: Spot, zone: str) -> CardSprite:
        sprite = CardSprite(card, spot.x, spot.y, spot.angle, scale=self.scale_for(zone), zone=zone)
        sprite.flip = 1.0 if card is not None and self.face_up_in(zone) else 0.0
        self.layer.add(sprite)
        self.put(sprite, zone)
        return sprite

    def clear(self) -> None:
        self.tweens.finish_all()
        self.zones.clear()
        self.layer.clear()

    # --- moves --------------------------------------------------------------------------------
    def fly(
        self,
        sprite: CardSprite,
        spot: Spot,
        duration: float,
        delay: float = 0.0,
        flip: float | None = None,
        easing: Callable[[float], float] = ease_in_out_cubic,
        scale: float | None = None,
    ) -> None:
        """Tween a sprite to ``spot``; its z stays raised while it travels."""
        goal = {"x": spot.x, "y": spot.y, "angle": _nearest_angle(sprite.angle, spot.angle)}
        if scale is not None:
            goal["scale"] = scale
        if flip is not None and flip != sprite.flip:
            goal["flip"] = flip

        def lift() -> None:
            sprite.moving += 1
            sprite.z += RAISED_Z

        def land() -> None:
            sprite.moving -= 1
            sprite.z -= RAISED_Z
            sprite.angle %= 360

        self.tweens.add(Tween(sprite, goal, self.ms(duration), easing, self.ms(delay), lift, land))

    def settle(self, zone: str, duration: float = 260.0, delay: float = 0.0) -> None:
        """Move every sprite of ``zone`` to its resting spot (after one joined or left)."""
        sprites = self.zone(zone)
        for index, sprite in enumerate(sprites):
            spot = self.spot_for(zone, index, len(sprites))
            base_z = _zone_z(zone) + index
            if not sprite.moving:
                sprite.z = base_z
            else:
                sprite.z = base_z + RAISED_Z
            flip = 1.0 if sprite.card is not None and self.face_up_in(zone) else 0.0
            self.fly(sprite, spot, duration, delay, flip, ease_out_cubic, self.scale_for(zone))

    def card_moved(self, event: CardMoved) -> float:
        """The default animation: the card flies from its zone to the other, both re-fanned."""
        sprite = self.take(event.src, event.card)
        if sprite is None:
            sprite = self.new_sprite(event.card, self.spot_for(event.src, 0, 1), event.src)
            self.zone(event.src).remove(sprite)
        if event.card is not None:
            sprite.card = event.card
        self.put(sprite, event.dst)
        self.settle(event.src, 240)
        self.settle(event.dst, 380)
        return 200.0


def _nearest_angle(current: float, goal: float) -> float:
    """``goal`` shifted by whole turns to be within 180° of ``current`` (no spinning the long way)."""
    delta = (goal - current + 180) % 360 - 180
    return current + delta


def _zone_z(zone: str) -> int:
    if zone.startswith("trick"):
        return 500
    if zone.startswith("won"):
        return 100
    if zone == "deck":
        return 50
    return 200
