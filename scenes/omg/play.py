"""What a person at the OMG table may do, by mouse and by keys.

Every choice on screen is a ``Pick``: a place (a card, a lane, a button) with what picking it
does, lit gold when it is legal and red when it is not (picking a red one says why). The arrow
keys walk the picks in the order they lie on screen (Left/Right along a row, Up/Down between
rows), Enter picks, a click picks, and cards can be dragged: a hand card onto a lane plays or
evolves it, a Being onto an enemy Being or the enemy's Life cards attacks.

Modes: ``mulligan``, ``main`` (Advancement), ``place`` (a card chosen: which lane),
``attack`` (an attacker chosen: which target), ``ability`` (a Play ability's target),
``equip`` (which Being gets the Gem), ``defense`` (block and/or discard), ``discard`` (Apollo),
``idle`` (not this person's move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.actions import Action
from game.omg.actions import (
    AddDefense,
    Attack,
    EndTurn,
    EquipGem,
    FinishDefense,
    GemDraw,
)
from game.omg.state import OmgState
from scenes.omg.focus import first_focus, walk
from scenes.omg.hud import readable, visible_face
from scenes.omg.picks import SUB_MODES, OmgPicks, Pick
from scenes.table.drag import DragController
from scenes.table.hud import ChoiceBar, Option
from scenes.table.sprites import CardSprite

if TYPE_CHECKING:
    from scenes.omg.port import OmgPort


class OmgPlay(OmgPicks):
    """The interaction half of the OMG table (mixed into ``OmgTable``)."""

    def setup_play(self: OmgPort) -> None:
        self.mode = "idle"
        self.picks = []
        self.focus = -1
        self.chosen = None
        self.attacker = None
        self.pending = None
        self.mull = set()
        self.choice = None
        self.browse = None
        self.hover = (-1, -1)
        self.show_help = False
        self._play_key = None

    def start_play(self: OmgPort) -> None:
        self.drag = DragController(self.presenter, self._can_drag, self._drop, self._click)

    # --- who acts -----------------------------------------------------------------------------
    def acting(self: OmgPort) -> int | None:
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

    @property
    def state(self: OmgPort) -> OmgState:
        state = self.match.state
        assert isinstance(state, OmgState)
        return state

    def reset_interaction(self: OmgPort) -> None:
        """The table was rebuilt (a seat changed hands, a resume): whatever was being chosen
        goes, at once (its words named a person's cards; the next settled frame asks anew)."""
        self._play_key = None
        if self.picks or self.choice is not None or self.message.asking is not None:
            self.mode, self.chosen, self.attacker, self.pending = "idle", None, None, None
            self.picks, self.focus, self.choice = [], -1, None
            self.message.prompt = ""

    def refresh_interaction(self: OmgPort) -> None:
        seat = self.acting()
        key = (len(self.match.log), self.viewer, seat, self.state.phase, self.app.size)
        if key == self._play_key:
            return
        if self._play_key is None or key[:4] != self._play_key[:4]:
            self.mode, self.chosen, self.attacker, self.pending = "idle", None, None, None
            self.choice = None
        self._play_key = key
        self._build()

    def _build(self: OmgPort) -> None:
        """Set the picks for the mode (the base mode follows the phase)."""
        seat = self.acting()
        for sprite in self.presenter.zone(f"hand:{self.bottom}"):
            sprite.dim, sprite.selected, sprite.lift = False, False, 0.0
        if seat is None:
            self.mode, self.picks = "idle", []
            self.message.prompt = self.waiting_prompt() or (
                "" if self.hud.game_over else "Watching."
            )
            return
        phase = self.state.phase
        if self.mode not in SUB_MODES:
            self.mode = {"mulligan": "mulligan", "defense": "defense", "discard": "discard"}.get(
                phase, "main"
            )
        builder = getattr(self, f"_picks_{self.mode}")
        self.picks = builder(seat)
        self.focus = first_focus(self.picks, self.focus)
        self._mark()

    def _mark(self: OmgPort) -> None:
        """Lift the focused hand card; dim the ones that cannot be picked now."""
        h = self.board.card_h
        focused = self.picks[self.focus] if 0 <= self.focus < len(self.picks) else None
        hand_picks = {id(p.sprite): p for p in self.picks if p.kind == "hand"}
        for sprite in self.presenter.zone(f"hand:{self.bottom}"):
            pick = hand_picks.get(id(sprite))
            marked = self.mode == "mulligan" and sprite.card in self.mull
            sprite.dim = pick is None or not pick.good
            sprite.selected = (focused is not None and focused.sprite is sprite) or marked
            sprite.lift = h * (0.16 if sprite.selected else 0.06 if not sprite.dim else 0.0)

    # --- commands -----------------------------------------------------------------------------
    def _key(self: OmgPort, intent: str) -> str:
        return self.app.settings.bindings.get(intent, intent)

    def cancel(self: OmgPort) -> None:
        # A card dropped on a lane and waiting there (its play not made) goes back to the hand.
        self.presenter.settle(f"hand:{self.bottom}", 320)
        self.mode, self.chosen, self.attacker, self.pending, self.choice = (
            "main",
            None,
            None,
            None,
            None,
        )
        self._build()

    def gem_draw(self: OmgPort) -> None:
        seat = self.acting()
        if seat is not None:
            self.submit(GemDraw(seat))

    def equip(self: OmgPort) -> None:
        seat = self.acting()
        if seat is None:
            return
        refusal = self.state.check(
            EquipGem(
                seat, next((j for j, s in enumerate(self.state.sides[seat].locations) if s), 0)
            )
        )
        if refusal is not None:
            self.refuse_rule(refusal.message)
            return
        self.mode, self.focus = "equip", 0
        self._build()

    def end_turn(self: OmgPort) -> None:
        seat = self.acting()
        if seat is None or self.state.phase != "main":
            self.refuse("It is not your Advancement step")
            return
        left = self.things_left()
        if not left:
            self.submit(EndTurn(seat))
            return
        self.choice = ChoiceBar(
            f"You could still {' and '.join(left)}. End the turn?",
            [
                Option("End turn", EndTurn(seat), hotkey="y"),
                Option("Keep playing", None, hotkey="n"),
            ],
            self._confirmed,
        )
        self.choice.focus = 1  # Enter keeps playing: ending a turn early is the risky answer
        self.choice.layout(self._centre(), self.layout.scale)

    def _confirmed(self: OmgPort, action: Action | None) -> None:
        self.choice = None
        if action is not None:
            self.submit(action)

    def _centre(self: OmgPort) -> tuple[float, float]:
        return (self.board.cx, sum(self.board.row_y) / 2)

    def open_abyss(self: OmgPort, seat: int) -> None:
        self.browse = seat

    def refuse(self: OmgPort, reason: str) -> None:
        """Refusals name cards as the table shows them ("Zeus L3", not "Zeus:3")."""
        super().refuse(readable(reason))  # type: ignore[safe-super]

    def submit(self: OmgPort, action: Action) -> bool:
        if not super().submit(action):  # type: ignore[safe-super]
            return False
        self.mode, self.chosen, self.attacker, self.pending = "idle", None, None, None
        self.picks, self.focus = [], -1
        if self.message.asking is not None:
            self.message.prompt = ""  # answered: the question goes now, not after the animation
        return True

    # --- input --------------------------------------------------------------------------------
    def handle(self: OmgPort, event: pygame.event.Event) -> bool:
        """Esc puts the controls or the Abyss browser away first; then it pauses."""
        if self.app.intent(event) == "back" and (self.show_help or self.browse is not None):
            self.show_help, self.browse = False, None
            return True
        return super().handle(event)  # type: ignore[misc]

    def interaction_handle(self: OmgPort, event: pygame.event.Event, intent: str | None) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        if self.show_help:  # the next key or click closes the controls, and only that
            self.show_help = event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
        if intent == "help" and event.type == pygame.KEYDOWN:
            self.show_help = True
            return True
        if self.browse is not None:
            return self._browse_handle(event, intent)
        if event.type == pygame.MOUSEWHEEL:
            if self.board.log_rect().collidepoint(pygame.mouse.get_pos()):
                self.hud.log_scroll += event.y * 3
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.hud.log_scroll += 8 if event.key == pygame.K_PAGEUP else -8
            return True
        if self.choice is not None:
            return self.choice.handle(event, intent)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for seat in (0, 1):
                if self.board.abyss_rect(seat).collidepoint(event.pos) and not self._pick_at(
                    event.pos
                ):
                    self.open_abyss(seat)
                    return True
        if self.acting() is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.mode in SUB_MODES:
            self.cancel()
            return True
        if self.drag.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pick = self._pick_at(event.pos)
            if pick is not None:
                pick.action()
                return True
            if self.mode in SUB_MODES:
                self.cancel()
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            pick = self._pick_at(event.pos)
            if pick is not None and pick in self.picks:
                self.focus = self.picks.index(pick)
                self._mark()
            return False
        if event.type != pygame.KEYDOWN:
            return False
        return self._key_handle(event, intent)

    def _key_handle(self: OmgPort, event: pygame.event.Event, intent: str | None) -> bool:
        name = pygame.key.name(event.key)
        if intent in ("left", "right", "up", "down") and self.picks:
            self._walk(intent)
            return True
        if intent == "play" and 0 <= self.focus < len(self.picks):
            self.picks[self.focus].action()
            return True
        if intent == "ready" and self.mode == "mulligan":
            self._send_mulligan()
            return True
        if intent == "ready" and self.mode == "defense":
            seat = self.acting()
            return seat is not None and self.submit(FinishDefense(seat))
        if name == "backspace" and self.mode in SUB_MODES:
            self.cancel()
            return True
        # The letters work while the last move still animates (the mode is "idle" until the
        # table settles): a second G is a second draw, or a refusal that says why.
        if self.mode in ("main", "idle") and self.state.phase == "main":
            command = {
                "e": self.end_turn,
                "g": self.gem_draw,
                "q": self.equip,
                "a": lambda: self.open_abyss(1 - self.bottom),
            }.get(name)
            if command is not None:
                command()
                return True
        return False

    def _walk(self: OmgPort, intent: str) -> None:
        """Move the focus to the next pick on screen in that direction."""
        self.focus = walk([p.rect for p in self.picks], self.focus, intent)
        self._mark()

    def _pick_at(self: OmgPort, pos: tuple[int, int]) -> Pick | None:
        # Cards first (they lie over lanes), the topmost hand card under the mouse.
        sprite = self.layer.hit(pos)
        for pick in self.picks:
            if pick.sprite is not None and pick.sprite is sprite:
                return pick
        return next((p for p in self.picks if p.sprite is None and p.rect.collidepoint(pos)), None)

    def focused(self: OmgPort) -> Pick | None:
        return self.picks[self.focus] if 0 <= self.focus < len(self.picks) else None

    def _browse_handle(self: OmgPort, event: pygame.event.Event, intent: str | None) -> bool:
        if intent in ("left", "right"):
            self.browse = 1 - (self.browse or 0)
            return True
        if event.type == pygame.KEYDOWN or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3)
        ):
            self.browse = None
            return True
        return event.type == pygame.MOUSEBUTTONDOWN

    # --- drag and drop ------------------------------------------------------------------------
    def _can_drag(self: OmgPort, sprite: CardSprite) -> bool:
        if self.acting() is None or self.choice is not None:
            return False
        pick = next((p for p in self.picks if p.sprite is sprite), None)
        if self.mode in ("mulligan", "defense", "discard"):
            return pick is not None
        if self.mode not in ("main", "place", "attack"):
            return False
        if sprite.zone == f"hand:{self.bottom}":
            return True
        return (
            sprite.zone.startswith(f"loc:{self.bottom}:")
            and sprite is self.presenter.zone(sprite.zone)[-1]
        )

    def _click(self: OmgPort, sprite: CardSprite) -> None:
        if self.mode in ("place", "attack") and sprite.zone == f"hand:{self.bottom}":
            self.cancel()
        pick = next((p for p in self.picks if p.sprite is sprite), None)
        if pick is None:  # a card lying on a lane that is the pick (to place on, to equip)
            pick = next(
                (
                    p
                    for p in self.picks
                    if p.sprite is None and p.rect.collidepoint(sprite.x, sprite.y)
                ),
                None,
            )
        if pick is not None:
            pick.action()

    def _drop(self: OmgPort, sprite: CardSprite, pos: tuple[int, int]) -> bool:
        seat = self.acting()
        if seat is None or sprite.card is None:
            return False
        if sprite.zone == f"hand:{self.bottom}":
            if self.mode == "defense" and pos[1] < self.board.row(seat) + self.board.card_h * 0.6:
                return self.submit(AddDefense(seat, sprite.card))
            if self.mode == "discard":
                return False
            loc = next(
                (j for j in range(3) if self.board.lane_rect(seat, j).collidepoint(pos)), None
            )
            if loc is None:
                return False
            self.mode, self.chosen = "place", sprite.card
            action, _ = self._placing(seat, sprite.card, loc)
            refusal = self._check_ignoring_target(action)
            if refusal is not None:
                self.refuse_rule(refusal.message)
                self.cancel()
                return False
            self._place(action)
            return True
        loc = int(sprite.zone.split(":")[2])
        enemy = 1 - seat
        if self.board.life_rect(enemy).collidepoint(pos):
            return self.submit(Attack(seat, loc, None))
        target = next(
            (j for j in range(3) if self.board.lane_rect(enemy, j).collidepoint(pos)), None
        )
        if target is None:
            return False
        return self.submit(Attack(seat, loc, target))

    # --- what the HUD draws for the interaction -----------------------------------------------
    def lit_areas(self: OmgPort) -> list[tuple[pygame.Rect, bool]]:
        """Lanes, Life and targets to light under the cards: gold legal, red refused."""
        if self.acting() is None or self.mode in ("mulligan", "discard"):
            return []
        if self.drag.dragging and self.drag.sprite is not None:
            return self._drag_targets(self.drag.sprite)
        if self.mode == "main":
            return []
        return [(p.rect, p.good) for p in self.picks if p.kind in ("lane", "enemy", "life")]

    def _drag_targets(self: OmgPort, sprite: CardSprite) -> list[tuple[pygame.Rect, bool]]:
        seat = self.acting()
        assert seat is not None
        if sprite.card is None:
            return []
        if sprite.zone == f"hand:{self.bottom}":
            if self.mode != "main" and self.mode != "place":
                return []
            return [
                (
                    self.board.lane_rect(seat, j),
                    self._check_ignoring_target(self._placing(seat, sprite.card, j)[0]) is None,
                )
                for j in range(3)
            ]
        loc = int(sprite.zone.split(":")[2])
        enemy = 1 - seat
        lit = [(self.board.life_rect(enemy), self.state.check(Attack(seat, loc, None)) is None)]
        for j in range(3):
            if self.state.sides[enemy].locations[j] is not None:
                lit.append(
                    (self.board.lane_rect(enemy, j), self.state.check(Attack(seat, loc, j)) is None)
                )
        return lit

    def zoom_card(self: OmgPort) -> str | None:
        if self.browse is not None:
            return self._browse_hover()
        card = visible_face(self, self.hover)
        if card is not None:
            return card
        pick = self.focused()
        if pick is not None and pick.kind == "abyss":
            return str(pick.payload)
        if pick is not None and pick.sprite is not None and pick.sprite.shows_face:
            return visible_face(self, pick.sprite.rect(self.layer.card_size).center)
        return None

    def _browse_hover(self: OmgPort) -> str | None:
        for rect, card in self.browse_cards():
            if rect.collidepoint(self.hover):
                return card
        return None

    def browse_cards(self: OmgPort) -> list[tuple[pygame.Rect, str]]:
        """The open Abyss's cards, laid in rows over the table (public cards)."""
        if self.browse is None:
            return []
        cards = list(self.presenter.zone(f"abyss:{self.browse}"))
        w, h = round(self.board.card_w * 0.8), round(self.board.card_h * 0.8)
        per_row = max(1, int((self.board.size[0] * 0.55) // (w + 6)))
        x0 = self.board.cx - (min(per_row, max(1, len(cards))) * (w + 6)) / 2
        out = []
        for i, sprite in enumerate(cards):
            if sprite.card is None:
                continue
            rect = pygame.Rect(
                round(x0 + (i % per_row) * (w + 6)),
                round(self.board.size[1] * 0.22 + (i // per_row) * (h + 6)),
                w,
                h,
            )
            out.append((rect, sprite.card))
        return out

    def draw_play(self: OmgPort, surface: pygame.Surface, s: float) -> None:
        """Buttons, lines to targets, the preview and Gaia's choices, over the cards."""
        from scenes.omg.draw_play import draw_play

        draw_play(self, surface, s)
