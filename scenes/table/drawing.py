"""Drawing the table: felt, cards for the audience, seat plates and captions, the message line,
the table's HUD, every open window's countdown and the race banner, and the curtain on top.
"""

from __future__ import annotations

from typing import cast

import pygame

from scenes import theme
from scenes.table.backdrop import Backdrop, BlitRecorder
from scenes.table.hud import draw_controls, seat_label
from scenes.table.reflex import (
    WINDOW_BAR_TOP,
    draw_banner,
    draw_window_bar,
    key_label,
    window_key,
)
from scenes.table.routing import TableInput
from scenes.table.summary import draw_summary


class TableDrawing(TableInput):
    backdrop: Backdrop  # made with the scene (base.py)
    _plates_drawn: dict[int, pygame.Rect] | None = None  # the plates as last drawn

    def draw(self, surface: pygame.Surface) -> None:
        marks = self.under_cards_key()
        on_felt = BlitRecorder(surface.get_size())
        self.draw_resting_hud(cast(pygame.Surface, on_felt))
        if marks is None:  # marks that change from frame to frame: no backdrop
            surface.blit(theme.felt(surface.get_size()), (0, 0))
            self.draw_under_cards(surface)
            self.layer.draw(surface, self.audience, over_resting=on_felt.blits)
            self.draw_plates(surface)
        else:
            # The plates never cover a resting card: they go into the backdrop with them (a
            # card in flight passes over a plate).
            self.draw_plates(cast(pygame.Surface, on_felt))
            if self.backdrop.enabled:
                self.layer.draw(surface, self.audience, (self.backdrop, marks), on_felt.blits)
            else:  # the same picture drawn part by part (tests compare the two)
                surface.blit(theme.felt(surface.get_size()), (0, 0))
                self.draw_under_cards(surface)
                self.layer.draw(surface, self.audience, over_resting=on_felt.blits)
        self.draw_message(surface)  # under the HUD: a panel opened over it hides it whole
        self.draw_hud(surface)
        self.hints.draw(self, surface)  # the hint button, and a hint on the table (hints.py)
        if self.help_open():
            lines = self.help_lines() + self.hints.help_lines(self)  # the kit's keys after
            draw_controls(surface, self.layout.scale, lines)
        self.draw_windows(surface)
        if self.curtain.active:
            self.curtain.shade(surface)
            self.layer.draw_public(surface)  # only private cards hide behind the curtain
            self.curtain.note(surface, self.ready_key())
        self._end_drawn = self.match.is_over() and not self.presenter.busy
        self._drawn_for = (self.audience, self.bottom)

    def draw_summary_panel(self, surface: pygame.Surface) -> None:
        """The open round summary, in the kit's frame with the table's body (``summary_page``);
        a table's HUD calls it where the summary lies among its panels."""
        page = self.summary_page() if self.summary.open else None
        if page is not None:
            ready = key_label(self.app.settings.bindings.get("ready", "space"))
            draw_summary(surface, self.layout.scale, page, ready, self.auto_continue)

    def draw_plates(self, surface: pygame.Surface) -> None:
        """Each seat's plate: name, bot level, whose turn; captions beside it."""
        turn = None if self.match.is_over() else self.current_turn()
        s = self.layout.scale
        self._plate_rects_now = self.plate_rects()  # one placement for every seat's plate_spot
        self._plates_drawn = self._plate_rects_now  # (the message line keeps clear of them)
        try:
            for seat, info in enumerate(self.match.seats):
                pos, anchor = self.plate_spot(seat)
                chips = self.plate_chips(seat)
                seat_label(surface, pos, anchor, info.name, chips, seat == turn, s)
                caption = self.captions.get(seat)
                if caption:
                    draw_banner(surface, self.caption_spot(seat), s * 0.8, caption[0])
        finally:
            self._plate_rects_now = None

    def draw_windows(self, surface: pygame.Surface) -> None:
        """The countdown bar of every open window, and who won the last race."""
        s = self.layout.scale
        top = WINDOW_BAR_TOP * s
        pictures = self._window_pictures
        if len(pictures) > 64:
            pictures.clear()
        for window in self.open_windows():
            # The picture being drawn (shown at the next flip) is the app's drawn_frames + 1.
            pictures.setdefault(window_key(window), self.app.drawn_frames + 1)
            answering = []
            for seat in sorted(window.eligible):
                key = self.reflex.key_of(seat) if seat in self.humans else None
                answering.append(
                    f"{self.seat_name(seat)} ({key_label(key)})" if key else self.seat_name(seat)
                )
            rect = draw_window_bar(
                surface,
                surface.get_width() / 2,
                top,
                s,
                window,
                self.match.now_ms,
                self.window_caption(window),
                answering,
            )
            top = rect.bottom + 6 * s
        banner = self.race.banner([info.name for info in self.match.seats])
        if banner:
            draw_banner(surface, (surface.get_width() / 2, top + 24 * s), s, banner)

    def message_pos(self) -> tuple[float, float]:
        anchor = self.layout.anchor(self.bottom)
        # Clear of a card lifted out of the hand (a quarter of a card height).
        return (self.layout.size[0] / 2, anchor.y - self.layout.card_size[1] * 0.95)

    def draw_message(self, surface: pygame.Surface) -> None:
        self.message.draw(surface, self.message_pos(), self.layout.scale, self.message_room())

    def message_room(self) -> float | None:
        return self.message_room_among(list(self.plates_drawn().values()))

    def plates_drawn(self) -> dict[int, pygame.Rect]:
        """The seat plates where this frame drew them (placing them again costs 0.4 ms)."""
        return self._plates_drawn if self._plates_drawn is not None else self.plate_rects()

    def message_room_among(self, rects: list[pygame.Rect]) -> float | None:
        """How wide the message line's text may be so that it runs under none of ``rects`` level
        with it: it is set smaller rather than cover them (FOMO's line, above your hidden set,
        ran under a side seat's plate at three seats)."""
        pos, s = self.message_pos(), self.layout.scale
        line = self.message.rect(pos, s)
        half = line.width / 2
        for rect in rects:
            if rect.bottom <= line.top or rect.top >= line.bottom:
                continue
            if rect.centerx >= pos[0]:
                half = min(half, rect.left - pos[0] - 6 * s)
            else:
                half = min(half, pos[0] - rect.right - 6 * s)
        return None if half >= line.width / 2 else max(0.0, 2 * half - 24 * s)

    def waiting_prompt(self) -> str:
        """ "Saman is thinking…" while a bot is to act; nothing stale once nobody is. While a
        lesson's coach holds the match for a note, nobody thinks: the table waits for Next."""
        coach = self.coach
        if coach is not None and coach.holds:
            if not coach.tutor.wants_next:
                return ""
            enter = key_label(str(self.app.settings.bindings.get("play", "return")))
            return f"Read the note, then Next ({enter})"
        to_act = self.match.state.to_act()
        bots = [s for s in sorted(to_act) if self.match.seats[s].is_bot]
        if len(bots) == 1 and len(to_act) == 1:
            return self.says(bots[0], "is thinking…", "are thinking…")
        return ""
