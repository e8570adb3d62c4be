"""A small keyboard-first widget kit for menus and forms, themed like the table.

Chosen over pygame_gui because every widget here is reachable and operable by keys alone
(↑/↓/Tab move, ←/→ change, Enter/Space activate, typing edits a focused name), it draws with the
table's own colours and fonts, and it keeps pygame_gui's ~40 MiB of fonts and themes out of the
frozen build. Items sit in rows; focus moves through them in reading order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from scenes import theme

ROW_HEIGHT = 40  # at scale 1.0
MENU_KEYS = {
    pygame.K_RETURN: "play",
    pygame.K_KP_ENTER: "play",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
}


class Item:
    help = ""
    focusable = True

    def __init__(self, label: str, help: str = "") -> None:
        self.label = label
        self.help = help
        self.rect = pygame.Rect(0, 0, 0, 0)

    def activate(self) -> None:
        """Enter, Space or a click."""

    def step(self, delta: int) -> None:
        """← (−1) or → (+1)."""

    def click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def type_text(self, text: str) -> bool:
        return False

    def backspace(self) -> bool:
        return False

    def value_text(self) -> str:
        return ""

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, scale: float) -> None:
        fill = theme.BUTTON_HOVER if focused or hovered else theme.BUTTON
        pygame.draw.rect(surface, fill, self.rect, border_radius=round(8 * scale))
        if focused:
            pygame.draw.rect(
                surface,
                theme.FOCUS,
                self.rect,
                width=max(2, round(3 * scale)),
                border_radius=round(8 * scale),
            )
        size = round(24 * scale)
        value = self.value_text()
        if value:
            theme.blit_text(
                surface,
                self.label,
                size,
                (self.rect.x + 12 * scale, self.rect.centery),
                theme.INK_DIM,
                "midleft",
            )
            theme.blit_text(
                surface,
                value,
                size,
                (self.rect.right - 12 * scale, self.rect.centery),
                theme.INK,
                "midright",
                bold=True,
            )
        else:
            theme.blit_text(
                surface, self.label, size, self.rect.center, theme.INK, "center", bold=True
            )


class Label(Item):
    """Text in the form, not focusable (a heading or a note)."""

    focusable = False

    def __init__(self, label: str, colour: tuple[int, int, int] = theme.GOLD) -> None:
        super().__init__(label)
        self.colour = colour

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, scale: float) -> None:
        theme.blit_text(
            surface,
            self.label,
            round(24 * scale),
            (self.rect.x + 4, self.rect.centery),
            self.colour,
            "midleft",
            bold=True,
        )


class Button(Item):
    def __init__(self, label: str, action: Callable[[], object], help: str = "") -> None:
        super().__init__(label, help)
        self.action = action

    def activate(self) -> None:
        self.action()


class Choice(Item):
    """One value out of several; ←/→ or a click on either half steps through them."""

    def __init__(
        self,
        label: str,
        values: Sequence[tuple[Any, str]],
        current: Any,
        on_change: Callable[[Any], None] | None = None,
        help: str = "",
    ) -> None:
        super().__init__(label, help)
        self.values = list(values)
        keys = [v for v, _ in self.values]
        self.index = keys.index(current) if current in keys else 0
        self.on_change = on_change

    @property
    def value(self) -> Any:
        return self.values[self.index][0]

    def set_value(self, value: Any) -> None:
        keys = [v for v, _ in self.values]
        if value in keys:
            self.index = keys.index(value)

    def step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.values)
        if self.on_change:
            self.on_change(self.value)

    def activate(self) -> None:
        self.step(1)

    def click(self, pos: tuple[int, int]) -> None:
        """A click left of the value's middle (on "<") steps back, right of it (">") on."""
        left, right = self.value_span()
        self.step(-1 if pos[0] < (left + right) / 2 else 1)

    def value_span(self) -> tuple[float, float]:
        """Where ``draw`` puts "<  value  >": from its left to its right edge on the screen."""
        scale = self.rect.height / ROW_HEIGHT if self.rect.height else 1.0
        width = theme.font(round(24 * scale), True).size(self.value_text())[0]
        right = self.rect.right - 12 * scale
        return right - width, right

    def value_text(self) -> str:
        return f"<  {self.values[self.index][1]}  >"


class Toggle(Choice):
    def __init__(
        self,
        label: str,
        current: bool,
        on_change: Callable[[Any], None] | None = None,
        help: str = "",
    ) -> None:
        super().__init__(label, [(False, "off"), (True, "on")], current, on_change, help)


class Slider(Choice):
    def __init__(
        self,
        label: str,
        low: int,
        high: int,
        step: int,
        current: int,
        on_change: Callable[[Any], None] | None = None,
        unit: str = "",
        help: str = "",
    ) -> None:
        values = [(v, f"{v}{unit}") for v in range(low, high + 1, step)]
        super().__init__(label, values, current, on_change, help)

    def step(self, delta: int) -> None:
        self.index = max(0, min(len(self.values) - 1, self.index + delta))
        if self.on_change:
            self.on_change(self.value)

    def activate(self) -> None:
        return None


class TextField(Item):
    """A short name; typing edits it while it has focus."""

    def __init__(
        self,
        label: str,
        value: str,
        on_change: Callable[[str], None] | None = None,
        limit: int = 16,
        help: str = "",
    ) -> None:
        super().__init__(label, help)
        self.value = value
        self.limit = limit
        self.on_change = on_change
        self.editing = False  # has the focus (drawn with a cursor)

    def type_text(self, text: str) -> bool:
        printable = "".join(ch for ch in text if ch.isprintable())
        if not printable:
            return False
        self.value = (self.value + printable)[: self.limit]
        if self.on_change:
            self.on_change(self.value)
        return True

    def backspace(self) -> bool:
        self.value = self.value[:-1]
        if self.on_change:
            self.on_change(self.value)
        return True

    def value_text(self) -> str:
        return self.value + ("_" if self.editing else "")  # the cursor only where typing goes

    def draw(self, surface: pygame.Surface, focused: bool, hovered: bool, scale: float) -> None:
        self.editing = focused
        super().draw(surface, focused, hovered, scale)


class Form:
    """Rows of items with one focus; lays itself out in ``area`` and scrolls to the focus.
    ``pin_last``: the last row (Start, Back) stays at the bottom of the area, always in view,
    and the rows above it scroll."""

    def __init__(
        self,
        rows: Sequence[Item | Sequence[Item]],
        column_weights: dict[int, Sequence[float]] | None = None,
        pin_last: bool = False,
    ) -> None:
        self.rows: list[list[Item]] = [[r] if isinstance(r, Item) else list(r) for r in rows]
        self.weights = column_weights or {}
        self.items = [item for row in self.rows for item in row]
        self.pinned: list[Item] = self.rows[-1] if pin_last and len(self.rows) > 1 else []
        self.focus = next((i for i, item in enumerate(self.items) if item.focusable), 0)
        self.hover: Item | None = None
        self.area = pygame.Rect(0, 0, 0, 0)
        self.scrolled_area = pygame.Rect(0, 0, 0, 0)  # where the rows that scroll lie
        self.scale = 1.0
        self.scroll = 0
        self.hint_rects: list[pygame.Rect] = []  # the "more" labels, as last drawn

    @property
    def focused(self) -> Item:
        return self.items[self.focus]

    def layout(self, area: pygame.Rect, scale: float) -> None:
        self.area, self.scale = area, scale
        row_height = round(ROW_HEIGHT * scale)
        gap = round(8 * scale)
        self.scrolled_area = area.copy()
        if self.pinned:
            self.scrolled_area.height = max(0, area.height - row_height - gap)
            self._lay_row(self.pinned, area.x, area.bottom - row_height, area.width, gap)
        y = area.y - self.scroll
        for row in self.rows:
            if row is not self.pinned:
                self._lay_row(row, area.x, y, area.width, gap)
                y += row_height + gap
        self._scroll_to_focus()

    def _lay_row(self, row: list[Item], x0: int, y: int, width: int, gap: int) -> None:
        weights = list(self.weights.get(len(row), [1.0] * len(row)))
        total = sum(weights)
        x = float(x0)
        for item, weight in zip(row, weights, strict=False):
            item_width = (width - gap * (len(row) - 1)) * weight / total
            item.rect = pygame.Rect(round(x), y, round(item_width), round(ROW_HEIGHT * self.scale))
            x += item_width + gap

    def _scrolling(self) -> list[Item]:
        return [item for item in self.items if item not in self.pinned]

    def _shift(self, shift: int) -> None:
        self.scroll += shift
        for item in self._scrolling():
            item.rect.y -= shift

    def _scroll_to_focus(self) -> None:
        if self.focused in self.pinned:
            return
        rect, area = self.focused.rect, self.scrolled_area
        shift = 0
        if rect.bottom > area.bottom:
            shift = rect.bottom - area.bottom
        elif rect.top < area.top:
            shift = rect.top - area.top
        if shift:
            self._shift(shift)

    def move(self, delta: int) -> None:
        index = self.focus
        for _ in range(len(self.items)):
            index = (index + delta) % len(self.items)
            if self.items[index].focusable:
                self.focus = index
                break
        self._scroll_to_focus()

    def handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        """Keys by intent (bindings apply), mouse by position, typing into a focused field."""
        if event.type == pygame.KEYDOWN:
            # Enter and the arrows always work in menus, whatever the table's keys are bound to:
            # the menus' labels say "Enter", and a rebinding must never lock a person out.
            intent = MENU_KEYS.get(event.key, intent)
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            if event.key == pygame.K_TAB:
                self.move(-1 if shift else 1)
                return True
            if event.key == pygame.K_BACKSPACE:
                return self.focused.backspace()
            if intent == "up":
                self.move(-1)
                return True
            if intent == "down":
                self.move(1)
                return True
            if intent == "left":
                self.focused.step(-1)
                return True
            if intent == "right":
                self.focused.step(1)
                return True
            if intent == "play" or (intent == "ready" and not isinstance(self.focused, TextField)):
                self.focused.activate()
                return True
            return False
        if event.type == pygame.TEXTINPUT:
            return self.focused.type_text(event.text)
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.item_at(event.pos)
            if self.hover is not None:
                self.focus = self.items.index(self.hover)
            return self.hover is not None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            item = self.item_at(event.pos)
            if item is not None:
                self.focus = self.items.index(item)
                item.click(event.pos)
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_rows(-event.y)
            return True
        return False

    def scroll_rows(self, rows: int) -> None:
        """Scroll the rows themselves (the wheel), not the focus: a row a notch, never past the
        first or last row; a focus scrolled out of sight moves to the nearest row in view."""
        scrolling = self._scrolling()
        if not scrolling:
            return
        step = round((ROW_HEIGHT + 8) * self.scale)
        area = self.scrolled_area
        below = max(0, max(item.rect.bottom for item in scrolling) - area.bottom)
        above = max(0, area.top - min(item.rect.top for item in scrolling))
        shift = max(-above, min(below, rows * step))
        if not shift:
            return
        self._shift(shift)
        if not self.shows(self.focused):
            in_view = [
                i for i, item in enumerate(self.items) if item.focusable and self.shows(item)
            ]
            if in_view:
                self.focus = in_view[0] if shift > 0 else in_view[-1]

    def shows(self, item: Item) -> bool:
        """Is the item in view (whole: a row cut in half by the scroll is left for "more")?"""
        if item in self.pinned:
            return True
        area = self.scrolled_area
        return item.rect.top >= area.top - 4 and item.rect.bottom <= area.bottom + 4

    def item_at(self, pos: tuple[int, int]) -> Item | None:
        if not self.area.collidepoint(pos):
            return None
        for item in self.items:
            if item.focusable and self.shows(item) and item.rect.collidepoint(pos):
                return item
        return None

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.scrolled_area.inflate(8, 8))
        for item in self._scrolling():
            if self.shows(item):
                item.draw(surface, item is self.focused, item is self.hover, self.scale)
        surface.set_clip(clip)
        for item in self.pinned:
            item.draw(surface, item is self.focused, item is self.hover, self.scale)
        self._draw_scroll_hints(surface)
        help_text = self.focused.help
        if help_text:
            for i, line in enumerate(
                theme.wrap(help_text, round(22 * self.scale), self.area.width)
            ):
                theme.blit_text(
                    surface,
                    line,
                    round(22 * self.scale),
                    (self.area.x, self.area.bottom + 12 * self.scale + i * 20 * self.scale),
                    theme.INK_DIM,
                )

    def _draw_scroll_hints(self, surface: pygame.Surface) -> None:
        """A small arrow and "more" where rows lie beyond the area (the form scrolls)."""
        scrolling = self._scrolling()
        if not scrolling:
            return
        size = round(18 * self.scale)
        area = self.scrolled_area
        # Centred over the wider label, which starts clear of the rows (it overlapped the
        # focused row's right end).
        x = area.right + round(8 * self.scale) + theme.font(size).size("more above")[0] // 2
        half = round(7 * self.scale)
        self.hint_rects = []
        above = min(item.rect.top for item in scrolling) < area.top - 4
        below = max(item.rect.bottom for item in scrolling) > area.bottom + 4
        for hidden, y, tip in ((above, area.top, -1), (below, area.bottom, 1)):
            if not hidden:
                continue
            base_y = y - tip * round(22 * self.scale)
            points = [(x - half, base_y), (x + half, base_y), (x, base_y + tip * 2 * half)]
            pygame.draw.polygon(surface, theme.GOLD, points)
            label = "more" if tip > 0 else "more above"
            drawn = theme.blit_text(
                surface,
                label,
                size,
                (x, base_y - tip * round(4 * self.scale)),
                theme.INK_DIM,
                "midbottom" if tip > 0 else "midtop",
            )
            self.hint_rects.append(drawn)
