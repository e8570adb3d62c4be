"""The FOMO table: hidden sets nobody looks at, hands, the draw and the browsable discard pile;
turns by drag, click or keys (scenes/fomo/turn.py); action cards with their Canceled window on
the open table; the FOMO! call turned over card by card; the results."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.core.actions import Action
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
from game.core.match import Match
from game.core.views import View
from game.core.windows import Window
from game.fomo.actions import (
    ActionBlocked,
    ActionPlayed,
    FomoCalled,
    PassCancel,
    Passed,
    PlayCanceled,
    PlayerOut,
    SetsExchanged,
    TurnSkipped,
)
from game.fomo.cards import (
    ACTIONS,
    CANCELED,
    DECK,
    GHOSTED,
    NUMBERS,
    PLOT_TWIST,
    SEEN,
    SET_SIZE,
    SWAP,
    card_name,
)
from game.fomo.rules import FomoState
from game.fomo.view import FomoView, deal_events
from scenes.fomo.faces import FomoFaces
from scenes.fomo.hud import draw_fomo_hud, draw_fomo_under_cards
from scenes.fomo.turn import TurnInput
from scenes.table.base import TableScene, ZoneCards
from scenes.table.faces import FaceRenderer
from scenes.table.layout import PILE_DEPTH, Spot
from scenes.table.presenter import FACE_UP_TAG
from scenes.table.reflex import Press, key_label
from scenes.table.tween import Tween, ease_in_out_cubic, ease_out_cubic
from scenes.table.zones import CentrePlace, SeatPlace, ZoneSpec

if TYPE_CHECKING:
    from scenes.app import App

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
    banner: str = ""
    banner_ms: float = 0.0
    verdict: FomoCalled | None = None
    game_over: GameOver | None = None

    def announce(self, text: str, ms: float = BANNER_MS) -> None:
        self.banner, self.banner_ms = text, ms


class FomoTable(TableScene):
    name = "table:fomo"
    ZONES = (
        ZoneSpec("hand", "fan", "owner", SeatPlace(), owned=True, z=200),
        ZoneSpec("set", "slots", "nobody", SeatPlace(inward=1.12), owned=True, scale=0.82, z=150),
        ZoneSpec("aside", "pile", "nobody", SeatPlace(inward=1.12), owned=True, scale=0.7, z=120),
        ZoneSpec("draw", "pile", "nobody", CentrePlace(x=-0.72, y=-0.22), scale=0.9, z=50),
        ZoneSpec("discard", "pile", "everyone", CentrePlace(x=0.72, y=-0.22), scale=0.9, z=300),
    )
    REFLEX_WINDOWS = frozenset({"cancel"})

    def __init__(self, app: App, match: Match, **kwargs: Any) -> None:
        self.hud = FomoHud()
        self.turn_input: TurnInput | None = None
        self.peeking: list[Any] = []  # sprites turned up while the look key is held
        self.looks_due: list[int] = []  # people at a shared screen owed a private look (Seen)
        self._dealing = False
        super().__init__(app, match, **kwargs)
        self.turn_input = TurnInput(self)
        if (
            not match.log
            and not self.open_cards
            and isinstance(match.state, FomoState)
            and match.state.phase == "turn"
        ):
            self._animate_deal()

    def face_renderer(self) -> FaceRenderer:
        return FomoFaces()

    @property
    def view(self) -> FomoView:
        view = self.match.view(self.viewer)
        assert isinstance(view, FomoView)
        return view

    @property
    def state(self) -> FomoState:
        """The live state (for what is public: the phase, who is to act)."""
        state = self.match.state
        assert isinstance(state, FomoState)
        return state

    def view_of(self, seat: int | None) -> FomoView:
        view = self.match.view(seat)
        assert isinstance(view, FomoView)
        return view

    # --- zones --------------------------------------------------------------------------------
    def zone_cards(self, view: View) -> ZoneCards:
        assert isinstance(view, FomoView)
        zones: dict[str, list[str | None]] = {}
        for seat in range(view.players):
            known: list[str | None] = list(view.hands[seat])
            zones[f"hand:{seat}"] = known + [None] * (view.hand_sizes[seat] - len(known))
            for slot, card in enumerate(view.sets[seat]):
                zones[f"set:{seat}:{slot}"] = [None if card in ("?", "#") else card]
            aside: list[str | None] = list(view.aside[seat])
            if view.aside_counts[seat]:
                zones[f"aside:{seat}"] = aside + [None] * (view.aside_counts[seat] - len(aside))
        zones["draw"] = [None] * view.draw_count
        # Under the top the pile's order is not known (Throwback takes from anywhere in it).
        below: list[str | None] = [None] * max(0, view.discard_count - 1)
        zones["discard"] = below + ([view.discard_top] if view.discard_top is not None else [])
        return zones

    def slot_count(self, name: Any) -> int:
        return SET_SIZE if name.family == "set" else super().slot_count(name)

    def after_snap(self, view: View) -> None:
        assert isinstance(view, FomoView)
        hud = self.hud
        hud.turn = None if view.phase == "over" else view.turn
        hud.out, hud.skip = list(view.out), list(view.skip_next)
        hud.pending = None
        if view.pending is not None:
            p = view.pending
            hud.pending = ActionPlayed(p.actor, p.card, p.targets, p.slots)
        self.peeking = []
        for zone, sprites in self.presenter.zones.items():
            for sprite in sprites:
                sprite.dim = zone.startswith("aside:")
        self._sort_hands()
        if self.turn_input is not None:
            self.turn_input.reset()

    def _sort_hands(self) -> None:
        """A fully known hand lies sorted: numbers in order, then actions."""
        order = {card: i for i, card in enumerate(NUMBERS + ACTIONS)}
        for zone, hand in self.presenter.zones.items():
            if zone.startswith("hand:") and hand and all(s.card is not None for s in hand):
                hand.sort(key=lambda s: order.get(s.card or "", 99))

    def seat_chips(self, seat: int) -> list[str]:
        if self.hud.out and self.hud.out[seat]:
            return ["OUT"]
        chips = []
        skip = self.hud.skip[seat] if self.hud.skip else ""
        if skip == "ghosted":
            chips.append("GHOSTED: skips a turn")
        elif skip == "canceled":
            chips.append("loses next turn")
        chips.append(f"{len(self.presenter.zone(f'hand:{seat}'))} in hand")
        return chips

    def current_turn(self) -> int | None:
        return self.hud.turn if self.hud.game_over is None else None

    def is_out(self, seat: int) -> bool:
        return bool(self.hud.out) and self.hud.out[seat]

    # --- events → animations ------------------------------------------------------------------
    def register_handlers(self) -> None:
        on = self.presenter.on
        on(CardMoved, self._card_moved)
        on(CardRevealed, self._card_revealed)
        on(Looked, self._looked)
        on(TurnStarted, self._turn_started)
        on(ActionPlayed, self._action_played)
        on(WindowOpened, self._window_opened)
        on(WindowClosed, lambda e: 0.0)
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
        sprite = p.move(src, dst, event.card, event.known_to)
        if event.card is None and src.startswith("hand:"):
            # A card left that hand unseen: it may have been any known one (the views forget
            # one copy of each, and so does the table).
            sprite.card, sprite.known_by = None, None
            forgotten: set[str] = set()
            for other in p.zone(src):
                if other.card is not None and other.card not in forgotten:
                    forgotten.add(other.card)
                    other.card, other.known_by = None, None
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
        if dst.startswith("hand:"):
            self._sort_hands()
        p.settle(src, 240)
        p.settle(dst, 380)
        p.sound("deal" if src == "draw" else "play")
        return DEAL_STEP_MS if self._dealing else 260.0

    def _cross(self, event: CardMoved) -> float:
        """Swap and Plot Twist: the card slot ``src`` held slides, face down, to ``dst``."""
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
            flip=0.0,
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

    def private_requests(self) -> list[int]:
        return list(self.looks_due)

    def looking(self) -> bool:
        """Is a person at a shared screen looking at what Seen showed them (the table waits)?"""
        return self.private is not None and self.private in self.looks_due

    def done_looking(self) -> None:
        if self.private in self.looks_due:
            self.looks_due.remove(self.private)
        self.set_peek(False)
        self.blocked = False

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
        self.hud.turn = event.seat
        self.hud.pending = None
        return 0.0

    def describe(self, event: ActionPlayed) -> str:
        """ "Plot Twist: Dev ⇄ Kamala" in words a player reads."""
        names = [self.seat_name(t) for t in event.targets]
        if event.card == SEEN:
            whose = "their own set" if event.targets == (event.seat,) else f"{names[0]}'s set"
            return f"{self.says(event.seat, 'plays')} Seen on {whose}"
        if event.card == PLOT_TWIST:
            return (
                f"{self.says(event.seat, 'plays')} Plot Twist: {names[0]} and {names[1]} trade sets"
            )
        if event.card == SWAP:
            a, b = (f"{n}'s slot {s + 1}" for n, s in zip(names, event.slots, strict=True))
            return f"{self.says(event.seat, 'plays')} Swap: {a} with {b}"
        if event.card == GHOSTED:
            return f"{self.says(event.seat, 'plays')} Ghosted: {names[0]} skips a turn"
        return f"{self.says(event.seat, 'plays')} {card_name(event.card)}"

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
        self.message.prompt = f"{names} may play Canceled…"
        return 0.0

    def _blocked(self, event: ActionBlocked) -> float:
        self.caption(event.by, "Canceled!", 2600.0)
        text = f"{self.says(event.by, 'cancels', 'cancel')} {self.seat_name(event.actor)}'s {card_name(event.card)}"
        if self.match.state.players and self._next_alive(event.actor) == event.by:
            self.hud.skip[event.by] = "canceled"
            text += f" — {self.says(event.by, 'loses', 'lose')} the coming turn"
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
        self.caption(event.seat, f"turn skipped ({why})", 1600.0)
        return 900.0

    def _fomo_called(self, event: FomoCalled) -> float:
        self.hud.verdict = event
        name = self.seat_name(event.seat)
        if event.correct:
            self.hud.announce(f"FOMO! Four {card_name(event.cards[0])}s: {name} wins!", 4000.0)
            self.presenter.sound("win")
        else:
            shown = " ".join(card_name(c) for c in event.cards)
            self.hud.announce(f"{shown}: not four equal numbers. {name} is out.", 3600.0)
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
            self.hud.announce(f"{self.seat_name(winner)} is the last player in and wins!", 4000.0)
        self.message.prompt = ""
        return 1500.0

    def tick(self, dt_ms: int) -> None:
        if self.looking() and not self.curtain.active and not self.blocked:
            self.blocked = True  # nothing moves on while the looker looks
            look = key_label(self.app.settings.bindings.get("look", "tab"))
            ready = key_label(self.app.settings.bindings.get("ready", "space"))
            name = self.seat_name(self.private or 0)
            self.message.prompt = (
                f"{name}: hold {look} to look at what Seen showed you; {ready} when done"
            )
        if self.hud.banner_ms > 0:
            self.hud.banner_ms -= dt_ms
            if self.hud.banner_ms <= 0:
                self.hud.banner = ""

    def needs_frame(self) -> bool:
        return super().needs_frame() or self.hud.banner_ms > 0

    @classmethod
    def results_lines(cls, match: Match) -> list[str]:
        stats = match.game.match_stats(match.state)
        how = "won by a FOMO! call" if stats["won_by_call"] else "won as the last player in"
        out = stats["eliminated"]
        wrong = f" · {out} out by a wrong FOMO! call" if out else ""
        return [f"{stats['turns']} turns · {how}{wrong}"]

    # --- the Canceled window --------------------------------------------------------------------
    def window_caption(self, window: Window) -> str:
        pending = self.hud.pending
        what = card_name(window.subject or "") if pending is None else self.describe(pending)
        return f"{what} — Canceled?"

    def is_claim(self, action: Action) -> bool:
        return isinstance(action, PlayCanceled)

    def on_reflex(self, press: Press, window: Window) -> None:
        self.answer(press.seat, True, press, window)

    def answer(self, seat: int, cancel: bool, press: Press | None, window: Window) -> None:
        """A targeted person answers: Canceled if they asked for it and hold one, else a pass.
        Pressing Canceled without holding one looks exactly like passing."""
        if seat in self.hud.answered:
            return
        holds = CANCELED in self.view_of(seat).hand
        self.hud.answered.add(seat)
        if cancel and holds:
            if press is not None and self.claim(PlayCanceled(seat), press, window):
                return
            if press is None and self.submit(PlayCanceled(seat)):
                return
        self.submit(PassCancel(seat))
        if cancel and not holds and self.audience == frozenset({seat}):
            self.message.warn("You hold no Canceled: the action goes through.")

    def cancel_panels(self) -> list[tuple[int, Window]]:
        """The people the open Canceled window names who have not answered yet."""
        if self.replaying or self.curtain.active or self.state.phase != "cancel":
            return []  # (no window: no view is built for it, every frame)
        panels = []
        for window in self.open_windows():
            if window.kind != "cancel" or window.opened_ms != self.hud.window_key:
                continue
            for seat in sorted(window.eligible):
                if seat in self.humans and seat not in self.hud.answered:
                    panels.append((seat, window))
        return panels

    def reflex_label(self, seat: int) -> str:
        key = self.reflex.key_of(seat)
        return key_label(key) if key else "key"

    # --- interaction --------------------------------------------------------------------------
    def refresh_interaction(self) -> None:
        if self.turn_input is not None:
            self.turn_input.refresh()

    def interaction_handle(self, event: pygame.event.Event, intent: str | None) -> bool:
        return self.turn_input is not None and self.turn_input.handle(event, intent)

    def set_peek(self, on: bool) -> None:
        """Hold to view: the hidden cards the screen's audience knows turn up while held."""
        p = self.presenter
        if on and not self.peeking:
            for zone, sprites in p.zones.items():
                if zone.startswith("set:"):
                    for sprite in sprites:
                        if sprite.card is not None and FACE_UP_TAG not in sprite.tags:
                            sprite.tags.add(FACE_UP_TAG)
                            self.peeking.append(sprite)
            for sprite in self.peeking:
                p.fly(sprite, Spot(sprite.x, sprite.y, sprite.angle), 140, flip=1.0)
        elif not on and self.peeking:
            for sprite in self.peeking:
                sprite.tags.discard(FACE_UP_TAG)
                p.fly(sprite, Spot(sprite.x, sprite.y, sprite.angle), 140, flip=0.0)
            self.peeking = []

    def message_pos(self) -> tuple[float, float]:
        """Just above your hidden set, so the line never covers it."""
        top = self.spot_for(f"set:{self.bottom}:0", 0, 1).y
        return (self.layout.size[0] / 2, top - self.layout.card_size[1] * 0.43)

    def draw(self, surface: pygame.Surface) -> None:
        # Deep in a pile every card lies exactly under the one above (the layout stops adding
        # thickness at PILE_DEPTH): those are not drawn at all, half the blits of a 6-seat table.
        for zone in ("draw", "discard"):
            pile = self.presenter.zone(zone)
            for i, sprite in enumerate(pile):
                sprite.visible = bool(sprite.moving) or i < PILE_DEPTH or i == len(pile) - 1
        super().draw(surface)

    def draw_message(self, surface: pygame.Surface) -> None:
        turn = self.turn_input
        if turn is None or not (turn.show_help or turn.confirm or turn.browser):
            super().draw_message(surface)  # (an open panel is the only thing to read)

    def draw_hud(self, surface: pygame.Surface) -> None:
        draw_fomo_hud(self, surface)

    def draw_under_cards(self, surface: pygame.Surface) -> None:
        draw_fomo_under_cards(self, surface)
