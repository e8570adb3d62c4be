"""Replays: the list of kept matches per game, and a viewer that steps through one.

The viewer draws the game's own table over a stand-in match whose state is the replay cursor's,
so a replay looks exactly like the live table. Stepping forwards animates the step's events as
the chosen seat saw them; stepping back, seeking and changing the viewer redraw the table at
once from the view. Keys: ←/→ step, Home/End, Space play/pause, V change whose eyes, L last
trick, Esc back. The mouse works on the control panel (buttons, the progress bar to seek).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.match import Match
from game.core.narration import name_seats
from game.core.registry import find_game
from game.store.autosave import NullRunner
from game.store.files import DamagedFile
from game.store.replay_cursor import ReplayCursor
from game.store.replays import ReplayInfo, ReplayShelf
from scenes import theme, ui
from scenes.menu_scene import MenuScene
from scenes.scene import Scene

if TYPE_CHECKING:
    from scenes.scene import AppPort
    from scenes.table.base import TableScene

log = logging.getLogger(__name__)

PLAY_GAP_MS = 350  # between steps while playing, after the animations finish


def replay_label(info: ReplayInfo) -> str:
    stamp = time.strftime("%d %b %H:%M", time.localtime(info.finished))
    winners = " & ".join(info.seat_names[s] for s in info.winners if 0 <= s < len(info.seat_names))
    result = f"{winners} won" if winners else "no winner"
    return f"{stamp}  ·  {result}  ·  {info.actions} moves"


class ReplayListScene(MenuScene):
    name = "replays"
    heading = "Replays"
    form_width = 760

    def __init__(self, app: AppPort, shelf: ReplayShelf, game_id: str | None = None) -> None:
        from scenes.tables import games_with_tables

        self.shelf = shelf
        self.game_ids = [g.info.id for g in games_with_tables()]
        self.game_id = game_id if game_id in self.game_ids else (self.game_ids or ["omi"])[0]
        self.subtitle = "Every finished match is kept (the last 100 of each game)."
        self.infos: list[ReplayInfo] = []
        super().__init__(app)
        if self.infos:
            self.form.focus = 1  # Enter opens the newest match

    def build(self) -> list[ui.Item | list[ui.Item]]:
        self.infos = self.shelf.entries(self.game_id)
        self._show_notices()
        games = [(g, find_game(g).info.title) for g in self.game_ids]
        rows: list[ui.Item | list[ui.Item]] = [
            ui.Choice(
                "Game",
                games,
                self.game_id,
                self._choose_game,
                "Left/Right: another game's replays.",
            )
        ]
        if not self.infos:
            rows.append(ui.Label("No finished matches of this game yet.", theme.INK_DIM))
        for info in self.infos:
            summary = name_seats(info.summary, info.seat_names)  # "seat 3 called FOMO!": named
            help_text = f"{', '.join(info.seat_names)}. {summary}".strip()
            rows.append(ui.Button(replay_label(info), self._opener(info), help_text))
        rows.append(ui.Button("Back", self.app.pop))
        return rows

    def _show_notices(self) -> None:
        messages = self.shelf.files.notices.take()
        if messages:
            self.app.notice = messages[-1]

    def _choose_game(self, game_id: object) -> None:
        self.game_id = str(game_id)
        self.rebuild()

    def _opener(self, info: ReplayInfo) -> Callable[[], None]:
        def open_replay() -> None:
            try:
                scene = ReplayScene(self.app, info)
            except DamagedFile as exc:
                self.shelf.files.set_aside(
                    info.path, f"replay {info.path.name}", str(exc), "it is left out"
                )
                self._show_notices()
                self.rebuild()
                return
            self.app.push(scene)

        return open_replay


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app: AppPort, info: ReplayInfo, viewer: int | None = None) -> None:
        super().__init__(app)
        self.info = info
        self.cursor = ReplayCursor(info.match, viewer)  # DamagedFile if it does not replay
        cursor = self.cursor
        self.stand_in = Match(
            cursor.game, cursor.seats, cursor.seed, cursor.options, runner=NullRunner()
        )
        self._stand_in_at()
        self.table = self._table()
        self.playing = False
        self.gap_ms = 0.0
        self.buttons: list[tuple[pygame.Rect, Callable[[], None]]] = []
        self.bar = pygame.Rect(0, 0, 0, 0)
        self._caption()

    def _stand_in_at(self) -> None:
        """The stand-in match at the cursor: its state, and its log and clock with it (what a
        table's views and the screen referee key on; a state that moved alone showed stale
        views)."""
        cursor = self.cursor
        self.stand_in.state = cursor.state
        self.stand_in.log = list(cursor.log[: cursor.position])
        self.stand_in.now_ms = self.stand_in.log[-1][0] if self.stand_in.log else 0

    def _table(self) -> TableScene | None:
        from scenes.tables import has_table, table_class

        if not has_table(self.cursor.game.info.id):
            return None
        table = table_class(self.cursor.game.info.id)(
            self.app, self.stand_in, open_cards=True, auto_continue=True
        )
        table.replaying = True
        table.set_viewer(self.cursor.viewer)
        return table

    # --- moving -------------------------------------------------------------------------------
    def step_forward(self, animate: bool = True) -> bool:
        if self.table is not None and (self.table.presenter.busy or self.table.blocked):
            self._snap()  # finish the previous step at once, then animate this one
        if not self.cursor.forward():
            self.playing = False
            return False
        self._stand_in_at()
        step = self.cursor.last_step()
        if self.table is not None:
            self.table.captions.clear()  # the last move's word beside a seat goes with it
        if self.table is not None and step is not None:
            if animate:
                self.table.presenter.push(self.cursor.events_seen(step))
            else:
                self._snap()
        self._caption()
        return True

    def _step_by_hand(self) -> None:
        self.playing = False
        self.step_forward()

    def seek(self, position: int) -> None:
        self.cursor.seek(position)
        self._stand_in_at()
        self._snap()
        self._caption()

    def back(self) -> None:
        self.playing = False
        self.seek(self.cursor.position - 1)

    def toggle_play(self) -> None:
        self.playing = not self.playing and self.cursor.position < self.cursor.length
        self.gap_ms = 0.0

    def next_viewer(self) -> None:
        seats = len(self.cursor.seats)
        viewer = self.cursor.viewer
        nxt = 0 if viewer is None else (None if viewer + 1 >= seats else viewer + 1)
        self.cursor.set_viewer(nxt)
        if self.table is not None:
            self.table.set_viewer(nxt)
        self._snap()
        self._caption()  # the move as the new eyes saw it

    def _snap(self) -> None:
        table = self.table
        if table is None:
            return
        table.presenter.queue.clear()
        table.presenter.wait_ms = 0.0
        table.captions.clear()  # a caption belongs to the move that made it
        table.snap_to_view()
        table.settle_now()

    def _caption(self) -> None:
        cursor = self.cursor
        if cursor.position == 0:
            text = "The start of the match. Step forward with → or Space."
        else:
            index = cursor.position - 1
            words = cursor.narration(index, self.seat_names(), cursor.viewer)
            text = f"Move {index + 1}: {words}"
        self.caption = text
        if self.table is not None:
            self.table.message.prompt = text

    def seat_names(self) -> list[str]:
        return [seat.name for seat in self.cursor.seats]

    def viewer_label(self) -> str:
        viewer = self.cursor.viewer
        if viewer is None:
            return "all cards open"
        name = self.cursor.seats[viewer].name
        return "your eyes" if name.lower() == "you" else f"{name}'s eyes"

    # --- scene --------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        intent = self.app.intent(event)
        if intent == "back":
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN:
            if intent == "right":
                self._step_by_hand()
            elif intent == "left":
                self.back()
            elif intent == "ready" or event.key == pygame.K_p:
                self.toggle_play()
            elif event.key == pygame.K_HOME:
                self.playing = False
                self.seek(0)
            elif event.key == pygame.K_END:
                self.playing = False
                self.seek(self.cursor.length)
            elif event.key == pygame.K_v or intent in ("up", "down"):
                self.next_viewer()
            elif self._table_control(intent):
                pass
            else:
                return False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.bar.collidepoint(event.pos) and self.bar.width:
                self.playing = False
                fraction = (event.pos[0] - self.bar.x) / self.bar.width
                self.seek(round(fraction * self.cursor.length))
                return True
            for rect, action in self.buttons:
                if rect.collidepoint(event.pos):
                    action()
                    return True
        return False

    def _table_control(self, intent: str | None) -> bool:
        """The table's own controls (Omi's last trick) work in a replay by the same keys."""
        if self.table is None or intent is None:
            return False
        for _label, control_intent, action in self.table.controls():
            if control_intent == intent:
                action()
                return True
        return False

    def update(self, dt_ms: int) -> None:
        table = self.table
        if table is None:
            if self.playing:
                self.gap_ms += dt_ms
                if self.gap_ms >= PLAY_GAP_MS * 2:
                    self.gap_ms = 0.0
                    self.step_forward()
            return
        table.presenter.time_scale = self.app.settings.animation_scale
        table.presenter.update(dt_ms)
        table.message.update(dt_ms)
        table.tick_captions(dt_ms)  # a seat's caption fades as at the live table
        table.count_down_summary(dt_ms)
        table.tick(dt_ms)
        table.message.prompt = self.caption  # the table's own prompts speak to a live player
        if self.playing and not table.presenter.busy and not table.blocked:
            self.gap_ms += dt_ms
            if self.gap_ms >= PLAY_GAP_MS * max(0.2, self.app.settings.animation_scale):
                self.gap_ms = 0.0
                self.step_forward()

    def needs_frame(self) -> bool:
        """Playing steps on by itself; paused, only the table's own animations move."""
        return self.playing or (self.table is not None and self.table.needs_frame())

    def resize(self, size: tuple[int, int]) -> None:
        if self.table is not None:
            self.table.resize(size)

    def draw(self, surface: pygame.Surface) -> None:
        if self.table is not None:
            self.table.draw(surface)
        else:
            theme.header(surface, self.caption, size=28, centre_y=surface.get_height() / 2)
        self._draw_controls(surface)

    def _draw_controls(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        s = theme.scale_for((width, height))
        panel = pygame.Rect(0, 0, round(370 * s), round(128 * s))
        panel.bottomright = (width - round(10 * s), height - round(10 * s))
        theme.panel(surface, panel, alpha=252)
        x0 = panel.x + round(14 * s)
        theme.blit_text(
            surface, "Replay", round(22 * s), (x0, panel.y + 10 * s), theme.GOLD, bold=True
        )
        counter = f"move {self.cursor.position} of {self.cursor.length}"
        theme.blit_text(
            surface,
            counter,
            round(20 * s),
            (panel.right - 14 * s, panel.y + 12 * s),
            theme.INK_DIM,
            "topright",
        )
        self.bar = pygame.Rect(
            x0, panel.y + round(38 * s), panel.width - round(28 * s), round(10 * s)
        )
        pygame.draw.rect(surface, theme.FELT_DARK, self.bar, border_radius=self.bar.height // 2)
        done = self.bar.copy()
        done.width = round(self.bar.width * self.cursor.position / max(1, self.cursor.length))
        if done.width:
            pygame.draw.rect(surface, theme.GOLD, done, border_radius=self.bar.height // 2)
        size = round(34 * s)
        gap = round(8 * s)
        controls: list[tuple[str, Callable[[], None]]] = [
            ("start", lambda: self.seek(0)),
            ("back", self.back),
            ("pause" if self.playing else "play", self.toggle_play),
            ("forward", self._step_by_hand),
            ("end", lambda: self.seek(self.cursor.length)),
        ]
        self.buttons = []
        y = panel.y + round(58 * s)
        for index, (kind, action) in enumerate(controls):
            rect = pygame.Rect(x0 + index * (size + gap), y, size, size)
            pygame.draw.rect(
                surface,
                theme.BUTTON_HOVER if kind in ("play", "pause") else theme.BUTTON,
                rect,
                border_radius=round(6 * s),
            )
            draw_icon(surface, kind, rect)
            self.buttons.append((rect, action))
        eyes = pygame.Rect(
            x0 + 5 * (size + gap), y, panel.right - round(14 * s) - (x0 + 5 * (size + gap)), size
        )
        pygame.draw.rect(surface, theme.BUTTON, eyes, border_radius=round(6 * s))
        theme.blit_text(
            surface,
            "V: whose eyes",
            round(17 * s),
            (eyes.centerx, eyes.y + 3 * s),
            theme.INK_DIM,
            "midtop",
        )
        theme.blit_text(
            surface,
            self.viewer_label(),
            round(19 * s),
            (eyes.centerx, eyes.bottom - 3 * s),
            theme.INK,
            "midbottom",
            bold=True,
        )
        self.buttons.append((eyes, self.next_viewer))
        hint = "Arrows step · Space plays · Home/End · Esc back"
        theme.blit_text(
            surface,
            hint,
            round(17 * s),
            (panel.centerx, panel.bottom - 6 * s),
            theme.INK_DIM,
            "midbottom",
        )


def draw_icon(surface: pygame.Surface, kind: str, rect: pygame.Rect) -> None:
    """Media-control glyphs drawn as shapes (the default font has no ▶)."""
    cx, cy = rect.center
    r = rect.height * 0.26
    ink = theme.INK

    def triangle(tip_x: float, direction: int) -> None:
        base = tip_x - direction * r * 1.5
        pygame.draw.polygon(surface, ink, [(tip_x, cy), (base, cy - r), (base, cy + r)])

    if kind == "play":
        triangle(cx + r * 0.8, 1)
    elif kind == "pause":
        for dx in (-r * 0.55, r * 0.25):
            pygame.draw.rect(
                surface,
                ink,
                pygame.Rect(round(cx + dx), round(cy - r), max(2, round(r * 0.4)), round(2 * r)),
            )
    elif kind == "forward":
        triangle(cx + r * 0.75, 1)
    elif kind == "back":
        triangle(cx - r * 0.75, -1)
    elif kind in ("start", "end"):
        direction = 1 if kind == "end" else -1
        triangle(cx + direction * r * 0.5, direction)
        bar_x = cx + direction * r * 0.6
        pygame.draw.rect(
            surface,
            ink,
            pygame.Rect(round(bar_x - (0 if direction > 0 else 2)), round(cy - r), 2, round(2 * r)),
        )
