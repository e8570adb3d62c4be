"""How the kit moves a squared pile: a shuffle riffles a bounded number of cards, and cards
joining or leaving a pile do not lift the rest of it."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from scenes.table.faces import FaceCache, PlayingCardFaces  # noqa: E402
from scenes.table.layout import Spot, TableLayout  # noqa: E402
from scenes.table.presenter import RIFFLE_PACKET, Presenter  # noqa: E402
from scenes.table.sprites import RAISED_Z, CardSprite, SpriteLayer  # noqa: E402
from scenes.table.zones import CentrePlace, SeatPlace, Zones, ZoneSpec, parse_zone  # noqa: E402

FRAME_MS = 16.0
ZONES = Zones(
    (
        ZoneSpec("draw", "pile", "nobody", CentrePlace(x=-0.9)),
        ZoneSpec("pile", "pile", "everyone", CentrePlace(x=0.9)),
        ZoneSpec("hand", "fan", "owner", SeatPlace(), owned=True),
    )
)


def presenter() -> Presenter:
    layout = TableLayout((1280, 720), 4, 0)

    def spot_for(zone: str, index: int, count: int) -> Spot:
        return layout.zone_spot(ZONES.spec(zone), parse_zone(zone), index, count)

    return Presenter(SpriteLayer(FaceCache(PlayingCardFaces())), ZONES, spot_for, lambda z: 1.0)


def pile_of(p: Presenter, zone: str, count: int) -> list[CardSprite]:
    for index in range(count):
        p.new_sprite(None, p.spot_for(zone, index, count), zone)
    return list(p.zone(zone))


def run(p: Presenter, watch: list[CardSprite]) -> tuple[int, set[CardSprite]]:
    """Play every animation out frame by frame: (most cards in flight in one frame, the cards
    that left their spot at some frame)."""
    start = {s: (s.x, s.y) for s in watch}
    most, moved = 0, set()
    while p.busy:
        p.update(FRAME_MS)
        most = max(most, sum(1 for s in watch if s.moving))
        moved |= {s for s in watch if (s.x, s.y) != start[s]}
    return most, moved


def at_rest_on_their_spots(p: Presenter, zone: str) -> bool:
    sprites = p.zone(zone)
    spots = [p.spot_for(zone, i, len(sprites)) for i in range(len(sprites))]
    return all(
        (s.x, s.y, s.angle % 360) == (spot.x, spot.y, spot.angle % 360) and not s.moving
        for s, spot in zip(sprites, spots, strict=True)
    )


def test_a_shuffle_of_a_50_card_pile_moves_only_its_two_packets() -> None:
    p = presenter()
    cards = pile_of(p, "draw", 50)
    p.shuffle("draw", 700, 220)
    most, moved = run(p, cards)
    assert moved == set(cards[-2 * RIFFLE_PACKET :])  # the top cards; those beneath stay squared
    assert most <= 2 * RIFFLE_PACKET
    assert at_rest_on_their_spots(p, "draw")
    assert sorted(map(id, p.zone("draw"))) == sorted(map(id, cards))  # every card still there


def test_the_packets_riffle_back_a_card_from_each_in_turn() -> None:
    """The order is lost where a player sees it: the two packets go to either side and the
    cards fall back into the pile alternately from the left and from the right."""
    p = presenter()
    cards = pile_of(p, "draw", 30)
    home = p.spot_for("draw", 29, 30).x
    p.shuffle("draw", 700, 0)
    side: dict[CardSprite, str] = {}
    landed: list[CardSprite] = []
    while p.busy:
        p.update(FRAME_MS)
        for s in cards:
            if abs(s.x - home) > p.layer.card_size[0] * 0.5:
                side[s] = "left" if s.x < home else "right"
        landed += [s for s in cards if s in side and not s.moving and s not in landed]
    top = p.zone("draw")[-2 * RIFFLE_PACKET :]
    assert [side[s] for s in top] == ["left", "right"] * RIFFLE_PACKET
    assert top != cards[-2 * RIFFLE_PACKET :]
    assert at_rest_on_their_spots(p, "draw")


def test_a_small_pile_is_shuffled_whole() -> None:
    p = presenter()
    cards = pile_of(p, "draw", 5)
    p.shuffle("draw")
    _, moved = run(p, cards)
    assert moved == set(cards)
    assert at_rest_on_their_spots(p, "draw")


def test_taking_the_bottom_card_of_a_pile_lifts_none_of_the_others() -> None:
    """The cards above shift by less than a pixel: they are put there, not flown."""
    p = presenter()
    cards = pile_of(p, "pile", 20)
    cards[0].card = "TH"
    p.move("pile", "hand:0", "TH", None)
    p.settle("pile")
    assert not any(p.tweens.busy(s) for s in p.zone("pile"))
    assert at_rest_on_their_spots(p, "pile")
    assert len(p.zone("pile")) == len(cards) - 1


def test_cards_gathered_one_after_another_keep_their_flights() -> None:
    """A card already on its way to its spot is not started again by the next card's settle:
    in a gather at 70 ms a card, only the few cards of the last ~400 ms are in the air."""
    p = presenter()
    hand = pile_of(p, "hand:0", 12)
    pile_of(p, "draw", 10)
    most = 0
    for _ in hand:
        p.move("hand:0", "draw", None, None)
        started = len(p.tweens.active)
        p.settle("draw", 380)
        assert len(p.tweens.active) == started + 1  # the card that joined, no other
        for _ in range(4):  # 70 ms
            p.update(17.5)
            most = max(most, sum(1 for s in hand if s.moving))
    run(p, hand)
    assert most <= 6
    assert at_rest_on_their_spots(p, "draw")


def test_a_card_sent_on_twice_is_raised_while_it_flies_and_lands_at_its_place() -> None:
    """A move replaced mid-flight still runs out; the card must be drawn raised (over the
    others, with a flying card's shadow) until its last move ends, then lie at its rest z."""
    p = presenter()
    pile_of(p, "draw", 8)
    (card,) = pile_of(p, "hand:0", 1)
    p.move("hand:0", "draw", None, None)
    p.settle("draw", 380)
    p.update(FRAME_MS * 3)
    p.fly(card, p.spot_for("pile", 0, 1), 300)  # sent elsewhere on the way
    p.update(FRAME_MS * 3)
    p.settle("draw", 380)  # and back to its place in the draw pile
    while p.busy:
        assert (card.z >= RAISED_Z) == (card.moving > 0)
        p.update(FRAME_MS)
    assert card.z == ZONES.spec("draw").z + len(p.zone("draw")) - 1
    assert at_rest_on_their_spots(p, "draw")


def test_a_card_sent_on_after_a_pause_turns_the_short_way_from_where_it_landed() -> None:
    p = presenter()
    (card,) = pile_of(p, "draw", 1)
    card.angle = 200.0
    p.fly(card, Spot(card.x, card.y, 0.0), 300)
    p.update(FRAME_MS)
    p.fly(card, Spot(card.x + 50, card.y, 8.0), 200, delay=400)  # starts after the first ends
    turned, last = 0.0, card.angle
    while p.busy:
        p.update(FRAME_MS)
        turned += abs(card.angle - last) if abs(card.angle - last) < 180 else 0.0
        last = card.angle
    assert card.angle % 360 == 8.0
    assert turned < 200  # 160° down to 0, then 8°: not a whole turn more
