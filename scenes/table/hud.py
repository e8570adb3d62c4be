"""Heads-up parts every table uses: a row of choices (trumps, yes/no), a message line, small
buttons, seat labels. All of them work by mouse and by keys."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from scenes import theme
from scenes.table.faces import suit_colour, suit_shape


@dataclass
class Option:
    label: str
    payload: Any
    suit: str | None = None  # draw a suit pip on the button
    hotkey: str | None = None  # a pygame key name that picks it directly


class ChoiceBar:
    """A row of big buttons in the middle of the table: ←/→ move, Enter picks, hotkeys, clicks."""

    def __init__(
        self, prompt: str, options: list[Option], on_pick: Callable[[Any], object]
    ) -> None:
        self.prompt = prompt
        self.options = options
        self.on_pick = on_pick
        self.focus = 0
        self.rects: list[pygame.Rect] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def layout(self, centre: tuple[float, float], scale: float) -> None:
        self.scale = scale
        size = round(110 * scale), round(96 * scale)
        gap = round(14 * scale)
        total = len(self.options) * size[0] + (len(self.options) - 1) * gap
        x = centre[0] - total / 2
        self.rects = [
            pygame.Rect(
                round(x + i * (size[0] + gap)), round(centre[1] - size[1] / 2 + 18 * scale), *size
            )
            for i in range(len(self.options))
        ]
        self.box = pygame.Rect(0, 0, total + round(48 * scale), size[1] + round(90 * scale))
        self.box.center = (round(centre[0]), round(centre[1]))

    def handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        if event.type == pygame.KEYDOWN:
            if intent == "left":
                self.focus = (self.focus - 1) % len(self.options)
                return True
            if intent == "right":
                self.focus = (self.focus + 1) % len(self.options)
                return True
            if intent == "play":
                self.on_pick(self.options[self.focus].payload)
                return True
            name = pygame.key.name(event.key)
            for option in self.options:
                if option.hotkey and option.hotkey == name:
                    self.on_pick(option.payload)
                    return True
        if event.type == pygame.MOUSEMOTION:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos):
                    self.focus = i
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for option, rect in zip(self.options, self.rects, strict=True):
                if rect.collidepoint(event.pos):
                    self.on_pick(option.payload)
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        scale = self.scale
        theme.panel(surface, self.box, alpha=235)
        theme.blit_text(
            surface,
            self.prompt,
            round(28 * scale),
            (self.box.centerx, self.box.y + 24 * scale),
            theme.GOLD,
            "center",
            bold=True,
        )
        for i, (option, rect) in enumerate(zip(self.options, self.rects, strict=True)):
            focused = i == self.focus
            pygame.draw.rect(
                surface,
                theme.CARD_FACE
                if option.suit
                else (theme.BUTTON_HOVER if focused else theme.BUTTON),
                rect,
                border_radius=round(10 * scale),
            )
            if focused:
                pygame.draw.rect(
                    surface,
                    theme.FOCUS,
                    rect.inflate(6, 6),
                    width=max(2, round(4 * scale)),
                    border_radius=round(12 * scale),
                )
            if option.suit:
                pip = suit_shape(option.suit, round(rect.height * 0.5), suit_colour(option.suit))
                surface.blit(pip, pip.get_rect(center=(rect.centerx, rect.centery - 10 * scale)))
                theme.blit_text(
                    surface,
                    option.label,
                    round(22 * scale),
                    (rect.centerx, rect.bottom - 14 * scale),
                    suit_colour(option.suit),
                    "center",
                    bold=True,
                )
            else:
                theme.blit_text(
                    surface,
                    option.label,
                    round(24 * scale),
                    rect.center,
                    theme.INK,
                    "center",
                    bold=True,
                )


class MessageLine:
    """One line of guidance at the bottom; a warning stays for a while, then the prompt returns."""

    def __init__(self) -> None:
        self._prompt = ""
        # Who the prompt asks to do what: (seat, the kinds of action it asks for); None for a
        # prompt that asks nobody ("Nimal is thinking…"). The screen referee checks that the
        # match still asks that seat for one of those actions.
        self.asking: tuple[int, tuple[type, ...]] | None = None
        self.warning = ""
        self.warning_ms = 0.0

    @property
    def prompt(self) -> str:
        return self._prompt

    @prompt.setter
    def prompt(self, text: str) -> None:
        """A plain prompt: it asks nobody for anything (use ``ask`` for a question)."""
        self._prompt, self.asking = text, None

    def ask(self, seat: int, text: str, *kinds: type) -> None:
        """Ask ``seat`` for an action of one of ``kinds`` (the prompt stays until replaced)."""
        self._prompt, self.asking = text, (seat, kinds)

    def warn(self, text: str, ms: float = 2600) -> None:
        self.warning, self.warning_ms = text, ms

    def update(self, dt_ms: float) -> None:
        if self.warning_ms > 0:
            self.warning_ms -= dt_ms
            if self.warning_ms <= 0:
                self.warning = ""

    @property
    def text(self) -> str:
        return self.warning or self.prompt

    def _label(self, scale: float, room: float | None = None) -> pygame.Surface:
        """The line's text; set smaller (down to 70%) where it is wider than ``room``."""
        colour = theme.WARN if self.warning else theme.INK
        size = round(25 * scale)
        label = theme.text(self.text, size, colour, bold=bool(self.warning))
        smallest = round(size * 0.7)
        while room is not None and label.get_width() > room and size > smallest:
            size -= 1
            label = theme.text(self.text, size, colour, bold=bool(self.warning))
        return label

    def rect(
        self, pos: tuple[float, float], scale: float, room: float | None = None
    ) -> pygame.Rect:
        """Where the line and its backing fall (empty when there is nothing to say); ``room``:
        the widest its text may be."""
        if not self.text:
            return pygame.Rect(round(pos[0]), round(pos[1]), 0, 0)
        label = self._label(scale, room).get_rect(midbottom=(round(pos[0]), round(pos[1])))
        return label.inflate(round(24 * scale), round(10 * scale))

    def draw(
        self,
        surface: pygame.Surface,
        pos: tuple[float, float],
        scale: float,
        room: float | None = None,
    ) -> None:
        if not self.text:
            return
        back = self.rect(pos, scale, room)
        surface.blit(theme.rounded(back.size, (0, 0, 0, 150), round(10 * scale)), back)
        label = self._label(scale, room)
        surface.blit(label, label.get_rect(center=back.center))


class HudButton:
    TEXT = 21  # its label's size at scale 1

    def __init__(self, label: str, action: Callable[[], object]) -> None:
        self.label = label
        self.action = action
        self.rect = pygame.Rect(0, 0, 0, 0)

    def handle(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.action()
            return True
        return False

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        hovered = self.rect.collidepoint(pygame.mouse.get_pos())
        pygame.draw.rect(
            surface,
            theme.BUTTON_HOVER if hovered else theme.BUTTON,
            self.rect,
            border_radius=round(8 * scale),
        )
        pygame.draw.rect(
            surface, theme.PANEL_EDGE, self.rect, width=1, border_radius=round(8 * scale)
        )
        theme.blit_text(
            surface, self.label, round(self.TEXT * scale), self.rect.center, theme.INK, "center"
        )

    @classmethod
    def label_width(cls, label: str, scale: float) -> int:
        """How wide ``label`` is drawn at ``scale`` (a button measures its label with this)."""
        return theme.font(round(cls.TEXT * scale)).size(theme.printable(label))[0]


def seat_label(
    surface: pygame.Surface,
    pos: tuple[float, float],
    anchor: str,
    name: str,
    chips: list[str],
    active: bool,
    scale: float,
) -> pygame.Rect:
    """A seat's name plate: a glow while it is that seat's turn, chips like "dealer". A "✓"
    chip is drawn as a tick badge (the font has no ✓)."""
    label = theme.text(name, round(26 * scale), (20, 20, 20) if active else theme.INK, bold=True)
    tick = TICK in chips
    chip_text = "  ".join(chip for chip in chips if chip != TICK)
    chip = (
        theme.text(chip_text, round(19 * scale), (90, 60, 0) if active else theme.GOLD)
        if chip_text
        else None
    )
    rect = pygame.Rect((0, 0), plate_size(name, chips, scale))
    setattr(rect, anchor, (round(pos[0]), round(pos[1])))
    rect.clamp_ip(surface.get_rect())  # a long plate at a side seat stays on screen

    def paint(layer: pygame.Surface) -> None:
        plate = layer.get_rect()
        radius = plate.height // 2
        pygame.draw.rect(layer, theme.FOCUS if active else theme.PANEL, plate, border_radius=radius)
        pygame.draw.rect(layer, theme.PANEL_EDGE, plate, width=1, border_radius=radius)
        layer.blit(label, label.get_rect(midleft=(round(11 * scale), plate.centery)))
        right = plate.right - round(11 * scale)
        if tick:
            draw_tick(layer, (right - round(12 * scale), plate.centery), round(12 * scale))
            right -= round(30 * scale)
        if chip:
            layer.blit(chip, chip.get_rect(midright=(right, plate.centery)))

    key = ("seat", name, chip_text, tick, active, scale)
    surface.blit(theme.memo_layer(key, rect.size, paint), rect)
    return rect


TICK = "✓"


_plate_sizes: dict[tuple[str, tuple[str, ...], float], tuple[int, int]] = {}


def plate_size(name: str, chips: list[str], scale: float) -> tuple[int, int]:
    """The size of a seat's plate (``seat_label``), so the layout can find it room (measured
    once: it is asked for every seat every frame)."""
    key = (name, tuple(chips), scale)
    size = _plate_sizes.get(key)
    if size is None:
        if len(_plate_sizes) > 512:
            _plate_sizes.clear()
        size = _plate_sizes[key] = _measure_plate(name, chips, scale)
    return size


def _measure_plate(name: str, chips: list[str], scale: float) -> tuple[int, int]:
    width = theme.font(round(26 * scale), True).size(theme.printable(name))[0] + round(22 * scale)
    chip_text = "  ".join(chip for chip in chips if chip != TICK)
    if chip_text:
        width += theme.font(round(19 * scale), False).size(theme.printable(chip_text))[0] + round(
            12 * scale
        )
    if TICK in chips:
        width += round(30 * scale)
    return width, round(34 * scale)


CONTROLS_TITLE = "Controls"
CONTROLS_CLOSE = "Any key or click closes this."


@dataclass(frozen=True)
class ControlsLayout:
    """Where the controls panel and each of its lines fall in the window (``controls_layout``)."""

    box: pygame.Rect
    title: pygame.Rect
    lines: tuple[tuple[str, pygame.Rect], ...]  # each line as wrapped, and where it is printed
    closes: pygame.Rect
    scale: float  # the scale the text is drawn at (smaller than the table's to fit)


def controls_layout(
    window: tuple[int, int], s: float, lines: Sequence[str], title: str = CONTROLS_TITLE
) -> ControlsLayout:
    """The controls panel for ``lines`` in a window of this size: as wide as a long line wants
    (780 at scale 1), lines too long for it wrapped, and the text a little smaller each try
    until the whole panel fits the window (a table with many controls in a small window)."""
    width, height = window
    box_w = min(width - 16, round(780 * s))
    fit = 1.0
    while True:
        k = s * fit
        size, step, margin = round(21 * k), round(31 * k), round(24 * k)
        wrapped = [
            part
            for line in lines
            for part in theme.wrap(theme.printable(line), size, box_w - 2 * margin)
        ]
        box_h = round(58 * k) + step * len(wrapped) + round(38 * k)
        if box_h <= height - 16 or size <= 9:
            break
        fit *= 0.92
    box = pygame.Rect(0, 0, box_w, box_h)
    box.center = (width // 2, height // 2)
    title_size = round(32 * k)
    title_rect = pygame.Rect((0, 0), theme.font(title_size, True).size(title))
    title_rect.center = (box.centerx, round(box.y + 28 * k))
    placed = []
    for i, line in enumerate(wrapped):
        rect = pygame.Rect((0, 0), theme.font(size).size(line))
        rect.topleft = (box.x + margin, round(box.y + 58 * k) + i * step)
        placed.append((line, rect))
    closes = pygame.Rect((0, 0), theme.font(round(17 * k)).size(CONTROLS_CLOSE))
    closes.center = (box.centerx, round(box.bottom - 20 * k))
    return ControlsLayout(box, title_rect, tuple(placed), closes, k)


def draw_controls(
    surface: pygame.Surface, s: float, lines: Sequence[str], title: str = CONTROLS_TITLE
) -> None:
    """A table's controls (its help key): an opaque panel in the middle of the window, the
    title, one line a control, and how it closes. Every table's panel is this one (the kit
    draws it from ``help_lines``): painted once per window size and set of lines."""
    at = controls_layout(surface.get_size(), s, lines, title)
    box = at.box

    def paint(layer: pygame.Surface) -> None:
        theme.panel(layer, layer.get_rect(), alpha=255)  # nothing of the table shows through
        k, shift = at.scale, (-box.x, -box.y)
        layer.blit(theme.text(title, round(32 * k), theme.GOLD, True), at.title.move(shift))
        for line, rect in at.lines:
            layer.blit(theme.text(line, round(21 * k), theme.INK), rect.move(shift))
        closes = theme.text(CONTROLS_CLOSE, round(17 * k), theme.INK_DIM)
        layer.blit(closes, at.closes.move(shift))

    key = ("controls", title, tuple(lines), s)
    surface.blit(theme.memo_layer(key, box.size, paint), box)


def draw_tick(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """A round green badge with a white tick ("done": a pick is in, a player is ready)."""
    x, y = centre
    pygame.draw.circle(surface, (46, 160, 80), centre, radius)
    pygame.draw.circle(surface, (240, 240, 240), centre, radius, max(1, radius // 6))
    points = [
        (x - radius * 0.5, y + radius * 0.02),
        (x - radius * 0.12, y + radius * 0.42),
        (x + radius * 0.55, y - radius * 0.4),
    ]
    pygame.draw.lines(surface, (255, 255, 255), False, points, max(2, radius // 4))


# --- the input a table's panels take first ----------------------------------------------------
def goes_on(event: pygame.event.Event, intent: str | None) -> bool:
    """Ready, Play or a left click: go on past a summary (or anything that waits for a look)."""
    return intent in ("ready", "play") or (
        event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1
    )


class PanelTable(Protocol):
    """What ``panel_input`` asks of a table: ``TableHooks`` declares ``show_help`` and the
    summary hooks; the table's live buttons are its own (an attribute or a property)."""

    show_help: bool

    @property
    def buttons(self) -> Sequence[HudButton]: ...

    def summary_open(self) -> bool: ...

    def close_summary(self) -> None: ...


def panel_input(
    table: PanelTable,
    event: pygame.event.Event,
    intent: str | None,
    *,
    panel_open: bool | None = None,
    close_panel: Callable[[], None] | None = None,
    first: Callable[[], bool] | None = None,
) -> bool | None:
    """What a table's panels do with an event before its own controls see it: an open panel
    (``table.show_help``, or ``panel_open``) closes on the next key or click (``close_panel``,
    or help's) and lets nothing through; ``first`` (a table's own keys) comes next, then the
    help key; an open round summary (``table.summary_open()``) waits for Ready, Play or a click
    (``table.close_summary``); then ``table.buttons``. True or False: the event was dealt with
    (consumed or not); None: the table's own controls go on."""
    if table.show_help if panel_open is None else panel_open:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            if close_panel is not None:
                close_panel()
            else:
                table.show_help = False
            return True
        return False
    if first is not None and first():
        return True
    if intent == "help":
        table.show_help = True
        return True
    if table.summary_open():
        if goes_on(event, intent):
            table.close_summary()
            return True
        return False
    if any(button.handle(event) for button in table.buttons):
        return True
    return None
