"""What a person at the OMG table does by mouse and by keys (``OmgPlay``, a part of the table).

Every choice on screen is a ``Pick`` of the table's ``OmgPicks``: lit gold when it is legal and
red when it is not (picking a red one says why). The arrow keys walk the picks in the order
they lie on screen (Left/Right along a row, Up/Down between rows), Enter picks, a click picks,
and cards can be dragged: a hand card onto a lane plays or evolves it, a Being onto an enemy
Being or the enemy's Life cards attacks. Also here: the Abyss browser's keys and cards, the
log's scrolling, the lit drop targets and the card to zoom.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.narration import sentence
from game.omg.actions import AddDefense, Attack, FinishDefense
from scenes.omg.focus import Pick
from scenes.omg.hud import visible_face
from scenes.omg.modes import same_place
from scenes.omg.picks import SUB_MODES, OmgPicks
from scenes.omg.words import attack_preview, check_ignoring_target, placing
from scenes.table.drag import DragController
from scenes.table.hooks import TablePort
from scenes.table.sprites import CardSprite

if TYPE_CHECKING:
    from game.core.actions import Action
    from game.omg.state import OmgState
    from scenes.omg.board import BoardLayout
    from scenes.omg.hud import OmgHud


class PlayTable(TablePort, Protocol):
    """What the input reads of its table (``OmgTable`` is one)."""

    board: BoardLayout
    hud: OmgHud
    bottom: int
    show_help: bool

    @property
    def state(self) -> OmgState: ...

    @property
    def audience(self) -> frozenset[int] | None: ...

    def acting(self) -> int | None: ...

    def submit(self, action: Action) -> bool: ...

    def refuse_rule(self, reason: str) -> None: ...

    def offered(self, seat: int) -> tuple[Action, ...]: ...


class OmgPlay:
    """The table's input: clicks, drags and keys read into ``picker``'s picks and commands."""

    def __init__(self, table: PlayTable, picker: OmgPicks) -> None:
        self.table = table
        self.picker = picker
        self.ring = picker.ring
        self.drag = DragController(table.presenter, self._can_drag, self._drop, self._click)

    # --- input --------------------------------------------------------------------------------
    def put_away(self, event: pygame.event.Event) -> bool:
        """Esc puts the controls or the Abyss browser away first (then the table pauses)."""
        t, picker = self.table, self.picker
        if t.app.intent(event) == "back" and (t.show_help or picker.browse is not None):
            t.show_help, picker.browse = False, None
            return True
        return False

    def handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        t, picker, ring = self.table, self.picker, self.ring
        if event.type == pygame.MOUSEMOTION:
            ring.hover = event.pos
        if t.show_help:  # the next key or click closes the controls, and only that
            t.show_help = event.type not in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
        if intent == "help" and event.type == pygame.KEYDOWN:
            t.show_help = True
            return True
        if picker.browse is not None:
            return self._browse_handle(event, intent)
        if event.type == pygame.MOUSEWHEEL:
            if t.board.log_rect().collidepoint(pygame.mouse.get_pos()):
                t.hud.log_scroll += event.y * 3
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            t.hud.log_scroll += 8 if event.key == pygame.K_PAGEUP else -8
            return True
        if picker.choice is not None:
            return picker.choice.handle(event, intent)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for seat in (0, 1):
                if t.board.abyss_rect(seat).collidepoint(event.pos) and not self._pick_at(
                    event.pos
                ):
                    picker.open_abyss(seat)
                    return True
        if t.acting() is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and picker.mode in SUB_MODES:
            picker.cancel()
            return True
        if self.drag.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            pick = self._pick_at(event.pos)
            if pick is not None:
                pick.action()
                return True
            if picker.mode in SUB_MODES:
                picker.cancel()
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            pick = self._pick_at(event.pos)
            if pick is not None and pick in ring.picks:
                ring.focus = ring.picks.index(pick)
                picker.mark()
            return False
        if event.type != pygame.KEYDOWN:
            return False
        return self._key_handle(event, intent)

    def _key_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        t, picker, ring = self.table, self.picker, self.ring
        name = pygame.key.name(event.key)
        if intent in ("left", "right", "up", "down") and ring.picks:
            ring.walk(intent)
            picker.mark()
            return True
        if intent == "play" and ring.focused() is not None:
            ring.picks[ring.focus].action()
            return True
        if intent == "ready" and picker.mode == "mulligan":
            picker.send_mulligan()
            return True
        if intent == "ready" and picker.mode == "defense":
            seat = t.acting()
            return seat is not None and t.submit(FinishDefense(seat))
        if name == "backspace" and picker.mode in SUB_MODES:
            picker.cancel()
            return True
        # The letters work while the last move still animates (the mode is "idle" until the
        # table settles): a second G is a second draw, or a refusal that says why.
        if picker.mode in ("main", "idle") and t.state.phase == "main":
            command = {
                "e": picker.end_turn,
                "g": picker.gem_draw,
                "q": picker.equip,
                "a": lambda: picker.open_abyss(1 - t.bottom),
            }.get(name)
            if command is not None:
                command()
                return True
        return False

    def _pick_at(self, pos: tuple[int, int]) -> Pick | None:
        return self.ring.at(pos, self.table.layer.hit(pos))

    def _browse_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        if intent in ("left", "right"):
            self.picker.browse = 1 - (self.picker.browse or 0)
            return True
        if event.type == pygame.KEYDOWN or (
            event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3)
        ):
            self.picker.browse = None
            return True
        return event.type == pygame.MOUSEBUTTONDOWN

    # --- drag and drop ------------------------------------------------------------------------
    def _can_drag(self, sprite: CardSprite) -> bool:
        t, picker = self.table, self.picker
        if t.acting() is None or picker.choice is not None:
            return False
        if picker.mode in ("mulligan", "defense", "discard"):
            return self.ring.of(sprite) is not None
        if picker.mode not in ("main", "place", "attack"):
            return False
        if sprite.zone == f"hand:{t.bottom}":
            return True
        return (
            sprite.zone.startswith(f"loc:{t.bottom}:")
            and sprite is t.presenter.zone(sprite.zone)[-1]
        )

    def _click(self, sprite: CardSprite) -> None:
        picker = self.picker
        if picker.mode in ("place", "attack") and sprite.zone == f"hand:{self.table.bottom}":
            picker.cancel()
        pick = self.ring.of(sprite)
        if pick is None:  # a card lying on a lane that is the pick (to place on, to equip)
            pick = next(
                (
                    p
                    for p in self.ring.picks
                    if p.sprite is None and p.rect.collidepoint(sprite.x, sprite.y)
                ),
                None,
            )
        if pick is not None:
            pick.action()

    def _drop(self, sprite: CardSprite, pos: tuple[int, int]) -> bool:
        t, board = self.table, self.table.board
        seat = t.acting()
        if seat is None or sprite.card is None:
            return False
        if sprite.zone == f"hand:{t.bottom}":
            if self.picker.mode == "defense" and pos[1] < board.row(seat) + board.card_h * 0.6:
                return t.submit(AddDefense(seat, sprite.card))
            if self.picker.mode == "discard":
                return False
            loc = next((j for j in range(3) if board.lane_rect(seat, j).collidepoint(pos)), None)
            if loc is None:
                return False
            return self.picker.drop_on_lane(seat, sprite.card, loc)
        if not sprite.zone.startswith(f"loc:{t.bottom}:"):
            return False  # not a card of the person's (the screen changed hands under it)
        loc = int(sprite.zone.split(":")[2])
        enemy = 1 - seat
        if board.life_rect(enemy).collidepoint(pos):
            return t.submit(Attack(seat, loc, None))
        target = next((j for j in range(3) if board.lane_rect(enemy, j).collidepoint(pos)), None)
        if target is None:
            return False
        return t.submit(Attack(seat, loc, target))

    # --- what the HUD draws for the interaction -----------------------------------------------
    def lit_areas(self) -> list[tuple[pygame.Rect, bool]]:
        """Lanes, Life and targets to light under the cards: gold legal, red refused."""
        mode = self.picker.mode
        if self.table.acting() is None or mode in ("mulligan", "discard"):
            return []
        if self.drag.dragging and self.drag.sprite is not None:
            return self._drag_targets(self.drag.sprite)
        if mode == "main":
            return []
        return [(p.rect, p.good) for p in self.ring.picks if p.kind in ("lane", "enemy", "life")]

    def drag_preview(self) -> tuple[str, bool] | None:
        """While a Being is carried over a target (an enemy Being, their Life): the attack's
        preview, or why it cannot attack there (and whether it may)."""
        t, board, sprite = self.table, self.table.board, self.drag.sprite
        seat = t.acting()
        if seat is None or sprite is None or not self.drag.dragging:
            return None
        if not sprite.zone.startswith(f"loc:{t.bottom}:"):
            return None
        loc, enemy, at = int(sprite.zone.split(":")[2]), 1 - seat, self.ring.hover
        if board.life_rect(enemy).collidepoint(at):
            target: int | None = None
        else:
            lanes = [j for j in range(3) if t.state.sides[enemy].locations[j] is not None]
            target = next((j for j in lanes if board.lane_rect(enemy, j).collidepoint(at)), -1)
            if target == -1:
                return None
        refusal = t.state.check(Attack(seat, loc, target))
        if refusal is not None:
            return sentence(refusal.message), False
        return attack_preview(t.state, seat, loc, target), True

    def _drag_targets(self, sprite: CardSprite) -> list[tuple[pygame.Rect, bool]]:
        t, board, state = self.table, self.table.board, self.table.state
        seat = t.acting()
        assert seat is not None
        if sprite.card is None:
            return []
        offered = t.offered(seat)  # a lesson's step lights only its moves
        if sprite.zone == f"hand:{t.bottom}":
            if self.picker.mode != "main" and self.picker.mode != "place":
                return []
            lanes = []
            for j in range(3):
                action = placing(state, seat, sprite.card, j)[0]
                ok = check_ignoring_target(state, action) is None
                lanes.append(
                    (board.lane_rect(seat, j), ok and any(same_place(a, action) for a in offered))
                )
            return lanes
        if not sprite.zone.startswith(f"loc:{t.bottom}:"):
            return []
        loc = int(sprite.zone.split(":")[2])
        enemy = 1 - seat
        lit = [(board.life_rect(enemy), Attack(seat, loc, None) in offered)]
        for j in range(3):
            if state.sides[enemy].locations[j] is not None:
                lit.append((board.lane_rect(enemy, j), Attack(seat, loc, j) in offered))
        return lit

    def zoom_card(self) -> str | None:
        t = self.table
        if self.picker.browse is not None:
            return self._browse_hover()
        card = visible_face(t.layer, t.audience, self.ring.hover)
        if card is not None:
            return card
        pick = self.ring.focused()
        if pick is not None and pick.kind == "abyss":
            return str(pick.payload)
        if pick is not None and pick.sprite is not None and pick.sprite.shows_face:
            at = pick.sprite.rect(t.layer.card_size).center
            return visible_face(t.layer, t.audience, at)
        return None

    def _browse_hover(self) -> str | None:
        for rect, card in self.browse_cards():
            if rect.collidepoint(self.ring.hover):
                return card
        return None

    def browse_cards(self) -> list[tuple[pygame.Rect, str]]:
        """The open Abyss's cards, laid in rows over the table (public cards)."""
        if self.picker.browse is None:
            return []
        cards = list(self.table.presenter.zone(f"abyss:{self.picker.browse}"))
        rects = self.table.board.browser(len(cards))
        return [(rect, s.card) for rect, s in zip(rects, cards, strict=True) if s.card is not None]
