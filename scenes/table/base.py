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

Who sees what (``audience``): an open table (no person to hide from: a demo, an open replay)
shows every card; one person sees their own view all the time; several people see the *public*
table — only cards everyone may know — except while one of them takes a private turn behind the
curtain.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, ClassVar

import pygame

from game.core.actions import Action
from game.core.match import Match, Seat
from game.core.views import View
from game.core.windows import Window
from scenes import theme
from scenes.scene import Scene
from scenes.table.curtain import Curtain
from scenes.table.faces import FaceCache, FaceRenderer
from scenes.table.hud import MessageLine, seat_label
from scenes.table.layout import Spot, TableLayout
from scenes.table.presenter import Presenter
from scenes.table.reflex import (
    DEFAULT_REFLEX_KEYS,
    Press,
    RaceBoard,
    ReflexInput,
    draw_banner,
    draw_window_bar,
    key_label,
)
from scenes.table.sprites import SpriteLayer
from scenes.table.zones import ZoneName, Zones, ZoneSpec, parse_zone

if TYPE_CHECKING:
    from scenes.app import App

ZoneCards = Mapping[str, list[str | None]]
CAPTION_MS = 2200.0


class TableScene(Scene):
    name = "table"
    # --- what a game's table declares ---------------------------------------------------------
    ZONES: ClassVar[tuple[ZoneSpec, ...]] = ()
    # Window kinds answered on the open table with reflex keys (never behind the curtain).
    REFLEX_WINDOWS: ClassVar[frozenset[str]] = frozenset()

    def __init__(
        self,
        app: App,
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
        self.auto_continue = not self.humans if auto_continue is None else auto_continue
        self.faces = FaceCache(self.face_renderer())
        self.layer = SpriteLayer(self.faces)
        self.presenter = Presenter(self.layer, self.zones, self.spot_for, self.scale_for)
        self.presenter.sound = app.sound.play
        self.layout = TableLayout(app.size, match.state.players, self.bottom)
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
        self.blocked = False  # a summary or the like waits for the player
        self.left = False
        self.replaying = False  # drawn by the replay viewer: no live buttons
        match.listeners.append(self._on_change)
        self.register_handlers()
        self.relayout()
        self.snap_to_view()

    # --- for game tables ----------------------------------------------------------------------
    def face_renderer(self) -> FaceRenderer:
        raise NotImplementedError

    def zone_cards(self, view: View) -> ZoneCards:
        """Where every card ``view`` shows lies: zone name → its cards in order (None for a card
        the view counts but may not know). The kit builds the table from it and checks privacy
        against it; the view is the truth, the names are only addresses."""
        raise NotImplementedError

    def register_handlers(self) -> None:
        """``self.presenter.on(EventType, handler)`` for the game's own events."""

    def after_snap(self, view: View) -> None:
        """The table was rebuilt from ``view``: set the HUD's state from it."""

    def place_zone(self, zone: str, index: int, count: int) -> Spot:
        """Where a card of a zone whose spec has no ``place`` rests (grids, boards)."""
        raise NotImplementedError(f"{type(self).__name__} must place zone {zone!r}")

    def refresh_interaction(self) -> None:
        """The table is settled: set up what the acting person may do (or the waiting prompt)."""

    def interaction_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        return False

    def on_reflex(self, press: Press, window: Window) -> None:
        """A seat pressed its reflex key (or clicked its own cards) while ``window`` is open to
        it: make the claim (``self.claim``) or open the choice that follows it."""

    def is_claim(self, action: Action) -> bool:
        """Does ``action`` answer a reflex window (the race board ranks them)?"""
        return False

    def window_caption(self, window: Window) -> str:
        """What an open window is for, in a few words ("match a 7", "Canceled?")."""
        return window.subject or window.kind.title()

    def seat_chips(self, seat: int) -> list[str]:
        """Small badges on a seat's plate ("dealer", "skipped", "5 cards")."""
        return []

    def plate_spot(self, seat: int) -> tuple[tuple[float, float], str]:
        """Where a seat's plate goes and how it is anchored (default: the seat ring's)."""
        return self.layout.label(seat)

    def caption_spot(self, seat: int) -> tuple[float, float]:
        """Where a seat's caption goes (default: beside its card in the middle, clear of it —
        outwards for a seat at the side, to the left for one at the top or bottom, so "Nimal
        takes the trick" never covers a card or the message line)."""
        spot = self.layout.near_centre(seat)
        cx, cy = self.layout.centre
        dx, dy = spot.x - cx, spot.y - cy
        s = self.layout.scale
        card_w, card_h = self.layout.card_size
        text = self.captions.get(seat, ("", 0.0))[0]
        half = theme.text(text, round(24 * s), theme.GOLD, True).get_width() / 2 + 16 * s
        if abs(dx) > abs(dy):
            return spot.x + math.copysign(card_w * 0.5 + half + 8 * s, dx), spot.y
        return spot.x - card_w * 0.5 - half - 8 * s, spot.y + math.copysign(card_h * 0.25, dy)

    def shows_level(self, seat: int) -> bool:
        """Does the seat's plate show its bot level (a table's automatic seats may not)?"""
        return True

    def current_turn(self) -> int | None:
        """Whose turn the plates light up (default: the single seat to act)."""
        to_act = self.match.state.to_act()
        return next(iter(to_act)) if len(to_act) == 1 else None

    def draw_hud(self, surface: pygame.Surface) -> None:
        """Scores and prompts around the cards (plates and windows are the kit's)."""

    def draw_under_cards(self, surface: pygame.Surface) -> None:
        """Marks on the felt below the cards (drop targets while dragging)."""

    def tick(self, dt_ms: int) -> None:
        """Per-frame timers of the table (summaries counting down)."""

    def settle_now(self) -> None:
        """Skip whatever waits for the player (a summary): replays jump between steps."""
        self.blocked = False

    @classmethod
    def results_lines(cls, match: Match) -> list[str]:
        """A few lines for the results screen under the scores ("12 hands played")."""
        return []

    def controls(self) -> list[tuple[str, str, Callable[[], object]]]:
        """Extra controls as (label, intent, action): buttons on the live table and keys in
        replays ("Last trick", "last_trick", ...)."""
        return []

    # --- what a table adds to the seats screen and the pause menu -----------------------------
    # Options the seats screen leaves out of its rules list: the table asks them per seat
    # (``seat_items``), like OMG's deck per seat.
    SEAT_OPTIONS: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def seat_items(
        cls, app: App, options: dict[str, object], seat: int, players: int
    ) -> list[object]:
        """Extra ``ui`` items at the end of seat ``seat``'s row on the seats screen; they change
        ``options`` in place (a deck picker)."""
        return []

    @classmethod
    def setup_items(
        cls, app: App, options: dict[str, object], refresh: Callable[[], None]
    ) -> list[object]:
        """Extra ``ui`` items under the seats on the seats screen (a deck builder button);
        ``refresh`` rebuilds the seats screen (new choices after the builder saved a deck)."""
        return []

    def pause_items(self) -> list[tuple[str, Callable[[], object], str]]:
        """Extra pause-menu buttons as (label, action, help): a game's Forfeit."""
        return []

    # --- seats and who sees the screen --------------------------------------------------------
    def _find_watchers(self) -> None:
        self.humans = [s for s, info in enumerate(self.match.seats) if not info.is_bot]
        if self.forced_watchers is not None:
            self.watchers = self.forced_watchers
        elif self.humans:
            self.watchers = tuple(self.humans)
        elif self.watchers:
            pass  # the last person handed their seat to a bot: keep their eyes
        else:
            self.watchers = ()
        if len(self.watchers) == 1:
            self.private = self.watchers[0]
        elif self.private not in self.watchers:
            self.private = None
        if self.private is not None:
            self.bottom = self.private
        elif self.watchers and self.bottom not in self.watchers:
            self.bottom = self.watchers[0]

    @property
    def audience(self) -> frozenset[int] | None:
        """Who is looking at the screen now (None: nobody to hide anything from)."""
        if self.open_cards or not self.watchers:
            return None
        if self.private is not None:
            return frozenset({self.private})
        return frozenset(self.watchers)

    @property
    def viewer(self) -> int | None:
        """The seat whose events the presenter animates (None: the all-open stream)."""
        if self.open_cards or not self.watchers:
            return None
        return self.private if self.private is not None else self.bottom

    @property
    def bottom_seat(self) -> int:
        return self.bottom

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def says(self, seat: int, verb: str, plain: str | None = None) -> str:
        """ "Nimal plays" but "You play": the seat's name with the verb agreeing."""
        name = self.seat_name(seat)
        if name.lower() == "you":
            return f"{name} {plain or verb.removesuffix('s')}"
        return f"{name} {verb}"

    def ready_key(self) -> str:
        return str(self.app.settings.bindings.get("ready", "space"))

    def possessive(self, seat: int) -> str:
        """ "Nimal's" but "your" (for a seat named You)."""
        name = self.seat_name(seat)
        return "your" if name.lower() == "you" else f"{name}'s"

    def show_private(self, seat: int | None) -> None:
        """Turn the table to ``seat`` and show its private view (None: the public table)."""
        self.private = seat
        if seat is not None:
            self.bottom = seat
            self.match.subscribe(seat)
            self.match.drain(seat)  # the new view already contains all of it
        self.relayout()
        self.snap_to_view()

    def set_viewer(self, seat: int | None) -> None:
        """Watch through ``seat``'s eyes (None: all cards open), as replays do."""
        self.open_cards = seat is None
        self.forced_watchers = () if seat is None else (seat,)
        self._find_watchers()
        for viewer in {self.viewer}:
            self.match.subscribe(viewer)
            self.match.drain(viewer)
        self.relayout()
        self.snap_to_view()

    def change_seat(self, seat: int, info: Seat) -> None:
        """Hand a seat to a bot or take it back, mid-match; the table goes on from the view."""
        self.match.set_seat(seat, info)
        self._find_watchers()
        self._bind_reflexes()
        self.curtain.lift()
        self.relayout()
        self.snap_to_view()

    def _bind_reflexes(self) -> None:
        settings = self.app.settings
        keys = list(getattr(settings, "reflex_keys", DEFAULT_REFLEX_KEYS))
        self.reflex.bind(keys, getattr(self.app, "gamepad_seats", {}), self.humans)
        for seat in set(self.humans) | {self.viewer}:
            self.match.subscribe(seat)

    def private_requests(self) -> list[int]:
        """People who want the screen to themselves although no move waits for them (a look at
        cards just shown to them): the curtain drops for them first. The table holds itself
        (``blocked``) while such a person looks, and drops the request when they are done."""
        return []

    def needs_private(self, seat: int) -> bool:
        """Must ``seat`` see its hidden cards to act now? Not to answer a reflex window."""
        return not any(
            window.kind in self.REFLEX_WINDOWS and seat in window.eligible
            for window in self.open_windows(seat)
        )

    def open_windows(self, seat: int | None = None) -> list[Window]:
        view = self.match.view(self.bottom if seat is None else seat)
        now = self.match.now_ms
        return [w for w in view.windows if w.is_open_at(now)]

    # --- zones --------------------------------------------------------------------------------
    def spot_for(self, zone: str, index: int, count: int) -> Spot:
        spec = self.zones.spec(zone)
        if spec.place is None:
            return self.place_zone(zone, index, count)
        name = parse_zone(zone)
        slots = self.slot_count(name) if spec.kind == "slots" else 1
        return self.layout.zone_spot(spec, name, index, count, slots)

    def scale_for(self, zone: str) -> float:
        return self.layout.zone_scale(self.zones.spec(zone), self.zones.owner(zone))

    def slot_count(self, name: ZoneName) -> int:
        """How many slots a row has now (default: one past the highest slot holding a card)."""
        prefix = f"{name.family}:{name.seat}:"
        used = [
            parse_zone(zone).slot or 0
            for zone, sprites in self.presenter.zones.items()
            if zone.startswith(prefix) and sprites
        ]
        return max(used, default=-1) + 1

    def relayout(self) -> None:
        self.layout = TableLayout(self.app.size, self.match.state.players, self.bottom)
        self.layer.card_size = self.layout.card_size

    def snap_to_view(self) -> None:
        """Rebuild every sprite from the viewer's view, without animation. Each card records
        which seats may know it, read off every seat's view."""
        presenter = self.presenter
        presenter.clear()
        view = self.match.view(self.viewer)
        seats = range(self.match.state.players)
        by_seat = {seat: self.zone_cards(self.match.view(seat)) for seat in seats}
        for zone, cards in self.zone_cards(view).items():
            for index, card in enumerate(cards):
                known: frozenset[int] | None = None
                if card is not None:
                    known = frozenset(
                        s for s in seats if by_seat[s].get(zone, [])[index : index + 1] == [card]
                    )
                    if len(known) == self.match.state.players:
                        known = None
                presenter.new_sprite(card, Spot(0, 0), zone, known)
        self.after_snap(view)  # first: where zones lie may depend on it (the dealer's pack)
        presenter.settle_all()
        self.prewarm()

    def prewarm(self) -> None:
        """Draw the faces and backs this layout shows now, not in the middle of an animation."""
        for sprite in self.layer.sprites:
            size = (
                max(4, round(self.layout.card_size[0] * sprite.scale)),
                max(4, round(self.layout.card_size[1] * sprite.scale)),
            )
            self.faces.get(sprite.card if sprite.flip >= 0.5 else None, size)

    def after(self, delay_ms: float, action: Callable[[], object]) -> None:
        """Run ``action`` after ``delay_ms`` of animation time (a timer: never lost to a resize)."""
        self.presenter.after(delay_ms, action)

    def caption(self, seat: int, text: str, ms: float = CAPTION_MS) -> None:
        """A short word beside a seat ("cuts", "Canceled!")."""
        self.captions[seat] = (text, ms)

    # --- acting -------------------------------------------------------------------------------
    def submit(self, action: Action) -> bool:
        """A person's action: refused with the reason where they look, or sent to the match."""
        refusal = self.match.state.check(action)
        if refusal is not None:
            self.refuse(refusal.message)
            return False
        self.match.submit(action)
        self.pull_events()
        return True

    def refuse(self, reason: str) -> None:
        text = reason[:1].upper() + reason[1:]
        self.message.warn(text if text.endswith((".", "!", "?")) else text + ".")
        self.app.sound.play("refuse")

    def claim(self, action: Action, press: Press, window: Window) -> bool:
        """Submit a reflex claim; a refused one still counts in the race ("too slow")."""
        if self.match.state.check(action) is not None:
            self.race.record(window, press.seat, press.at_ms)
            if self.race.late(press.seat):
                self.caption(press.seat, "too slow")
            return False
        return self.submit(action)

    # --- scene life ---------------------------------------------------------------------------
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

    def needs_frame(self) -> bool:
        """Something moves or counts down: draw this frame (otherwise the app may idle)."""
        return (
            self.presenter.busy
            or bool(self.captions)
            or self.message.warning_ms > 0
            or self.race.race is not None
            or bool(self.open_windows())
            or not self.match.held
            and self.match.next_due_ms() is not None
        )

    def handle(self, event: pygame.event.Event) -> bool:
        intent = self.app.intent(event)
        if intent == "back":
            self.app.open_pause(self)
            return True
        reflex = self.reflex.seat_of(event)
        # A table without reflex windows leaves those keys to its own controls (no "too early").
        if reflex is not None and self.REFLEX_WINDOWS and not self.curtain.active:
            self._reflex_press(reflex[0], reflex[1], None)
            return True
        if self.curtain.active:
            ready = intent in ("ready", "play") or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            )
            if ready:
                self.show_private(self.curtain.lift())
            return ready
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._row_press(event):
            return True
        return self.interaction_handle(event, intent)

    def _row_press(self, event: pygame.event.Event) -> bool:
        """A click on your own cards while a reflex window is open to you is your claim."""
        sprite = self.layer.hit(event.pos)
        owner = self.zones.owner(sprite.zone) if sprite is not None else None
        if owner is None or owner not in self.humans or not self._reflex_window(owner):
            return False
        self._reflex_press(owner, "mouse", event.pos)
        return True

    def _reflex_window(self, seat: int) -> Window | None:
        return next(
            (
                w
                for w in self.open_windows(seat)
                if w.kind in self.REFLEX_WINDOWS and seat in w.eligible
            ),
            None,
        )

    def _reflex_press(self, seat: int, source: str, pos: tuple[int, int] | None) -> None:
        window = self._reflex_window(seat)
        was_locked = self.reflex.is_locked(seat)
        press = self.reflex.press(seat, source, self.match.now_ms, window is not None, pos)
        if press is None or window is None:
            if not was_locked:
                self.caption(seat, "too early", 900)
            return
        self.on_reflex(press, window)

    def _on_change(self, match: Match) -> None:
        """An action landed: hold the clock at once, so a quick bot cannot act again before
        everyone has seen this (the presenter releases it when the animation is done)."""
        if not self._holding:
            self._holding = True
            match.hold()

    # --- the frame ----------------------------------------------------------------------------
    def pull_events(self) -> None:
        for seat in set(self.humans) | set(self.watchers):
            if seat != self.viewer:
                self.match.subscribe(seat)
                self.match.drain(seat)  # another person's events: shown when they take over
        self.match.subscribe(self.viewer)
        self.presenter.push(self.match.drain(self.viewer))

    def _watch_log(self) -> None:
        """Claims that reached the match (people's and bots') go on the race board."""
        windows = [w for w in self.open_windows() if w.kind in self.REFLEX_WINDOWS]
        if windows:
            self._last_window = windows[0]
        for at_ms, action in self.match.log[self._log_seen :]:
            if self.is_claim(action) and self._last_window is not None:
                self.race.record(self._last_window, action.seat, at_ms)
        self._log_seen = len(self.match.log)

    def update(self, dt_ms: int) -> None:
        self.presenter.time_scale = self.app.settings.animation_scale
        self.match.pace_ms = self.app.settings.pace_ms
        self.reflex.update(dt_ms)
        self.race.update(dt_ms)
        self._tick_captions(dt_ms)
        self.pull_events()
        self.presenter.update(dt_ms)
        self.message.update(dt_ms)
        self.tick(dt_ms)
        if not self.presenter.busy and not self.blocked:
            self._hand_over()  # before the clock runs: nobody acts on a screen not yet theirs
        want_hold = self.presenter.busy or self.curtain.active or self.blocked
        if want_hold != self._holding:
            self._holding = want_hold
            self.match.hold() if want_hold else self.match.release()
        self.match.update(dt_ms)
        self._watch_log()
        self.pull_events()
        self._show_store_problems()
        if self.presenter.busy or self.blocked:
            return
        if self.finished():
            self.show_results()
            return
        self._hand_over()
        if not self.curtain.active:
            self.refresh_interaction()

    def _show_store_problems(self) -> None:
        take = getattr(self.app.store, "take_problems", None)
        if take is not None:
            for problem in take():
                self.message.warn(problem, 6000)

    def _hand_over(self) -> None:
        """Several people at one screen: the public table, or one person's private turn."""
        if len(self.watchers) < 2 or self.open_cards or self.curtain.active:
            return
        to_act = self.match.state.to_act()
        actors = [s for s in self.private_requests() if s in self.watchers]
        actors += [s for s in self.watchers if s in to_act and self.needs_private(s)]
        if self.private is not None and self.private in actors:
            return
        if self.private is not None:
            self.private = None  # privacy first: the last person's cards go face down now
        if actors:
            self.curtain.show(actors[0], self.seat_name(actors[0]))
            self.message.prompt = self.curtain.message(self.ready_key())

    def _tick_captions(self, dt_ms: float) -> None:
        for seat, (text, left) in list(self.captions.items()):
            if left - dt_ms <= 0:
                del self.captions[seat]
            else:
                self.captions[seat] = (text, left - dt_ms)

    def finished(self) -> bool:
        """True when the match is over and everything about it has been shown."""
        return self.match.is_over() and not self.presenter.busy and not self.blocked

    def show_results(self) -> None:
        if self.on_finished is not None:
            self.on_finished(self.match)
        else:
            self.app.show_results(self.match)

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.felt(surface.get_size()), (0, 0))
        self.draw_under_cards(surface)
        self.layer.draw(surface, self.audience)
        self.draw_plates(surface)
        self.draw_message(surface)  # under the HUD: a panel opened over it hides it whole
        self.draw_hud(surface)
        self.draw_windows(surface)
        if self.curtain.active:
            self.curtain.shade(surface)
            self.layer.draw_public(surface)  # only private cards hide behind the curtain
            self.curtain.note(surface, self.ready_key())

    def draw_plates(self, surface: pygame.Surface) -> None:
        """Each seat's plate: name, bot level, whose turn; captions beside it."""
        turn = None if self.match.is_over() else self.current_turn()
        s = self.layout.scale
        for seat, info in enumerate(self.match.seats):
            level = [info.level] if info.is_bot and self.shows_level(seat) else []
            chips = level + self.seat_chips(seat)
            pos, anchor = self.plate_spot(seat)
            seat_label(surface, pos, anchor, info.name, chips, seat == turn, s)
            caption = self.captions.get(seat)
            if caption:
                draw_banner(surface, self.caption_spot(seat), s * 0.8, caption[0])

    def draw_windows(self, surface: pygame.Surface) -> None:
        """The countdown bar of every open window, and who won the last race."""
        s = self.layout.scale
        top = 10 * s
        for window in self.open_windows():
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
        self.message.draw(surface, self.message_pos(), self.layout.scale)

    def waiting_prompt(self) -> str:
        """ "Saman is thinking…" while a bot is to act; nothing stale once nobody is."""
        to_act = self.match.state.to_act()
        bots = [s for s in sorted(to_act) if self.match.seats[s].is_bot]
        if len(bots) == 1 and len(to_act) == 1:
            return self.says(bots[0], "is thinking…", "are thinking…")
        return ""
