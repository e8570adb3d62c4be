"""The OMYN state's data (``OmynData``): rows, piles, who knows which card, windows.
``flow.py`` and ``state.py`` (``OmynState``) change it.

Cards are ids (0–53, face ``FACES[id]``). Knowledge is state: ``known[card]`` maps each seat that
has legitimately seen the card to the turn number it learned it. Moves keep ids, so knowledge
follows a card through Switch, Pair Up and penalties; a shuffle wipes it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.core.events import CardMoved, CardRevealed, Event
from game.core.game import Outcome, State
from game.core.windows import ReactionWindow, Window
from game.omyn.cards import FACES
from game.omyn.view import CardView, EffectView, OmynView, WindowView


class OmynData(State):
    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.options = dict(options)
        self.rng = random.Random(seed)
        self.phase = "setup"
        self.setup_at_ms = 0
        self.clock_ms = 0
        self.game_number = 0
        self.wins = [0] * players
        self.dealer = -1
        self.last_winner: int | None = None
        self.dealer_draws: list[tuple[int, int, str]] = []
        self.rows: list[list[int]] = [[] for _ in range(players)]
        self.draw: list[int] = list(range(len(FACES)))  # index 0 = top
        self.pile: list[int] = []  # last = top
        self.known: list[dict[int, int]] = [{} for _ in FACES]
        self.peeked = [False] * players
        self.turn_seat = 0
        self.turn_number = 0
        self.step = "start"
        self.drawn: int | None = None
        self.called = False
        self.hex_now = False
        self.skips = [0] * players
        self.hexed = [False] * players
        self.power: str | None = None
        # effect: {"kind", "seat", "power", "target", "card", "other_card", "voids": [seats]}
        self.effect: dict[str, Any] | None = None
        self.window: ReactionWindow | None = None  # a chain or Void window (game/core/windows.py)
        self.arranging = 0
        self.void_card: int | None = None  # the card the last Void of this turn played
        self.windows_opened = 0  # windows are numbered so a claim names the one it answers
        self.last_result: dict[str, Any] = {}
        # The Omens played this game: each lay face up on the pile for everyone before it was
        # shuffled away in the same move, so no zone shows it afterwards (public; the view says so).
        self.omens_played: list[str] = []
        self.history: list[dict[str, Any]] = []
        self._outcome: Outcome | None = None

    # --- small queries ----------------------------------------------------------------------
    def face(self, card: int) -> str:
        return FACES[card]

    def has_cards(self, seat: int) -> bool:
        return bool(self.rows[seat])

    def seats_with_cards(self) -> list[int]:
        return [s for s in range(self.players) if self.rows[s]]

    def slot_of(self, card: int) -> tuple[int, int] | None:
        for seat, row in enumerate(self.rows):
            if card in row:
                return seat, row.index(card)
        return None

    def option_ms(self, name: str) -> int:
        return int(self.options[name])

    def outcome(self) -> Outcome | None:
        return self._outcome

    # --- knowledge --------------------------------------------------------------------------
    def learn(self, seat: int, card: int) -> None:
        self.known[card].setdefault(seat, self.turn_number)

    def publish(self, card: int) -> None:
        for seat in range(self.players):
            self.learn(seat, card)

    def forget(self, card: int) -> None:
        self.known[card] = {}

    def knowers(self, card: int) -> frozenset[int]:
        return frozenset(self.known[card])

    def moved(self, card: int, src: str, dst: str, face_up: bool = False) -> CardMoved:
        """A move event; the face goes to those who know the card (everyone if face up)."""
        if face_up:
            return CardMoved(self.face(card), src, dst, None, True)
        return CardMoved(self.face(card), src, dst, self.knowers(card))

    def show(self, card: int, zone: str, seats: frozenset[int] | None) -> CardRevealed:
        """``seats`` (None = everyone) see ``card`` at ``zone`` and remember it."""
        if seats is None:
            self.publish(card)
        else:
            for seat in seats:
                self.learn(seat, card)
        return CardRevealed(self.face(card), zone, seats)

    # --- views ------------------------------------------------------------------------------
    def card_view(self, card: int, viewer: int | None) -> CardView:
        known = self.known[card]
        visible = viewer is None or viewer in known
        return CardView(
            self.face(card) if visible else None,
            frozenset(known),
            known.get(viewer) if viewer is not None else None,
        )

    def to_act(self) -> frozenset[int]:
        raise NotImplementedError

    def view(self, seat: int | None) -> OmynView:
        window = self.window
        effect = self.effect
        windows: tuple[Window, ...] = ()
        window_view = None
        if window is not None:
            public = window.public()
            assert public is not None and window.actor is not None  # OMYN's windows are timed
            windows = (public,)
            window_view = WindowView(
                window.number,
                window.kind,
                public.opened_ms,
                public.closes_ms,
                window.eligible,
                window.subject,
                window.actor,
                window.claimant,
                window.claim_ms,
                window.pick_by_ms,
                frozenset(window.passed),
            )
        effect_view = None
        if effect is not None:
            slot = self.slot_of(effect["card"]) if effect["card"] is not None else None
            other = self.slot_of(effect["other_card"]) if effect["other_card"] is not None else None
            effect_view = EffectView(
                effect["kind"],
                effect["seat"],
                effect["power"],
                effect["target"],
                slot[1] if slot else None,
                other[1] if other else None,
                tuple(effect["voids"]),
            )
        drawn = None
        if self.drawn is not None:
            drawn = self.card_view(self.drawn, seat)
        return OmynView(
            seat=seat,
            players=self.players,
            now_ms=self.clock_ms,
            to_act=self.to_act(),
            windows=windows,
            options=tuple(sorted(self.options.items())),
            phase=self.phase,
            game_number=self.game_number,
            wins=tuple(self.wins),
            dealer=self.dealer,
            dealer_draws=tuple(self.dealer_draws),
            peeked=tuple(self.peeked),
            turn_seat=self.turn_seat,
            turn_number=self.turn_number,
            step=self.step,
            called=self.called,
            hex_now=self.hex_now,
            drawn=drawn,
            rows=tuple(tuple(self.card_view(c, seat) for c in row) for row in self.rows),
            draw=tuple(self.card_view(c, seat) for c in self.draw),
            pile=tuple(self.face(c) for c in self.pile),
            skips=tuple(self.skips),
            hexed=tuple(self.hexed),
            power=self.power,
            effect=effect_view,
            window=window_view,
            windows_opened=self.windows_opened,
            arranging=self.arranging,
            last_result=tuple(sorted(self.last_result.items())),
            omens_played=tuple(self.omens_played),
        )

    # --- bookkeeping ------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "setup_at_ms": self.setup_at_ms,
            "game_number": self.game_number,
            "wins": list(self.wins),
            "dealer": self.dealer,
            "last_winner": self.last_winner,
            "rows": [list(r) for r in self.rows],
            "draw": list(self.draw),
            "pile": list(self.pile),
            "known": [sorted(k.items()) for k in self.known],
            "peeked": list(self.peeked),
            "turn": [self.turn_seat, self.turn_number, self.step, self.called, self.hex_now],
            "drawn": self.drawn,
            "skips": list(self.skips),
            "hexed": list(self.hexed),
            "power": self.power,
            "effect": self.effect,
            "window": None if self.window is None else self.window.to_json(),
            "arranging": self.arranging,
            "void_card": self.void_card,
            "windows_opened": self.windows_opened,
            "options": dict(self.options),
            "rng": self.rng.getstate()[1][:4],
        }

    def census(self) -> Counter[str]:
        cards = [*self.draw, *self.pile, *(c for row in self.rows for c in row)]
        if self.drawn is not None:
            cards.append(self.drawn)
        return Counter(self.face(c) for c in cards)

    def clone(self) -> OmynData:
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.options = dict(self.options)
        other.wins = list(self.wins)
        other.dealer_draws = list(self.dealer_draws)
        other.rows = [list(r) for r in self.rows]
        other.draw = list(self.draw)
        other.pile = list(self.pile)
        other.omens_played = list(self.omens_played)
        other.known = [dict(k) for k in self.known]
        other.peeked = list(self.peeked)
        other.skips = list(self.skips)
        other.hexed = list(self.hexed)
        if self.effect is not None:
            other.effect = {**self.effect, "voids": list(self.effect["voids"])}
        if self.window is not None:
            other.window = self.window.copy()
        other.last_result = dict(self.last_result)
        other.history = [
            {k: list(v) if isinstance(v, list) else v for k, v in h.items()} for h in self.history
        ]
        return other

    def record_events(self, at_ms: int, events: list[Event]) -> None:
        """Keep every reveal in the game's record (all cards open): cards shown, cards played
        face up (at the zone they left), and cards taken from the draw pile by someone who sees them."""
        if not self.history:
            return
        reveals = self.history[-1].setdefault("reveals", [])
        for event in events:
            if isinstance(event, CardRevealed):
                to = "all" if event.known_to is None else sorted(event.known_to)
                reveals.append([at_ms, event.zone, event.card, to])
            elif isinstance(event, CardMoved) and event.card is not None:
                if event.face_up and event.src != "pile":
                    reveals.append([at_ms, event.src, event.card, "all"])
                elif event.src == "draw" and event.known_to:
                    reveals.append([at_ms, event.dst, event.card, sorted(event.known_to)])
