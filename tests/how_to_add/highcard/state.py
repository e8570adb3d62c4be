"""A match of High Card. Seat 0 leads the first trick; play goes clockwise (to the left); the
winner of a trick leads the next. After five tricks the most tricks win (a tie shares the win)."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from game.core.actions import Action
from game.core.errors import Refusal
from game.core.events import CardMoved, Event, GameOver, Scored, TurnStarted
from game.core.game import Outcome, State
from tests.how_to_add.highcard.actions import PlayCard
from tests.how_to_add.highcard.cards import DECK, HAND, trick_winner
from tests.how_to_add.highcard.view import HighCardView


class HighCardState(State):
    def __init__(self, players: int, rng: random.Random) -> None:
        self.players = players
        deck = list(DECK)
        rng.shuffle(deck)
        self.hands = [sorted(deck[seat * HAND : (seat + 1) * HAND]) for seat in range(players)]
        self.deck = deck[players * HAND :]
        self.trick: list[tuple[int, str]] = []
        self.won: list[list[str]] = [[] for _ in range(players)]
        self.tricks = [0] * players
        self.turn: int | None = 0

    # --- queries ------------------------------------------------------------------------------
    def to_act(self) -> frozenset[int]:
        return frozenset() if self.turn is None else frozenset({self.turn})

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat != self.turn:
            return ()
        return tuple(PlayCard(seat, card) for card in self.hands[seat])

    def check(self, action: Action) -> Refusal | None:
        # Seats are written "seat N" (0-based): the table names them ("it is Nimal's turn").
        if not isinstance(action, PlayCard):
            return Refusal("not_a_move", "High Card has only one move: play a card")
        if self.turn is None:
            return Refusal("game_over", "the match is over")
        if action.seat != self.turn:
            return Refusal("not_your_turn", f"it is seat {self.turn}'s turn")
        if action.card not in self.hands[action.seat]:
            return Refusal("not_in_hand", "you do not hold that card")
        return None

    def view(self, seat: int | None) -> HighCardView:
        return HighCardView(
            seat=seat,
            players=self.players,
            now_ms=0,
            to_act=self.to_act(),
            windows=(),
            hands=tuple(
                tuple(hand) if seat is None or seat == owner else None
                for owner, hand in enumerate(self.hands)
            ),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            trick=tuple(self.trick),
            won=tuple(tuple(cards) for cards in self.won),
            deck=len(self.deck),
            turn=self.turn,
        )

    def outcome(self) -> Outcome | None:
        if self.turn is not None:
            return None
        best = max(self.tricks)
        winners = tuple(seat for seat, taken in enumerate(self.tricks) if taken == best)
        said = " and ".join(f"seat {seat}" for seat in winners)
        return Outcome(winners, tuple(self.tricks), f"{said} took the most tricks ({best})")

    def snapshot(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "deck": self.deck,
            "trick": self.trick,
            "won": self.won,
            "turn": self.turn,
        }

    def census(self) -> Counter[str]:
        cards = [*self.deck, *(card for _, card in self.trick)]
        for seat in range(self.players):
            cards += self.hands[seat] + self.won[seat]
        return Counter(cards)

    def clone(self) -> HighCardState:
        return copy.deepcopy(self)

    # --- changes ------------------------------------------------------------------------------
    def _apply(self, action: Action, at_ms: int) -> list[Event]:
        assert isinstance(action, PlayCard)
        seat = action.seat
        self.hands[seat].remove(action.card)
        self.trick.append((seat, action.card))
        events: list[Event] = [CardMoved(action.card, f"hand:{seat}", f"trick:{seat}", None, True)]
        if len(self.trick) < self.players:
            self.turn = (seat + 1) % self.players
            return [*events, TurnStarted(self.turn)]
        winner = trick_winner(self.trick)
        for played_by, card in self.trick:
            events.append(CardMoved(card, f"trick:{played_by}", f"won:{winner}"))
        self.won[winner] += [card for _, card in self.trick]
        self.trick = []
        self.tricks[winner] += 1
        events.append(
            Scored(
                "tricks",
                tuple(int(s == winner) for s in range(self.players)),
                tuple(self.tricks),
                "trick",
            )
        )
        if self.hands[winner]:
            self.turn = winner
            return [*events, TurnStarted(winner)]
        self.turn = None
        outcome = self.outcome()
        assert outcome is not None
        return [*events, GameOver(outcome.winners, outcome.summary)]
