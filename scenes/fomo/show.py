"""How the FOMO table shows the match: every event turned into cards moving, captions and the
banner (deals, a hidden card sliding across in a Plot Twist or Swap, a glance at a hidden card, a
FOMO! call turned over card by card, a blocked action, a shuffle). The table trails the match:
``FomoHud`` holds what has been shown so far."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.events import (
    CardMoved,
    CardRevealed,
    GameOver,
    Looked,
    Said,
    Shuffled,
    TurnStarted,
    WindowClosed,
    WindowOpened,
)
from game.core.narration import Voice, sentence
from game.fomo.cards import (
    ACTIONS,
    DECK,
    GHOSTED,
    NUMBERS,
    PLOT_TWIST,
    SET_SIZE,
    card_name,
)
from game.fomo.events import (
    ActionBlocked,
    ActionPlayed,
    FomoCalled,
    Passed,
    PlayerOut,
    SetsExchanged,
    TurnSkipped,
)
from game.fomo.narrate import played
from game.fomo.state import FomoState
from game.fomo.view import FomoView, deal_events
from scenes.table.base import TableScene
from scenes.table.presenter import FACE_UP_TAG
from scenes.table.sprites import CardSprite
from scenes.table.tween import Tween, ease_in_out_cubic, ease_out_cubic

SLIDE_MS = 650.0  # a hidden card sliding to another seat (Plot Twist, Swap)
REVEAL_STEP_MS = 520.0  # a FOMO! call turns the set over one card at a time
DEAL_STEP_MS = 55.0
BANNER_MS = 2600.0
NOBODY: frozenset[int] = frozenset()


@dataclass
class FomoHud:
    """What the table has shown so far (it trails the match while animations run)."""

    turn: int | None = None
    out: list[bool] = field(default_factory=list)
    skip: list[str] = field(default_factory=list)  # per seat: "ghosted", "canceled" or ""
    pending: ActionPlayed | None = None  # the action card in play, as shown
    answered: set[int] = field(default_factory=set)  # people who answered the open window
    window_key: int | None = None  # opened_ms of the window ``answered`` belongs to
    window_words: str = ""  # what the message line said when it opened
    banner: str = ""
    banner_ms: float = 0.0
    verdict: FomoCalled | None = None
    game_over: GameOver | None = None

    def announce(self, text: str, ms: float = BANNER_MS) -> None:
        self.banner, self.banner_ms = text, ms


class FomoShow(TableScene):
    """The FOMO table's events → animations (the table's zones and input are in table.py)."""

    hud: FomoHud
    looks_due: list[int]  # people at a shared screen owed a private look (Seen)
    _dealing: bool

    @property
    def view(self) -> FomoView:
        return self.view_of(self.viewer)

    @property
    def state(self) -> FomoState:
        """The live state (for what is public: the phase, who is to act)."""
        state = self.match.state
        assert isinstance(state, FomoState)
        return state

    def view_of(self, seat: int | None) -> FomoView:
        """The kit's view, built once while the match stands still, as a FOMO view."""
        view = super().view_of(seat)
        assert isinstance(view, FomoView)
        return view

    def _sort_hands(self) -> None:
        """A hand lies as its view lists it: the known cards, numbers in order then actions,
        before the unknown ones (another player's card taken from the pile stays in sight at
        the left of their hand); of equal cards, one everyone knows first."""
        order = {card: i for i, card in enumerate(NUMBERS + ACTIONS)}

        def place(sprite: CardSprite) -> tuple[int, bool]:
            if sprite.card is None:
                return (100, False)
            return (order.get(sprite.card, 99), sprite.known_by is not None)

        for zone, hand in self.presenter.zones.items():
            if zone.startswith("hand:") and hand:
                hand.sort(key=place)

    # --- events → animations ---------------------------------------------------------------
    def register_handlers(self) -> None:
        on = self.presenter.on
        on(CardMoved, self._card_moved)
        on(CardRevealed, self._card_revealed)
        on(Looked, self._looked)
        on(TurnStarted, self._turn_started)
        on(ActionPlayed, self._action_played)
        on(WindowOpened, self._window_opened)
        on(WindowClosed, self._window_closed)
        on(ActionBlocked, self._blocked)
        on(SetsExchanged, self._sets_exchanged)
        on(TurnSkipped, self._turn_skipped)
        on(Said, self._said)
        on(FomoCalled, self._fomo_called)
        on(PlayerOut, self._player_out)
        on(Passed, lambda e: 0.0)
        on(Shuffled, self._shuffled)
        on(GameOver, self._game_over)

    def _said(self, event: Said) -> float:
        if len(self.watchers) > 1 and self.private is not None:
            self.private = None  # a FOMO! call is watched by everyone: the caller's hand hides
        self.caption(event.seat, event.what)
        self.message.prompt = f"{self.says(event.seat, 'calls', 'call')} FOMO!"
        return 600.0

    def _animate_deal(self) -> None:
        """A fresh match: every card starts in the draw pile and is dealt as the events say."""
        p = self.presenter
        p.clear()
        origin = self.spot_for("draw", 0, 1)
        for _ in DECK:
            p.new_sprite(None, origin, "draw")
        p.settle("draw", 0)
        p.tweens.finish_all()
        viewer = self.viewer
        events = [e.seen_by(viewer) for e in deal_events(self.state)]
        self._dealing = True
        p.push([e for e in events if e is not None])

    def _card_moved(self, event: CardMoved) -> float:
        p = self.presenter
        src, dst = event.src, event.dst
        if src.startswith("set:") and dst.startswith("set:"):
            return self._cross(event)
        covered = p.zone("discard")[-1] if dst == "discard" and p.zone("discard") else None
        # A card leaving a hidden slot is the one that lay there (index 0), not an equal card
        # just placed over it: a 6 put on a hidden 6 must stay.
        sprite = p.move(src, dst, event.card, event.known_to, 0 if src.startswith("set:") else None)
        if event.known_to is not None and src.startswith("hand:") and dst != f"aside:{src[5:]}":
            self._left_unseen(sprite, src, event.card is None)
        sprite.lift, sprite.selected = 0.0, False
        sprite.dim = dst.startswith("aside:")
        if dst.startswith("aside:"):
            sprite.tags.discard(FACE_UP_TAG)
        if covered is not None:
            # Under the top the order is lost: the covered card turns into a plain edge.
            def cover() -> None:
                if covered is not p.zone("discard")[-1]:
                    covered.card, covered.known_by, covered.flip = None, None, 0.0

            self.after(380, cover)
        if dst.startswith("hand:") or src.startswith("hand:"):
            self._sort_hands()
        p.settle(src, 240)
        p.settle(dst, 380)
        p.sound("deal" if src == "draw" else "play")
        return DEAL_STEP_MS if self._dealing else 260.0

    def _left_unseen(self, sprite: CardSprite, hand: str, unseen_here: bool) -> None:
        """A card left ``hand`` unseen by the others: to them it may have been any card they
        knew there, so they forget one copy of each (the views do), the card that left being
        one of them if they knew it. The owner's own cards turn private; this screen, if it
        did not see the card, forgets them."""
        forgotten: set[str] = {sprite.card} if sprite.card and sprite.known_by is None else set()
        if unseen_here:
            sprite.card, sprite.known_by = None, None
        for other in self.presenter.zone(hand):
            if other.card is None or other.known_by is not None or other.card in forgotten:
                continue
            forgotten.add(other.card)
            if unseen_here:
                other.card = None
            else:
                other.known_by = frozenset({int(hand.split(":")[1])})

    def _cross(self, event: CardMoved) -> float:
        """Swap and Plot Twist: the card slot ``src`` held slides to ``dst``, face down (face
        up on an open table: a demo, a replay with all cards open)."""
        p = self.presenter
        sprites = p.zone(event.src)
        if sprites:
            sprite = sprites.pop(0)  # the card that was there (one that arrived lies after it)
        else:
            sprite = p.new_sprite(None, self.spot_for(event.src, 0, 1), event.src)
            p.zone(event.src).remove(sprite)
        if event.card is not None:
            sprite.card, sprite.known_by = event.card, event.known_to
        p.put(sprite, event.dst)
        slot = int(event.src.rsplit(":", 1)[1])
        p.fly(
            sprite,
            self.spot_for(event.dst, 0, 1),
            SLIDE_MS,
            delay=0.0,
            flip=1.0 if p.face_up(sprite, event.dst) else 0.0,
            easing=ease_in_out_cubic,
            scale=self.scale_for(event.dst),
        )
        pair_done = len(p.zone(event.src)) <= 1 and len(p.zone(event.dst)) <= 1
        if not pair_done:
            return 0.0
        plot_twist = self.hud.pending is not None and self.hud.pending.card == PLOT_TWIST
        return 150.0 if plot_twist and slot < SET_SIZE - 1 else SLIDE_MS + 200.0

    def _card_revealed(self, event: CardRevealed) -> float:
        p = self.presenter
        p.card_revealed(event)
        if event.known_to is not None or not event.zone.startswith("set:"):
            self._glance(event.zone)
            self._owe_look(event.known_to or frozenset())
            return 60.0
        sprite = next(iter(p.zone(event.zone)), None)  # FOMO!: turned over for everyone
        if sprite is None:
            return 0.0
        sprite.tags.add(FACE_UP_TAG)
        spot = self.spot_for(event.zone, 0, 1)
        p.fly(sprite, spot, 320, flip=1.0, easing=ease_out_cubic)
        p.sound("play")
        return REVEAL_STEP_MS

    def _looked(self, event: Looked) -> float:
        self._glance(event.zone)
        self._owe_look(event.by)
        return 60.0

    def _owe_look(self, seats: frozenset[int]) -> None:
        """On a shared screen a person who was just shown hidden cards gets the screen to look."""
        if len(self.watchers) < 2 or self.replaying:
            return
        for seat in seats:
            if seat in self.humans and seat in self.watchers and seat not in self.looks_due:
                self.looks_due.append(seat)

    def _glance(self, zone: str) -> None:
        """Somebody lifts a hidden card to look: everyone sees the glance, not the face."""
        sprite = next(iter(self.presenter.zone(zone)), None)
        if sprite is None:
            return
        h = self.layout.card_size[1] * 0.18 * sprite.scale
        tweens = self.presenter.tweens
        tweens.add(Tween(sprite, {"lift": h}, self.presenter.ms(220), ease_out_cubic))
        tweens.add(
            Tween(
                sprite,
                {"lift": 0.0},
                self.presenter.ms(260),
                ease_out_cubic,
                self.presenter.ms(900),
            )
        )

    def _turn_started(self, event: TurnStarted) -> float:
        self._dealing = False
        if event.seat != self.hud.turn:
            # A refusal made in the turn before no longer holds ("Wait: it is Nimal's turn"
            # stayed its 2.6 s into Kamala's; "A 2 is a number..." into the next player's).
            self.message.warning = ""
        self.hud.turn = event.seat
        self.hud.pending = None
        return 0.0

    def describe(self, event: ActionPlayed) -> str:
        """ "Nimal plays Plot Twist: Dev and Kamala trade sets", in the words replays use."""
        names = [seat.name for seat in self.match.seats]
        return sentence(played(Voice(names), event.seat, event.card, event.targets, event.slots))

    def _action_played(self, event: ActionPlayed) -> float:
        self.hud.pending = event
        self.caption(event.seat, card_name(event.card))
        self.message.prompt = self.describe(event)
        if event.card == GHOSTED:
            self.hud.skip[event.targets[0]] = "ghosted"
            self.caption(event.targets[0], "Ghosted!")
        return 700.0

    def _window_opened(self, event: WindowOpened) -> float:
        self.hud.answered = set()
        self.hud.window_key = event.opened_ms
        names = " and ".join(self.seat_name(s) for s in sorted(event.eligible))
        pending = self.hud.pending
        whose = (
            ""
            if pending is None
            else f" on {self.possessive(pending.seat)} {card_name(pending.card)}"
        )
        self.message.prompt = self.hud.window_words = f"{names} may play Canceled{whose}…"
        return 0.0

    def _window_closed(self, event: WindowClosed) -> float:
        if self.message.prompt == self.hud.window_words:
            self.message.prompt = ""  # nobody may play Canceled any more
        return 0.0

    def _blocked(self, event: ActionBlocked) -> float:
        self.caption(event.by, "Canceled!", 2600.0)
        text = f"{self.says(event.by, 'cancels')} {self.possessive(event.actor)} {card_name(event.card)}"
        if self.match.state.players and self._next_alive(event.actor) == event.by:
            self.hud.skip[event.by] = "canceled"
            text += f" — {self.says(event.by, 'loses')} the coming turn"
        self.hud.announce(text + ".")
        self.message.prompt = ""
        self.presenter.sound("refuse")
        return 1300.0

    def _next_alive(self, seat: int) -> int:
        players = len(self.hud.out)
        for step in range(1, players + 1):
            other = (seat + step) % players
            if not self.hud.out[other]:
                return other
        return seat

    def _sets_exchanged(self, event: SetsExchanged) -> float:
        self.message.prompt = (
            f"{self.seat_name(event.first)} and {self.seat_name(event.second)} traded hidden sets."
        )
        return 0.0

    def _turn_skipped(self, event: TurnSkipped) -> float:
        self.hud.skip[event.seat] = ""
        why = "Ghosted" if event.reason == "ghosted" else "Canceled"
        self.caption(event.seat, f"skipped ({why})", 1600.0)  # (short: it fits beside a set)
        return 900.0

    def _fomo_called(self, event: FomoCalled) -> float:
        self.hud.verdict = event
        if event.correct:
            wins = self.says(event.seat, "wins")
            self.hud.announce(f"FOMO! Four {card_name(event.cards[0])}s: {wins}!", 4000.0)
            self.presenter.sound("win")
        else:
            shown = " ".join(card_name(c) for c in event.cards)
            out = self.says(event.seat, "is")
            self.hud.announce(f"{shown}: not four equal numbers. {out} out.", 3600.0)
            self.presenter.sound("refuse")
        return 1800.0

    def _player_out(self, event: PlayerOut) -> float:
        self.hud.out[event.seat] = True
        self.hud.skip[event.seat] = ""
        return 300.0

    def _shuffled(self, event: Shuffled) -> float:
        p = self.presenter
        pile = p.zone("discard")
        for sprite in pile[:-1]:
            sprite.card, sprite.known_by = None, None
            p.put(sprite, "draw", 0)
        del pile[:-1]
        p.settle("draw", 500)
        p.settle("discard", 300)
        p.sound("deal")
        self.message.prompt = "The discard pile is shuffled into a new draw pile."
        return 600.0

    def _game_over(self, event: GameOver) -> float:
        self.hud.game_over = event
        self.hud.turn = None
        winner = event.winners[0] if event.winners else None
        if winner is not None and (self.hud.verdict is None or not self.hud.verdict.correct):
            last = f"{self.says(winner, 'is')} the last player in"
            self.hud.announce(f"{last} and {self.voice.verb(winner, 'wins')}!", 4000.0)
        self.message.prompt = ""
        return 1500.0
