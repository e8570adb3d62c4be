"""Who sees the table and what it shows: the watchers, the audience the sprites are drawn for,
the curtain's hand-over between people, and the sprites built from the viewer's view.

Who sees what (``audience``): an open table (no person to hide from: a demo, an open replay)
shows every card; one person sees their own view all the time; several people see the *public*
table — only cards everyone may know — except while one of them takes a private turn behind the
curtain.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pygame

from game.core.match import Seat
from game.core.narration import Voice
from game.core.views import View
from game.core.windows import Window
from scenes.table.hooks import TableHooks
from scenes.table.hud import plate_size
from scenes.table.layout import PlateSpots, Spot, TableLayout, card_box
from scenes.table.reflex import DEFAULT_REFLEX_KEYS
from scenes.table.zones import ZoneName, parse_zone

V = TypeVar("V", bound=View)

CAPTION_MS = 2200.0


class TableSeeing(TableHooks):
    # Resting spots asked for under this layout: (layout, (zone, index, count, slots) -> spot).
    _spots: tuple[TableLayout, dict[tuple[str, int, int, int], Spot]] | None = None

    def _find_watchers(self) -> None:
        self.humans = [s for s, info in enumerate(self.match.seats) if not info.is_bot]
        if self.forced_watchers is not None:
            self.watchers = self.forced_watchers
        else:  # a person who handed their seat to a bot still looks: keep their eyes
            self.watchers = tuple(sorted({*self.watchers, *self.humans}))
        if len(self.watchers) == 1:
            self.private = self.watchers[0]
        elif self.private not in self._people():
            self.private = None  # their seat went to a bot: the public table until a curtain
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

    @property
    def voice(self) -> Voice:
        """The seats' names with the grammar of game/core/narration.py (one place for it)."""
        return Voice([self.seat_name(seat) for seat in range(len(self.match.seats))])

    def says(self, seat: int, verb: str, plain: str | None = None) -> str:
        """ "Nimal plays" but "You play": the seat's name with the verb agreeing ("evolves to"
        becomes "evolve to", "is" "are"); ``plain`` overrides the second-person form."""
        if plain is not None and self.voice.you(seat):
            return f"{self.seat_name(seat)} {plain}"
        return self.voice.says(seat, verb)

    def ready_key(self) -> str:
        return str(self.app.settings.bindings.get("ready", "space"))

    def possessive(self, seat: int) -> str:
        """ "Nimal's" but "your" (for a seat named You); ``sentence()`` it to open a line."""
        return self.voice.whose(seat)

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
        # The view already holds whatever was still queued to be shown: shown again on top of
        # the rebuilt table, a dealt card was drawn twice (the monkey's seat changes found it).
        self.presenter.queue.clear()
        self.presenter.wait_ms = 0.0
        self.match.subscribe(self.viewer)
        self.match.drain(self.viewer)
        self.snap_to_view()
        self._drawn_for = None  # the table rebuilt for its new people: drawn again at once

    def _bind_reflexes(self) -> None:
        settings = self.app.settings
        keys = list(getattr(settings, "reflex_keys", DEFAULT_REFLEX_KEYS))
        self.reflex.bind(keys, getattr(self.app, "gamepad_seats", {}), self.humans)
        for seat in set(self.humans) | {self.viewer}:
            self.match.subscribe(seat)

    def needs_private(self, seat: int) -> bool:
        """Must ``seat`` see its hidden cards to act now? Not while a reflex window stands: open,
        or closed to new claims while a claim in it is settled (a claimant naming its slot)."""
        return not any(
            window.kind in self.REFLEX_WINDOWS and seat in window.eligible
            for window in self.windows_of(seat)
        )

    def view_of(self, seat: int | None) -> View:
        """``seat``'s view of the match as it stands, built once while nothing changes (a view
        is rebuilt from the whole state, and a frame asks for the same one several times). The
        frame forgets them when it starts and whenever a person acts."""
        match = self.match
        key = (seat, match.now_ms, len(match.log), id(match.state))
        view = self._views.get(key)
        if view is None:
            if len(self._views) > 16:
                self._views.clear()
            view = self._views[key] = match.view(seat)
        return view

    def view_as(self, kind: type[V], seat: int | None) -> V:
        """``view_of(seat)`` as the game's own view type: the one typed accessor every table
        uses (``self.view_as(OmiView, self.viewer)``)."""
        view = self.view_of(seat)
        if not isinstance(view, kind):
            raise TypeError(
                f"{type(self).__name__} expected {kind.__name__}, got {type(view).__name__}"
            )
        return view

    def windows_of(self, seat: int | None = None) -> list[Window]:
        """The windows the match still holds (``seat``'s view; the bottom seat's by default)."""
        return list(self.view_of(self.bottom if seat is None else seat).windows)

    def open_windows(self, seat: int | None = None) -> list[Window]:
        now = self.match.now_ms
        return [w for w in self.windows_of(seat) if w.is_open_at(now)]

    def _hand_over(self) -> None:
        """Several people at one screen: the public table, or one person's private turn."""
        if len(self.watchers) < 2 or self.open_cards or self.curtain.active:
            return
        actors = self._actors()
        if self.private is not None and self.private in actors:
            return
        if self.private is not None or actors:
            self.go_public()  # privacy first: the last person's cards go face down now
        if actors:
            self.curtain.show(actors[0], self.seat_name(actors[0]))
            self.message.prompt = self.curtain.message(self.ready_key())

    def _actors(self) -> list[int]:
        """People at the screen who want it to themselves now: a private look first, then a
        move that needs their hidden cards."""
        to_act = self.match.state.to_act()
        people = self._people()
        actors = [s for s in self.private_requests() if s in people]
        return actors + [s for s in people if s in to_act and self.needs_private(s)]

    def _people(self) -> list[int]:
        """The watchers who play their seats (a seat handed to a bot acts without a curtain;
        watchers a caller forced on the table act as people)."""
        if self.forced_watchers is not None:
            return list(self.watchers)
        return [s for s in self.watchers if s in self.humans]

    def release_screen(self) -> None:
        """Every frame, animations running or not: the moment the person whose screen it is
        stops acting (their move made, their look over, a reflex window open to another person
        here), the public table, so their cards go face down at once (the curtain for the next
        person still waits until everything is shown)."""
        seat = self.private
        if seat is None or len(self.watchers) < 2 or self.open_cards or self.curtain.active:
            return
        if self.window_for_others(seat) or seat not in self._actors():
            self.go_public()

    def window_for_others(self, seat: int, held: bool = False) -> bool:
        """Is a reflex window open to another person at this screen than ``seat`` (``held``:
        or still held, closed to new claims while a claim in it is settled)? While it is, the
        screen is not ``seat``'s alone: the table goes public, and a private look waits."""
        others = set(self.watchers) - {seat}
        windows = self.windows_of(seat) if held else self.open_windows(seat)
        return any(w.kind in self.REFLEX_WINDOWS and w.eligible & others for w in windows)

    def go_public(self) -> None:
        """The public table at once: no person's private view, and no card left lifted or
        framed by their cursor (it would tell the next person which card they chose)."""
        self.private = None
        for sprite in self.layer.sprites:
            sprite.selected, sprite.lift = False, 0.0
        self.message.warning = ""  # a refusal may name a card of the hand just hidden

    def tick_captions(self, dt_ms: float) -> None:
        """A seat's caption (``caption``: "cuts", "Canceled!") goes when its time is up: the
        live table calls this each frame it is not paused, the replay viewer each frame."""
        for seat, (text, left) in list(self.captions.items()):
            if left - dt_ms <= 0:
                del self.captions[seat]
            else:
                self.captions[seat] = (text, left - dt_ms)

    # --- zones --------------------------------------------------------------------------------
    def spot_for(self, zone: str, index: int, count: int) -> Spot:
        spec = self.zones.spec(zone)
        if spec.place is None:
            return self.place_zone(zone, index, count)
        name = parse_zone(zone)
        slots = self.slot_count(name) if spec.kind == "slots" else 1
        # Kept per layout: a card joining a 50-card pile asks for all 50 spots again.
        spots = self._spots
        if spots is None or spots[0] is not self.layout or len(spots[1]) > 4096:
            spots = self._spots = (self.layout, {})
        key = (zone, index, count, slots)
        spot = spots[1].get(key)
        if spot is None:
            spot = spots[1][key] = self.layout.zone_spot(spec, name, index, count, slots)
        return spot

    def scale_for(self, zone: str) -> float:
        return self.layout.zone_scale(self.zones.spec(zone), self.zones.owner(zone))

    def plate_rects(self) -> dict[int, pygame.Rect]:
        """Every seat's plate, placed by the layout around the cards where they rest."""
        now = getattr(self, "_plate_rects_now", None)
        if now is not None:  # asked seat by seat while the plates are drawn: placed once
            return now
        s = self.layout.scale
        sizes = {
            seat: plate_size(info.name, self.plate_chips(seat), s)
            for seat, info in enumerate(self.match.seats)
        }
        buttons = [button.rect for button in getattr(self, "buttons", []) if button.rect.width]
        # Placed again only when something changed; while cards move the plates stay put
        # (placing them is the costliest part of a frame, and a plate chasing a deal is noise).
        same = (self.layout, tuple(sizes.values()), tuple(map(tuple, buttons)))
        old = getattr(self, "_plates_key", None)
        if old is not None and self.presenter.busy and old[:3] == same:
            return self._plates.rects
        key = (
            *same,
            tuple((zone, len(sprites)) for zone, sprites in self.presenter.zones.items()),
        )
        if old == key:
            return self._plates.rects
        self._plates_key = key
        own: dict[int, list[pygame.Rect]] = {}
        cards: list[pygame.Rect] = []
        for zone, sprites in self.presenter.zones.items():
            if not sprites:
                continue
            w, h = self.layout.card_size
            scale = self.scale_for(zone)
            owner = self.zones.owner(zone)
            for index in range(len(sprites)):
                box = card_box(self.spot_for(zone, index, len(sprites)), (w * scale, h * scale))
                cards.append(box)
                if owner is not None:
                    own.setdefault(owner, []).append(box)
        cards += buttons  # the table's own (laid out as its HUD draws: from the second frame)
        if not hasattr(self, "_plates"):
            self._plates = PlateSpots()
        return self._plates.place(self.layout, sizes, own, cards)

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
        self.layout = TableLayout(
            self.app.size, self.match.state.players, self.bottom, self.match.game.info.clockwise
        )
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
                    # Views may list a zone in different orders (a hand: its owner's sorted,
                    # another seat's with the cards it knows first): the n-th copy of a card is
                    # known to the seats whose view of the zone holds n copies of it.
                    rank = cards[:index].count(card)
                    known = frozenset(
                        s for s in seats if by_seat[s].get(zone, []).count(card) > rank
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

    def pull_events(self) -> None:
        for seat in set(self.humans) | set(self.watchers):
            if seat != self.viewer:
                self.match.subscribe(seat)
                self.match.drain(seat)  # another person's events: shown when they take over
        self.match.subscribe(self.viewer)
        self.presenter.push(self.match.drain(self.viewer))
