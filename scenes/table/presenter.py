"""The presenter: turns a viewer's events into animations, one after another, and settles the
sprites into zones (``draw``, ``hand:2``, ``row:1:3``...).

A game's table registers a handler per event type; a handler starts tweens and timers and
returns how long to wait before the next event (animations may overlap: a deal returns a short
step per card). ``CardMoved`` and ``CardRevealed`` have default handlers that serve most games.
While anything is queued, waiting, moving or timed, the table holds the match clock, so a bot's
pause starts only once the player has seen the last move.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from itertools import zip_longest
from typing import Any

from game.core.events import CardMoved, CardRevealed, Event
from scenes.table.layout import Spot
from scenes.table.sprites import RAISED_Z, CardSprite, SpriteLayer
from scenes.table.timers import Timers
from scenes.table.tween import Tween, Tweens, ease_in_out_cubic, ease_out_cubic
from scenes.table.zones import Zones, parse_zone

Handler = Callable[[Any], float]
FACE_UP_TAG = "face_up"  # a sprite turned face up in a zone that keeps faces down
# Cards in each of a shuffle's two packets: all that moves when a pile is shuffled (a 50-card
# pile flying apart whole was 50 shadows and faces blended a frame).
RIFFLE_PACKET = 6


class Presenter:
    def __init__(
        self,
        layer: SpriteLayer,
        zones: Zones,
        spot_for: Callable[[str, int, int], Spot],
        scale_for: Callable[[str], float],
    ) -> None:
        self.layer = layer
        self.zone_specs = zones
        self.tweens = Tweens()
        self.timers = Timers()
        self.zones: dict[str, list[CardSprite]] = {}
        self.spot_for = spot_for  # (zone, index, count) -> where that card rests
        self.scale_for = scale_for  # zone -> sprite scale
        self.handlers: dict[type, Handler] = {
            CardMoved: self.card_moved,
            CardRevealed: self.card_revealed,
        }
        self.queue: deque[Event] = deque()
        self.wait_ms = 0.0
        self.time_scale = 1.0  # animation durations are multiplied by this; 0 = instant
        self.sound: Callable[[str], None] = lambda name: None
        # An open table (a demo, an all-open replay: nobody to hide from) shows every known card
        # face up in every zone, face-down rows too; the table says when it is open.
        self.open_table: Callable[[], bool] = lambda: False
        # Event types that had no animation (tests check there are none): a set, so a long
        # match keeps a few names, not every event.
        self.unhandled: set[type] = set()

    # --- events -------------------------------------------------------------------------------
    def on(self, event_type: type, handler: Handler) -> None:
        self.handlers[event_type] = handler

    def push(self, events: list[Event]) -> None:
        self.queue.extend(events)

    @property
    def busy(self) -> bool:
        return bool(self.queue) or self.wait_ms > 0 or self.tweens.busy() or self.timers.busy

    def update(self, dt_ms: float) -> None:
        scaled = dt_ms if self.time_scale else 1e9
        self.tweens.update(scaled)
        self.timers.update(scaled)
        self.wait_ms -= dt_ms
        while self.wait_ms <= 0 and self.queue:
            event = self.queue.popleft()
            handler = self.handlers.get(type(event))
            step = handler(event) if handler else 0.0
            if handler is None:
                self.unhandled.add(type(event))
            self.wait_ms = max(self.wait_ms, 0.0) + self.ms(step)
        if self.time_scale == 0:
            self.finish()
        if not self.queue and self.wait_ms < 0:
            self.wait_ms = 0.0

    def ms(self, duration: float) -> float:
        return duration * self.time_scale

    def after(self, delay_ms: float, action: Callable[[], object]) -> None:
        """Run ``action`` after ``delay_ms`` of animation time (scaled with the speed setting)."""
        self.timers.after(self.ms(delay_ms), action)

    def finish(self) -> None:
        """Skip every running animation and timer to its end (the queue is left as it is)."""
        while self.tweens.busy() or self.timers.busy:
            self.timers.finish_all()
            self.tweens.finish_all()
        self.wait_ms = 0.0

    # --- zones --------------------------------------------------------------------------------
    def zone(self, name: str) -> list[CardSprite]:
        return self.zones.setdefault(name, [])

    def take(self, zone: str, card: str | None, index: int | None = None) -> CardSprite | None:
        """Remove a sprite from ``zone``: the one at ``index`` if the table knows which (a
        slot's old card, not an equal one just put over it), else the one showing ``card`` if
        any, else an unknown one (another player's hidden card), else the top one."""
        sprites = self.zone(zone)
        if not sprites:
            return None
        if index is not None and index < len(sprites):
            return sprites.pop(index)
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

    def new_sprite(
        self,
        card: str | None,
        spot: Spot,
        zone: str,
        known_by: frozenset[int] | None = None,
    ) -> CardSprite:
        sprite = CardSprite(card, spot.x, spot.y, spot.angle, scale=self.scale_for(zone), zone=zone)
        sprite.known_by = known_by
        sprite.flip = 1.0 if self.face_up(sprite, zone) else 0.0
        self.layer.add(sprite)
        self.put(sprite, zone)
        return sprite

    def face_up(self, sprite: CardSprite, zone: str) -> bool:
        """Known cards lie face up where their zone shows faces; a card the rules turned over
        in a face-down zone (a revealed row, a card held up to look) carries the ``face_up``
        tag. The layer still shows a face only to an audience that may know it."""
        if sprite.card is None:
            return False
        # An open table (nobody to hide from) shows every known card but a squared pile's.
        return FACE_UP_TAG in sprite.tags or self.zone_specs.shows_known_faces(
            zone, self.open_table()
        )

    def clear(self) -> None:
        self.tweens.finish_all()
        self.timers.clear()
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
        if flip is not None:
            goal["flip"] = flip

        # Raised once however many moves overlap (a move replaced mid-flight still runs out):
        # raising per move left a card settled in between (z = rest + one raise) a raise below
        # its rest after both ended, and in flight unraised (drawn as a card at rest, under
        # others, a new resting image for each angle it passed).
        def lift() -> None:
            if "angle" in goal:  # the short way round from where a delay left it turned
                goal["angle"] = _nearest_angle(sprite.angle, spot.angle)
            sprite.moving += 1
            if sprite.moving == 1:
                sprite.z += RAISED_Z

        def land() -> None:
            sprite.moving -= 1
            if sprite.moving == 0:
                sprite.z -= RAISED_Z
            sprite.angle %= 360

        self.tweens.add(Tween(sprite, goal, self.ms(duration), easing, self.ms(delay), lift, land))

    def settle(
        self, zone: str, duration: float = 260.0, delay: float = 0.0, stagger: float = 0.0
    ) -> None:
        """Move every sprite of ``zone`` to its resting spot (after one joined or left); with a
        ``stagger``, each card that moves starts that much after the one below it.

        A card already at rest on its spot, with no tween of its own, is left alone: a card
        joining a 50-card pile settled all 50, which took off (raised, drawn with a fresh
        plan) to move nowhere; an Omen or a Plot Twist started hundreds of such tweens. A card
        at rest less than a pixel from its spot (a pile's cards above one taken from under
        them) is put there: flying it would lift a pile's worth of cards to move nowhere one
        can see. A card already on its way to its spot keeps its flight (each card of a gather
        restarted every one still in the air, so a dozen flew at once)."""
        sprites = self.zone(zone)
        if not sprites:
            return
        spec = self.zone_specs.spec(zone)
        base = spec.z
        if spec.kind == "slots":  # a long row overlaps: each slot lies on the one before it
            base += parse_zone(zone).slot or 0
        scale = self.scale_for(zone)
        count = len(sprites)
        flown = 0
        for index, sprite in enumerate(sprites):
            spot = self.spot_for(zone, index, count)
            sprite.z = base + index + (RAISED_Z if sprite.moving else 0)
            flip = 1.0 if self.face_up(sprite, zone) else 0.0
            if sprite.moving or self.tweens.busy(sprite):
                goal = self.tweens.heading(sprite)
                if _reaches(goal, sprite, spot, flip, scale):
                    continue  # already on its way there: a new tween would only restart it
            elif _reaches({}, sprite, spot, flip, scale, near=1.0):
                sprite.x, sprite.y = spot.x, spot.y
                continue
            self.fly(sprite, spot, duration, delay + flown * stagger, flip, ease_out_cubic, scale)
            flown += 1

    def settle_all(self) -> None:
        for zone in list(self.zones):
            self.settle(zone, 0)
        self.tweens.finish_all()

    def move(
        self,
        src: str,
        dst: str,
        card: str | None,
        known_by: frozenset[int] | None,
        index: int | None = None,
    ) -> CardSprite:
        """The same sprite leaves ``src`` for ``dst`` (one is made if ``src`` has none, as when
        a table was rebuilt mid-move); both zones re-fan. ``index``: as ``take``."""
        sprite = self.take(src, card, index)
        if sprite is None:
            sprite = self.new_sprite(card, self.spot_for(src, 0, 1), src)
            self.zone(src).remove(sprite)
        if card is not None:
            sprite.card = card
            sprite.known_by = known_by
        self.put(sprite, dst)
        return sprite

    def close_slot(self, family: str, seat: int, slot: int, slots: int) -> None:
        """A slot of a row (``family:seat:slot``) closed: the slots to its right shift one left,
        their cards sliding over (rows that stay compact)."""
        for index in range(slot + 1, slots):
            sprites = self.zones.pop(f"{family}:{seat}:{index}", [])
            for sprite in sprites:
                self.put(sprite, f"{family}:{seat}:{index - 1}")
        self.zones.pop(f"{family}:{seat}:{slots - 1}", None)
        for index in range(slot, slots - 1):
            self.settle(f"{family}:{seat}:{index}", 320)

    def turn_up(self, sprites: list[CardSprite], up: bool, duration: float = 160.0) -> None:
        """Turn cards of a face-down zone over (hold to view, a reveal) or back down; the layer
        still shows a face only to an audience that may know it."""
        for sprite in sprites:
            if up:
                sprite.tags.add(FACE_UP_TAG)
            else:
                sprite.tags.discard(FACE_UP_TAG)
            if not sprite.moving:
                goal = 1.0 if self.face_up(sprite, sprite.zone) else 0.0
                self.tweens.add(Tween(sprite, {"flip": goal}, self.ms(duration), ease_out_cubic))

    def shuffle(self, zone: str, duration: float = 700.0, delay: float = 0.0) -> None:
        """Shuffle a squared pile where it lies: its top cards split into two packets that
        riffle back together a card from each in turn, so a player sees that the order was
        lost.

        Only ``2 * RIFFLE_PACKET`` cards move however thick the pile: those beneath stay
        squared (and are drawn as the pile under the packets). Every card of a 30–50-card pile
        flying apart at once made the slowest frames of an OMYN Omen."""
        sprites = self.zone(zone)
        count = len(sprites)
        first = max(0, count - 2 * RIFFLE_PACKET)
        cut = (first + count + 1) // 2
        lower, upper = sprites[first:cut], sprites[cut:]
        w = self.layer.card_size[0]
        for side, packet in ((-1, lower), (1, upper)):
            for depth, sprite in enumerate(packet):
                # A packet stands for half the pile: it shows its cards at twice the pile's step.
                home = self.spot_for(zone, first + 2 * depth, count)
                apart = Spot(home.x + side * w * 0.62, home.y - w * 0.08, home.angle + side * 8)
                self.fly(sprite, apart, duration * 0.4, delay + depth * 10)
        # The order the packets fall back in; the cards land (below) in this order, each on top.
        sprites[first:] = [s for pair in zip_longest(lower, upper) for s in pair if s is not None]
        riffle = duration * 0.2 / max(1, count - first - 1)
        # A tween replaces another on the same fields, so the way back waits on a timer.
        self.after(
            delay + duration * 0.5, lambda: self.settle(zone, duration * 0.3, stagger=riffle)
        )

    def card_moved(self, event: CardMoved) -> float:
        """The default animation: the card flies from its zone to the other, both re-fanned."""
        self.move(event.src, event.dst, event.card, event.known_to)
        self.settle(event.src, 240)
        self.settle(event.dst, 380)
        return 200.0

    def card_revealed(self, event: CardRevealed) -> float:
        """A card is shown where it lies: to everyone, or (to its known_to) privately."""
        sprites = self.zone(event.zone)
        sprite = next((s for s in sprites if s.card == event.card), None)
        sprite = sprite or next((s for s in sprites if s.card is None), None)
        if sprite is None:
            return 0.0
        sprite.known_by = widen(sprite, event.known_to)
        sprite.card = event.card
        return 0.0


def widen(sprite: CardSprite, known_to: frozenset[int] | None) -> frozenset[int] | None:
    """Who knows the sprite's card once ``known_to`` has also seen it (None: everyone)."""
    if known_to is None or (sprite.card is not None and sprite.known_by is None):
        return None
    if sprite.card is None:
        return known_to
    assert sprite.known_by is not None
    return sprite.known_by | known_to


def _reaches(
    goal: dict[str, float],
    sprite: CardSprite,
    spot: Spot,
    flip: float,
    scale: float,
    near: float = 0.0,
) -> bool:
    """Does ``sprite``, once its tweens' ``goal`` (by field) is reached, lie at ``spot`` (or
    less than ``near`` pixels from it) with this flip and scale?"""
    return (
        abs(goal.get("x", sprite.x) - spot.x) <= near
        and abs(goal.get("y", sprite.y) - spot.y) <= near
        and goal.get("angle", sprite.angle) % 360 == spot.angle % 360
        and goal.get("flip", sprite.flip) == flip
        and goal.get("scale", sprite.scale) == scale
    )


def _nearest_angle(current: float, goal: float) -> float:
    """``goal`` shifted by whole turns to be within 180° of ``current`` (no spinning the long way)."""
    delta = (goal - current + 180) % 360 - 180
    return current + delta
