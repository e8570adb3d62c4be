"""The kit's parts on their own: zone names, the seat ring, timers, reflex input and the race."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.windows import Window  # noqa: E402
from scenes.table.layout import TableLayout  # noqa: E402
from scenes.table.presenter import widen  # noqa: E402
from scenes.table.reflex import (  # noqa: E402
    LOCKOUT_MS,
    InputRead,
    RaceBoard,
    ReflexInput,
    key_label,
)
from scenes.table.sprites import CardSprite, may_see  # noqa: E402
from scenes.table.timers import Timers  # noqa: E402
from scenes.table.tween import Tween, Tweens  # noqa: E402
from scenes.table.zones import CentrePlace, SeatPlace, Zones, ZoneSpec, parse_zone  # noqa: E402


def test_a_zone_name_gives_its_family_seat_and_slot() -> None:
    assert (parse_zone("row:1:3").family, parse_zone("row:1:3").seat) == ("row", 1)
    assert parse_zone("row:1:3").slot == 3
    assert parse_zone("pile").seat is None
    assert parse_zone("hand:2").slot is None
    assert str(parse_zone("row:4:0")) == "row:4:0"


def test_zone_specs_say_which_faces_show_and_who_owns_a_zone() -> None:
    zones = Zones(
        (
            ZoneSpec("row", "slots", "nobody", SeatPlace(), owned=True),
            ZoneSpec("pile", "pile", "everyone", CentrePlace()),
        )
    )
    assert not zones.shows_known_faces("row:0:2") and zones.shows_known_faces("pile")
    assert zones.owner("row:3:1") == 3 and zones.owner("pile") is None
    with pytest.raises(KeyError):
        zones.spec("hand:0")


KINDS = [
    ZoneSpec("hand", "fan", "owner", SeatPlace(), owned=True),
    ZoneSpec("row", "slots", "nobody", SeatPlace(inward=1.1), owned=True, scale=0.8),
    ZoneSpec("stack", "stack", "everyone", SeatPlace(inward=1.2, along=1.5), owned=True),
    ZoneSpec("pile", "pile", "everyone", CentrePlace(x=0.7)),
]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", [(1280, 720), (900, 600), (1920, 1080)])
def test_every_kind_of_zone_lies_on_screen_for_every_seat(
    players: int, size: tuple[int, int]
) -> None:
    layout = TableLayout(size, players, bottom_seat=1 % players)
    for spec in KINDS:
        for seat in range(players) if spec.owned else [None]:
            for index in range(6):
                zone = parse_zone(
                    f"{spec.family}:{seat}:{index}" if seat is not None else spec.family
                )
                spot = layout.zone_spot(spec, zone, index, 6, slots=6)
                assert -20 <= spot.x <= size[0] + 20 and -20 <= spot.y <= size[1] + 20, (
                    spec.family,
                    seat,
                    index,
                    spot,
                )


def test_slots_stand_apart_and_keep_their_numbered_places() -> None:
    layout = TableLayout((1280, 720), 4, 0)
    spec = KINDS[1]
    xs = [layout.zone_spot(spec, parse_zone(f"row:0:{slot}"), 0, 1, slots=5).x for slot in range(5)]
    assert xs == sorted(xs)
    width = layout.card_size[0] * spec.scale
    assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= width  # no overlap


def test_timers_survive_a_resize_that_finishes_every_tween() -> None:
    """Resizing during Omi's trick pause used to drop the gather: timers are not tweens."""
    timers, tweens, fired = Timers(), Tweens(), []
    sprite = CardSprite("AS")
    tweens.add(Tween(sprite, {"x": 100.0}, 400))
    timers.after(850, lambda: fired.append("gather"))
    tweens.add(Tween(sprite, {"y": 50.0}, 400))  # a goal-less tween used to be dropped here
    tweens.finish_all()  # what a resize does
    timers.update(849)
    assert fired == []
    timers.update(2)
    assert fired == ["gather"]
    assert not timers.busy


def test_timers_run_once_in_order_even_when_finished_early() -> None:
    timers, order = Timers(), []
    timers.after(300, lambda: order.append(2))
    timers.after(100, lambda: order.append(1))
    timers.after(100, lambda: timers.after(50, lambda: order.append(3)))
    timers.finish_all()
    timers.update(1000)
    assert order == [1, 3, 2]  # the one added at 100 for 50 later is due at 150, before 300


def test_a_face_shows_only_to_an_audience_that_all_know_it() -> None:
    sprite = CardSprite("7", known_by=frozenset({0}))
    assert may_see(sprite, frozenset({0})) and may_see(sprite, None)
    assert not may_see(sprite, frozenset({0, 1})) and not may_see(sprite, frozenset({1}))
    sprite.known_by = widen(sprite, frozenset({1}))
    assert may_see(sprite, frozenset({0, 1}))
    sprite.known_by = widen(sprite, None)
    assert sprite.known_by is None and may_see(sprite, frozenset({2, 3}))
    hidden = CardSprite(None)
    assert widen(hidden, frozenset({2})) == frozenset({2})  # a first look, not public


def key_event(name: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0)


def test_each_seat_has_its_own_key_and_pad() -> None:
    pygame.init()
    reflex = ReflexInput()
    reflex.bind(["left shift", "z", "v", "m"], {7: 2}, seats=[0, 1, 2])
    assert reflex.seat_of(key_event("left shift")) == (0, "key")
    assert reflex.seat_of(key_event("z")) == (1, "key")
    assert reflex.seat_of(key_event("m")) is None  # seat 3 is a bot: its key is nobody's
    pad = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=7, button=0)
    assert reflex.seat_of(pad) == (2, "pad")
    assert key_label("left shift") == "Left Shift" and key_label("[enter]") == "Num Enter"


def test_a_press_before_the_window_locks_the_seat_out_for_a_moment() -> None:
    reflex = ReflexInput()
    assert reflex.press(0, "key", 1000, window_open=False, pos=None) is None
    assert reflex.press(0, "key", 1000, window_open=True, pos=None) is None  # mashing
    reflex.update(LOCKOUT_MS - 1)
    assert reflex.press(0, "key", 1200, window_open=True, pos=None) is None
    reflex.update(2)
    press = reflex.press(0, "key", 1250, window_open=True, pos=None)
    assert press is not None and press.seat == 0
    assert reflex.press(1, "key", 1250, window_open=True, pos=None) is not None  # others unaffected


def test_the_race_board_names_the_winner_and_the_margin() -> None:
    board = RaceBoard()
    window = Window("chain", 1000, 3500, frozenset({0, 1, 2}))
    board.record(window, 2, 1400)
    assert board.banner(["Nimal", "Dev", "Kamala"]) == "Kamala claims first"
    board.record(window, 0, 1484)
    assert board.banner(["Nimal", "Dev", "Kamala"]) == "Kamala, 84 ms ahead of Nimal"
    assert board.late(0) and not board.late(2)
    board.record(Window("void", 5000, 8000, frozenset({1})), 1, 5100)
    assert board.banner(["Nimal", "Dev", "Kamala"]) == "Dev claims first"
    board.update(10_000)
    assert board.banner(["Nimal", "Dev", "Kamala"]) is None


def test_two_claims_in_one_read_of_the_queue_say_how_close_they_may_be() -> None:
    """Both presses were made in the 12 ms since the read before; the queue ranked them."""
    board = RaceBoard()
    window = Window("void", 0, 3000, frozenset({0, 1}))
    read = InputRead(ms=700, span_ms=12, seen=40)
    board.record(window, 1, 700, read)
    board.record(window, 0, 700, read)
    assert board.banner(["Nimal", "Dev"]) == "Dev, less than 12 ms ahead of Nimal"


def printed_symbols() -> dict[str, str]:
    """Every non-ASCII character in a string a scene may print (docstrings left out), with
    where it was found."""
    import ast
    from pathlib import Path

    found: dict[str, str] = {}
    for path in sorted(Path("scenes").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id(node) in docstrings:
                    continue
                for char in node.value:
                    if ord(char) > 127:
                        found.setdefault(char, f"{path}:{node.lineno}")
    return found


def test_every_symbol_the_scenes_print_has_a_glyph_in_the_font() -> None:
    from scenes import theme

    pygame.font.init()
    font = pygame.font.Font(None, 24)  # the font theme.font uses

    def pixels(text: str) -> bytes:
        return pygame.image.tobytes(font.render(text, True, (255, 255, 255)), "RGBA")

    box = pixels("\ue000")  # a private-use character: the font's "no glyph" box
    symbols = printed_symbols()
    assert "→" in symbols  # the scan sees what the replay hint prints
    lacking = {
        char: where
        for char, where in symbols.items()
        if pixels(theme.printable(char)) == box
        or any(pixels(c) == box for c in theme.printable(char))
    }
    assert lacking == {}
