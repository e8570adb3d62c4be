"""How a person's input reaches the OMYN table: reflex claims (claim, then name the slot), the
mouse (drag the drawn card or a slot, click slots and the draw pile), keys (1–9 for slots,
arrows for targets and the Foresee order) and hold to look at the cards you know."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame

from game.core.views import View
from game.core.windows import Window
from game.omyn.actions import Claim, Draw, Drop, PairDrawn, PairSlots, PickSlot, Swap
from game.omyn.view import OmynView
from scenes.omyn.memory import Memory
from scenes.omyn.turns import STEP_PROMPTS, OmynChoices, slot_key
from scenes.table.drag import DragController
from scenes.table.reflex import Press
from scenes.table.sprites import CardSprite
from scenes.table.zones import parse_zone

if TYPE_CHECKING:
    from game.core.match import Match
    from scenes.scene import AppPort


class OmynTurns(OmynChoices):
    drag: DragController  # the kit's typed drag, always set here

    def __init__(self, app: AppPort, match: Match, **kwargs: Any) -> None:
        self.memory = Memory()
        self.look_pending: int | None = None  # a person shown a card who has not looked yet
        self.eyes_drawn: list[tuple[str, int]] = []  # (zone, turn seen): the last frame's eyes
        self.held_up: list[CardSprite] = []  # row cards held up to look (hold to view)
        super().__init__(app, match, **kwargs)
        self.drag = DragController(self.presenter, self._can_pick, self._drop, self._click)

    # --- who sees what ----------------------------------------------------------------------
    def private_requests(self) -> list[int]:
        """A person just shown a card (Insight, Spy, a Good Omen) gets the screen to look, and
        keeps it while they look (their move is made: only the look holds the screen)."""
        if self.looking_after_peek and self.private is not None:
            return [self.private]
        pending = self.look_pending
        # A look waits for a window held for another person here (docs/omyn.md, "A look and a
        # window"): open, or a claim in it still settled.
        if pending is None or self.window_for_others(pending, held=True):
            return super().private_requests()
        return [pending]

    def turned_up(self, zone: str, index: int, view: View) -> bool:
        """Face-down cards that show their face now: every row once a game is counted (and the
        Omens' card turned from the draw pile), and the cards a person holds up to look."""
        assert isinstance(view, OmynView)
        name = parse_zone(zone)
        counted = view.phase == "over" or (view.phase == "setup" and view.game_number > 0)
        if name.family == "row":
            sprites = self.presenter.zones.get(zone, [])
            held = index < len(sprites) and sprites[index] in self.held_up
            return counted or held
        if zone == "draw" and counted and index < len(view.draw):
            return len(view.draw[len(view.draw) - 1 - index].known_by) == len(view.rows)
        return False

    def known_faces(self, view: View) -> Counter[str]:
        """What the zones show, and every Omen played this game: it lay face up on the pile
        for everyone, then went into the shuffle in the same move (no zone shows it after)."""
        assert isinstance(view, OmynView)
        return super().known_faces(view) + Counter(view.omens_played)

    def card_marks(self, view: View) -> dict[str, frozenset[str]]:
        """The memory aids' eyes the view gives: on every row card the viewer knows, the turn
        it learned it (when the option is on and the screen is a person's own, rows closed)."""
        assert isinstance(view, OmynView)
        if not self.eyes_shown() or view.seat is None:
            return {}
        return {
            f"row:{seat}:{slot}": frozenset({f"seen on turn {card.since}"})
            for seat, row in enumerate(view.rows)
            for slot, card in enumerate(row)
            if card.face is not None and card.since is not None
        }

    def drawn_marks(self) -> dict[str, frozenset[str]]:
        return {zone: frozenset({f"seen on turn {turn}"}) for zone, turn in self.eyes_drawn}

    def eyes_shown(self) -> bool:
        """Are the memory aids' eyes on the table now (``memory.draw_memory``)?"""
        viewer = self.viewer
        return (
            self.memory_aids()
            and not self.curtain.active
            and not self.revealed()
            and viewer is not None
            and viewer in self.humans
        )

    # --- reflexes ----------------------------------------------------------------------------
    def on_reflex(self, press: Press, window: Window) -> None:
        view = self.omyn_view(press.seat)
        if view.window is None:
            return
        slot = self._slot_at(press.pos, press.seat) if press.pos is not None else None
        if view.window.claimant == press.seat:
            if slot is not None:
                self.submit(PickSlot(press.seat, slot))
            return
        if slot is None:
            slot = self.lesson_claim_slot(press.seat)
        self.claim(Claim(press.seat, slot, view.window.number), press, window)

    def lesson_claim_slot(self, seat: int) -> int | None:
        """In a lesson whose step asks for a claim on one lit slot, the claim key names that
        slot at once (the lesson takes the claim only with its slot: no second step to name
        it while the note is read). None otherwise: the slot is named next, as always."""
        if self.coach is None:
            return None
        claims = [a for a in self.offered(seat) if isinstance(a, Claim)]
        slots = {a.slot for a in claims}
        return slots.pop() if len(slots) == 1 else None

    def _slot_at(self, pos: tuple[int, int], seat: int) -> int | None:
        sprite = self.layer.hit(pos, f"row:{seat}:")
        return parse_zone(sprite.zone).slot if sprite is not None else None

    # --- mouse ------------------------------------------------------------------------------
    def _can_pick(self, sprite: CardSprite) -> bool:
        seat = self.acting_seat()
        if seat is None:
            return False
        stage = self.stage()
        if stage == "play":
            return sprite.zone == f"drawn:{seat}" or sprite.zone.startswith(f"row:{seat}:")
        if stage == "arrange":
            return sprite.zone == "draw"
        return False

    def _drop(self, sprite: CardSprite, pos: tuple[int, int]) -> bool:
        seat = self.acting_seat()
        if seat is None:
            return False
        under = self._sprite_under(pos, sprite)
        if sprite.zone == f"drawn:{seat}":
            pile = self.presenter.zone("pile")
            if (
                self._near(pos, "pile")
                or (under is not None and under.zone == "pile")
                or not pile
                and self._near(pos, "pile")
            ):
                return self.submit(Drop(seat))
            if under is not None and under.zone.startswith(f"row:{seat}:"):
                return self.submit(Swap(seat, parse_zone(under.zone).slot or 0))
            return False
        mine = parse_zone(sprite.zone).slot or 0
        if under is not None and under.zone == f"drawn:{seat}":
            return self.submit(PairDrawn(seat, mine))
        if under is not None and under.zone.startswith(f"row:{seat}:"):
            other = parse_zone(under.zone).slot or 0
            if other != mine:
                return self.submit(PairSlots(seat, min(mine, other), max(mine, other), other))
        return False

    def _near(self, pos: tuple[int, int], zone: str) -> bool:
        spot = self.spot_for(zone, 0, 1)
        w, h = self.layout.card_size
        return abs(pos[0] - spot.x) < w * 0.8 and abs(pos[1] - spot.y) < h * 0.7

    def _sprite_under(self, pos: tuple[int, int], moving: CardSprite) -> CardSprite | None:
        for other in reversed(self.layer.ordered()):
            if (
                other is not moving
                and other.visible
                and other.rect(self.layer.card_size).collidepoint(pos)
            ):
                return other
        return None

    def _click(self, sprite: CardSprite) -> None:
        name = parse_zone(sprite.zone)
        if name.family == "row" and name.seat is not None:
            self._name_slot(name.seat, name.slot or 0)

    def click_card(self, pos: tuple[int, int]) -> bool:
        """A click that the drag controller did not take: a slot to name, the draw pile."""
        sprite = self.layer.hit(pos)
        if sprite is None:
            return False
        seat = self.acting_seat()
        if sprite.zone == "draw" and seat is not None and self.stage() == "start":
            return self.submit(Draw(seat))
        name = parse_zone(sprite.zone)
        if name.family == "row" and name.seat is not None:
            self._name_slot(name.seat, name.slot or 0)
            return True
        return False

    # --- keys and the rest ------------------------------------------------------------------
    def done_looking(self) -> None:
        self.looking_after_peek = False
        self.memory.done_looking()
        self.blocked = False
        self._interaction_key = None

    def handle(self, event: pygame.event.Event) -> bool:
        """In a lesson, the note's Next (shown with the cards just looked at) also ends the
        look: one key, as the note says, not a second one the note does not mention."""
        coach = self.coach
        if (
            coach is not None
            and self.looking_after_peek
            and coach.tutor.wants_next
            and self.app.intent(event) in ("play", "ready")
        ):
            self.done_looking()
        return super().handle(event)

    def interaction_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        if self._look(event, intent):
            return True
        if self.show_help:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.show_help = False
                return True
            return False
        if intent == "help":
            self.show_help = True
            return True
        if self.hud_blocking(event, intent):
            return True
        if event.type == pygame.MOUSEMOTION:
            sprite = self.layer.hit(event.pos)
            self.hover_reason = self.dim_reason(sprite) if sprite is not None else ""
        for button in self.buttons:
            if button.handle(event):
                return True
        if self.looking_after_peek:
            if (
                intent in ("play", "ready")
                or event.type == pygame.MOUSEBUTTONUP
                and event.button == 3
            ):
                self.done_looking()
                return True
            return False
        stage = self.stage()
        if stage == "arrange" and self._arrange_keys(event, intent):
            return True
        if self.choice is not None and self.choice.handle(event, intent):
            return True
        if self.drag.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click_card(event.pos)
        slot = slot_key(event)
        if slot is not None:
            seat = self.picking_seat() if stage == "pick" else None
            if seat is None:
                seat = self.focus[0] if stage in ("theirs", "any", "player") else self.acting_seat()
            if seat is not None:
                self._name_slot(seat, slot)
            return True
        if (
            event.type == pygame.KEYDOWN
            and stage in STEP_PROMPTS
            and intent in ("left", "right", "up", "down", "play")
        ):
            return self._walk_targets(stage, intent)
        return False

    def revealed(self) -> bool:
        """Are the rows turned up for everyone (the end of a game)?"""
        return self.match.is_over()

    def hud_blocking(self, event: pygame.event.Event, intent: str | None) -> bool:
        """The final reveal waits for Space or a click (the table overrides)."""
        return False

    def _walk_targets(self, stage: str, intent: str | None) -> bool:
        lit = sorted(self._target_slots(stage))
        if not lit:
            return False
        if intent == "play":
            if self.focus in lit:
                self._name_slot(*self.focus)
            return True
        if self.focus not in lit:
            self.focus = lit[0]
        seats = sorted({s for s, _ in lit})
        seat, slot = self.focus
        if intent in ("left", "right"):
            row = [p for p in lit if p[0] == seat]
            i = row.index(self.focus) + (1 if intent == "right" else -1)
            self.focus = row[i % len(row)]
        else:
            i = seats.index(seat) + (1 if intent == "down" else -1)
            new_seat = seats[i % len(seats)]
            row = [p for p in lit if p[0] == new_seat]
            self.focus = row[min(slot, len(row) - 1)]
        self._interaction_key = None
        return True

    def _arrange_keys(self, event: pygame.event.Event, intent: str | None) -> bool:
        if event.type != pygame.KEYDOWN or not self.order:
            return False
        if intent in ("left", "right"):
            self.order_focus = (self.order_focus + (1 if intent == "right" else -1)) % len(
                self.order
            )
            return True
        if intent == "up" and self.order_focus > 0:
            i = self.order_focus
            self.order[i - 1], self.order[i] = self.order[i], self.order[i - 1]
            self.order_focus -= 1
            return True
        return False

    def swap_order(self, a: int, b: int) -> None:
        if 0 <= a < len(self.order) and 0 <= b < len(self.order):
            self.order[a], self.order[b] = self.order[b], self.order[a]

    def _look(self, event: pygame.event.Event, intent: str | None) -> bool:
        """Hold to view: the look key shows the cards you may look at (``may_look``) while it
        is held; the mouse held on one of them shows that card."""
        look_key = self.binding("look", "tab")
        if event.type == pygame.KEYDOWN and pygame.key.name(event.key) == look_key:
            self._turn_known(None, True)
            return True
        if event.type == pygame.KEYUP and pygame.key.name(event.key) == look_key:
            self._turn_known(None, False)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            sprite = self.layer.hit(event.pos, "row:")
            if sprite is not None and self.private is not None and self.may_look(sprite):
                self._turn_known(sprite, True)
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self._turn_known(None, False)
        return False

    def sprite_known(self, sprite: CardSprite) -> bool:
        seat = self.private
        return (
            seat is not None
            and sprite.card is not None
            and (sprite.known_by is None or seat in sprite.known_by)
        )

    def memory_aids(self) -> bool:
        return bool(self.match.options.get("memory_aids", False))

    def may_look(self, sprite: CardSprite) -> bool:
        """A card the look key may show: any card you know with the memory aids on; without
        them only what you learned this turn (nothing else on the screen remembers for you)."""
        if not self.sprite_known(sprite):
            return False
        return self.memory_aids() or self.revealed() or self.memory.fresh(sprite)

    def _turn_known(self, only: CardSprite | None, up: bool) -> None:
        if self.private is None:
            if up:
                self.refuse("Your cards can be looked at only on your own screen or turn")
            return
        rows = [s for z, ss in self.presenter.zones.items() if z.startswith("row:") for s in ss]
        if up:
            known = [s for s in rows if self.may_look(s) and (only is None or s is only)]
            self.held_up = known
            self.presenter.turn_up(known, True)
        else:
            self.held_up = []
            if not self.revealed():
                self.presenter.turn_up(rows, False)
