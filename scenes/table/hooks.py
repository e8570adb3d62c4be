"""What a game's table declares and may override: the kit's hooks, with their defaults.

``TableScene`` (``scenes/table/base.py``) is built in layers, each a class over the one below:
these hooks, who sees the table (``seeing.py``), input and acting (``routing.py``), drawing
(``drawing.py``), and the scene's life and frame (``base.py``). A game's table subclasses
``TableScene`` and overrides what it needs from here.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, ClassVar, Protocol

import pygame

from game.core.actions import Action
from game.core.events import GameOver
from game.core.game import State
from game.core.match import Match
from game.core.views import View
from game.core.windows import Window
from scenes import theme, ui
from scenes.scene import Scene
from scenes.table.curtain import Curtain
from scenes.table.drag import DragController
from scenes.table.faces import FaceCache, FaceRenderer
from scenes.table.hud import MessageLine
from scenes.table.layout import PlateSpots, Spot, TableLayout
from scenes.table.presenter import Presenter
from scenes.table.reflex import Press, RaceBoard, ReflexInput
from scenes.table.sprites import CardSprite, SpriteLayer
from scenes.table.summary import Summary, SummaryPage
from scenes.table.zones import ZoneName, Zones, ZoneSpec

if TYPE_CHECKING:
    from scenes.scene import AppPort

ZoneCards = Mapping[str, list[str | None]]


class TablePort(Protocol):
    """The kit's table as a game's helper modules (its HUD, its person inputs) read it: each
    helper declares a Protocol of this and the few names of its own table it reads, and the
    table satisfies it, so no helper imports the table's class (tests/test_import_circles.py)."""

    app: AppPort
    match: Match
    layout: TableLayout
    layer: SpriteLayer
    presenter: Presenter
    humans: list[int]
    private: int | None

    def seat_name(self, seat: int) -> str: ...


class TableHooks(Scene):
    # The table's state, set up by ``TableScene.__init__`` (declared here for every layer).
    match: Match
    zones: Zones
    open_cards: bool
    _window_pictures: dict[tuple[str, int], int]  # window -> the first picture that showed it
    on_finished: Callable[[Match], None] | None
    forced_watchers: tuple[int, ...] | None
    humans: list[int]
    watchers: tuple[int, ...]
    private: int | None  # whose private view the screen shows
    bottom: int
    _auto_continue_asked: bool | None  # the caller's choice (a demo, a replay); None: seating
    faces: FaceCache
    layer: SpriteLayer
    presenter: Presenter
    layout: TableLayout
    curtain: Curtain
    message: MessageLine
    reflex: ReflexInput
    race: RaceBoard
    captions: dict[int, tuple[str, float]]  # seat -> (text, ms left)
    blocked: bool  # a summary or the like waits for the player
    left: bool
    replaying: bool  # drawn by the replay viewer: no live buttons
    _holding: bool
    _end_drawn: bool
    _drawn_for: tuple[frozenset[int] | None, int] | None  # (audience, bottom) of the last frame
    _paused: bool
    _log_seen: int
    _last_window: Window | None
    _views: dict[tuple[int | None, float, int, int], View]  # this frame's views (view_of)
    _plates: PlateSpots  # made when first asked for
    _plates_key: tuple[object, ...]  # what they were placed for
    _plate_rects_now: dict[int, pygame.Rect] | None  # this frame's, while the plates are drawn
    # The table's drag-and-drop and clicks on cards, if it has one: set it in ``__init__``
    # (``held_cards`` reads the card it holds).
    drag: DragController | None = None
    # The table's controls panel (its help key) is open: the kit's ``panel_input`` closes it.
    show_help: bool = False
    # The round summary on screen, if any (``open_summary``; the table's ``summary_page`` fills
    # it), and the match's end once it has been shown (``show_game_over``).
    summary: Summary
    game_over: GameOver | None

    @property
    def auto_continue(self) -> bool:
        """Go on between hands without a press: as the caller asked, or else while no person
        sits at the table now (it follows seats handed to bots, or taken back, mid-match)."""
        if self._auto_continue_asked is not None:
            return self._auto_continue_asked
        return not self.humans

    # --- what a game's table declares ---------------------------------------------------------
    ZONES: ClassVar[tuple[ZoneSpec, ...]] = ()
    # Window kinds answered on the open table with reflex keys (never behind the curtain).
    REFLEX_WINDOWS: ClassVar[frozenset[str]] = frozenset()

    # --- for game tables ----------------------------------------------------------------------
    def face_renderer(self) -> FaceRenderer:
        """What draws the game's card faces (and backs): the kit caches what it draws."""
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
        """An input event the kit did not take (``intent``: its bound meaning, if any): the
        table's own controls. True: dealt with."""
        return False

    def on_reflex(self, press: Press, window: Window) -> None:
        """A seat pressed its reflex key (or clicked its own cards) while ``window`` is open to
        it: make the claim (``self.claim``) or open the choice that follows it."""

    def is_claim(self, action: Action) -> bool:
        """Does ``action`` answer a reflex window (the race board ranks them)?"""
        return False

    @classmethod
    def window_openers(cls, state: State) -> list[Action]:
        """Moves of the seat to act in ``state`` that open one of ``REFLEX_WINDOWS``, widest
        first. The table conformance tests play one when the bots would not open the window
        they need (FOMO's bots never name two other players); default: none."""
        return []

    def window_caption(self, window: Window) -> str:
        """What an open window is for, in a few words ("match a 7", "Canceled?")."""
        return window.subject or window.kind.title()

    def seat_chips(self, seat: int) -> list[str]:
        """Small badges on a seat's plate ("dealer", "skipped", "5 cards")."""
        return []

    def plate_spot(self, seat: int) -> tuple[tuple[float, float], str]:
        """Where a seat's plate goes and how it is anchored (default: beside the seat's cards,
        clear of every card on the table and of the other plates: ``PlateSpots``)."""
        return self.plate_rects()[seat].topleft, "topleft"

    def plate_chips(self, seat: int) -> list[str]:
        """What a seat's plate shows after the name: its bot level, then the table's chips."""
        info = self.match.seats[seat]
        # A lesson's scripted bots have no level worth showing (game/core/lesson.py).
        level = info.is_bot and info.level != "lesson" and self.shows_level(seat)
        return ([info.level] if level else []) + self.seat_chips(seat)

    def plate_rects(self) -> dict[int, pygame.Rect]:
        """Every seat's plate (``seeing.py`` places them around the cards)."""
        raise NotImplementedError

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

    def coach_avoids(self) -> list[pygame.Rect]:
        """Where the table's own panels lie now (a choice bar, a summary): a lesson's coach
        (scenes/table/coach.py) keeps its panel clear of them, as of cards and plates."""
        return []

    def move_shown(self, kit: bool) -> bool:
        """Is what the last move did on the table now? ``kit``: the kit's answer (no card
        moving, nothing queued or a pause being looked at). A lesson's note on the move waits
        for it. A table that scripts one move as several pauses (Om Nom Nom's boards), or
        holds the rest of a move behind a summary, refines it."""
        return kit

    def help_lines(self) -> list[str]:
        """The table's controls, one line each with the keys as the player has bound them: the
        kit draws them in its controls panel (``scenes/table/hud.draw_controls``, the same for
        every table) over the HUD while ``help_open()``. A table never draws its own."""
        return []

    def help_open(self) -> bool:
        """Is the controls panel open? (``show_help``; a table that keeps it elsewhere says.)"""
        return self.show_help

    def draw_under_cards(self, surface: pygame.Surface) -> None:
        """Marks on the felt below the cards (drop targets while dragging)."""

    def draw_resting_hud(self, surface: pygame.Surface) -> None:
        """HUD parts that lie on the table among resting cards (counts, badges on stacks, a
        log panel): drawn over the cards at rest, under cards in flight and the seat plates.
        ``surface`` only records ``blit`` calls of cached images (keep them cached: a new
        image each frame repaints its area each frame)."""

    def under_cards_key(self) -> Hashable | None:
        """What ``draw_under_cards`` draws now, as a key: while it stays the same the kit keeps
        the felt, the marks and the cards at rest in one image (``backdrop.py``). None: the
        marks are drawn every frame (and so is every card). A table that draws marks must say
        here what they depend on, or return None."""
        return () if type(self).draw_under_cards is TableHooks.draw_under_cards else None

    def tick(self, dt_ms: int) -> None:
        """Per-frame timers of the table (summaries counting down)."""

    def settle_now(self) -> None:
        """Skip whatever waits for the player (a summary): replays jump between steps."""
        self.close_summary()

    @classmethod
    def results_lines(cls, match: Match) -> list[str]:
        """A few lines for the results screen under the scores ("12 hands played")."""
        return []

    @classmethod
    def result_of(cls, match: Match, team: int) -> tuple[int, str]:
        """A team's tiebreak (ranks it among equal scores: higher is better) and a short detail
        for its row on the results screen ("rounds 12 · 8 · 15")."""
        return 0, ""

    def controls(self) -> list[tuple[str, str, Callable[[], object]]]:
        """Extra controls as (label, intent, action): buttons on the live table and keys in
        replays ("Last trick", "last_trick", ...)."""
        return []

    def summary_open(self) -> bool:
        """Does a round summary wait on screen for Ready, Play or a click (``panel_input``)?
        (The kit's ``summary``, opened with ``open_summary``; a table with a panel of its own
        that waits so says here.)"""
        return self.summary.open

    def close_summary(self) -> None:
        """Close the round summary and go on (``panel_input``, or its countdown at a table that
        goes on by itself); extend it with ``super()`` (a table that held its next events)."""
        self.summary.content = None
        self.blocked = False

    def summary_page(self) -> SummaryPage | None:
        """What the open summary (``self.summary.content``) shows: its title, its body and what
        comes after it. The kit draws the panel around it (``draw_summary_panel``)."""
        return None

    def show_game_over(self, event: GameOver) -> float:
        """The match's end as the table shows it (the kit's handler of ``GameOver``): kept in
        ``game_over``, the prompt cleared, the win sound. Extend it with ``super()``, or
        register a handler of your own."""
        self.game_over = event
        self.message.prompt = ""
        self.presenter.sound("win")
        return 0.0

    # --- kit behaviour a table may override (the kit's layers answer them; call super()) ----
    # Declared here so that a table's override is of a named hook: the bodies below are never
    # reached, the layer named in each docstring answers first.
    def handle(self, event: pygame.event.Event) -> bool:
        """An input event (routing.py: the back key, reflex keys, ``interaction_handle``)."""
        raise NotImplementedError

    def submit(self, action: Action) -> bool:
        """A person's action: refused with the reason, or sent to the match (routing.py). A
        table overrides it to clear its own choices first."""
        raise NotImplementedError

    def refuse(self, reason: str) -> None:
        """Tell the person why their move is refused, where they look (routing.py)."""
        raise NotImplementedError

    def pause(self) -> None:
        """Another scene went on top: the match holds (base.py)."""
        raise NotImplementedError

    def resume(self) -> None:
        """Back on top: reflex keys rebound, the match goes on (base.py)."""
        raise NotImplementedError

    def needs_frame(self) -> bool:
        """Does anything move or count down, so that the app draws this frame (base.py)?"""
        raise NotImplementedError

    def view_of(self, seat: int | None) -> View:
        """``seat``'s view of the match, built once a frame (seeing.py); a table narrows its
        type to its game's view."""
        raise NotImplementedError

    def windows_of(self, seat: int | None = None) -> list[Window]:
        """The windows the match still holds, in ``seat``'s view (seeing.py)."""
        raise NotImplementedError

    def open_windows(self, seat: int | None = None) -> list[Window]:
        """The windows of ``windows_of`` still open now (seeing.py)."""
        raise NotImplementedError

    def needs_private(self, seat: int) -> bool:
        """Must ``seat`` see its hidden cards to act now (the curtain drops for it)? (seeing.py)"""
        raise NotImplementedError

    def possessive(self, seat: int) -> str:
        """ "Nimal's" but "your" (seeing.py)."""
        raise NotImplementedError

    def relayout(self) -> None:
        """The window changed size: place everything anew (seeing.py); a table adds its own
        geometry after ``super().relayout()``."""
        raise NotImplementedError

    def spot_for(self, zone: str, index: int, count: int) -> Spot:
        """Where card ``index`` of ``count`` in ``zone`` rests (seeing.py: the zone's spec, or
        ``place_zone``)."""
        raise NotImplementedError

    def scale_for(self, zone: str) -> float:
        """How large the cards of ``zone`` are drawn, 1 = the layout's card (seeing.py)."""
        raise NotImplementedError

    def slot_count(self, name: ZoneName) -> int:
        """How many slots a row of cards has now (seeing.py)."""
        raise NotImplementedError

    def message_pos(self) -> tuple[float, float]:
        """Where the message line stands (drawing.py: above the bottom seat's cards)."""
        raise NotImplementedError

    def message_room(self) -> float | None:
        """How wide the message line's text may be (None: as wide as it is; drawing.py: clear
        of the seat plates level with it). Extend it with what else the line must not cover,
        through ``message_room_among``."""
        raise NotImplementedError

    def draw_message(self, surface: pygame.Surface) -> None:
        """Draw the message line (drawing.py)."""
        raise NotImplementedError

    def draw_windows(self, surface: pygame.Surface) -> None:
        """Draw the countdown of every open window and who won the last race (drawing.py)."""
        raise NotImplementedError

    # --- what a table adds to the seats screen and the pause menu -----------------------------
    # Options the seats screen leaves out of its rules list: the table asks them per seat
    # (``seat_items``), like OMG's deck per seat.
    SEAT_OPTIONS: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def seat_items(
        cls, app: AppPort, options: dict[str, object], seat: int, players: int
    ) -> list[ui.Item]:
        """Extra ``ui`` items at the end of seat ``seat``'s row on the seats screen; they change
        ``options`` in place (a deck picker)."""
        return []

    @classmethod
    def setup_items(
        cls, app: AppPort, options: dict[str, object], refresh: Callable[[], None]
    ) -> list[ui.Item]:
        """Extra ``ui`` items under the seats on the seats screen (a deck builder button);
        ``refresh`` rebuilds the seats screen (new choices after the builder saved a deck)."""
        return []

    def pause_items(self) -> list[tuple[str, Callable[[], object], str]]:
        """Extra pause-menu buttons as (label, action, help): a game's Forfeit."""
        return []

    def private_requests(self) -> list[int]:
        """People who want the screen to themselves although no move waits for them (a look at
        cards just shown to them): the curtain drops for them first. The table holds itself
        (``blocked``) while such a person looks, and drops the request when they are done."""
        return []

    # --- the screen referee (scenes/table/referee.py) and the synthetic people --------------
    def turned_up(self, zone: str, index: int, view: View) -> bool:
        """Does this card of a zone that keeps faces down (``faces="nobody"``) show its face now,
        by the rules (a final reveal) or by the person's own doing (held up to look)? The
        referee expects a face there exactly when this says so (and the audience may know it)."""
        return False

    def known_faces(self, view: View) -> Counter[str]:
        """The faces ``view`` tells its seat, as many of each as it shows at once (default: the
        cards of ``zone_cards``). A table whose view also tells of cards shown and gone within
        one move (a public reveal the same move cleared away) adds them."""
        cards = self.zone_cards(view)
        return Counter(card for zone in cards.values() for card in zone if card is not None)

    def held_cards(self) -> list[CardSprite]:
        """Cards a person holds off their spot: dragged, or dropped and waiting on their answer
        (OMG's "Displace it?"). The referee does not ask them to lie at rest on their spot."""
        sprite = self.drag.sprite if self.drag is not None else None
        return [sprite] if sprite is not None else []

    def card_marks(self, view: View) -> dict[str, frozenset[str]]:
        """Per-card state the view gives, by zone ("rested", a count, a badge), as the referee
        must find it drawn: derived from ``view`` alone, never from the history of events."""
        return {}

    def drawn_marks(self) -> dict[str, frozenset[str]]:
        """The per-card marks the table draws now, by zone (what ``card_marks`` is checked
        against)."""
        return {}

    def person_inputs(self, action: Action, rng: random.Random) -> list[pygame.event.Event]:
        """The mouse and key events a person at the screen would make to play ``action`` now
        (a drag, a click or the keys, chosen with ``rng``), for the synthetic people that play
        through the real App in tests; [] where the table offers no way to reach it now."""
        return []

    def panels_asking(self) -> list[tuple[int, tuple[type, ...]]]:
        """Every action panel or choice bar on screen now, as (the seat it asks, the kinds of
        action it offers): the referee checks that the match still asks that seat for one."""
        return []
