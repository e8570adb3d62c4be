"""The Om Nom Nom table: secret picks, the reveal, three boards resolving top down, rounds.

Hands are public in Om Nom Nom (everyone knows which animals a colour has left); only the pick
is secret. So every seat's cards lie face up in slots (one per animal: keys 1–6), and a pick
never moves a card out of its slot in the zones: where a picked card is drawn depends on who
looks (``self.audience``). Its owner sees it on the pick spot; everyone else sees only a ✓ on
the plate. At the reveal all picks fly out of their slots face down, turn at once and fly to
their boards; each board then resolves top down, one step at a time, with arrows from the
eaters to what they eat and the split spelled out (``resolve_turn(...).steps``: the rules'
own arithmetic), and the catches fly to their owners.

Round 1's dice are rolled by ``new_state`` (no event): the table reads them from the first view
and, when no move has been made yet, rolls them onto the boards itself. The rules need no
deadline for it, and a resumed match simply shows the dice where they lie.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core.events import CardMoved, CardRevealed, GameOver, Scored
from game.core.match import Match
from game.core.views import View
from game.omnomnom.cards import (
    ANIMALS,
    BOARDS,
    FACES,
    ROUNDS,
    board_zone,
    card_id,
    parse_card,
)
from game.omnomnom.resolve import CAPTURED, DISCARDED, FRONT, BoardStep, TurnResult, resolve_turn
from game.omnomnom.rules import (
    DiceMoved,
    DiceRolled,
    OmNomNomState,
    Pick,
    RoundCleared,
    TurnBegan,
)
from game.omnomnom.view import OmNomNomView
from scenes.omnomnom.faces import OmNomNomFaces, die_card, is_die
from scenes.omnomnom.layout import BOARD_CARD, BOARD_DIE, FRONT_CARD, FRONT_DIE, Geometry
from scenes.table.base import TableScene, ZoneCards
from scenes.table.drag import DragController
from scenes.table.faces import FaceRenderer
from scenes.table.hud import HudButton
from scenes.table.layout import Spot
from scenes.table.reflex import key_label
from scenes.table.sprites import CardSprite
from scenes.table.tween import Tween
from scenes.table.zones import ZoneSpec, parse_zone

if TYPE_CHECKING:
    from scenes.app import App

SUMMARY_AUTO_MS = 4000  # a table with no person moves on from the round summary by itself
FLIP_AT_MS = 420.0  # picks leave their slots face down, then all turn at once
FLY_AT_MS = 1000.0  # ... and fly to their boards
LAND_MS = 1650.0  # the first board starts resolving once every card has landed
STEP_MS = 1500.0  # one board: arrows and the split, then the catches fly
ARROWS_MS = 950.0  # how long the arrows show before the catches fly
QUIET_STEP_MS = 700.0  # a board where nothing is eaten
ROLL_MS = 900.0

# With the rule option own_keys, each person picks with six keys of their own, far apart on
# the keyboard (number row, the three letter rows, the F keys, the numpad), so several people
# pick at once with no curtain: nothing shows what was picked but the ✓.
OWN_KEYS: tuple[tuple[int, ...], ...] = (
    (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6),
    (pygame.K_q, pygame.K_w, pygame.K_e, pygame.K_r, pygame.K_t, pygame.K_y),
    (pygame.K_a, pygame.K_s, pygame.K_d, pygame.K_f, pygame.K_g, pygame.K_h),
    (pygame.K_z, pygame.K_x, pygame.K_c, pygame.K_v, pygame.K_b, pygame.K_n),
    (pygame.K_F1, pygame.K_F2, pygame.K_F3, pygame.K_F4, pygame.K_F5, pygame.K_F6),
    (pygame.K_KP1, pygame.K_KP2, pygame.K_KP3, pygame.K_KP4, pygame.K_KP5, pygame.K_KP6),
)
OWN_KEY_NAMES = ("1–6", "Q–Y", "A–H", "Z–N", "F1–F6", "numpad 1–6")

BOARD_FAMILIES = tuple(f"board:{b.name}:{level}" for b in BOARDS for level in ("top", "middle"))
SPACE_FAMILIES = tuple(f"space:{face}" for face in FACES)


@dataclass
class Resolving:
    """The board being resolved now, for the HUD's arrows and words."""

    board: int
    step: BoardStep
    picks: tuple[str, ...]


@dataclass
class RoundSummary:
    round: int
    rows: list[tuple[int, int, int, int, int, int]]  # seat, cards, black, red, round, total
    last: bool


@dataclass
class OmNomNomHud:
    """What the table has shown so far (it trails the match while animations run)."""

    round: int = 1
    turn: int = 1
    picked: set[int] = field(default_factory=set)
    round_points: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    resolving: Resolving | None = None
    summary: RoundSummary | None = None
    summary_ms: float = 0.0
    game_over: GameOver | None = None


class OmNomNomTable(TableScene):
    name = "table:omnomnom"
    ZONES = (
        ZoneSpec("hand", "cell", "everyone", owned=True, z=200),
        ZoneSpec("picked", "cell", "everyone", owned=True, z=700),
        ZoneSpec("stack", "cell", "nobody", owned=True, z=220),
        ZoneSpec("front", "cell", "everyone", owned=True, z=300),
        ZoneSpec("dice", "cell", "everyone", owned=True, z=320),
        ZoneSpec("discard", "cell", "everyone", z=150),
        ZoneSpec("pool", "cell", "everyone", z=600),
        *(ZoneSpec(family, "cell", "everyone", z=400) for family in BOARD_FAMILIES),
        *(ZoneSpec(family, "cell", "everyone", z=380) for family in SPACE_FAMILIES),
    )

    def __init__(self, app: App, match: Match, **kwargs: Any) -> None:
        self.hud = OmNomNomHud()
        self.geo: Geometry | None = None
        self.pick_cards: dict[
            int, str
        ] = {}  # seat -> its face-down card, where this screen knows it
        self.selected = 0
        self._placed_for: object = ()
        self._turn_result: TurnResult | None = None
        self.show_help = False
        self.revealing = False  # from the first card turned until the next turn begins
        self._view: OmNomNomView | None = None
        self._view_key: tuple[object, ...] | None = None
        super().__init__(app, match, **kwargs)
        self.drag = DragController(self.presenter, self._can_pick, self._drop, self._click)
        self.buttons = [
            HudButton(f"Menu ({key_label('escape')})", lambda: self.app.open_pause(self))
        ]
        if not match.log and not self.replaying:
            self._roll(self.view.spaces, from_pool=False)

    def face_renderer(self) -> FaceRenderer:
        return OmNomNomFaces()

    @property
    def view(self) -> OmNomNomView:
        """The viewer's view, built once per move (the HUD asks for it many times a frame)."""
        state = self.match.state
        assert isinstance(state, OmNomNomState)
        # Every move changes one of these (a replay swaps the state itself, with no log).
        key = (id(state), state.round_index, state.turn_index, tuple(state.picks), self.viewer)
        if self._view_key != key or self._view is None:
            view = self.match.view(self.viewer)
            assert isinstance(view, OmNomNomView)
            self._view, self._view_key = view, key
        return self._view

    @property
    def virtual(self) -> tuple[bool, ...]:
        return self.view.virtual

    # --- zones --------------------------------------------------------------------------------
    def zone_cards(self, view: View) -> ZoneCards:
        assert isinstance(view, OmNomNomView)
        zones: dict[str, list[str | None]] = {}
        for seat in range(view.players):
            if view.virtual[seat]:
                stack = view.stacks[seat - 1] if view.stacks else ()
                known: list[str | None] = [card_id(a, seat) for a in reversed(stack)]
                zones[f"stack:{seat}"] = known or [None] * len(view.hands[seat])
            else:
                for animal in view.hands[seat]:
                    zones[f"hand:{seat}:{ANIMALS.index(animal)}"] = [card_id(animal, seat)]
            zones[f"front:{seat}"] = list(view.front_cards[seat])
            zones[f"dice:{seat}"] = [
                die_card(f) for f, n in view.front_dice[seat] for _ in range(n)
            ]
        zones["discard"] = list(view.discard)
        for face, count in view.spaces:
            zones[f"space:{face}"] = [die_card(face)] * count
        return zones

    def relayout(self) -> None:
        super().relayout()
        self.geo = Geometry(self.layout)

    @property
    def g(self) -> Geometry:
        assert self.geo is not None
        return self.geo

    def scale_for(self, zone: str) -> float:
        name = parse_zone(zone)
        family = name.family
        if family in ("hand", "picked", "stack"):
            return self.g.hand_scale(name.seat or 0)
        if family == "front" or family == "discard":
            return FRONT_CARD
        if family == "dice":
            return FRONT_DIE
        if family.startswith("board:"):
            return BOARD_CARD
        return BOARD_DIE  # spaces and the pool

    def place_zone(self, zone: str, index: int, count: int) -> Spot:
        g = self.g
        name = parse_zone(zone)
        family, seat = name.family, name.seat or 0
        if family == "hand":
            slot = name.slot or 0
            if self.pick_cards.get(seat) == card_id(ANIMALS[slot], seat) and self._sees_pick(seat):
                return g.pick_spot(seat)
            return g.hand_spot(seat, slot)
        if family == "picked":
            return g.pick_spot(seat)
        if family == "stack":
            return g.stack_spot(seat, index)
        if family == "front":
            return g.front_card_spot(seat, index, count)
        if family == "dice":
            return g.front_die_spot(seat, index, count)
        if family == "discard":
            return g.discard_spot(index, count)
        if family == "pool":
            return g.pool_spot(index)
        if family.startswith("board:"):
            _, board, level = family.split(":")
            number = next(i for i, b in enumerate(BOARDS) if b.name == board)
            return g.board_card_spot(number, level, index, count)
        if family.startswith("space:"):
            return g.space_spot(family.split(":")[1], index, count)
        raise KeyError(zone)

    def _sees_pick(self, seat: int) -> bool:
        """May everyone looking now see ``seat``'s face-down card?"""
        audience = self.audience
        return audience is None or audience <= {seat}

    def plate_spot(self, seat: int) -> tuple[tuple[float, float], str]:
        return self.g.plate(seat)

    def caption_spot(self, seat: int) -> tuple[float, float]:
        return self.g.caption(seat)

    def after_snap(self, view: View) -> None:
        assert isinstance(view, OmNomNomView)
        hud = self.hud
        hud.round, hud.turn = view.round, view.turn
        self.revealing = False
        hud.picked = {s for s, done in enumerate(view.picked) if done}
        hud.round_points, hud.totals = list(view.round_points), list(view.totals)
        hud.resolving = None
        self.pick_cards = {s: card_id(p, s) for s, p in enumerate(view.picks) if p is not None}
        self._placed_for = self.audience

    def _place_for_audience(self) -> None:
        """Who looks changed (a curtain rose or fell): a face-down pick goes back into its slot
        for anyone who may not know it, at once."""
        if self._placed_for == self.audience:
            return
        self._placed_for = self.audience
        for seat in self.pick_cards:
            slot = ANIMALS.index(parse_card(self.pick_cards[seat])[0])
            zone = f"hand:{seat}:{slot}"
            for sprite in self.presenter.zone(zone):
                spot = self.place_zone(zone, 0, 1)
                self.presenter.tweens.stop(sprite)
                sprite.x, sprite.y = spot.x, spot.y

    def shows_level(self, seat: int) -> bool:
        return not self.virtual[seat]  # a solo colour is no bot: its stack turns by itself

    def seat_chips(self, seat: int) -> list[str]:
        chips = []
        if self.hud.totals:
            points = self.hud.totals[seat] + (
                self.hud.round_points[seat] if self.hud.round_points else 0
            )
            chips.append(f"{points} pt{'s' if points != 1 else ''}")
        if seat in self.hud.picked and not (self.virtual[seat]):
            chips.append("✓")
        return chips

    def current_turn(self) -> int | None:
        return None  # everyone picks at once: the ✓ chips say who is still to pick

    # --- events → animations ------------------------------------------------------------------
    def register_handlers(self) -> None:
        on = self.presenter.on
        on(CardMoved, self._card_moved)
        on(CardRevealed, self._card_revealed)
        on(DiceMoved, self._dice_moved)
        on(TurnBegan, self._turn_began)
        on(Scored, self._scored)
        on(RoundCleared, self._round_cleared)
        on(DiceRolled, lambda e: self._roll(e.spaces, from_pool=True))
        on(GameOver, self._game_over)

    def _card_moved(self, event: CardMoved) -> float:
        src, dst = parse_zone(event.src), parse_zone(event.dst)
        p = self.presenter
        if dst.family == "picked" and src.family == "hand":
            seat = dst.seat or 0
            self.hud.picked.add(seat)
            if event.card is not None:
                self.pick_cards[seat] = event.card
                self._settle_slot(event.card, 320)
                p.sound("play")
            return 160.0
        if src.family == "picked" and dst.family == "hand":  # a change of mind
            seat = src.seat or 0
            card = self.pick_cards.pop(seat, None)
            if card is not None:
                self._settle_slot(card, 260)
            return 0.0
        if src.family == "stack":  # solo: a colour's stack turns its top card
            seat = src.seat or 0
            self.revealing = True
            sprite = p.move(event.src, event.dst, event.card, None)
            p.fly(sprite, self.g.pick_spot(seat), 420, flip=1.0, scale=self.scale_for(event.dst))
            p.settle(event.src, 200)
            self.caption(seat, "turns its top card", 1200)
            return 380.0
        if src.family == "picked":  # the reveal: to the boards, once all have turned
            sprite = p.move(event.src, event.dst, event.card, None)
            p.settle(event.dst, 560, delay=FLY_AT_MS)
            sprite.z = 900
            return 0.0
        if src.family.startswith("board:"):
            # The first card to leave a board scripts the whole turn; the rest are in it.
            return 0.0 if self._turn_result is not None else self._resolve(event)
        p.move(event.src, event.dst, event.card, event.known_to)
        p.settle(event.src, 240)
        p.settle(event.dst, 380)
        return 120.0

    def _settle_slot(self, card: str, duration: float) -> None:
        animal, seat = parse_card(card)
        self.presenter.settle(f"hand:{seat}:{ANIMALS.index(animal)}", duration)

    def _card_revealed(self, event: CardRevealed) -> float:
        """A pick turns: out of its slot face down, then up with every other one."""
        p = self.presenter
        animal, seat = parse_card(event.card)
        sprite = p.move(f"hand:{seat}:{ANIMALS.index(animal)}", event.zone, event.card, None)
        sprite.z = 900
        sprite.selected, sprite.lift, sprite.dim = False, 0.0, False  # no longer in the hand
        p.fly(sprite, self.g.pick_spot(seat), 300, flip=0.0, scale=self.scale_for(event.zone))
        self.after(FLIP_AT_MS, lambda: self._turn_over(sprite))
        if not self.hud.resolving:
            self.hud.picked.clear()
            self.revealing = True
            self.message.prompt = "All picks are in: the reveal!"
            self.after(FLIP_AT_MS, lambda: p.sound("deal"))
        return 0.0

    def _finish_script(self) -> None:
        """At instant speed the next events come in the same frame as the resolution's timers:
        the turn's script must have run before anything else moves."""
        self.presenter.timers.finish_all()

    def _turn_over(self, sprite: CardSprite, duration: float = 320.0) -> None:
        """Turn a piece face up where it is (its flight, if any, goes on)."""
        self.presenter.tweens.add(Tween(sprite, {"flip": 1.0}, self.presenter.ms(duration)))

    def _resolve(self, first: CardMoved) -> float:
        """The first card leaving a board: script the whole turn, board by board, from the
        rules' own resolution of the picks now on the boards."""
        p = self.presenter
        players = self.match.state.players
        picks: list[str] = [""] * players
        for family in BOARD_FAMILIES:
            for sprite in p.zone(family):
                if sprite.card is not None:
                    animal, seat = parse_card(sprite.card)
                    picks[seat] = animal
        spaces = {face: len(p.zone(f"space:{face}")) for face in FACES}
        if "" in picks:  # the table lost track (a rebuilt table mid-turn): just move the card
            self.presenter.move(first.src, first.dst, first.card, None)
            self.presenter.settle(first.dst, 380)
            return 200.0
        result = resolve_turn(picks, spaces)
        self._turn_result = result
        at = LAND_MS
        for number, step in enumerate(result.steps):
            if not step.eaters:
                continue
            quiet = step.each == 0 and not step.prey_cards
            self.after(at, partial(self._show_step, number, step, tuple(picks)))
            self.after(
                at + (QUIET_STEP_MS * 0.6 if quiet else ARROWS_MS),
                partial(self._finish_board, number, result, picks),
            )
            at += QUIET_STEP_MS if quiet else STEP_MS
        self.after(at, self._resolved)
        return at + 200.0

    def _show_step(self, board: int, step: BoardStep, picks: tuple[str, ...]) -> None:
        self.hud.resolving = Resolving(board, step, picks)
        self.message.prompt = step_sentence(step)

    def _finish_board(self, board: int, result: TurnResult, picks: list[str]) -> None:
        """The catches of one board fly to their owners; discarded cards to the discard."""
        p = self.presenter
        spec = BOARDS[board]
        for seat, animal in enumerate(picks):
            if animal not in (spec.top, spec.middle):
                continue
            fate = result.fates[seat]
            owner = result.captors[seat] if fate == CAPTURED else seat
            dst = "discard" if fate == DISCARDED else f"front:{owner}"
            src = board_zone(animal)
            p.move(src, dst, card_id(animal, seat), None)
            p.settle(src, 300)
            p.settle(dst, 520)
        for seat, taken in enumerate(result.dice_taken):
            for face, count in taken:
                if face in (spec.middle, spec.bottom):
                    for _ in range(count):
                        p.move(f"space:{face}", f"dice:{seat}", die_card(face), None)
                    p.settle(f"space:{face}", 300)
                    p.settle(f"dice:{seat}", 520)
        self._update_points(result, picks, board)
        p.sound("trick")

    def _update_points(self, result: TurnResult, picks: list[str], board: int) -> None:
        if not self.hud.round_points:
            return
        spec = BOARDS[board]
        for seat, animal in enumerate(picks):
            if animal in (spec.top, spec.middle) and result.fates[seat] == FRONT:
                self.hud.round_points[seat] += 1
            captor = result.captors[seat]
            if animal in (spec.top, spec.middle) and captor is not None:
                self.hud.round_points[captor] += 1
        for seat, taken in enumerate(result.dice_taken):
            for face, count in taken:
                if face in (spec.middle, spec.bottom):
                    self.hud.round_points[seat] += count * (2 if face == spec.bottom else 1)

    def _resolved(self) -> None:
        self.hud.resolving = None
        self.message.prompt = ""

    def _dice_moved(self, event: DiceMoved) -> float:
        """Dice the resolution script already moved are skipped; any other die just moves."""
        if self._turn_result is not None:
            return 0.0
        p = self.presenter
        for _ in range(event.count):
            p.move(event.src, event.dst, die_card(event.face), None)
        p.settle(event.src, 260)
        p.settle(event.dst, 420)
        return 200.0

    def _turn_began(self, event: TurnBegan) -> float:
        self._finish_script()
        self._turn_result = None
        self.hud.round, self.hud.turn = event.round, event.turn
        self.revealing = False
        self.hud.picked = set()
        self.pick_cards = {}
        self.hud.resolving = None
        self.selected = 0
        return 0.0

    def _scored(self, event: Scored) -> float:
        self._finish_script()
        self._turn_result = None
        rows = []
        for seat in range(self.match.state.players):
            cards = len(self.presenter.zone(f"front:{seat}"))
            dice = [s.card for s in self.presenter.zone(f"dice:{seat}")]
            black = sum(1 for d in dice if d is not None and d.removeprefix("die:") in BLACK)
            red = len(dice) - black
            rows.append((seat, cards, black, red, event.deltas[seat], event.totals[seat]))
        self.hud.summary = RoundSummary(self.hud.round, rows, self.hud.round >= ROUNDS)
        self.hud.summary_ms = SUMMARY_AUTO_MS * self.presenter.time_scale
        self.hud.totals = list(event.totals)
        self.hud.round_points = [0] * self.match.state.players
        self.message.prompt = ""
        self.blocked = True
        return 10**9  # the round's cleanup waits until the summary is closed

    def _round_cleared(self, event: RoundCleared) -> float:
        """Every card back to its colour's slots (or stack), every die to the pool."""
        self._finish_script()
        p = self.presenter
        for zone, sprites in list(p.zones.items()):
            for sprite in list(sprites):
                if sprite.card is None:
                    continue
                if is_die(sprite.card):
                    dst = "pool"
                else:
                    animal, seat = parse_card(sprite.card)
                    dst = (
                        f"stack:{seat}"
                        if self.virtual[seat]
                        else f"hand:{seat}:{ANIMALS.index(animal)}"
                    )
                    if self.virtual[seat]:
                        sprite.card = None  # shuffled back into a face-down stack
                if dst != zone:
                    sprites.remove(sprite)
                    p.put(sprite, dst)
        for zone in list(p.zones):
            p.settle(zone, 520)
        self.hud.round = event.round + 1
        self.hud.turn = 1
        self.message.prompt = (
            f"Round {event.round + 1}: everything comes back; the dice are rolled again."
        )
        return 650.0

    def _roll(self, spaces: tuple[tuple[str, int], ...], from_pool: bool) -> float:
        """The 15 dice tumble from the middle onto their spaces, showing their new faces."""
        p = self.presenter
        pool = p.zone("pool")
        dice = list(pool) if from_pool else [s for f in FACES for s in p.zone(f"space:{f}")]
        for sprite in dice:
            p.zone(sprite.zone).remove(sprite)
        queue = [face for face, count in spaces for _ in range(count)]
        for index, (sprite, face) in enumerate(zip(dice, queue, strict=False)):
            spot = self.g.pool_spot(index)
            sprite.x, sprite.y, sprite.angle = spot.x, spot.y, spot.angle
            sprite.card = die_card(face)
            sprite.flip = 0.0
            p.put(sprite, f"space:{face}")
        for face in FACES:
            p.settle(f"space:{face}", ROLL_MS, delay=120)  # they land face up: the new faces
        p.sound("shuffle")
        return ROLL_MS + 300.0

    def _game_over(self, event: GameOver) -> float:
        self.hud.game_over = event
        self.revealing = False
        self.message.prompt = ""
        self.presenter.sound("win")
        return 0.0

    def tick(self, dt_ms: int) -> None:
        if self.hud.summary is not None and self.auto_continue:
            self.hud.summary_ms -= dt_ms
            if self.hud.summary_ms <= 0:
                self.close_summary()

    def close_summary(self) -> None:
        if self.hud.summary is not None:
            self.hud.summary = None
            self.presenter.wait_ms = 0.0
        self.blocked = False

    def settle_now(self) -> None:
        self.close_summary()
        self.hud.resolving = None

    def skip(self) -> None:
        """Click or Space while things move: every running animation jumps to its end."""
        self.presenter.finish()
        self.hud.resolving = None

    @classmethod
    def results_lines(cls, match: Match) -> list[str]:
        return results_lines(match)

    # --- interaction --------------------------------------------------------------------------
    # --- several people, each with their own keys -----------------------------------------------
    def own_keys(self) -> bool:
        return bool(self.match.options.get("own_keys")) and len(self.watchers) > 1

    def needs_private(self, seat: int) -> bool:
        return not self.own_keys() and super().needs_private(seat)

    def own_key_pick(self, event: pygame.event.Event) -> bool:
        """A person's own key: their pick (or a change of it), with nothing shown but the ✓."""
        for seat in self.humans:
            keys = OWN_KEYS[seat % len(OWN_KEYS)]
            if event.key not in keys:
                continue
            animal, name = ANIMALS[keys.index(event.key)], self.seat_name(seat)
            view = self.match.view(seat)
            assert isinstance(view, OmNomNomView)
            if self.showing_reveal():
                self.refuse("Wait: the reveal is still being shown")
            elif self.virtual[seat] or self.match.is_over():
                pass
            elif animal not in view.hands[seat]:
                self.refuse(f"{name}: your {animal} is already played this round")
            elif view.picks[seat] is not None and not self.match.state.to_act():
                self.refuse("Everyone has picked: the reveal is on its way")
            elif view.picks[seat] != animal:  # the same key again changes nothing, silently
                self.submit(Pick(seat, animal))
            return True
        return False

    def waiting_prompt(self) -> str:
        if self.own_keys():
            people = [s for s in self.humans if s in self.match.state.to_act()]
            if people:
                keys = ", ".join(
                    f"{self.seat_name(s)} {OWN_KEY_NAMES[s % len(OWN_KEY_NAMES)]}" for s in people
                )
                return f"Pick with your own keys: {keys}. Another of your keys changes your pick."
        return self.base_waiting_prompt()

    def my_turn(self) -> bool:
        seat = self.private
        return (
            seat is not None
            and not self.curtain.active
            and not self.match.seats[seat].is_bot
            and not self.match.is_over()
            and not self.virtual[seat]
            and not self.showing_reveal()
            and (seat in self.match.state.to_act() or self._may_change(seat))
        )

    def showing_reveal(self) -> bool:
        """Is a reveal (or the round's end) still being shown? The next turn's pick waits."""
        return self.revealing or self.hud.summary is not None or bool(self.presenter.queue)

    def _may_change(self, seat: int) -> bool:
        """A person who has picked may change their card until the last seat has picked."""
        return seat in self.pick_cards and bool(self.match.state.to_act())

    def my_cards(self) -> list[CardSprite]:
        if self.private is None:
            return []
        return [
            sprite
            for slot in range(len(ANIMALS))
            for sprite in self.presenter.zone(f"hand:{self.private}:{slot}")
        ]

    def refresh_interaction(self) -> None:
        self._place_for_audience()
        mine = self.my_cards()
        picked = self.pick_cards.get(self.private) if self.private is not None else None
        for sprite in mine:
            sprite.dim = False
            sprite.selected = False
            sprite.lift = 0.0
        if not self.my_turn():
            if not self.hud.resolving and not self.hud.summary:
                self.message.prompt = self.waiting_prompt()
            return
        cards = [s for s in mine if s.card != picked]
        if cards:
            self.selected %= len(cards)
            cards[self.selected].selected = True
            cards[self.selected].lift = self.layout.card_size[1] * 0.12
        keys = "1–6"
        if picked is not None:
            self.message.prompt = f"Your pick: {parse_card(picked)[0]}. Pick another to change it ({keys}) until everyone has picked."
        else:
            self.message.prompt = f"Pick an animal: click it, drag it to the pick spot, or press {keys} (Left/Right and Enter)."

    def base_waiting_prompt(self) -> str:
        to_act = self.match.state.to_act()
        if not to_act:
            return ""
        names = [self.seat_name(s) for s in sorted(to_act)]
        if len(names) == 1:
            return f"Waiting for {names[0]} to pick…"
        return f"Waiting for {', '.join(names[:-1])} and {names[-1]} to pick…"

    def pick(self, animal: str) -> bool:
        seat = self.private
        if seat is None or not self.my_turn():
            who = sorted(self.match.state.to_act())
            if self.showing_reveal():
                self.refuse("Wait: the reveal is still being shown")
            elif seat is not None and seat in self.pick_cards:
                self.refuse("Everyone has picked: the reveal is on its way")
            else:
                self.refuse(f"Wait: {self.seat_name(who[0])} is picking" if who else "Wait")
            return False
        if self.pick_cards.get(seat) == card_id(animal, seat):
            self.refuse(f"The {animal} is already your pick")
            return False
        return self.submit(Pick(seat, animal))

    def _can_pick(self, sprite: CardSprite) -> bool:
        return (
            self.private is not None
            and sprite.zone.startswith(f"hand:{self.private}:")
            and not self.curtain.active
        )

    def _drop(self, sprite: CardSprite, pos: tuple[int, int]) -> bool:
        if not self.g.pick_area().inflate(40, 40).collidepoint(pos):
            return False
        assert sprite.card is not None
        return self.pick(parse_card(sprite.card)[0])

    def _click(self, sprite: CardSprite) -> None:
        assert sprite.card is not None
        self.pick(parse_card(sprite.card)[0])

    def interaction_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        if self.show_help:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.show_help = False
                return True
            return False
        if event.type == pygame.KEYDOWN and self.own_keys() and self.own_key_pick(event):
            return True
        if intent == "help":
            self.show_help = True
            return True
        if self.hud.summary is not None:
            if intent in ("ready", "play") or (
                event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
            ):
                self.close_summary()
                return True
            return False
        for button in self.buttons:
            if button.handle(event):
                return True
        if self.presenter.busy and (
            intent in ("ready", "play")
            or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
        ):
            self.skip()
            return True
        if self.drag.handle(event):
            return True
        if event.type != pygame.KEYDOWN:
            return False
        number = event.key - pygame.K_1 if pygame.K_1 <= event.key <= pygame.K_6 else None
        if number is None and pygame.K_KP1 <= event.key <= pygame.K_KP6:
            number = event.key - pygame.K_KP1
        if number is not None:
            animal = ANIMALS[number]
            if self.private is not None and animal not in self.view.hands[self.private]:
                self.refuse(f"Your {animal} is already played this round")
                return True
            self.pick(animal)
            return True
        if intent in ("left", "right") and self.my_turn():
            self.selected += 1 if intent == "right" else -1
            self._placed_for = ()  # re-lift
            return True
        if intent == "play" and self.my_turn():
            picked = self.pick_cards.get(self.private or 0)
            cards = [s for s in self.my_cards() if s.card != picked]
            if cards:
                sprite = cards[self.selected % len(cards)]
                assert sprite.card is not None
                self.pick(parse_card(sprite.card)[0])
            return True
        return False

    def draw_under_cards(self, surface: pygame.Surface) -> None:
        self._place_for_audience()
        from scenes.omnomnom.hud import draw_boards

        draw_boards(self, surface)

    def draw_hud(self, surface: pygame.Surface) -> None:
        from scenes.omnomnom.hud import draw_hud

        draw_hud(self, surface)


BLACK = frozenset(b.middle for b in BOARDS)


def step_sentence(step: BoardStep) -> str:
    """ "Forest: 2 wolves share 3 prey (1 rabbit card, 2 rabbit dice): 1 each, 1 left." """
    from scenes.omnomnom.hud import step_words

    return " ".join(step_words(step))


def results_lines(match: Match) -> list[str]:
    view = match.view(None)
    assert isinstance(view, OmNomNomView)
    from scenes.omnomnom.hud import results_text

    return results_text(match, view)
