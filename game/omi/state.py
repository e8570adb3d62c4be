"""The Omi match as a State: hands dealt 4 + 4, trumps named, eight tricks, tokens to 10.

Seats 0–3 are in play order: seat i+1 sits at seat i's right, so "to the right" is +1 and deal
and play go counter-clockwise. Team 0 is seats 0 and 2, team 1 seats 1 and 3.
A hand is dealt by a deadline (``advance``) rather than an action, so the table can hold the
clock between hands and replay gives the same deal at the same time.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.core.errors import Refusal
from game.core.events import CardMoved, Event, GameOver, Scored, TurnStarted
from game.core.game import Outcome, State
from game.omi.actions import AnswerKapothi, NameTrump, PlayCard, ProposeKapothi
from game.omi.cards import DECK, SUIT_NAMES, SUITS, sort_hand, trick_winner
from game.omi.events import (
    DeckCut,
    HandScored,
    HandStarted,
    KapothiAnswered,
    KapothiProposed,
    TrickTaken,
    TrumpNamed,
)
from game.omi.scoring import normal_award
from game.omi.view import OmiView, TrickRecord

TARGET_TOKENS = 10
SEATS = (0, 1, 2, 3)
_ONLY = tuple(frozenset({s}) for s in SEATS)
_PLAY = {(s, c): PlayCard(s, c) for s in SEATS for c in DECK}
_TRUMPS = {s: tuple(NameTrump(s, suit) for suit in SUITS) for s in SEATS}


def team_of(seat: int) -> int:
    return seat % 2


class OmiState(State):
    players = 4

    def __init__(self, seed: int, options: dict[str, Any]) -> None:
        self.options = dict(options)
        self.rng = random.Random(seed)
        self.score = [0, 0]
        self.carry = 0
        self.hand_number = 0
        self.history: list[dict[str, Any]] = []
        self.dealer = self.rng.randrange(4)
        self.deal_at_ms = 0
        self.phase = "deal"
        self.deck: list[str] = list(DECK)
        self.clock_ms = 0  # the last game time seen (views carry it; not part of the snapshot)
        self.hands: list[list[str]] = [[], [], [], []]
        self.trump: str | None = None
        self.leader = 0
        self.turn = 0
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[TrickRecord] = []
        self.tricks_won = [0, 0]
        self.won_cards: list[list[str]] = [[], []]
        self.voids: list[set[str]] = [set(), set(), set(), set()]
        self.kapothi_team: int | None = None
        self.kapothi_accepted: bool | None = None
        self._outcome: Outcome | None = None

    # --- who and what -----------------------------------------------------------------------
    @property
    def trump_maker(self) -> int:
        return (self.dealer + 1) % 4

    def _actor(self) -> int | None:
        if self.phase in ("trump", "play", "kapothi_propose"):
            return self.turn
        if self.phase == "kapothi_answer":
            return self.turn
        return None

    def to_act(self) -> frozenset[int]:
        actor = self._actor()
        return _ONLY[actor] if actor is not None else frozenset()

    def _playable(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1][1]
            follow = [c for c in hand if c[1] == led]
            if follow:
                return follow
        return hand

    def legal_actions(self, seat: int) -> tuple[Any, ...]:
        if seat != self._actor():
            return ()
        if self.phase == "play":
            return tuple(_PLAY[seat, c] for c in self._playable(seat))
        if self.phase == "trump":
            return _TRUMPS[seat]
        if self.phase == "kapothi_propose":
            return (ProposeKapothi(seat, True), ProposeKapothi(seat, False))
        return (AnswerKapothi(seat, True), AnswerKapothi(seat, False))

    def check(self, action: Any) -> Refusal | None:
        seat = action.seat
        if self.phase == "over":
            return Refusal("game_over", "the match is over")
        if self.phase == "deal":
            return Refusal("dealing", "the cards are being dealt")
        if seat != self._actor():
            return Refusal("not_your_turn", f"it is seat {self._actor()}'s turn, not seat {seat}'s")
        if isinstance(action, PlayCard):
            if self.phase != "play":
                return Refusal("wrong_phase", "no card can be played now")
            if action.card not in self.hands[seat]:
                return Refusal("not_in_hand", "you do not hold that card")
            if self.trick:
                led = self.trick[0][1][1]
                if action.card[1] != led and any(c[1] == led for c in self.hands[seat]):
                    return Refusal(
                        "must_follow", f"you must follow suit: play one of your {SUIT_NAMES[led]}"
                    )
            return None
        if isinstance(action, NameTrump):
            if self.phase != "trump":
                return Refusal("wrong_phase", "trumps are named only before the second batch")
            if action.suit not in SUITS:
                return Refusal("no_such_suit", f"{action.suit!r} is not a suit (S, H, D or C)")
            return None
        if isinstance(action, ProposeKapothi):
            if self.phase != "kapothi_propose":
                return Refusal(
                    "wrong_phase", "kapothi can be proposed only after four tricks at 4–0"
                )
            return None
        if isinstance(action, AnswerKapothi):
            if self.phase != "kapothi_answer":
                return Refusal("wrong_phase", "no kapothi proposal is waiting for an answer")
            return None
        return Refusal("unknown_action", f"Omi has no action {type(action).__name__}")

    # --- time -------------------------------------------------------------------------------
    def next_deadline(self) -> int | None:
        return self.deal_at_ms if self.phase == "deal" else None

    def advance(self, now_ms: int) -> tuple[Event, ...]:
        self.clock_ms = max(self.clock_ms, now_ms)
        if self.phase != "deal" or now_ms < self.deal_at_ms:
            return ()
        return tuple(self._deal_first_batch())

    def _deal_first_batch(self) -> list[Event]:
        self.hand_number += 1
        cutter = (self.dealer + 3) % 4  # the dealer's left-hand opponent
        deck = list(DECK)
        self.rng.shuffle(deck)
        depth = self.rng.randint(4, 28)
        deck = deck[depth:] + deck[:depth]
        self.deck = deck
        self.hands = [[], [], [], []]
        self.trick, self.tricks, self.tricks_won = [], [], [0, 0]
        self.won_cards = [[], []]
        self.voids = [set(), set(), set(), set()]
        self.kapothi_team, self.kapothi_accepted = None, None
        self.trump = None
        self.history.append(
            {
                "dealer": self.dealer,
                "trump_maker": self.trump_maker,
                "trump": None,
                "deal": [[], [], [], []],
                "tricks": [],
            }
        )
        events: list[Event] = [
            HandStarted(self.hand_number, self.dealer, self.trump_maker, cutter),
            DeckCut(cutter, depth),
        ]
        events += self._deal_batch()
        self.phase = "trump"
        self.turn = self.trump_maker
        events.append(TurnStarted(self.turn))
        return events

    def _deal_batch(self) -> list[Event]:
        events: list[Event] = []
        deal = self.history[-1]["deal"]
        for i in range(4):
            seat = (self.dealer + 1 + i) % 4  # starting at the dealer's right
            for _ in range(4):
                card = self.deck.pop()
                self.hands[seat].append(card)
                deal[seat].append(card)
                events.append(CardMoved(card, "deck", f"hand:{seat}", _ONLY[seat]))
        return events

    # --- actions ----------------------------------------------------------------------------
    def _apply(self, action: Any, at_ms: int) -> list[Event]:
        self.clock_ms = max(self.clock_ms, at_ms)
        if isinstance(action, PlayCard):
            return self._play(action.seat, action.card, at_ms)
        if isinstance(action, NameTrump):
            self.trump = action.suit
            self.history[-1]["trump"] = action.suit
            events: list[Event] = [TrumpNamed(action.seat, action.suit)]
            events += self._deal_batch()
            self.phase = "play"
            self.leader = self.turn = self.trump_maker
            events.append(TurnStarted(self.turn))
            return events
        if isinstance(action, ProposeKapothi):
            if not action.propose:
                self.phase = "play"
                return [TurnStarted(self.turn)]
            self.kapothi_team = team_of(action.seat)
            self.history[-1]["kapothi"] = {"proposed_by": self.kapothi_team, "accepted": False}
            self.phase = "kapothi_answer"
            self.turn = (action.seat + 1) % 4
            return [KapothiProposed(self.kapothi_team, action.seat), TurnStarted(self.turn)]
        assert isinstance(action, AnswerKapothi)
        self.kapothi_accepted = action.accept
        self.history[-1]["kapothi"]["accepted"] = action.accept
        self.phase = "play"
        self.turn = self.leader
        return [KapothiAnswered(action.seat, action.accept), TurnStarted(self.turn)]

    def _play(self, seat: int, card: str, at_ms: int) -> list[Event]:
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1][1]
            if card[1] != led:
                self.voids[seat].add(led)
        hand.remove(card)
        self.trick.append((seat, card))
        events: list[Event] = [CardMoved(card, f"hand:{seat}", "trick", None, True)]
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            events.append(TurnStarted(self.turn))
            return events
        cards = tuple(c for _, c in self.trick)
        winner = self.trick[trick_winner(cards, self.trump)][0]
        team = team_of(winner)
        self.tricks_won[team] += 1
        self.won_cards[team].extend(cards)
        self.tricks.append(TrickRecord(self.leader, cards, winner))
        self.history[-1]["tricks"].append(
            {"leader": self.leader, "cards": list(cards), "winner": winner}
        )
        self.trick = []
        events.append(
            TrickTaken(self.leader, cards, winner, (self.tricks_won[0], self.tricks_won[1]))
        )
        self.leader = self.turn = winner
        if len(self.tricks) == 8:
            return events + self._score_hand(at_ms)
        if (
            len(self.tricks) == 4
            and self.options.get("kapothi_challenge")
            and max(self.tricks_won) == 4
        ):
            self.phase = "kapothi_propose"  # the winner of trick 4 is on the 4–0 team
        events.append(TurnStarted(self.turn))
        return events

    # --- scoring ----------------------------------------------------------------------------
    def _normal_award(self) -> list[int]:
        return normal_award(team_of(self.trump_maker), self.tricks_won)

    def _hand_result(self) -> tuple[list[int], str]:
        normal = self._normal_award()
        if self.kapothi_accepted and self.kapothi_team is not None:
            proposers = self.kapothi_team
            award = [0, 0]
            if self.tricks_won[proposers] == 8:
                award[proposers] = 3 + 2
                return award, "kapothi challenge won"
            award[1 - proposers] = normal[proposers] + 2
            return award, "kapothi challenge failed"
        makers = team_of(self.trump_maker)
        if max(self.tricks_won) == 8:
            return normal, "kapothi"
        if normal[makers]:
            return normal, "trump-makers won"
        if normal[1 - makers]:
            return normal, "trump-makers lost"
        return normal, "4–4 tie"

    def _score_hand(self, at_ms: int) -> list[Event]:
        award, result = self._hand_result()
        if any(award):
            winner = 0 if award[0] else 1
            award[winner] += self.carry
            self.carry = 0
        elif self.options.get("tie_carry") == "single":
            self.carry = 1
        else:
            self.carry += 1
        before = list(self.score)
        self.score = [min(TARGET_TOKENS, self.score[t] + award[t]) for t in (0, 1)]
        record = self.history[-1]
        record["tokens"] = list(award)
        record["score"] = list(self.score)
        events: list[Event] = [
            HandScored(
                (self.tricks_won[0], self.tricks_won[1]),
                (award[0], award[1]),
                (self.score[0], self.score[1]),
                self.carry,
                result,
            ),
            Scored(
                "team tokens",
                (self.score[0] - before[0], self.score[1] - before[1]),
                (self.score[0], self.score[1]),
                result,
            ),
        ]
        max_hands = int(self.options.get("max_hands", 0))
        if max(self.score) >= TARGET_TOKENS or (max_hands and self.hand_number >= max_hands):
            self.phase = "over"
            self._finish()
            assert self._outcome is not None
            events.append(GameOver(self._outcome.winners, self._outcome.summary))
            return events
        self.dealer = (self.dealer + 1) % 4  # the deal passes to the right
        self.phase = "deal"
        self.deal_at_ms = at_ms
        return events

    def _finish(self) -> None:
        a, b = self.score
        if a == b:
            self._outcome = Outcome((), (a, b), f"a draw at {a}–{b}")
            return
        team = 0 if a > b else 1
        seats = (team, team + 2)
        self._outcome = Outcome(seats, (a, b), f"team {team + 1} wins {max(a, b)}–{min(a, b)}")

    def outcome(self) -> Outcome | None:
        return self._outcome

    # --- views and copies -------------------------------------------------------------------
    def view(self, seat: int | None) -> OmiView:
        hands = tuple(
            sort_hand(h) if seat is None or seat == s else None for s, h in enumerate(self.hands)
        )
        return OmiView(
            seat=seat,
            players=4,
            now_ms=self.clock_ms,
            to_act=self.to_act(),
            windows=(),
            phase=self.phase,
            hand_number=self.hand_number,
            dealer=self.dealer,
            trump_maker=self.trump_maker,
            trump=self.trump,
            hand=(hands[seat] or ()) if seat is not None else (),
            hands=hands,
            hand_sizes=tuple(len(h) for h in self.hands),
            leader=self.leader,
            trick=tuple(self.trick),
            tricks=tuple(self.tricks),
            tricks_won=(self.tricks_won[0], self.tricks_won[1]),
            score=(self.score[0], self.score[1]),
            carry=self.carry,
            kapothi_proposed_by=self.kapothi_team,
            kapothi_accepted=self.kapothi_accepted,
            voids=tuple(frozenset(v) for v in self.voids),
            options=tuple(sorted(self.options.items())),
        )

    def snapshot(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "deal_at_ms": self.deal_at_ms,
            "deck": list(self.deck),
            "hands": [list(h) for h in self.hands],
            "trump": self.trump,
            "leader": self.leader,
            "turn": self.turn,
            "trick": [list(p) for p in self.trick],
            "tricks": [[t.leader, list(t.cards), t.winner] for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "score": list(self.score),
            "carry": self.carry,
            "voids": [sorted(v) for v in self.voids],
            "kapothi": [self.kapothi_team, self.kapothi_accepted],
            "options": dict(self.options),
        }

    def census(self) -> Counter[str]:
        cards: Counter[str] = Counter(self.deck)
        for hand in self.hands:
            cards.update(hand)
        cards.update(c for _, c in self.trick)
        for pile in self.won_cards:
            cards.update(pile)
        return cards

    def clone(self) -> OmiState:
        other = OmiState.__new__(OmiState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.score = list(self.score)
        other.history = [
            {
                **h,
                "deal": [list(d) for d in h["deal"]],
                "tricks": list(h["tricks"]),
                **({"kapothi": dict(h["kapothi"])} if "kapothi" in h else {}),
            }
            for h in self.history
        ]
        other.deck = list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.trick = list(self.trick)
        other.tricks = list(self.tricks)
        other.tricks_won = list(self.tricks_won)
        other.won_cards = [list(p) for p in self.won_cards]
        other.voids = [set(v) for v in self.voids]
        return other
