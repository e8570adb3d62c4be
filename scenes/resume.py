"""The prompt at start when an unfinished match was saved: continue it, or discard it.

Continuing replays the saved log to exactly where the match was; the table is drawn afresh from
the view and the bots start their reaction timers again. Discarding needs a second press, since
it cannot be undone.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import pygame

from game.core.match import Match
from game.store.stats import figure_label
from scenes import theme, ui
from scenes.menu_scene import MenuScene
from scenes.scene import Scene
from scenes.stats_tables import number

if TYPE_CHECKING:
    from game.store.autosave import SavedMatch
    from game.store.store import Store
    from scenes.scene import AppPort

log = logging.getLogger(__name__)


def offer_resume(app: AppPort, store: Store) -> bool:
    """Push the prompt if an unfinished match is waiting; True if it was."""
    from scenes.settings import notice_line

    saved = store.pending_match()
    messages = store.notices.take()  # a damaged save was set aside: say so
    if messages:
        app.notice = notice_line([app.notice, *messages] if app.notice else messages)
    if saved is None:
        return False
    app.push(ResumeScene(app, store, saved))
    return True


def describe_progress(match: Match) -> list[str]:
    """The match so far in the statistics' words (``Game.seat_stats`` named by ``stat_labels``,
    so a game without a score shows none): a figure of the match once ("Turns: 12"), a seat's
    or team's per team or seat ("Team's tokens: 3 for You & Kamala, 5 for Nimal & Saman"), a
    yes-or-no by who has it ("Out by a wrong FOMO! call: Nimal"); a figure nobody has yet is
    left out."""
    game, state = match.game, match.state
    teams = game.teams(state.players)
    of_the_match = {
        k for k, v in game.match_stats(state).items() if not isinstance(v, list | tuple)
    }
    names = [seat.name for seat in match.seats]
    lines = []
    for key, values in game.seat_stats(state).items():
        if not any(values):
            continue
        label = figure_label(key, game.stat_labels)
        if key in of_the_match:
            lines.append(f"{label}: {number(values[0])}")
            continue
        if set(values) <= {0, 1}:
            lines.append(
                f"{label}: " + ", ".join(n for n, v in zip(names, values, strict=False) if v)
            )
            continue
        by_team = all(len({values[s] for s in team}) == 1 for team in teams)
        groups = teams if by_team else tuple((s,) for s in range(state.players))
        parts = [f"{number(values[g[0]])} for {' & '.join(names[s] for s in g)}" for g in groups]
        lines.append(f"{label}: " + ",  ".join(parts))
    lines.append(f"{len(match.log)} moves played")
    return lines


def seat_line(match: Match) -> str:
    return ", ".join(
        f"{s.name} ({'bot, ' + s.level if s.is_bot else 'human'})" for s in match.seats
    )


def when(saved_at: float, now: float | None = None) -> str:
    seconds = max(0.0, (time.time() if now is None else now) - saved_at)
    if seconds < 90:
        return "a moment ago"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} minutes ago"
    if seconds < 36 * 3600:
        return f"{round(seconds / 3600)} hours ago"
    return time.strftime("on %d %b at %H:%M", time.localtime(saved_at))


class ResumeScene(MenuScene):
    name = "resume"
    heading = "Welcome back"
    back_pops = False
    form_width = 520

    def __init__(self, app: AppPort, store: Store, saved: SavedMatch) -> None:
        self.store = store
        self.saved = saved
        self.confirm_discard = False
        title = saved.preview.game.info.title
        self.subtitle = f"Your match of {title} was saved {when(saved.saved)}."
        self.backdrop = self._backdrop(app, saved.preview)
        super().__init__(app)

    @staticmethod
    def _backdrop(app: AppPort, preview: Match) -> Scene | None:
        """The saved table, drawn dimmed behind the prompt (not with two or more people at the
        screen: it would show one player's cards to whoever is looking)."""
        if sum(not seat.is_bot for seat in preview.seats) > 1:
            return None
        try:
            from scenes.session import table_scene

            return table_scene(app, preview)
        except Exception:  # a preview is a nicety: never let it stop the prompt
            log.exception("no preview of the saved table")
            return None

    def build(self) -> list[ui.Item | list[ui.Item]]:
        discard = "Press again to discard it for good" if self.confirm_discard else "Discard it"
        return [
            ui.Button(
                "Continue the match", self.resume_match, "Back to the table, exactly where it was."
            ),
            ui.Button(discard, self.discard, "The match is deleted; it counts in no statistics."),
        ]

    def resume_match(self) -> None:
        from scenes.lesson import coach_table
        from scenes.session import resume_match, table_scene
        from scenes.table.base import TableScene

        try:
            factory = self.app.runner_factory  # tests: bots think in-process
            runner = factory() if factory is not None else None
            match = resume_match(self.saved.data, self.app.settings.pace_ms, runner)
            table = table_scene(self.app, match)
            if isinstance(table, TableScene):
                coach_table(self.app, table)  # a lesson goes on at its saved step
        except Exception as exc:  # replayed once already; a game without a table lands here
            log.exception("resuming the saved match failed")
            self.app.notice = f"The saved match could not be resumed ({exc}); it stays saved."
            self._close_backdrop()
            self.app.pop()
            return
        self.store.follow(match, self.saved)
        self._close_backdrop()
        self.app.replace(table)

    def discard(self) -> None:
        if not self.confirm_discard:
            self.confirm_discard = True
            self.rebuild()
            return
        self.store.abandon()
        self._close_backdrop()
        self.app.pop()

    def _close_backdrop(self) -> None:
        if self.backdrop is not None:
            self.backdrop.exit()
            self.backdrop = None

    def exit(self) -> None:
        self._close_backdrop()

    def summary_lines(self) -> list[str]:
        preview = self.saved.preview
        return [seat_line(preview), *describe_progress(preview)]

    def resize(self, size: tuple[int, int]) -> None:
        """One dialog in the middle: heading, what was saved, the two choices."""
        super().resize(size)
        if self.backdrop is not None:
            self.backdrop.resize(size)
        scale = theme.scale_for(size)
        width = min(size[0] - 40, round(820 * scale))
        text_width = width - round(60 * scale)
        lines = sum(
            len(theme.wrap(line, round(25 * scale), text_width)) for line in self.summary_lines()
        )
        height = round((150 + 32 * lines + 24 + 2 * 48 + 90) * scale)
        self.dialog = pygame.Rect(0, 0, width, min(size[1] - 20, height))
        self.dialog.center = (size[0] // 2, size[1] // 2)
        form_width = min(width - round(80 * scale), round(self.form_width * scale))
        top = self.dialog.bottom - round((2 * 48 + 90) * scale)
        area = pygame.Rect((size[0] - form_width) // 2, top, form_width, round(2 * 48 * scale))
        self.form.layout(area, scale)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.app.intent(event) == "back":  # Esc: decide later; the match stays saved
            self._close_backdrop()
            self.app.pop()
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.backdrop is not None:  # the saved table, dimmed, instead of the felt
            self.backdrop.draw(surface)
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 175))
            surface.blit(shade, (0, 0))
        width, height = surface.get_size()
        scale = theme.scale_for((width, height))
        box = self.dialog
        theme.header(
            surface,
            self.heading,
            self.subtitle,
            on_felt=self.backdrop is None,
            size=56,
            centre_y=box.y + 50 * scale,
            dialog=box,
        )
        size = round(25 * scale)
        y = box.y + 140 * scale
        for index, text in enumerate(self.summary_lines()):
            for line in theme.wrap(text, size, box.width - round(60 * scale)):
                colour = theme.INK_DIM if index == 0 else theme.INK
                theme.blit_text(surface, line, size, (box.centerx, y), colour, "midtop")
                y += 32 * scale
        self.form.draw(surface)
        theme.blit_text(
            surface,
            "Esc: decide later (the match stays saved)",
            round(20 * scale),
            (box.centerx, box.bottom - 14 * scale),
            theme.INK_DIM,
            "midbottom",
        )
