"""A form scene: a heading, an optional subtitle and a form centred on the felt. Every menu-like
screen (title, seats, settings, results, resume, crash...) is one."""

from __future__ import annotations

import pygame

from scenes import theme, ui
from scenes.scene import AppPort, Scene


class MenuScene(Scene):
    """A heading, an optional subtitle and a form centred on the felt."""

    heading = ""
    subtitle = ""
    form_width = 520
    back_pops = True
    pin_last_row = False  # the last row (Start, Back) stays in view while the rest scrolls

    def __init__(self, app: AppPort) -> None:
        super().__init__(app)
        self.form = ui.Form(self.build(), pin_last=self.pin_last_row)

    def build(self) -> list[ui.Item | list[ui.Item]]:
        raise NotImplementedError

    def rebuild(self) -> None:
        focus = self.form.focus
        self.form = ui.Form(self.build(), pin_last=self.pin_last_row)
        self.form.focus = min(focus, len(self.form.items) - 1)
        self.resize(self.app.size)

    def enter(self) -> None:
        self.resize(self.app.size)

    def resume(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        scale = theme.scale_for(size)
        width = min(size[0] - 40, round(self.form_width * scale))
        top = round(size[1] * 0.26)
        area = pygame.Rect((size[0] - width) // 2, top, width, size[1] - top - round(90 * scale))
        self.form.layout(area, scale)

    def handle(self, event: pygame.event.Event) -> bool:
        intent = self.app.intent(event)
        if intent == "back" and self.back_pops:
            self.app.pop()
            return True
        return self.form.handle(event, intent)

    def draw(self, surface: pygame.Surface) -> None:
        theme.header(surface, self.heading, self.subtitle, on_felt=self.opaque)
        scale = theme.scale_for(surface.get_size())
        width, height = surface.get_size()
        self.form.draw(surface)
        notice = self.app.notice
        if notice:
            theme.blit_text(
                surface,
                notice,
                round(20 * scale),
                (width / 2, height - 16 * scale),
                theme.WARN,
                "midbottom",
            )
