"""What the OMYN table shows of each event as it comes (the deal, plays, claims that flip,
penalty cards that fly in, Omens that gather, shuffle and deal, the count): a handler per event
type, each starting the animations and saying how long the next event waits."""

from __future__ import annotations

from game.core.events import CardMoved, CardRevealed, GameOver, Said, Shuffled, TurnStarted
from game.omyn.cards import card_name
from game.omyn.events import (
    Claimed,
    ClaimResolved,
    ClaimTooLate,
    DealerDraw,
    GameStarted,
    GameWon,
    Hexed,
    OmenPlayed,
    OmenValue,
    Penalty,
    PileRecycled,
    PowerResolved,
    PowerUsed,
    Rearranged,
    SkipQueued,
    SlotClosed,
    Switched,
    Tiebreak,
    TurnSkipped,
)
from scenes.omyn.passing import OmynWindows
from scenes.table.presenter import FACE_UP_TAG
from scenes.table.zones import parse_zone

REVEAL_AUTO_MS = 4500  # a bot-only table moves on from the final reveal by itself
POWER_TEXT = {
    "hex": "Hex on {target}",
    "skip": "Skip {whose} next turn",
    "draw": "12-Draw: {takes} a card",
    "insight": "Insight: looks at own slot {slot}",
    "spy": "Spy: looks at {whose} slot {slot}",
    "foresee": "Foresee: the top three",
    "switch": "Switch slot {slot} with {whose} slot {other}",
}
PENALTY_TEXT = {
    "wrong_chain": "wrong card: penalty",
    "wrong_void": "not a 0: penalty",
    "wrong_pair": "no pair: penalty",
    "no_pick_chain": "no slot named: penalty",
    "no_pick_void": "no slot named: penalty",
}


class OmynShows(OmynWindows):
    # --- events → animations ------------------------------------------------------------------
    def register_handlers(self) -> None:
        on = self.presenter.on
        on(GameStarted, self._game_started)
        on(DealerDraw, self._dealer_draw)
        on(CardMoved, self._card_moved)
        on(CardRevealed, self._card_revealed)
        on(Shuffled, self._shuffled)
        on(TurnStarted, self._turn_started)
        on(TurnSkipped, self._turn_skipped)
        on(Said, lambda e: self._say(e.seat, "OMYN!", 700))
        on(PowerUsed, self._power_used)
        on(PowerResolved, self._power_resolved)
        on(Hexed, self._hexed)
        on(SkipQueued, self._skip_queued)
        on(Switched, lambda e: self._say(e.seat, "switched", 300))
        on(Rearranged, lambda e: self._say(e.seat, "puts the cards back", 400))
        on(Claimed, self._claimed)
        on(ClaimTooLate, lambda e: self._say(e.seat, "too slow", 0))
        on(ClaimResolved, self._claim_resolved)
        on(Penalty, self._penalty)
        on(SlotClosed, self._slot_closed)
        on(OmenPlayed, self._omen_played)
        on(PileRecycled, self._pile_recycled)
        on(OmenValue, self._omen_value)
        on(Tiebreak, self._tiebreak)
        on(GameWon, self._game_won)
        on(GameOver, self._game_over)

    def _say(self, seat: int, text: str, step: float) -> float:
        self.caption(seat, text)
        return step

    def _dealer_draw(self, event: DealerDraw) -> float:
        """Choosing the first dealer: "Nimal draws 5" where Nimal's row will lie."""
        card = card_name(event.card)
        return self._say(event.seat, self.says(event.seat, f"draws {card}", f"draw {card}"), 260)

    def _game_started(self, event: GameStarted) -> float:
        """A new game: every card goes back to the draw pile, face down."""
        p = self.presenter
        self.hud.start_game(event.number, event.dealer)
        self.memory.clear()
        self.held_up = []
        draw = p.zone("draw")
        for zone, sprites in list(p.zones.items()):
            if zone != "draw":
                for sprite in sprites:
                    sprite.card, sprite.known_by = None, None
                    sprite.tags.discard(FACE_UP_TAG)
                    p.put(sprite, "draw")
                p.zones[zone] = []
        for sprite in draw:
            sprite.card, sprite.known_by = None, None
        p.settle("draw", 420)
        self.message.prompt = f"Game {event.number}: {self.says(event.dealer, 'deals')}."
        return 480.0

    def _card_moved(self, event: CardMoved) -> float:
        p = self.presenter
        sprite = p.move(event.src, event.dst, event.card, event.known_to)
        sprite.tags.discard(FACE_UP_TAG)
        if sprite in self.held_up:
            self.held_up.remove(sprite)
        sprite.dim, sprite.selected, sprite.lift = False, False, 0.0
        self.memory.note(sprite, self.viewer)
        if event.dst == "pile":
            self.hud.top = event.card
        slow = event.dst.startswith("row:") and event.src == "draw" and self.hud.penalty_pending
        p.settle(event.src, 240)
        p.settle(event.dst, 620 if slow else 380)
        for zone in (event.src, event.dst):
            self.settle_row(zone, 300)
        p.sound("play" if event.dst == "pile" else "deal")
        if slow:
            self.hud.penalty_pending = False
            return 640.0
        if self.hud.dealing:
            return 70.0
        if parse_zone(event.src).family == "row" and not p.zone(event.src):
            return 0.0  # a slot emptied: it closes (or fills) as the card flies, leaving no gap
        return 260.0

    def _card_revealed(self, event: CardRevealed) -> float:
        p = self.presenter
        name = parse_zone(event.zone)
        if name.family == "tiebreak":
            return 0.0  # the tiebreak's cards are drawn by the reveal panel
        if name.family == "draw" and name.seat is not None:
            pile = p.zone("draw")
            index = len(pile) - 1 - name.seat
            if not 0 <= index < len(pile):
                return 0.0
            sprite = pile[index]
            sprite.card = event.card
            sprite.known_by = event.known_to
            self.memory.note(sprite, self.viewer)
            if event.known_to is None:  # a card turned for the Omens' value
                p.turn_up([sprite], True, 300)
                return 500.0
            return 0.0
        p.card_revealed(event)
        sprites = p.zone(event.zone)
        for sprite in sprites:
            self.memory.note(sprite, self.viewer)
        if event.known_to == frozenset({self.viewer}) and self.hud.turn is not None:
            self.want_look(self.viewer)  # an Insight or a Spy: a moment to look at it
        if event.known_to is None and sprites:
            p.turn_up([s for s in sprites if s.card == event.card][:1] or sprites[:1], True, 260)
            return 140.0 if self.hud.revealing else 420.0
        return 0.0

    def _shuffled(self, event: Shuffled) -> float:
        p = self.presenter
        self.memory.forget(p.zone(event.zone))
        for sprite in p.zone(event.zone):
            sprite.card, sprite.known_by = None, None  # a shuffle wipes what anyone knew
            sprite.tags.discard(FACE_UP_TAG)
        p.settle(event.zone, 200)
        p.shuffle(event.zone, 700, 220)
        p.sound("deal")
        self.hud.dealing = True
        return 980.0

    def _turn_started(self, event: TurnStarted) -> float:
        self.hud.turn = event.seat
        seat = event.seat
        self.hud.hex_now = seat < len(self.hud.hexed) and self.hud.hexed[seat]
        self.memory.turn_started(self.looking_after_peek or self.look_pending is not None)
        self.hud.dealing = False
        self.hud.hexed = tuple(
            False if s == event.seat else h for s, h in enumerate(self.hud.hexed)
        )
        # The first turn starts as the last peek lands: a person still looking keeps the words.
        self.message.prompt = self.look_prompt() if self.looking_after_peek else ""
        return 0.0

    def _hexed(self, event: Hexed) -> float:
        """A Hex that stood: its seat's plate says so until that turn is played."""
        self.hud.hexed = tuple(h or s == event.seat for s, h in enumerate(self.hud.hexed))
        return self._say(event.seat, "Hexed: no powers next turn", 700)

    def _skip_queued(self, event: SkipQueued) -> float:
        self.hud.set_skips(event.seat, event.queued)
        return self._say(event.seat, "will lose a turn", 700)

    def _turn_skipped(self, event: TurnSkipped) -> float:
        self.hud.set_skips(event.seat, event.remaining)
        return self._say(event.seat, "loses this turn (Skip)", 900)

    def _power_used(self, event: PowerUsed) -> float:
        text = POWER_TEXT.get(event.power, event.power).format(
            target=self.voice.obj(event.target) if event.target is not None else "",
            takes=self.says(event.target, "takes") if event.target is not None else "",
            whose=self.possessive(event.target),
            slot=(event.slot or 0) + 1,
            other=(event.other_slot or 0) + 1,
        )
        self.hud.effect_text = f"{self.seat_name(event.seat)}: {text}"
        return self._say(event.seat, text, 600)

    def possessive(self, seat: int | None) -> str:
        return "" if seat is None else super().possessive(seat)

    def _power_resolved(self, event: PowerResolved) -> float:
        self.hud.effect_text = ""
        if event.cancelled:
            what = "OMYN call" if event.power == "omyn" else event.power.title()
            return self._say(event.seat, f"{what} Voided!", 800)
        return 0.0

    def _claimed(self, event: Claimed) -> float:
        word = "Void!" if event.kind == "void" else "Chain!"
        self.hud.claimant = event.seat
        return self._say(event.seat, word, 250)

    def _claim_resolved(self, event: ClaimResolved) -> float:
        self.hud.claimant = None
        if event.correct:
            return self._say(event.seat, f"right: a {event.card}", 500)
        self.caption(event.seat, "wrong!")

        def turn_back() -> None:
            if self.hud.revealing or self.revealed():
                return  # the count began meanwhile (at speed): every row stays open
            for zone, sprites in self.presenter.zones.items():
                if zone.startswith(f"row:{event.seat}:"):
                    self.presenter.turn_up(sprites, False, 260)

        self.after(900, turn_back)
        return 1000.0

    def _penalty(self, event: Penalty) -> float:
        self.hud.penalty_pending = True
        self.message.prompt = ""  # a claim's prompt ("name your slot") is over with its penalty
        return self._say(event.seat, PENALTY_TEXT.get(event.reason, "penalty card"), 200)

    def _slot_closed(self, event: SlotClosed) -> float:
        slots = self.row_length(event.seat) + 1
        self.presenter.close_slot("row", event.seat, event.slot, slots)
        self.settle_row(f"row:{event.seat}:0", 320)
        self.presenter.settle(f"row:{event.seat}:0", 320)  # the row is centred again
        return 200.0

    def settle_row(self, zone: str, duration: float) -> None:
        """A row is centred on its seat: when it grows or shrinks every slot moves."""
        name = parse_zone(zone)
        if name.family != "row" or name.seat is None:
            return
        for slot in range(self.row_length(name.seat)):
            other = f"row:{name.seat}:{slot}"
            if other != zone:
                self.presenter.settle(other, duration)

    def row_length(self, seat: int) -> int:
        """Slots the row shows now (zones of a closed slot are gone)."""
        return sum(1 for z, s in self.presenter.zones.items() if z.startswith(f"row:{seat}:") and s)

    def _omen_played(self, event: OmenPlayed) -> float:
        good = event.omen == "GO"
        self.message.prompt = (
            f"{'Good' if good else 'Bad'} Omen: {self.says(event.seat, 'shuffles', 'shuffle')} "
            f"{event.count} cards into the deck and gets {event.count} new ones"
            + (" (seen)" if good else " (unseen)")
        )
        self.hud.dealing = True
        if good:
            self.want_look(event.seat)  # the new cards are seen once they are dealt
        return self._say(event.seat, "Good Omen!" if good else "Bad Omen!", 700)

    def want_look(self, seat: int | None) -> None:
        if seat is not None and seat in self.humans and not self.open_cards:
            self.look_pending = seat
            self.look_turn = self.memory.turn

    def _pile_recycled(self, event: PileRecycled) -> float:
        p = self.presenter
        pile = p.zone("pile")
        self.memory.forget(pile[:-1])
        for sprite in pile[:-1]:
            pile.remove(sprite)
            sprite.card, sprite.known_by = None, None
            p.put(sprite, "draw", 0)
        p.settle("draw", 520)
        p.settle("pile", 300)
        self.message.prompt = "The draw pile ran out: the play pile is shuffled into a new one."
        return 600.0

    def _omen_value(self, event: OmenValue) -> float:
        self.hud.omen_value = event
        self.hud.revealing = True
        self.message.prompt = ""  # the count begins: nobody is asked for anything now
        return 300.0

    def _tiebreak(self, event: Tiebreak) -> float:
        self.hud.tiebreaks.append(event)
        return 900.0

    def _game_won(self, event: GameWon) -> float:
        self.hud.won = event
        self.hud.revealing = False
        self.hud.wins = event.wins
        for zone, sprites in self.presenter.zones.items():
            if zone.startswith("row:"):
                self.presenter.turn_up(sprites, True, 300)
        self.hud.reveal_ms = REVEAL_AUTO_MS * max(0.2, self.presenter.time_scale)
        self.blocked = True
        self.presenter.sound("win")
        self.message.prompt = ""
        return 0.0

    def _game_over(self, event: GameOver) -> float:
        self.hud.over = True
        return 0.0
