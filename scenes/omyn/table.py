"""The OMYN table: rows of numbered face-down slots on the seat ring, the draw pile and the play
pile in the middle, the drawn card shown only to its player; events animated (deals, plays,
claims that flip, penalty cards that fly in, Omens that gather, shuffle and deal); chain and Void
windows answered with every seat's own reflex key. What a person may do is in ``turns.py``;
what is drawn around the cards is in ``hud.py``; how each event is shown, in ``shows.py``; where
things go around the cards, in ``places.py``."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
from game.core.match import Match
from game.core.views import View
from game.omyn.actions import Claim
from game.omyn.view import OmynView
from scenes.omyn.faces import OmynFaces
from scenes.omyn.hud import (
    OmynHud,
    draw_omyn_hud,
    draw_omyn_resting_hud,
    help_lines,
    reveal_box,
)
from scenes.omyn.places import PILES_X, PILES_Y
from scenes.omyn.reach import person_inputs
from scenes.omyn.shows import POWER_TEXT as POWER_TEXT  # the words a power's use is told in
from scenes.omyn.shows import OmynShows
from scenes.table.base import ZoneCards
from scenes.table.faces import FaceRenderer
from scenes.table.zones import CentrePlace, SeatPlace, ZoneSpec

if TYPE_CHECKING:
    from scenes.scene import AppPort


class OmynTable(OmynShows):
    name = "table:omyn"
    ZONES = (
        ZoneSpec("row", "slots", "nobody", SeatPlace(), owned=True, scale=0.9, z=200),
        ZoneSpec("drawn", "pile", "owner", SeatPlace(inward=1.45), owned=True, z=650),
        ZoneSpec("draw", "pile", "nobody", CentrePlace(x=-PILES_X, y=PILES_Y), z=300),
        ZoneSpec("pile", "pile", "everyone", CentrePlace(x=PILES_X, y=PILES_Y), z=300),
    )
    REFLEX_WINDOWS = frozenset({"chain", "void"})

    def __init__(self, app: AppPort, match: Match, **kwargs: Any) -> None:
        self.hud = OmynHud()
        self.foresee_rects: list[pygame.Rect] = []
        self._order_grab: int | None = None
        self.look_turn = 0  # the turn on which the card a look waits for was learned
        super().__init__(app, match, **kwargs)

    def face_renderer(self) -> FaceRenderer:
        return OmynFaces()

    @property
    def view(self) -> OmynView:
        return self.omyn_view(self.viewer)

    # --- zones --------------------------------------------------------------------------------
    def zone_cards(self, view: View) -> ZoneCards:
        assert isinstance(view, OmynView)
        zones: dict[str, list[str | None]] = {}
        for seat, row in enumerate(view.rows):
            for slot, card in enumerate(row):
                zones[f"row:{seat}:{slot}"] = [card.face]
        if view.drawn is not None:
            zones[f"drawn:{view.turn_seat}"] = [view.drawn.face]
        zones["draw"] = [card.face for card in reversed(view.draw)]  # the top card last
        zones["pile"] = list(view.pile)
        return zones

    def after_snap(self, view: View) -> None:
        assert isinstance(view, OmynView)
        hud = self.hud
        hud.game_number, hud.dealer, hud.wins = view.game_number, view.dealer, view.wins
        hud.turn = view.turn_seat if view.phase == "turn" else None
        hud.skips, hud.hexed = view.skips, view.hexed
        hud.hex_now = view.phase == "turn" and view.hex_now
        if view.phase == "over" or (view.phase == "setup" and view.game_number):
            for zone, sprites in self.presenter.zones.items():
                if zone.startswith("row:"):
                    self.presenter.turn_up(sprites, True, 0)
        # A look that waited for a window (the turn has moved on since) still shows its cards.
        looking = self.look_pending is not None or self.looking_after_peek
        self.memory.rebuild(view, self.presenter.zones, self.look_turn if looking else None)
        self.reset_interaction()

    def person_inputs(self, action: Action, rng: random.Random) -> list[pygame.event.Event]:
        return person_inputs(self, action, rng)

    def refresh_interaction(self) -> None:
        if self.look_pending is not None and self.look_pending == self.private:
            self.look_pending = None
            if not self.looking_after_peek:
                self.start_looking()
        super().refresh_interaction()

    def seat_chips(self, seat: int) -> list[str]:
        hud = self.hud
        chips = []
        if seat == hud.dealer:
            chips.append("dealer")
        skips = hud.skips[seat] if seat < len(hud.skips) else 0
        if skips:
            chips.append("skips next turn" if skips == 1 else f"skips {skips} turns")
        if seat < len(hud.hexed) and hud.hexed[seat]:
            chips.append("Hex next turn")
        if seat == hud.turn and hud.hex_now:
            chips.append("Hex: no powers")
        if self.match.options.get("match_wins", 1) != 1 and seat < len(hud.wins):
            chips.append(f"{hud.wins[seat]} won")
        return chips

    def current_turn(self) -> int | None:
        return self.hud.turn if self.hud.won is None else None

    def is_claim(self, action: Any) -> bool:
        return isinstance(action, Claim)

    def tick(self, dt_ms: int) -> None:
        if self.hud.won is not None and self.blocked and self.auto_continue:
            self.hud.reveal_ms -= dt_ms
            if self.hud.reveal_ms <= 0:
                self.close_reveal()

    def revealed(self) -> bool:
        return self.match.is_over() or self.hud.won is not None

    def close_reveal(self) -> None:
        self.blocked = False
        if not self.hud.over:
            self.hud.won = None
            self.hud.tiebreaks.clear()
            self.hud.omen_value = None

    def settle_now(self) -> None:
        self.close_reveal()

    @classmethod
    def results_lines(cls, match: Match) -> list[str]:
        view = match.view(None)
        assert isinstance(view, OmynView)
        result = dict(view.last_result)
        lines = []
        totals = result.get("totals")
        if totals:
            named = zip([seat.name for seat in match.seats], list(totals), strict=False)  # type: ignore[call-overload]
            lines.append("Totals: " + ", ".join(f"{n} {t}" for n, t in named))
        reason = str(result.get("reason", "")).replace("_", " ")
        if reason:
            lines.append(f"Won by {reason}" + (f" after {result.get('turns')} turns"))
        if view.game_number > 1:
            lines.append(f"{view.game_number} games played")
        return lines

    def draw_hud(self, surface: pygame.Surface) -> None:
        self.choice_clear_of_hint()
        draw_omyn_hud(self, surface)

    def help_lines(self) -> list[str]:
        return help_lines(self)

    def coach_avoids(self) -> list[pygame.Rect]:
        """A lesson's coach keeps clear of the action bar, the Foresee cards and Pass buttons."""
        rects = [self.choice.box] if self.choice is not None else []
        rects += [button.rect for button in self.pass_buttons().values()]
        if self.hud.won is not None:  # the count: every row turned up, the totals
            size = self.layout.size
            rects.append(reveal_box(self, (round(size[0]), round(size[1]))))
        return rects + list(self.foresee_rects)

    def draw_resting_hud(self, surface: pygame.Surface) -> None:
        draw_omyn_resting_hud(self, surface)

    def hud_blocking(self, event: pygame.event.Event, intent: str | None) -> bool:
        """The final reveal waits for Space or a click; the Foresee cards swap by drag; a Pass
        button lets a window go."""
        if any(button.handle(event) for button in self.pass_buttons().values()):
            return True
        if self.hud.won is not None and self.blocked:
            if intent in ("ready", "play") or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            ):
                self.close_reveal()
                return True
            return False
        if self.stage() == "arrange" and event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
        ):
            hit = next(
                (i for i, r in enumerate(self.foresee_rects) if r.collidepoint(event.pos)), None
            )
            if event.type == pygame.MOUSEBUTTONDOWN:
                self._order_grab = hit
                if hit is not None:
                    self.order_focus = hit
                return hit is not None
            grabbed, self._order_grab = self._order_grab, None
            if grabbed is not None and hit is not None and hit != grabbed:
                self.swap_order(grabbed, hit)
                self.order_focus = hit
            return grabbed is not None
        return False
