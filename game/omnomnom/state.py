"""Om Nom Nom's rules: the whole match (3 rounds of 6 simultaneous picks) as one ``State``.

Each turn every seat puts one card face down (``Pick``); the seats still to pick are ``to_act``.
A person may change their face-down card (another ``Pick``) until the last seat has picked; a
seat that has picked has no legal actions, so bots never change their minds.
When the last pick is in, all cards are revealed and every board resolves on its own, top first
(``resolve.py``). After 6 reveals the round is scored, cleared and the dice rolled again. In solo
(option ``solo`` = 2 or 3) seat 0 is the player and seats 1.. are virtual colours whose shuffled
stacks turn their top card as soon as the player has picked.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any

from game.core.actions import Action
from game.core.errors import Refusal
from game.core.events import CardMoved, CardRevealed, Event, GameOver, Scored
from game.core.game import Outcome, State
from game.omnomnom.actions import Pick
from game.omnomnom.cards import (
    ANIMALS,
    DICE_COUNT,
    FACES,
    ROUNDS,
    TURNS_PER_ROUND,
    board_zone,
    card_id,
    dice_points,
)
from game.omnomnom.events import DiceMoved, DiceRolled, RoundCleared, TurnBegan
from game.omnomnom.resolve import CAPTURED, DISCARDED, FRONT, resolve_turn
from game.omnomnom.view import OmNomNomView


def rank_key(scores: list[int]) -> tuple[int, int]:
    """How seats are ranked at the end: total, then the single highest round."""
    return (sum(scores), max(scores, default=0))


def winners_of(round_scores: list[list[int]], seats: list[int]) -> tuple[int, ...]:
    """The seats among ``seats`` with the best (total, best round); several = a shared win."""
    keys = {s: rank_key([r[s] for r in round_scores]) for s in seats}
    best = max(keys.values())
    return tuple(s for s in seats if keys[s] == best)


class OmNomNomState(State):
    def __init__(self, players: int, solo: int, rng: random.Random) -> None:
        self.players = players
        self.solo = solo
        self.rng = rng
        self.round_index = 0
        self.turn_index = 0
        self.hands: list[list[str]] = [list(ANIMALS) for _ in range(players)]
        self.picks: list[str | None] = [None] * players
        self.spaces: dict[str, int] = {face: 0 for face in FACES}
        self.pool = DICE_COUNT  # dice off the boards, waiting to be rolled
        self.front_cards: list[list[str]] = [[] for _ in range(players)]
        self.front_dice: list[dict[str, int]] = [{} for _ in range(players)]
        self.discard: list[str] = []
        self.round_scores: list[list[int]] = []
        self.rounds_log: list[dict[str, Any]] = []  # {"dice": {...}, "turns": [[animal...]...]}

    # --- setup ------------------------------------------------------------------------------
    def start_round(self) -> list[Event]:
        """Shuffle the solo stacks and roll every die onto its space."""
        for seat in self.virtual_seats():
            self.rng.shuffle(self.hands[seat])
        for _ in range(self.pool):
            self.spaces[self.rng.choice(FACES)] += 1
        self.pool = 0
        rolled = tuple((face, self.spaces[face]) for face in FACES)
        self.rounds_log.append({"dice": dict(rolled), "turns": []})
        return [DiceRolled(self.round_index + 1, rolled), TurnBegan(self.round_index + 1, 1)]

    def set_dice(self, spaces: dict[str, int]) -> None:
        """Put the dice of the current round as given (tests and worked examples)."""
        if self.turn_index != 0 or any(self.picks) or sum(spaces.values()) != DICE_COUNT:
            raise ValueError("dice can be set only before the first pick, all 15 of them")
        self.spaces = {face: spaces.get(face, 0) for face in FACES}
        self.rounds_log[-1]["dice"] = dict(self.spaces)

    # --- queries ----------------------------------------------------------------------------
    def virtual_seats(self) -> range:
        return range(1, self.players) if self.solo else range(0)

    def is_virtual(self, seat: int) -> bool:
        return self.solo > 0 and seat > 0

    def is_over(self) -> bool:
        return len(self.round_scores) >= ROUNDS  # cheaper than building the outcome

    def to_act(self) -> frozenset[int]:
        if self.is_over():
            return frozenset()
        return frozenset(
            s for s in range(self.players) if not self.is_virtual(s) and self.picks[s] is None
        )

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if seat not in self.to_act():
            return ()
        return tuple(Pick(seat, animal) for animal in self.hands[seat])

    def check(self, action: Action) -> Refusal | None:
        if not isinstance(action, Pick):
            return Refusal("wrong_game", "Om Nom Nom only has picks")
        seat = action.seat
        if not 0 <= seat < self.players:
            return Refusal("no_such_seat", f"there is no seat {seat}")
        if self.is_over():
            return Refusal("game_over", "the match is over")
        if self.is_virtual(seat):
            return Refusal("virtual_colour", "a virtual colour's stack turns by itself")
        if self.picks[seat] == action.animal:
            return Refusal("already_picked", f"your {action.animal} is already your pick")
        if action.animal not in ANIMALS:
            return Refusal("no_such_animal", f"there is no {action.animal!r} card")
        if action.animal not in self.hands[seat]:
            return Refusal("already_played", f"your {action.animal} is already played this round")
        return None

    def round_points(self, seat: int) -> int:
        return len(self.front_cards[seat]) + dice_points(self.front_dice[seat])

    def totals(self) -> list[int]:
        return [sum(r[s] for r in self.round_scores) for s in range(self.players)]

    def outcome(self) -> Outcome | None:
        if len(self.round_scores) < ROUNDS:
            return None
        totals = tuple(self.totals())
        if self.solo:
            colours = list(self.virtual_seats())
            player = rank_key([r[0] for r in self.round_scores])
            if all(player > rank_key([r[c] for r in self.round_scores]) for c in colours):
                return Outcome((0,), totals, f"You beat every colour with {totals[0]} points")
            winners = winners_of(self.round_scores, colours)
            return Outcome(winners, totals, "A virtual colour matched or beat you")
        winners = winners_of(self.round_scores, list(range(self.players)))
        names = " and ".join(f"seat {s}" for s in winners)
        verb = "share the win" if len(winners) > 1 else "wins"
        return Outcome(winners, totals, f"{names} {verb} with {totals[winners[0]]} points")

    def view(self, seat: int | None) -> OmNomNomView:
        return OmNomNomView(
            seat=seat,
            players=self.players,
            now_ms=0,
            to_act=self.to_act(),
            windows=(),
            solo=self.solo,
            round=self.round_index + 1,
            turn=min(self.turn_index + 1, TURNS_PER_ROUND),
            hands=tuple(tuple(a for a in ANIMALS if a in hand) for hand in self.hands),
            picked=tuple(p is not None for p in self.picks),
            picks=tuple(p if seat is None or s == seat else None for s, p in enumerate(self.picks)),
            spaces=tuple((face, self.spaces[face]) for face in FACES),
            front_cards=tuple(tuple(cards) for cards in self.front_cards),
            front_dice=tuple(tuple((f, d[f]) for f in FACES if d.get(f)) for d in self.front_dice),
            discard=tuple(self.discard),
            round_scores=tuple(tuple(r) for r in self.round_scores),
            round_points=tuple(self.round_points(s) for s in range(self.players)),
            totals=tuple(self.totals()),
            rounds_log=tuple(
                (
                    tuple((f, r["dice"][f]) for f in FACES),
                    tuple(tuple(turn) for turn in r["turns"]),
                )
                for r in self.rounds_log
            ),
            stacks=(
                tuple(tuple(self.hands[s]) for s in self.virtual_seats()) if seat is None else ()
            ),
        )

    def snapshot(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "solo": self.solo,
            "round": self.round_index,
            "turn": self.turn_index,
            "hands": [list(h) for h in self.hands],
            "picks": list(self.picks),
            "spaces": dict(self.spaces),
            "pool": self.pool,
            "front_cards": [list(c) for c in self.front_cards],
            "front_dice": [dict(d) for d in self.front_dice],
            "discard": list(self.discard),
            "round_scores": [list(r) for r in self.round_scores],
            "rounds_log": [
                {"dice": dict(r["dice"]), "turns": [list(t) for t in r["turns"]]}
                for r in self.rounds_log
            ],
            "rng": hashlib.sha256(repr(self.rng.getstate()).encode()).hexdigest()[:16],
        }

    def census(self) -> Counter[str]:
        count: Counter[str] = Counter()
        for seat, hand in enumerate(self.hands):
            count.update(card_id(animal, seat) for animal in hand)
        for cards in self.front_cards:
            count.update(cards)
        count.update(self.discard)
        dice = self.pool + sum(self.spaces.values())
        dice += sum(sum(d.values()) for d in self.front_dice)
        count["die"] += dice
        return count

    def clone(self) -> OmNomNomState:
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        other = OmNomNomState(self.players, self.solo, rng)
        other.round_index = self.round_index
        other.turn_index = self.turn_index
        other.hands = [list(h) for h in self.hands]
        other.picks = list(self.picks)
        other.spaces = dict(self.spaces)
        other.pool = self.pool
        other.front_cards = [list(c) for c in self.front_cards]
        other.front_dice = [dict(d) for d in self.front_dice]
        other.discard = list(self.discard)
        other.round_scores = [list(r) for r in self.round_scores]
        other.rounds_log = [
            {"dice": dict(r["dice"]), "turns": [list(t) for t in r["turns"]]}
            for r in self.rounds_log
        ]
        return other

    # --- changes ----------------------------------------------------------------------------
    def _apply(self, action: Action, at_ms: int) -> list[Event]:
        assert isinstance(action, Pick)
        seat, animal = action.seat, action.animal
        events: list[Event] = []
        earlier = self.picks[seat]
        if earlier is not None:  # a change of mind: the first card goes back into the hand
            events.append(
                CardMoved(
                    card_id(earlier, seat), f"picked:{seat}", f"hand:{seat}", frozenset({seat})
                )
            )
        self.picks[seat] = animal
        card = card_id(animal, seat)
        events.append(CardMoved(card, f"hand:{seat}", f"picked:{seat}", frozenset({seat})))
        if seat == 0 and self.solo:
            for colour in self.virtual_seats():
                top = self.hands[colour][0]  # the stack's top card, turned face up
                self.picks[colour] = top
                events.append(
                    CardMoved(
                        card_id(top, colour), f"stack:{colour}", f"picked:{colour}", None, True
                    )
                )
        if all(p is not None for p in self.picks):
            events += self._reveal_and_resolve()
        return events

    def _reveal_and_resolve(self) -> list[Event]:
        picks = [p for p in self.picks if p is not None]
        events: list[Event] = []
        for seat, animal in enumerate(picks):
            card = card_id(animal, seat)
            if not self.is_virtual(seat):
                events.append(CardRevealed(card, f"picked:{seat}"))
            events.append(CardMoved(card, f"picked:{seat}", board_zone(animal), None, True))
            self.hands[seat].remove(animal)
        result = resolve_turn(picks, self.spaces)
        for seat, animal in enumerate(picks):
            card, zone = card_id(animal, seat), board_zone(animal)
            fate = result.fates[seat]
            if fate == FRONT:
                self.front_cards[seat].append(card)
                events.append(CardMoved(card, zone, f"front:{seat}", None, True))
            elif fate == CAPTURED:
                captor = result.captors[seat]
                assert captor is not None
                self.front_cards[captor].append(card)
                events.append(CardMoved(card, zone, f"front:{captor}", None, True))
            else:
                assert fate == DISCARDED
                self.discard.append(card)
                events.append(CardMoved(card, zone, "discard", None, True))
        for seat, taken in enumerate(result.dice_taken):
            for face, count in taken:
                self.front_dice[seat][face] = self.front_dice[seat].get(face, 0) + count
                events.append(DiceMoved(face, count, f"space:{face}", f"front:{seat}"))
        self.spaces = {face: result.spaces[face] for face in FACES}
        self.rounds_log[-1]["turns"].append(picks)
        self.picks = [None] * self.players
        self.turn_index += 1
        if self.turn_index < TURNS_PER_ROUND:
            events.append(TurnBegan(self.round_index + 1, self.turn_index + 1))
            return events
        return events + self._end_round()

    def _end_round(self) -> list[Event]:
        scores = [self.round_points(s) for s in range(self.players)]
        self.round_scores.append(scores)
        events: list[Event] = [
            Scored("points", tuple(scores), tuple(self.totals()), f"round {self.round_index + 1}")
        ]
        outcome = self.outcome()
        if outcome is not None:
            events.append(GameOver(outcome.winners, outcome.summary))
            return events  # the last round stays on the table to be looked at
        # Cleanup: cards back to their colours, dice back to the pool; then the next round.
        for seat in range(self.players):
            self.hands[seat] = list(ANIMALS)
            self.front_cards[seat] = []
            self.front_dice[seat] = {}
        self.discard = []
        self.pool = DICE_COUNT
        self.spaces = {face: 0 for face in FACES}
        self.round_index += 1
        self.turn_index = 0
        events.append(RoundCleared(self.round_index))
        return events + self.start_round()
