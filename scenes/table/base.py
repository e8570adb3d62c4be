"""What every game's table scene shares: driving the match, the presenter, the viewer and the
curtain, pause, and the hand-over to the results.

Frame order: drain the viewer's events into the presenter, animate, hold the match clock while
anything must still be seen, then let the match run (bots, deadlines). A subclass supplies the
game's zones, event handlers, interaction and HUD.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.core.match import Match
from scenes import theme
from scenes.scene import Scene
from scenes.table.curtain import Curtain, next_private_viewer
from scenes.table.faces import FaceCache, FaceRenderer
from scenes.table.hud import MessageLine
from scenes.table.layout import Spot, TableLayout
from scenes.table.presenter import Presenter
from scenes.table.sprites import SpriteLayer
from scenes.table.tween import Tween

if TYPE_CHECKING:
    from scenes.app import App


class TableScene(Scene):
    name = "table"

    def __init__(
        self, app: App, match: Match, open_cards: bool = False, auto_continue: bool | None = None
    ) -> None:
        super().__init__(app)
        self.match = match
        self.humans = [seat for seat, info in enumerate(match.seats) if not info.is_bot]
        # With nobody to hide from (a demo), or when asked, the table shows every card.
        self.viewer: int | None = None if open_cards or not self.humans else self.humans[0]
        self.auto_continue = not self.humans if auto_continue is None else auto_continue
        for seat in set(self.humans) | {self.viewer}:
            match.subscribe(seat)
        self.faces = FaceCache(self.face_renderer())
        self.layer = SpriteLayer(self.faces)
        self.presenter = Presenter(self.layer, self.spot_for, self.scale_for, self.face_up_in)
        self.presenter.sound = app.sound.play
        self.layout = TableLayout(app.size, match.state.players, self.bottom_seat)
        self.relayout()
        self.curtain = Curtain()
        self.message = MessageLine()
        self._holding = False
        self._paused = False
        self.blocked = False  # a summary or the like waits for the player
        self.left = False
        match.listeners.append(self._on_change)
        self.register_handlers()
        self.snap_to_view()

    # --- for subclasses -----------------------------------------------------------------------
    def face_renderer(self) -> FaceRenderer:
        raise NotImplementedError

    def register_handlers(self) -> None:
        raise NotImplementedError

    def snap_to_view(self) -> None:
        """Rebuild every sprite from the viewer's view, without animation."""
        raise NotImplementedError

    def spot_for(self, zone: str, index: int, count: int) -> Spot:
        raise NotImplementedError

    def scale_for(self, zone: str) -> float:
        return 1.0

    def face_up_in(self, zone: str) -> bool:
        return False

    def refresh_interaction(self) -> None:
        """The table is settled: set up what the acting human may do (or the waiting prompt)."""

    def interaction_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        return False

    def draw_hud(self, surface: pygame.Surface) -> None:
        """Scores, names, prompts: everything around the cards."""

    def draw_under_cards(self, surface: pygame.Surface) -> None:
        """Marks on the felt below the cards (drop targets while dragging)."""

    def finished(self) -> bool:
        """True when the match is over and everything about it has been shown."""
        return self.match.is_over() and not self.presenter.busy and not self.blocked

    def show_results(self) -> None:
        raise NotImplementedError

    # --- seats and viewers --------------------------------------------------------------------
    @property
    def bottom_seat(self) -> int:
        return self.viewer if self.viewer is not None else 0

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def set_viewer(self, seat: int | None) -> None:
        """Hand the screen to ``seat``: the table turns so that seat sits at the bottom."""
        self.viewer = seat
        if seat is not None:
            self.match.subscribe(seat)
            self.match.drain(seat)  # the new view already contains all of it
        self.relayout()
        self.snap_to_view()

    def relayout(self) -> None:
        self.layout = TableLayout(self.app.size, self.match.state.players, self.bottom_seat)
        self.layer.card_size = self.layout.card_size

    def after(self, delay_ms: float, action: Any) -> None:
        """Run ``action`` after ``delay_ms`` of animation time (scaled with the animation speed)."""
        self.presenter.tweens.add(
            Tween(self, {}, 0.0, delay_ms=self.presenter.ms(delay_ms), on_start=action)
        )

    # --- scene life ---------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        self.relayout()
        for zone in list(self.presenter.zones):
            self.presenter.settle(zone, 0)
        self.presenter.tweens.finish_all()

    def pause(self) -> None:
        self._paused = True
        self.match.hold()

    def resume(self) -> None:
        if self._paused:
            self._paused = False
            self.match.release()

    def exit(self) -> None:
        if self._on_change in self.match.listeners:
            self.match.listeners.remove(self._on_change)
        self.match.runner.close()

    def leave(self) -> None:
        self.left = True
        if self.app.store is not None:
            self.app.store.abandon()  # left on purpose: no autosave to resume, no statistics
        self.app.to_title()

    def handle(self, event: pygame.event.Event) -> bool:
        intent = self.app.intent(event)
        if intent == "back":
            from scenes.menus import PauseScene

            self.app.push(PauseScene(self.app, self.leave, self.match.game.info.id))
            return True
        if self.curtain.active:
            ready = intent in ("ready", "play") or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            )
            if ready:
                self.set_viewer(self.curtain.lift())
            return ready
        return self.interaction_handle(event, intent)

    def _on_change(self, match: Match) -> None:
        """An action landed: hold the clock at once, so a quick bot cannot act again before
        everyone has seen this (the presenter releases it when the animation is done)."""
        if not self._holding:
            self._holding = True
            match.hold()

    # --- the frame ----------------------------------------------------------------------------
    def pull_events(self) -> None:
        for seat in self.humans:
            if seat != self.viewer:
                self.match.drain(seat)  # another human's events: shown when they take over
        self.presenter.push(self.match.drain(self.viewer))

    def update(self, dt_ms: int) -> None:
        self.presenter.time_scale = self.app.settings.animation_scale
        self.match.pace_ms = self.app.settings.pace_ms
        self.pull_events()
        self.presenter.update(dt_ms)
        self.message.update(dt_ms)
        self.tick(dt_ms)
        want_hold = self.presenter.busy or self.curtain.active or self.blocked
        if want_hold != self._holding:
            self._holding = want_hold
            self.match.hold() if want_hold else self.match.release()
        self.match.update(dt_ms)
        self.pull_events()
        if self.presenter.busy or self.blocked:
            return
        if self.finished():
            self.show_results()
            return
        if not self.curtain.active:
            seat = next_private_viewer(self.humans, self.match.state.to_act(), self.viewer)
            if seat is not None:
                self.curtain.show(seat, self.seat_name(seat))
                self.message.prompt = self.curtain.message()
                return
        self.refresh_interaction()

    def tick(self, dt_ms: int) -> None:
        """Per-frame timers of the subclass (summaries counting down, captions fading)."""

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        self.draw_under_cards(surface)
        private = (
            {zone for zone in self.presenter.zones if zone.startswith("hand:")}
            if self.curtain.active
            else None
        )
        self.layer.draw(surface, hide_faces_in=private)
        self.draw_hud(surface)
        if self.curtain.active:
            self.curtain.draw(surface, self.app.settings.bindings.get("ready", "space"))
