"""A log the player can scroll back: one line a move in the table's words, the newest at the
bottom. The wheel (over the panel), Page Up/Down and Up/Down scroll it; a new line shows the
newest again. The panel is painted once per content and scroll (``theme.memo_layer``)."""

from __future__ import annotations

import pygame

from scenes import theme

LOG_LIMIT = 400  # lines kept; older ones drop off the top
PAGE = 8  # screen lines a Page Up/Down moves


class LogPanel:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.scroll = 0  # screen lines scrolled back from the newest
        self.rect = pygame.Rect(0, 0, 0, 0)  # where it was drawn last
        self._wrapped: tuple[tuple[object, ...], list[str]] = ((), [])

    def add(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-LOG_LIMIT]
        self.scroll = 0  # something new: show the newest

    def clear(self) -> None:
        self.lines.clear()
        self.scroll = 0

    def handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        """Scroll by the wheel over the panel, Page Up/Down or Up/Down; True if it scrolled."""
        step = 0
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            step = event.y * 3
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = PAGE if event.key == pygame.K_PAGEUP else -PAGE
        elif event.type == pygame.KEYDOWN and intent in ("up", "down"):
            step = 1 if intent == "up" else -1
        if not step:
            return False
        self.scroll = max(0, self.scroll + step)  # the top is kept in range when drawn
        return True

    def wrapped(self, size: int, width: int) -> list[str]:
        """The lines broken to the panel's width (wrapped again only when they change)."""
        key = (size, width, len(self.lines), self.lines[-1] if self.lines else None)
        if self._wrapped[0] != key:
            lines = [part for line in self.lines for part in theme.wrap(line, size, width)]
            self._wrapped = (key, lines)
        return self._wrapped[1]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, scale: float, title: str) -> None:
        self.rect = rect
        size = round(19 * scale)
        pad = round(14 * scale)
        head = round(34 * scale)
        lines = self.wrapped(size, rect.width - 2 * pad)
        rows = max(1, (rect.height - head - 2 * pad) // (size + 2))
        self.scroll = max(0, min(self.scroll, len(lines) - rows))
        end = len(lines) - self.scroll
        shown = tuple(lines[max(0, end - rows) : end])
        above, below = max(0, end - rows), self.scroll

        def paint(layer: pygame.Surface) -> None:
            box = layer.get_rect()
            theme.panel(layer, box, alpha=242)
            theme.blit_text(layer, title, round(22 * scale), (pad, pad), theme.GOLD, bold=True)
            if not shown:
                theme.blit_text(layer, "Nothing has happened yet.", size, (pad, pad + head))
            for i, line in enumerate(shown):
                theme.blit_text(layer, line, size, (pad, pad + head + i * (size + 2)))
            more = []
            if above:
                more.append(f"{above} earlier lines above")
            if below:
                more.append(f"{below} newer below")
            if more:
                note = " · ".join(more)
                corner = (box.right - pad, pad + round(4 * scale))
                theme.blit_text(layer, note, round(16 * scale), corner, theme.INK_DIM, "topright")

        layer = theme.memo_layer(("log", title, shown, above, below, scale), rect.size, paint)
        surface.blit(layer, rect)
