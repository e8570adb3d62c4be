"""Settling OMYN's zones without moving what already rests in place.

A card leaving the draw pile or joining a row makes the table settle the zones it touched, and
the kit's ``settle`` tweens every card of a zone even when it is where it should be: during an
Omen, when 54 cards gather and are dealt, that was about 1,900 tweens started to move nothing.
"""

from __future__ import annotations

from scenes.table.presenter import Presenter
from scenes.table.sprites import RAISED_Z
from scenes.table.tween import ease_out_cubic


def settle_moved(presenter: Presenter, zone: str, duration: float) -> None:
    """``presenter.settle(zone, duration)``, but a card at rest on its spot is left alone."""
    sprites = presenter.zone(zone)
    if not sprites:
        return
    base = presenter.zone_specs.spec(zone).z
    scale = presenter.scale_for(zone)
    count = len(sprites)
    for index, sprite in enumerate(sprites):
        spot = presenter.spot_for(zone, index, count)
        sprite.z = base + index + (RAISED_Z if sprite.moving else 0)
        flip = 1.0 if presenter.face_up(sprite, zone) else 0.0
        if (
            not sprite.moving
            and sprite.x == spot.x
            and sprite.y == spot.y
            and sprite.angle % 360 == spot.angle % 360
            and sprite.flip == flip
            and sprite.scale == scale
        ):
            continue
        presenter.fly(sprite, spot, duration, 0.0, flip, ease_out_cubic, scale)
