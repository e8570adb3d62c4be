"""The table kit's scene: what every game's table shares, so a game's table is a thin module.

A table declares its zones as data (``ZONES``), says where the cards of a view lie
(``zone_cards``), animates its own events (``register_handlers``) and sets up what the acting
person may do (``refresh_interaction``/``interaction_handle``/``on_reflex``). The kit lays the
zones out on a seat ring, builds and moves sprites, keeps privacy from the views, drops the
curtain for private turns (never for reflex windows), reads every seat's reflex key, shows the
countdown of every open window and the race that decided it, and hands over to the results.

Frame order: drain the viewer's events into the presenter, animate, hold the match clock while
anything must still be seen, let the match run (bots, deadlines), then decide who sees the
screen and what the acting person may do.

The scene is built in layers (``hooks.py`` → ``seeing.py`` → ``routing.py`` → ``drawing.py`` →
here); this module holds its state, its life on the scene stack and the frame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import pygame

from game.core.events import GameOver
from game.core.match import Match
from game.core.windows import Window
from scenes.table.backdrop import Backdrop
from scenes.table.collector import collect_and_freeze
from scenes.table.curtain import Curtain
from scenes.table.drawing import TableDrawing
from scenes.table.faces import FaceCache
from scenes.table.hints import Hints
from scenes.table.hooks import ZoneCards
from scenes.table.hud import MessageLine
from scenes.table.layout import TableLayout
from scenes.table.presenter import Presenter
from scenes.table.reflex import RaceBoard, ReflexInput
from scenes.table.seeing import CAPTION_MS
from scenes.table.sprites import SpriteLayer
from scenes.table.summary import Summary
from scenes.table.zones import Zones

if TYPE_CHECKING:
    from scenes.scene import AppPort

__all__ = ["CAPTION_MS", "TableScene", "ZoneCards"]


class TableScene(TableDrawing):
    name = "table"

    def __init__(
        self,
        app: AppPort,
        match: Match,
        open_cards: bool = False,
        auto_continue: bool | None = None,
        watchers: Iterable[int] | None = None,
        on_finished: Callable[[Match], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.match = match
        self.zones = Zones(self.ZONES)
        self.open_cards = open_cards
        self.on_finished = on_finished  # None: the results screen (a demo starts another match)
        self.forced_watchers = tuple(watchers) if watchers is not None else None
        self.humans: list[int] = []
        self.watchers: tuple[int, ...] = ()
        self.private: int | None = None  # whose private view the screen shows
        self.bottom = 0
        self._find_watchers()
        self._auto_continue_asked = auto_continue
        self.faces = FaceCache(self.face_renderer())
        self.layer = SpriteLayer(self.faces)
        self.backdrop = Backdrop(lambda surface: self.draw_under_cards(surface))
        self.presenter = Presenter(self.layer, self.zones, self.spot_for, self.scale_for)
        self.presenter.sound = app.sound.play
        self.presenter.open_table = lambda: self.audience is None
        self.layout = TableLayout(
            app.size, match.state.players, self.bottom, match.game.info.clockwise
        )
        self.curtain = Curtain()
        self.message = MessageLine()
        self.reflex = ReflexInput()
        self.race = RaceBoard()
        self.captions: dict[int, tuple[str, float]] = {}  # seat -> (text, ms left)
        self._bind_reflexes()
        self._holding = False
        self._paused = False
        self._log_seen = len(match.log)
        self._last_window: Window | None = None
        self._window_pictures: dict[tuple[str, int], int] = {}  # window -> first picture showing it
        self._views = {}
        self.blocked = False  # a summary or the like waits for the player
        self.summary = Summary()  # a round's summary on screen (open_summary)
        self.game_over: GameOver | None = None  # the match's end, once shown
        self.hints = Hints()  # the hint key and button (issue 30)
        self._end_drawn = False  # the final table drawn at rest (then the results)
        self._drawn_for = (self.audience, self.bottom)  # (a scene pushed is drawn at once)
        self.left = False
        self.replaying = False  # drawn by the replay viewer: no live buttons
        self._freeze_pending = False  # ``enter`` asks for a collection at the first frame
        match.listeners.append(self._on_change)
        self.presenter.on(GameOver, self.show_game_over)  # a table may register its own
        self.register_handlers()
        self.relayout()
        self.snap_to_view()

    # --- scene life ---------------------------------------------------------------------------
    def enter(self) -> None:
        # At the first frame, not here: a demo's next table enters from inside the old one's
        # frame, and the old table frozen in use would keep its images a whole match (issue 32).
        self._freeze_pending = True

    def _freeze_at_start(self) -> None:
        """The match's frames then never pay a full collection of all this."""
        if self._freeze_pending:
            self._freeze_pending = False
            collect_and_freeze()

    def resize(self, size: tuple[int, int]) -> None:
        self.relayout()
        for zone in list(self.presenter.zones):
            self.presenter.settle(zone, 0)
        self.presenter.tweens.finish_all()  # timers go on: a pause after a trick still ends it

    def pause(self) -> None:
        self._paused = True
        self.match.hold()

    def resume(self) -> None:
        self._bind_reflexes()  # Settings may have rebound a seat's key or given it a gamepad
        if self._paused:
            self._paused = False
            self.match.release()

    def exit(self) -> None:
        if self._on_change in self.match.listeners:
            self.match.listeners.remove(self._on_change)
        self.match.runner.close()

    def leave(self, keep: bool = False) -> None:
        """Leave the table; ``keep`` leaves the autosave to be resumed later."""
        self.left = True
        if self.app.store is not None and not keep:
            self.app.store.abandon()  # thrown away on purpose: no autosave, no statistics
        self.app.to_title()

    def _shown_all(self) -> bool:
        """No card is moving, and every event so far has been shown or the last one shown is
        being looked at (its timers run: a trick left in the middle a moment). The match waits
        for the presenter after every move, so what is queued is that one move's."""
        presenter = self.presenter
        kit = not presenter.tweens.busy() and (not presenter.queue or presenter.timers.busy)
        return self.move_shown(kit)

    def coach_paused(self) -> bool:
        """A lesson's note waits for its reader with what it speaks of on the table: the
        table's own pauses wait with it (the trick stays in the middle until Next)."""
        coach = self.coach
        return coach is not None and coach.holds and coach.tutor.wants_next and self._shown_all()

    def needs_frame(self) -> bool:
        """Something moves or counts down: draw this frame (otherwise the app may idle)."""
        if self.coach is not None and self.coach_paused():
            return self.coach.dirty or self.message.warning_ms > 0
        return (
            self.presenter.busy
            or bool(self.captions)
            or self.message.warning_ms > 0
            or self.race.race is not None
            or bool(self.open_windows())
            or self.match.is_over()
            and not self._end_drawn
            or self._drawn_for != (self.audience, self.bottom)  # who looks changed
            or not self.match.held
            and self.match.next_due_ms() is not None
            or self.coach is not None
            and self.coach.dirty
            or self.hints.thinking
        )

    def update(self, dt_ms: int) -> None:
        self._freeze_at_start()
        # Whatever changed the state since the last frame, views start afresh; while the table
        # holds the match clock (an animation plays out) only a person's action can change it,
        # and that forgets them (routing.submit): a long Omen or deal builds its views once.
        if not self.match.held:
            self._views.clear()
        self.presenter.time_scale = self.app.settings.animation_scale
        self.match.pace_ms = self.app.settings.pace_ms
        self.reflex.update(dt_ms, self.app.real_ms())
        self.race.update(dt_ms)
        paused = self.coach_paused()
        if not paused:
            self.tick_captions(dt_ms)
        self.pull_events()
        if not paused:
            self.presenter.update(dt_ms)
        self.message.update(dt_ms)
        self.count_down_summary(dt_ms)
        self.tick(dt_ms)
        if not self.presenter.busy and not self.blocked:
            self._hand_over()  # before the clock runs: nobody acts on a screen not yet theirs
        want_hold = (
            self.presenter.busy
            or self.curtain.active
            or self.blocked
            or (self.coach is not None and self.coach.holds)  # a lesson's step waits
        )
        if want_hold != self._holding:
            self._holding = want_hold
            self.match.hold() if want_hold else self.match.release()
        self.match.update(dt_ms)
        self._watch_log()
        self.pull_events()
        self.release_screen()
        self._show_store_problems()
        self.hints.update(self, dt_ms)
        if self.coach is not None and self._shown_all():
            self.coach.settle()  # the step's note shows once what it speaks of is shown
        if self.presenter.busy or self.blocked:
            return
        if self.finished():
            self.show_results()
            return
        self._hand_over()
        if not self.curtain.active:
            self.refresh_interaction()

    def count_down_summary(self, dt_ms: float) -> None:
        """An open round summary closes by itself after its time at a table that goes on
        without a press (nobody seated, a demo, a replay playing: ReplayScene calls this)."""
        if self.summary.open and self.auto_continue and self.summary.count_down(dt_ms):
            self.close_summary()

    def open_summary(self, content: object, show_ms: float) -> None:
        """Show a round's summary (``content``, drawn by the table's ``summary_page``) and hold
        the table until the player goes on, or for ``show_ms`` at a table that goes on by
        itself."""
        self.summary.show(content, show_ms)
        self.message.prompt = ""
        self.blocked = True

    def _show_store_problems(self) -> None:
        take = getattr(self.app.store, "take_problems", None)
        if take is not None:
            for problem in take():
                self.message.warn(problem, 6000)

    def finished(self) -> bool:
        """True when the match is over and everything about it has been shown, the final table
        drawn at rest once (bots at instant speed make their last move in the frame the last
        animation ends: the end would never be drawn)."""
        return (
            self.match.is_over()
            and not self.presenter.busy
            and not self.blocked
            and self._end_drawn
            and self.coach is None  # a lesson ends on its coach's last note, not the results
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.coach is not None:
            self.coach.draw(self, surface)

    def show_results(self) -> None:
        if self.on_finished is not None:
            self.on_finished(self.match)
        else:
            self.app.show_results(self.match)
