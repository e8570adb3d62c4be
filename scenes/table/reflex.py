"""Out-of-turn input: every seat's own reflex key (or gamepad, or a click on its own cards),
the no-mashing lockout, the race board that names the winner and the margin, and the countdown
bar every open reflex window shows.

Claims are ranked by their place in SDL's event queue (the rules see them in that order) and
carry their input time: when the app took them off the queue (``InputRead``). pygame-ce 2.5.8
events carry no timestamp, and SDL 2 stamps an event when it is pumped off the system, not when
the key went down: the read is the earliest moment anyone knows. A press lies in the span since
the read before; the app reads at the start of each frame and again right after a picture is
shown, so a press made while a busy frame was being made counts as made before its picture.
The race's margin and the no-mashing lockout are measured on these times, never on game time
(held while the table animates) or on frames.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from game.core.windows import Window
from scenes import theme
from scenes.settings import DEFAULT_REFLEX_KEYS as DEFAULT_REFLEX_KEYS  # one per seat: why there

LOCKOUT_MS = 250  # a press before a window opens locks that seat out this long (no mashing)
RACE_SHOWN_MS = 2600  # how long "Nimal, 84 ms ahead of Dev" stays up


@dataclass(frozen=True)
class InputRead:
    """One read of the event queue: ``ms`` when (the app's real clock), ``span_ms`` since the
    read before (every press it holds was made in that span), ``seen`` how many pictures were
    on the screen while those presses were made."""

    ms: int
    span_ms: int
    seen: int


@dataclass(frozen=True)
class Press:
    """One seat's reflex press, in the order the event queue delivered it."""

    seat: int
    at_ms: int  # game time of the frame that read it
    order: int  # place in the event queue, across frames
    source: str  # "key", "pad" or "mouse"
    pos: tuple[int, int] | None = None  # where a mouse press landed (on the seat's own cards)
    read: InputRead | None = None  # the queue read that took it: its input time


SHORT_KEY_NAMES = {"escape": "Esc", "return": "Enter", "space": "Space", "enter": "Num Enter"}


def key_label(key_name: str) -> str:
    """A key name as a player reads it ("left shift" → "Left Shift", "[enter]" → "Num Enter")."""
    if key_name in SHORT_KEY_NAMES:
        return SHORT_KEY_NAMES[key_name]
    if key_name.startswith("[") and key_name.endswith("]"):
        return "Num " + key_name[1:-1].title()
    return key_name.title() if len(key_name) > 1 else key_name.upper()


class ReflexInput:
    """Maps raw input to the seat it belongs to and keeps the lockouts."""

    def __init__(self) -> None:
        self.keys: dict[str, int] = {}  # pygame key name -> seat
        self.pads: dict[int, int] = {}  # joystick instance id -> seat
        self.locked_until: dict[int, float] = {}  # seat -> real ms (input time)
        self.early: dict[int, float] = {}  # seat -> real ms when "too early" was last said
        self.real_ms = 0.0  # the app's real clock (or frames' time where no app tells it)
        self._order = itertools.count()

    def bind(
        self, reflex_keys: Sequence[str], gamepads: Mapping[int, int], seats: Sequence[int]
    ) -> None:
        """``reflex_keys[seat]`` is that seat's key; only ``seats`` (the humans) listen."""
        self.keys = {reflex_keys[s]: s for s in seats if s < len(reflex_keys)}
        self.pads = {pad: seat for pad, seat in gamepads.items() if seat in seats}

    def key_of(self, seat: int) -> str | None:
        return next((key for key, s in self.keys.items() if s == seat), None)

    def seat_of(self, event: pygame.event.Event) -> tuple[int, str] | None:
        if event.type == pygame.KEYDOWN:
            seat = self.keys.get(pygame.key.name(event.key))
            return (seat, "key") if seat is not None else None
        if event.type == pygame.JOYBUTTONDOWN:
            seat = self.pads.get(getattr(event, "instance_id", -1))
            return (seat, "pad") if seat is not None else None
        return None

    def update(self, dt_ms: float, now_ms: float | None = None) -> None:
        self.real_ms = now_ms if now_ms is not None else self.real_ms + dt_ms

    def press(
        self,
        seat: int,
        source: str,
        at_ms: int,
        window_open: bool,
        pos: tuple[int, int] | None,
        read: InputRead | None = None,
    ) -> Press | None:
        """A press by ``seat``: a Press if it counts, None if the seat is locked out or no
        window it may answer is open (then it is locked out for ``LOCKOUT_MS``), both on the
        press's input time (its ``read``) where the app gives one."""
        now = read.ms if read is not None else self.real_ms
        if now < self.locked_until.get(seat, -1.0):
            return None
        if not window_open:
            self.locked_until[seat] = now + LOCKOUT_MS
            self.early[seat] = now
            return None
        return Press(seat, at_ms, next(self._order), source, pos, read)

    def is_locked(self, seat: int) -> bool:
        return self.real_ms < self.locked_until.get(seat, -1.0)


def window_key(window: Window) -> tuple[str, int]:
    return (window.kind, window.opened_ms)


@dataclass
class Race:
    """The claims made in one window, first first."""

    window: tuple[str, int]  # (kind, opened_ms)
    claims: list[tuple[int, int, InputRead | None]] = field(
        default_factory=list
    )  # (seat, ms, read)
    shown_ms: float = RACE_SHOWN_MS


class RaceBoard:
    """Who claimed first in each window and by how much."""

    def __init__(self) -> None:
        self.race: Race | None = None

    def record(self, window: Window, seat: int, at_ms: int, read: InputRead | None = None) -> None:
        """``seat`` claimed in ``window`` at ``at_ms`` (real ms: a person's input time, a bot's
        frame); ``read``: the queue read that took a person's press."""
        key = window_key(window)
        if self.race is None or self.race.window != key:
            self.race = Race(key)
        if seat not in (s for s, _, _ in self.race.claims):
            self.race.claims.append((seat, at_ms, read))
            self.race.shown_ms = RACE_SHOWN_MS

    def update(self, dt_ms: float) -> None:
        if self.race is not None:
            self.race.shown_ms -= dt_ms
            if self.race.shown_ms <= 0:
                self.race = None

    def banner(self, names: Sequence[str]) -> str | None:
        """ "Nimal claims first", "Nimal, 84 ms ahead of Dev": the difference of their input
        times; "less than 16 ms ahead" when one read of the queue took both presses (they were
        made in the 16 ms since the read before, in queue order)."""
        race = self.race
        if race is None or not race.claims:
            return None
        first, first_ms, first_read = race.claims[0]
        if len(race.claims) == 1:
            verb = "claim" if names[first].lower() == "you" else "claims"  # "You claim first"
            return f"{names[first]} {verb} first"
        second, second_ms, second_read = race.claims[1]
        margin = second_ms - first_ms
        if first_read is not None and first_read is second_read:
            return f"{names[first]}, less than {max(1, first_read.span_ms)} ms ahead of {names[second]}"
        if margin <= 0:
            return f"{names[first]}, less than 1 ms ahead of {names[second]}"
        return f"{names[first]}, {margin} ms ahead of {names[second]}"

    def late(self, seat: int) -> bool:
        """Was ``seat`` beaten in the current race (it sees "too slow")?"""
        race = self.race
        return race is not None and any(s == seat for s, _, _ in race.claims[1:])


WINDOW_BAR_TOP = 10  # the first window's bar, from the top edge (× the table's scale)


def window_bar_box(centre_x: float, top: float, scale: float) -> pygame.Rect:
    """Where a reflex window's countdown bar stands (a table keeping its plates clear of it)."""
    box = pygame.Rect(0, 0, round(520 * scale), round(74 * scale))
    box.midtop = (round(centre_x), round(top))
    return box


def draw_window_bar(
    surface: pygame.Surface,
    centre_x: float,
    top: float,
    scale: float,
    window: Window,
    now_ms: int,
    caption: str,
    answering: Sequence[str],
) -> pygame.Rect:
    """The countdown of a reflex window at its full, fixed length, what it is for and who may
    answer ("match a 7 — Nimal (Left Shift), Dev (M), Saman")."""
    length = max(1, window.closes_ms - window.opened_ms)
    left = window.remaining_ms(now_ms) / length
    box = window_bar_box(centre_x, top, scale)
    width = box.width
    theme.panel(surface, box, alpha=235)
    theme.blit_text(
        surface,
        caption,
        round(26 * scale),
        (box.centerx, box.y + 8 * scale),
        theme.GOLD,
        "midtop",
        bold=True,
    )
    bar = pygame.Rect(0, 0, width - round(28 * scale), round(10 * scale))
    bar.midtop = (box.centerx, box.y + round(38 * scale))
    pygame.draw.rect(surface, theme.PANEL_EDGE, bar, border_radius=bar.height // 2)
    filled = bar.copy()
    filled.width = max(0, round(bar.width * left))
    if filled.width:
        pygame.draw.rect(surface, theme.FOCUS, filled, border_radius=bar.height // 2)
    who = ", ".join(answering)
    theme.blit_text(
        surface,
        who,
        round(18 * scale),
        (box.centerx, bar.bottom + 4 * scale),
        theme.INK,
        "midtop",
    )
    return box


def banner_rect(centre: tuple[float, float], scale: float, text: str) -> pygame.Rect:
    """The box ``draw_banner`` fills (a table keeping a seat's caption clear of its cards)."""
    label = theme.text(text, round(30 * scale), theme.GOLD, True)
    rect = label.get_rect(center=(round(centre[0]), round(centre[1])))
    return rect.inflate(round(30 * scale), round(14 * scale))


def draw_banner(
    surface: pygame.Surface, centre: tuple[float, float], scale: float, text: str
) -> None:
    label = theme.text(text, round(30 * scale), theme.GOLD, True)
    rect = label.get_rect(center=(round(centre[0]), round(centre[1])))
    back = banner_rect(centre, scale, text)
    surface.blit(theme.rounded(back.size, (0, 0, 0, 190), back.height // 2), back)
    surface.blit(label, rect)
