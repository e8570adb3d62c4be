"""The OMG table: two sides of three lanes facing each other, hands, decks, Life cards, Abysses
and Gem zones; plays, evolutions and attacks by drag, click or keys; the defender's block behind
the curtain when two people share the screen; clashes resolved step by step with a log.

The zones are the rules layer's own: ``hand:S``, ``deck:S``, ``life:S``, ``abyss:S``,
``loc:S:L`` (seat S's stack at location L) and ``defense:S`` (cards discarded for defense).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from game.core.actions import Action
from game.core.match import Match
from game.core.narration import name_seats
from game.core.views import View
from game.omg.state import OmgState
from game.omg.view import OmgView
from scenes.omg.board import BoardLayout
from scenes.omg.draw_play import draw_play, help_lines, play_panels
from scenes.omg.faces import OmgFaces
from scenes.omg.felt import draw_omg_resting_hud, draw_omg_under, omg_under_key
from scenes.omg.forfeit import ForfeitQuestion
from scenes.omg.hud import OmgHud, readable, rested_in
from scenes.omg.inputs import person_inputs
from scenes.omg.overlay import draw_omg_hud
from scenes.omg.picks import OmgPicks
from scenes.omg.play import OmgPlay
from scenes.omg.show import LogTeller, OmgShow
from scenes.table.base import TableScene, ZoneCards
from scenes.table.drag import DragController
from scenes.table.faces import FaceRenderer
from scenes.table.layout import Spot
from scenes.table.reflex import banner_rect
from scenes.table.sprites import CardSprite
from scenes.table.zones import ZoneSpec, parse_zone

if TYPE_CHECKING:
    import pygame

    from scenes import ui
    from scenes.scene import AppPort

RESTED = frozenset({"rested"})


def hand_order(cards: tuple[str, ...], known: tuple[str, ...]) -> list[str]:
    """A hand as every seat lists it: the cards all have seen first (in the order they came),
    then the rest, so a known card lies at the same place in every seat's view."""
    rest = list(cards)
    for card in known:
        rest.remove(card)
    return list(known) + rest


class OmgTable(TableScene):
    """The kit's table with OMG's hooks, which hand the work to its parts: ``show`` (events as
    animations: ``OmgShow``), ``teller`` (the log: ``LogTeller``), ``picker`` (the mode, its
    picks and questions: ``OmgPicks``), ``play`` (mouse and keys: ``OmgPlay``) and ``forfeit``
    (the pause menu's Forfeit and its question: ``ForfeitQuestion``)."""

    name = "table:omg"
    drag: DragController  # the kit's typed drag: ``play``'s
    ZONES = (
        ZoneSpec("hand", "fan", "owner", None, owned=True, z=400),
        ZoneSpec("deck", "pile", "nobody", None, owned=True, scale=0.8, z=50),
        ZoneSpec("life", "cell", "nobody", None, owned=True, scale=0.8, z=60),
        ZoneSpec("abyss", "pile", "everyone", None, owned=True, scale=0.8, z=70),
        ZoneSpec("loc", "cell", "everyone", None, owned=True, z=200),
        ZoneSpec("defense", "cell", "everyone", None, owned=True, scale=0.55, z=650),
    )

    def __init__(self, app: AppPort, match: Match, **kwargs: Any) -> None:
        self.hud = OmgHud()
        self.show = OmgShow(self)
        self.teller = LogTeller(self)
        self.board = BoardLayout(app.size, 0)
        self.forfeit = ForfeitQuestion(self)
        self.picker = OmgPicks(self)
        super().__init__(app, match, **kwargs)
        self.play = OmgPlay(self, self.picker)
        self.drag = self.play.drag

    # --- the seats screen and the pause menu --------------------------------------------------
    SEAT_OPTIONS = frozenset({"decks"})

    @classmethod
    def seat_items(
        cls, app: AppPort, options: dict[str, object], seat: int, players: int
    ) -> list[ui.Item]:
        from scenes.omg.decks import deck_choice

        return [deck_choice(app, options, seat, players)]

    @classmethod
    def setup_items(
        cls, app: AppPort, options: dict[str, object], refresh: Callable[[], None]
    ) -> list[ui.Item]:
        from scenes.omg.decks import builder_button

        return [builder_button(app, refresh)]

    def pause_items(self) -> list[tuple[str, Callable[[], object], str]]:
        """Forfeit, for each person at the table (the other seat wins): ``ForfeitQuestion``."""
        return self.forfeit.pause_items()

    def face_renderer(self) -> FaceRenderer:
        return OmgFaces()

    @property
    def view(self) -> OmgView:
        return self.view_as(OmgView, self.viewer)

    @property
    def state(self) -> OmgState:
        state = self.match.state
        assert isinstance(state, OmgState)
        return state

    # --- the interaction: its parts -----------------------------------------------------------
    def acting(self) -> int | None:
        """The person whose move the screen takes, if any."""
        seat = self.private
        if (
            seat is None
            or self.curtain.active
            or self.replaying
            or self.match.seats[seat].is_bot
            or seat not in self.match.state.to_act()
        ):
            return None
        return seat

    def refresh_interaction(self) -> None:
        self.picker.refresh()

    def interaction_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        return self.play.handle(event, intent)

    def handle(self, event: pygame.event.Event) -> bool:
        """Esc puts the controls or the Abyss browser away first; then it pauses."""
        return self.play.put_away(event) or super().handle(event)

    def submit(self, action: Action) -> bool:
        if not super().submit(action):
            if self.picker.mode in ("place", "ability"):
                # Refused (a lesson's step wants another lane): the card goes back to the hand,
                # not left held over the lane.
                self.picker.cancel()
            return False
        self.picker.submitted()
        return True

    def refuse(self, reason: str) -> None:
        """Refusals name cards as the table shows them ("Zeus L3", not "Zeus:3")."""
        super().refuse(readable(reason))

    def held_cards(self) -> list[CardSprite]:
        """The dragged card, and a card dropped on a lane while its play waits for an answer."""
        return super().held_cards() + self.picker.held()

    def panels_asking(self) -> list[tuple[int, tuple[type, ...]]]:
        return self.picker.panels_asking()

    # --- zones --------------------------------------------------------------------------------
    def zone_cards(self, view: View) -> ZoneCards:
        assert isinstance(view, OmgView)
        zones: dict[str, list[str | None]] = {}
        for seat, side in enumerate(view.sides):
            if side.hand is not None:
                hand: list[str | None] = list(hand_order(side.hand, side.known_hand))
            else:
                hand = [*side.known_hand, *[None] * (side.hand_count - len(side.known_hand))]
            zones[f"hand:{seat}"] = hand
            zones[f"deck:{seat}"] = [None] * side.deck_count
            zones[f"life:{seat}"] = [None] * side.life_count
            zones[f"abyss:{seat}"] = list(side.abyss)
            for loc, stack in enumerate(side.locations):
                zones[f"loc:{seat}:{loc}"] = list(stack.cards) if stack is not None else []
        if view.defense is not None:
            zones[f"defense:{1 - view.defense.attacker}"] = list(view.defense.cards)
        return zones

    def relayout(self) -> None:
        super().relayout()
        self.board = BoardLayout(self.app.size, self.bottom)
        self.layer.card_size = (self.board.card_w, self.board.card_h)

    def scale_for(self, zone: str) -> float:
        name = parse_zone(zone)
        if name.family == "hand":
            bottom = name.seat == self.bottom
            return self.board.hand_scale if bottom else self.board.other_hand_scale
        return super().scale_for(zone)

    def place_zone(self, zone: str, index: int, count: int) -> Spot:
        name = parse_zone(zone)
        seat = name.seat if name.seat is not None else 0
        board = self.board
        if name.family == "hand":
            return board.hand(seat, index, count)
        if name.family == "deck":
            return board.deck(seat, index)
        if name.family == "life":
            return board.life(seat, index, count)
        if name.family == "abyss":
            return board.abyss(seat, index)
        if name.family == "defense":
            return board.defense(index, count)
        loc = name.slot or 0
        spot = board.lane(seat, loc, index, count)
        # A rested Being is turned a quarter (and badged by the HUD).
        return Spot(spot.x, spot.y, 90.0 if (seat, loc) in self.hud.rested else 0.0)

    def after_snap(self, view: View) -> None:
        assert isinstance(view, OmgView)
        self.hud.from_view(view)
        self.teller.tell()  # a resumed match or a replay's jump: the log as it would have been told
        # Whatever was being chosen goes, at once (its words named a person's cards; the next
        # settled frame asks anew): a seat changed hands, a resume.
        self.picker.reset()

    def message_pos(self) -> tuple[float, float]:
        return self.board.message_pos()

    def message_room(self) -> float | None:
        """The line is set smaller rather than run under the zoomed card's text or the log (a
        defence total with the attack's bonuses named was 1175 px wide at 1280x720)."""
        zoom = self.board.zoom_rect()
        text = zoom.union(zoom.move(0, round(130 * self.layout.scale)))  # the text under it
        besides = [*self.plates_drawn().values(), text, self.board.log_rect()]
        return self.message_room_among(besides)

    def caption_spot(self, seat: int) -> tuple[float, float]:
        """Beside the seat's plate, on the side away from the lanes (above the bottom one,
        below the top one): by the lanes, "shuffles" covered a lane's name and "loses a Life"
        a Being's text."""
        plate, s = self.plate_rects()[seat], self.layout.scale
        text = self.captions.get(seat, ("", 0.0))[0]
        half = banner_rect((0, 0), s * 0.8, text).height / 2 + 4 * s
        y = plate.top - half if seat == self.bottom else plate.bottom + half
        return plate.centerx, y

    def seat_chips(self, seat: int) -> list[str]:
        side = self.hud.shown.sides[seat] if self.hud.shown else None
        if side is None or not self.hud.shown or not self.hud.shown.turn_number:
            return []  # no Life cards before the mulligans are done
        chips = [f"{side.life_count} Life"]
        if self.hud.shown is not None and self.hud.shown.first_player == seat:
            chips.append("first")
        return chips

    def current_turn(self) -> int | None:
        if self.hud.game_over:
            return None
        if self.hud.phase == "defense" and self.hud.turn_seat is not None:
            return 1 - self.hud.turn_seat
        if self.hud.phase == "mulligan":
            return super().current_turn()
        return self.hud.turn_seat

    # --- events → animations ------------------------------------------------------------------
    def register_handlers(self) -> None:
        self.show.register()

    def tick(self, dt_ms: int) -> None:
        if self.show.tick(dt_ms):
            self.teller.tell()  # the log trails the table: a move is told once it has been shown

    def settle_now(self) -> None:
        self.hud.clash = None
        self.blocked = False

    @classmethod
    def results_lines(cls, match: Match) -> list[str]:
        view = match.view(None)
        assert isinstance(view, OmgView)
        names = [seat.name for seat in match.seats]
        lives = " · ".join(f"{names[s]} {side.life_count}" for s, side in enumerate(view.sides))
        # How it ended in the rules' words, seats named ("Nimal forfeited"); the log is the
        # replay's to tell, not the results'.
        reason = name_seats(view.end_reason, names)
        return [f"Life left: {lives}", f"{view.turn_number} turns · {reason}"]

    # --- the screen referee -------------------------------------------------------------------
    def person_inputs(self, action: Action, rng: random.Random) -> list[pygame.event.Event]:
        return person_inputs(self.play, action, rng)

    def card_marks(self, view: View) -> dict[str, frozenset[str]]:
        """Every rested Being the view shows, by its lane's zone."""
        assert isinstance(view, OmgView)
        return {f"loc:{s}:{j}": RESTED for s, j in rested_in(view)}

    def drawn_marks(self) -> dict[str, frozenset[str]]:
        """The lanes drawn rested: turned a quarter and labelled "rested" (one without the
        other shows as "turned" or "labelled rested": never equal to the view's marks)."""
        marks: dict[str, frozenset[str]] = {}
        for zone, sprites in self.presenter.zones.items():
            if not zone.startswith("loc:") or not sprites:
                continue
            turned = all(sprite.angle % 360 == 90 for sprite in sprites)
            labelled = "rested" in self.hud.badged.get(zone, ())
            if turned or labelled:
                marks[zone] = (
                    RESTED
                    if turned and labelled
                    else frozenset({"turned" if turned else "labelled rested"})
                )
        return marks

    # --- drawing ------------------------------------------------------------------------------
    def draw_hud(self, surface: pygame.Surface) -> None:
        # The play layer (buttons, lines to targets, the preview, Gaia's choices), then the
        # clash and the zoomed card over it.
        draw_play(self, self.play, surface, self.layout.scale)
        draw_omg_hud(self, surface, self.play.zoom_card())

    def help_lines(self) -> list[str]:
        return help_lines(self.app.settings.bindings)

    def coach_avoids(self) -> list[pygame.Rect]:
        """A question ("Displace …?", "End the turn?"), the attack preview, the pick's label,
        the Gem zones (a lesson speaks of them), the mode's buttons and the zoomed card: a
        lesson's coach keeps clear of them."""
        rects = play_panels(self.board, self.play, self.layout.scale)
        rects += [self.board.gems(seat) for seat in (0, 1)]
        rects += [pick.rect for pick in self.picker.ring.picks if pick.kind == "button"]
        if self.acting() is not None:  # the focused card's zoom, with its text below
            zoom = self.board.zoom_rect()
            rects.append(zoom.union(zoom.move(0, round(130 * self.layout.scale))))
        choice = self.picker.choice
        return [*rects, choice.box] if choice is not None else rects

    def draw_under_cards(self, surface: pygame.Surface) -> None:
        draw_omg_under(self, surface, self.play.lit_areas())

    def under_cards_key(self) -> Hashable:
        return omg_under_key(self, self.play.lit_areas())

    def draw_resting_hud(self, surface: pygame.Surface) -> None:
        draw_omg_resting_hud(self, surface)
