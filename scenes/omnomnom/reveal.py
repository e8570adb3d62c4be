"""The Om Nom Nom table's animations: the picks' ticks, a solo stack turning, the reveal (all
picks turn at once and fly to their boards), each board resolving top down from the rules' own
arithmetic (``resolve_turn(...).steps``), the catches flying home, the round's score, the
cleanup and the re-roll. ``OmNomNomTable`` (``table.py``) adds the zones and what people do.
"""

from __future__ import annotations

from functools import partial

from game.core.events import CardMoved, CardRevealed, GameOver, Scored
from game.omnomnom.cards import ANIMALS, BOARDS, FACES, ROUNDS, board_zone, card_id, parse_card
from game.omnomnom.events import DiceMoved, DiceRolled, RoundCleared, TurnBegan
from game.omnomnom.resolve import CAPTURED, DISCARDED, FRONT, BoardStep, TurnResult, resolve_turn
from game.omnomnom.state import OmNomNomState
from game.omnomnom.view import OmNomNomView
from scenes.omnomnom.faces import die_card, face_of, is_die
from scenes.omnomnom.hud import OmNomNomHud, Resolving, RoundSummary, step_words
from scenes.omnomnom.layout import Geometry
from scenes.table.base import TableScene
from scenes.table.sprites import CardSprite
from scenes.table.tween import Tween
from scenes.table.zones import parse_zone

SUMMARY_AUTO_MS = 4000  # a table with no person moves on from the round summary by itself
FLIP_AT_MS = 420.0  # picks leave their slots face down, then all turn at once
FLY_AT_MS = 1000.0  # ... and fly to their boards
LAND_MS = 1650.0  # the first board starts resolving once every card has landed
STEP_MS = 1500.0  # one board: arrows and the split, then the catches fly
ARROWS_MS = 950.0  # how long the arrows show before the catches fly
QUIET_STEP_MS = 700.0  # a board where nothing is eaten
ROLL_MS = 900.0

BOARD_FAMILIES = tuple(f"board:{b.name}:{level}" for b in BOARDS for level in ("top", "middle"))
SPACE_FAMILIES = tuple(f"space:{face}" for face in FACES)
BLACK = frozenset(b.middle for b in BOARDS)


class OmNomNomAnimations(TableScene):
    """The table's events turned into animations, and the state kept while they play."""

    hud: OmNomNomHud
    geo: Geometry | None
    pick_cards: dict[int, str]  # seat -> its face-down card, where this screen knows it
    revealing: bool  # from the first card turned until the next turn begins
    scripting: bool  # from the first card turned until every board is shown (lessons wait)
    _turn_result: TurnResult | None
    _view: OmNomNomView | None
    _view_key: tuple[object, ...] | None

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

    def relayout(self) -> None:
        super().relayout()
        self.geo = Geometry(self.layout)

    @property
    def g(self) -> Geometry:
        assert self.geo is not None
        return self.geo

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

    def _card_moved(self, event: CardMoved) -> float:
        src, dst = parse_zone(event.src), parse_zone(event.dst)
        p = self.presenter
        if dst.family == "picked" and src.family == "hand":
            seat = dst.seat or 0
            first = seat not in self.hud.picked
            self.hud.picked.add(seat)
            if event.card is not None:
                self.pick_cards[seat] = event.card
                self._settle_slot(event.card, 320)
                if first:  # a change of mind makes no sound: it would tell the table
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
        self.pick_cards.pop(seat, None)  # no longer a secret: back in its slot at the cleanup
        p.fly(sprite, self.g.pick_spot(seat), 300, flip=0.0, scale=self.scale_for(event.zone))
        self.after(FLIP_AT_MS, lambda: self._turn_over(sprite))
        if not self.hud.resolving:
            self.hud.picked.clear()
            self.revealing = self.scripting = True
            self.message.prompt = "All picks are in: the reveal!"
            self.after(FLIP_AT_MS, lambda: p.sound("deal"))
        return 0.0

    def move_shown(self, kit: bool) -> bool:
        """A reveal is shown once its last board is (its boards are scripted as pauses of one
        move: a lesson's note, which freezes the table's pauses, would come at the first). A
        round's summary is shown while the rest of its move (cleanup, new roll) waits."""
        if self.scripting:
            return False
        return kit or self.summary.open and not self.presenter.tweens.busy()

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
            self.scripting = False
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
        self.message.prompt = " ".join(step_words(step))

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
                    self._sort_dice(seat)
                    p.settle(f"space:{face}", 300)
                    p.settle(f"dice:{seat}", 520)
        self._update_points(result, picks, board)
        p.sound("trick")

    def _sort_dice(self, seat: int) -> None:
        """A seat's dice lie grouped by face in the order of ``FACES``, as its view lists them."""
        self.presenter.zone(f"dice:{seat}").sort(key=lambda s: FACES.index(face_of(s.card)))

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
        self.scripting = False
        self.hud.resolving = None
        self.message.prompt = ""

    def _dice_moved(self, event: DiceMoved) -> float:
        """Dice the resolution script already moved are skipped; any other die just moves."""
        if self._turn_result is not None:
            return 0.0
        p = self.presenter
        for _ in range(event.count):
            p.move(event.src, event.dst, die_card(event.face), None)
        if parse_zone(event.dst).family == "dice":
            self._sort_dice(parse_zone(event.dst).seat or 0)
        p.settle(event.src, 260)
        p.settle(event.dst, 420)
        return 200.0

    def _turn_began(self, event: TurnBegan) -> float:
        self._finish_script()
        self._turn_result = None
        self.hud.round, self.hud.turn = event.round, event.turn
        self.revealing = self.scripting = False
        self.hud.picked = set()
        self.pick_cards = {}
        self.hud.resolving = None
        self.selected = 0
        return 0.0

    def _scored(self, event: Scored) -> float:
        self._finish_script()
        self.scripting = False
        self._turn_result = None
        rows = []
        for seat in range(self.match.state.players):
            cards = len(self.presenter.zone(f"front:{seat}"))
            dice = [s.card for s in self.presenter.zone(f"dice:{seat}")]
            black = sum(1 for d in dice if d is not None and d.removeprefix("die:") in BLACK)
            red = len(dice) - black
            rows.append((seat, cards, black, red, event.deltas[seat], event.totals[seat]))
        summary = RoundSummary(self.hud.round, rows, self.hud.round >= ROUNDS)
        self.open_summary(summary, SUMMARY_AUTO_MS * self.presenter.time_scale)
        self.hud.totals = list(event.totals)
        self.hud.round_points = [0] * self.match.state.players
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
        if self.viewer is None:  # an open table knows each stack's new order
            for zone, cards in self.zone_cards(self.view).items():
                if zone.startswith("stack:"):
                    for sprite, card in zip(p.zone(zone), cards, strict=False):
                        sprite.card = card
        self._hands_left_to_right()
        for zone in list(p.zones):
            p.settle(zone, 520)
        self.hud.round = event.round + 1
        self.hud.turn = 1
        self.message.prompt = (
            f"Round {event.round + 1}: everything comes back; the dice are rolled again."
        )
        return 650.0

    def _hands_left_to_right(self) -> None:
        """A hand's cards lie at one z, so the layer's order says which overlaps which: each
        card over its left neighbour, whose title (top left) shows. Cards come home from a
        round in the order they were won: put every hand back in slot order."""
        slots = {
            id(s): parse_zone(s.zone).slot or 0
            for s in self.layer.sprites
            if s.zone.startswith("hand:")
        }
        self.layer.sprites.sort(key=lambda s: slots.get(id(s), -1))

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

    def show_game_over(self, event: GameOver) -> float:
        self.revealing = False
        return super().show_game_over(event)

    def close_summary(self) -> None:
        if self.summary.open:
            self.presenter.wait_ms = 0.0  # the round's cleanup waited for it
        super().close_summary()

    def settle_now(self) -> None:
        super().settle_now()
        self.hud.resolving = None

    def skip(self) -> None:
        """Click or Space while things move: every running animation jumps to its end."""
        self.presenter.finish()
        self.hud.resolving = None
