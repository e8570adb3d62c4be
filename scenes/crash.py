"""The friendly error screen: an uncaught error lands here instead of closing the window.

It says what happened in plain words, where the log with the details is, and that the running
match was kept (its autosave is never touched on the way here): it is offered again from the
title, or at the next start.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from scenes import theme, ui
from scenes.menu_scene import MenuScene

if TYPE_CHECKING:
    from game.store.store import Store
    from scenes.scene import AppPort

log = logging.getLogger(__name__)


def error_line(error: BaseException) -> str:
    """One short line for a person: the error's kind and message."""
    message = str(error).strip().splitlines()[0] if str(error).strip() else ""
    kind = type(error).__name__
    line = f"{kind}: {message}" if message else kind
    return line if len(line) <= 120 else line[:117] + "…"


class CrashScene(MenuScene):
    name = "crash"
    heading = "Something went wrong"
    back_pops = False
    form_width = 560

    def __init__(
        self, app: AppPort, error: BaseException, log_file: Path | None, store: Store | None = None
    ) -> None:
        self.error = error
        self.log_file = log_file
        self.store = store
        self.match_kept = store is not None and store.dirs.autosave_file.exists()
        self.subtitle = "Omnibus met an error it did not expect."
        super().__init__(app)

    def build(self) -> list[ui.Item | list[ui.Item]]:
        items: list[ui.Item | list[ui.Item]] = []
        if self.match_kept:
            items.append(
                ui.Button(
                    "Continue the saved match",
                    self.continue_match,
                    "Pick up the match where it was.",
                )
            )
        items.append(ui.Button("Back to the title", self.app.to_title, "Start something else."))
        items.append(ui.Button("Quit", self.app.quit, "Close Omnibus. Your match stays saved."))
        return items

    def continue_match(self) -> None:
        from scenes.resume import offer_resume

        self.app.to_title()
        if self.store is not None:
            offer_resume(self.app, self.store)

    def resize(self, size: tuple[int, int]) -> None:
        """The message in a panel sized to it, the choices right below."""
        super().resize(size)
        scale = theme.scale_for(size)
        width = min(size[0] - 40, round(900 * scale))
        wrapped = self.wrapped(round(24 * scale), width - round(40 * scale))
        self.box = pygame.Rect(0, 0, width, round((len(wrapped) * 30 + 36) * scale))
        self.box.midtop = (size[0] // 2, round(size[1] * 0.25))
        area = self.form.area
        top = self.box.bottom + round(28 * scale)
        rows = round(len(self.form.items) * 48 * scale)
        self.form.layout(pygame.Rect(area.x, top, area.width, rows), scale)

    def wrapped(self, size: int, width: int) -> list[tuple[str, tuple[int, int, int]]]:
        return [
            (line, colour)
            for text, colour in self.lines()
            for line in theme.wrap(text, size, width)
        ]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.app.intent(event) == "back":
            self.app.to_title()
            return True
        return super().handle(event)

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        lines = [(error_line(self.error), theme.WARN)]
        if self.match_kept:
            lines.append(("Your match was saved up to the last move: nothing is lost.", theme.INK))
        if self.log_file is not None:
            lines.append(("The details are in the log file:", theme.INK_DIM))
            lines.append((str(self.log_file), theme.GOLD))
            lines.append(
                ("Please send it along with a note of what you were doing.", theme.INK_DIM)
            )
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        scale = theme.scale_for(surface.get_size())
        theme.panel(surface, self.box)
        size = round(24 * scale)
        y = self.box.y + 18 * scale
        for line, colour in self.wrapped(size, self.box.width - round(40 * scale)):
            theme.blit_text(surface, line, size, (self.box.centerx, y), colour, "midtop")
            y += 30 * scale


def show_crash(app: AppPort, error: BaseException, store: Store | None = None) -> None:
    """Log ``error`` with its traceback and put the crash screen up in place of every scene.

    Raises ``error`` again if the crash screen itself is what failed (nothing left to show).
    """
    log.error("uncaught error", exc_info=error)
    if isinstance(app.stack.top, CrashScene):
        raise error
    while app.stack.scenes:
        scene = app.stack.scenes.pop()
        try:
            scene.exit()  # a table closes its bot workers here
        except Exception:
            log.exception("while closing %s after an error", type(scene).__name__)
    log_file = store.log_file if store is not None else None
    app.stack.push(CrashScene(app, error, log_file, store))
