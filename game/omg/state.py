"""The OMG match as a State: mulligan, turns of four phases, playing, evolving, attacking, defending.

Seat ``turn_seat`` acts in the Advancement phase ("main"). A Life attack opens the defense (the
phase "defense", a ``block`` window in the view): the defender blocks and/or discards defense
cards, then finishes (or the window's time runs out when ``block_window_ms`` is set). Apollo's
"then discard 1" is the phase "discard". Checks live in ``moves.py``; this module changes things.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

from game.core.actions import Action
from game.core.errors import IllegalAction, Refusal
from game.core.events import CardMoved, Event, GameOver, Shuffled, TurnStarted
from game.core.game import Outcome, State
from game.core.views import View
from game.core.windows import ReactionWindow
from game.omg import combat, moves
from game.omg.abilities import ABILITIES, ability_of, passive_modifier
from game.omg.actions import (
    AddDefense,
    Attack,
    Block,
    Discard,
    EndTurn,
    EquipGem,
    Evolve,
    FinishDefense,
    Forfeit,
    GemDraw,
    Mulligan,
    PlayBeing,
    Target,
)
from game.omg.board import GEM_ZONE_MAX, LOCATIONS, Side, Stack, in_range
from game.omg.cards import CARDS, GEMS_PER_DECK, deck_cards
from game.omg.combat import Defense
from game.omg.events import AttackDeclared, GemsChanged, RestChanged

OPENING_HAND = 6
LIFE_CARDS = 3
STAT_KEYS = (
    "plays",
    "evolutions",
    "displaced",
    "attacks",
    "life_attacks",
    "lives_taken",
    "kills",
    "blocks",
    "defense_cards",
    "gem_draws",
)


class OmgState(State):
    players = 2

    def __init__(self, seed: int, options: dict[str, Any], decks: tuple[tuple[str, ...], ...]):
        self.options = dict(options)
        self.decks = decks
        self.rng = random.Random(seed)
        self.sides = [Side(beings=d, deck=deck_cards(d), gem_deck=GEMS_PER_DECK) for d in decks]
        for side in self.sides:
            self.rng.shuffle(side.deck)
        self.first_player = self.rng.randrange(2)
        self.turn_seat = self.first_player
        self.turn_number = 0
        self.phase = "mulligan"  # mulligan, main, defense, discard, over
        self.defense: Defense | None = None
        self.pending_discards = 0
        self.clock_ms = 0
        self.winner: int | None = None
        self.end_reason = ""
        self.stats = [dict.fromkeys(STAT_KEYS, 0) for _ in range(2)]
        self.history: list[tuple[int, Action]] = []  # (turn, action), for records
        self.opening: list[dict[str, list[str]]] = []  # hands and Life as turn 1 began
        for seat in (0, 1):
            self.draw(seat, OPENING_HAND)

    # --- who may act ------------------------------------------------------------------------
    @property
    def defender(self) -> int:
        return 1 - self.turn_seat

    def to_act(self) -> frozenset[int]:
        if self.phase == "over":
            return frozenset()
        if self.phase == "mulligan":
            return frozenset(s for s in (0, 1) if not self.sides[s].mulligan_done)
        if self.phase == "defense":
            return frozenset({self.defender})
        return frozenset({self.turn_seat})

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        return moves.legal_actions(self, seat)

    def check(self, action: Action) -> Refusal | None:
        return moves.check(self, action)

    @property
    def defender_wins_ties(self) -> bool:
        return bool(self.options["defender_wins_ties"])

    # --- power ------------------------------------------------------------------------------
    def power(self, seat: int, loc: int) -> int:
        """Current power: the stack's sum with every modifier (never below 0)."""
        stack = self.sides[seat].locations[loc]
        assert stack is not None
        total = stack.printed_power + stack.turn_mod + stack.equipped
        return max(0, total + passive_modifier(self.sides, seat, loc))

    def attack_power(self, seat: int, loc: int, at_life: bool) -> int:
        stack = self.sides[seat].locations[loc]
        assert stack is not None
        top = stack.top
        return self.power(seat, loc) + ABILITIES[top.being].attack_bonus(top.level, at_life)

    def defense_card_power(self, seat: int, cards: list[str]) -> int:
        """What discarded defense cards add: printed power, plus Anuket's +1 each."""
        bonus = sum(
            ability_of(s.cards[-1]).defense_card_bonus
            for s in self.sides[seat].locations
            if s is not None
        )
        return sum(CARDS[c].power for c in cards) + bonus * len(cards)

    def block_power(self, seat: int, loc: int, cards: list[str]) -> int:
        stack = self.sides[seat].locations[loc]
        assert stack is not None
        top = stack.top
        block = ABILITIES[top.being].block_bonus(top.level)
        return self.power(seat, loc) + block + self.defense_card_power(seat, cards)

    def may_attack_now(self, seat: int, stack: Stack) -> bool:
        """Summoning sickness (Thor and a player with 0 Life are exempt)."""
        if stack.entered_turn != self.turn_number:
            return True
        return ability_of(stack.cards[-1]).haste or not self.sides[seat].life

    def blockers(self, defense: Defense) -> list[int]:
        """The defender's active Beings that may intercept this attack."""
        side = self.sides[1 - defense.attacker]
        attacker = self.sides[defense.attacker].locations[defense.location]
        anywhere = attacker is not None and ability_of(attacker.cards[-1]).ignores_range
        return [
            j
            for j, s in enumerate(side.locations)
            if s is not None and not s.rested and (anywhere or in_range(defense.location, j))
        ]

    # --- small changes the abilities use ----------------------------------------------------
    def draw(self, seat: int, count: int) -> list[Event]:
        side = self.sides[seat]
        events: list[Event] = []
        for _ in range(count):
            if not side.deck:
                break  # an empty Being deck is no loss: nothing is drawn
            card = side.deck.pop()
            side.hand.append(card)
            events.append(CardMoved(card, f"deck:{seat}", f"hand:{seat}", frozenset({seat})))
        return events

    def gems_event(self, seat: int) -> GemsChanged:
        side = self.sides[seat]
        return GemsChanged(seat, side.gems_active, side.gems_rested, side.gem_deck)

    def pay(self, seat: int, gems: int) -> list[Event]:
        side = self.sides[seat]
        side.gems_active -= gems
        side.gems_rested += gems
        return [self.gems_event(seat)] if gems else []

    def ready_gems(self, seat: int, count: int) -> list[Event]:
        side = self.sides[seat]
        side.gems_rested -= count
        side.gems_active += count
        return [self.gems_event(seat)]

    def set_rested(self, seat: int, loc: int, rested: bool) -> list[Event]:
        stack = self.sides[seat].locations[loc]
        assert stack is not None
        if stack.rested == rested:
            return []
        stack.rested = rested
        return [RestChanged(seat, loc, rested)]

    def destroy(self, seat: int, loc: int) -> list[Event]:
        """The whole stack at (seat, loc) goes to its owner's Abyss."""
        side = self.sides[seat]
        stack = side.locations[loc]
        assert stack is not None
        side.locations[loc] = None
        side.abyss.extend(stack.cards)
        src = f"loc:{seat}:{loc}"
        return [CardMoved(c, src, f"abyss:{seat}", face_up=True) for c in reversed(stack.cards)]

    def return_to_hand(self, seat: int, card: str) -> list[Event]:
        side = self.sides[seat]
        side.abyss.remove(card)
        side.hand.append(card)
        side.known_hand.append(card)  # everyone saw it leave the Abyss
        return [CardMoved(card, f"abyss:{seat}", f"hand:{seat}", face_up=True)]

    def _from_hand(self, seat: int, card: str) -> None:
        side = self.sides[seat]
        side.hand.remove(card)
        if card in side.known_hand:
            side.known_hand.remove(card)

    # --- applying ---------------------------------------------------------------------------
    def _apply(self, action: Action, at_ms: int) -> list[Event]:
        self.clock_ms = max(self.clock_ms, at_ms)
        self.history.append((self.turn_number, action))
        seat = action.seat
        if isinstance(action, Forfeit):
            return self.finish(1 - seat, f"seat {seat} forfeited")
        if isinstance(action, Mulligan):
            return self._mulligan(seat, action.cards)
        if isinstance(action, PlayBeing):
            return self._play(seat, action.card, action.location, action.target)
        if isinstance(action, Evolve):
            return self._evolve(seat, action.card, action.location, action.target)
        if isinstance(action, Attack):
            return self._attack(seat, action.location, action.target, at_ms)
        if isinstance(action, GemDraw):
            self.stats[seat]["gem_draws"] += 1
            return self.pay(seat, 1) + self.draw(seat, 1)
        if isinstance(action, EquipGem):
            stack = self.sides[seat].locations[action.location]
            assert stack is not None
            stack.equipped += 1
            return self.pay(seat, 1)
        if isinstance(action, EndTurn):
            return self._end_turn()
        if isinstance(action, Block):
            assert self.defense is not None
            self.defense.blocker = action.location
            self.stats[seat]["blocks"] += 1
            return self.set_rested(seat, action.location, True)
        if isinstance(action, AddDefense):
            assert self.defense is not None
            self._from_hand(seat, action.card)
            self.defense.cards.append(action.card)
            self.stats[seat]["defense_cards"] += 1
            return [CardMoved(action.card, f"hand:{seat}", f"defense:{seat}", face_up=True)]
        if isinstance(action, FinishDefense):
            return self._close_defense(at_ms)
        if isinstance(action, Discard):
            self._from_hand(seat, action.card)
            self.sides[seat].abyss.append(action.card)
            self.pending_discards -= 1
            if self.pending_discards == 0:
                self.phase = "main"
            return [CardMoved(action.card, f"hand:{seat}", f"abyss:{seat}", face_up=True)]
        raise AssertionError(f"unhandled action {action!r}")

    def _mulligan(self, seat: int, cards: tuple[str, ...]) -> list[Event]:
        side = self.sides[seat]
        only = frozenset({seat})
        events: list[Event] = []
        for card in cards:
            side.hand.remove(card)
            side.deck.append(card)
            events.append(CardMoved(card, f"hand:{seat}", f"deck:{seat}", only))
        if cards:
            self.rng.shuffle(side.deck)
            events.append(Shuffled(f"deck:{seat}", len(side.deck)))
            events += self.draw(seat, len(cards))
        side.mulligan_done = True
        if all(s.mulligan_done for s in self.sides):
            for s, other in enumerate(self.sides):
                for _ in range(LIFE_CARDS):
                    card = other.deck.pop()
                    other.life.append(card)  # face down: nobody sees it, the owner neither
                    events.append(CardMoved(card, f"deck:{s}", f"life:{s}", frozenset()))
            self.opening = [{"hand": list(x.hand), "life": list(x.life)} for x in self.sides]
            events += self._start_turn(self.first_player)
        return events

    def _start_turn(self, seat: int) -> list[Event]:
        self.turn_number += 1
        self.turn_seat = seat
        self.phase = "main"
        events: list[Event] = [TurnStarted(seat)]
        # Refresh: this player's Beings and Gems become active; per-turn modifiers end.
        for side in self.sides:
            for stack in side.locations:
                if stack is not None:
                    stack.turn_mod = 0
        side = self.sides[seat]
        side.gems_active += side.gems_rested
        side.gems_rested = 0
        for loc, stack in enumerate(side.locations):
            if stack is not None:
                stack.equipped = 0
                events += self.set_rested(seat, loc, False)
        # Draw: the first player skips it on turn 1.
        if self.turn_number > 1:
            events += self.draw(seat, 1)
        # Gem Charge: 2 (3 on the second player's first turn), the zone holds at most 8.
        charge = 3 if self.turn_number == 2 else 2
        charge = min(charge, side.gem_deck, GEM_ZONE_MAX - side.gems_in_zone())
        side.gem_deck -= charge
        side.gems_active += charge
        events.append(self.gems_event(seat))
        return events

    def _end_turn(self) -> list[Event]:
        limit = int(self.options["turn_limit"])
        if limit and self.turn_number >= limit:
            return self._finish_by_limit()
        return self._start_turn(1 - self.turn_seat)

    def _enter(self, seat: int, card: str, loc: int, target: Target) -> list[Event]:
        """The Play ability of the card that just became the top of (seat, loc)."""
        ability = ability_of(card)
        if ability.targeted and target is None:
            return []  # nothing to aim at: the ability does nothing
        events = ability.on_play(self, seat, loc, CARDS[card].level, target)
        if self.pending_discards:
            self.phase = "discard"
        return events

    def _play(self, seat: int, card: str, loc: int, target: Target) -> list[Event]:
        side = self.sides[seat]
        events = self.pay(seat, CARDS[card].cost)
        if side.locations[loc] is not None:
            self.stats[seat]["displaced"] += 1
            events += self.destroy(seat, loc)
        self._from_hand(seat, card)
        side.locations[loc] = Stack([card], entered_turn=self.turn_number)
        self.stats[seat]["plays"] += 1
        events.append(CardMoved(card, f"hand:{seat}", f"loc:{seat}:{loc}", face_up=True))
        return events + self._enter(seat, card, loc, target)

    def _evolve(self, seat: int, card: str, loc: int, target: Target) -> list[Event]:
        stack = self.sides[seat].locations[loc]
        assert stack is not None
        events = self.pay(seat, moves.evolve_cost(stack, card))
        self._from_hand(seat, card)
        stack.cards.append(card)  # it keeps the rested state, sickness and modifiers beneath
        stack.evolved_turn = self.turn_number
        self.stats[seat]["evolutions"] += 1
        events.append(CardMoved(card, f"hand:{seat}", f"loc:{seat}:{loc}", face_up=True))
        return events + self._enter(seat, card, loc, target)

    def _attack(self, seat: int, loc: int, target: int | None, at_ms: int) -> list[Event]:
        stack = self.sides[seat].locations[loc]
        assert stack is not None
        stack.attacked_turn = self.turn_number
        self.stats[seat]["attacks"] += 1
        events: list[Event] = [AttackDeclared(seat, loc, target)]
        events += self.set_rested(seat, loc, True)
        if target is not None:
            return events + combat.being_combat(self, seat, loc, target)
        self.stats[seat]["life_attacks"] += 1
        length = int(self.options["block_window_ms"]) or None  # 0: untimed
        window, opened = ReactionWindow.open("block", at_ms, length, {1 - seat})
        self.defense = Defense(seat, loc, window=window)
        if not self.blockers(self.defense) and not self.sides[1 - seat].hand:
            return events + combat.resolve_defense(self)  # nothing the defender could do
        self.phase = "defense"
        return events + ([opened] if opened is not None else [])

    def _close_defense(self, at_ms: int) -> list[Event]:
        """The defender finished, or the block window's time ran out: the attack resolves."""
        assert self.defense is not None and self.defense.window is not None
        window = self.defense.window
        closed = [window.closed(at_ms)] if window.timed else []
        return closed + combat.resolve_defense(self)

    def apply(self, action: Action, at_ms: int = 0) -> tuple[Event, ...]:
        window = self.defense.window if self.defense is not None else None
        if self.phase == "defense" and window is not None:
            refusal = window.late(at_ms)  # an answer stamped after the close does not count
            if refusal is not None:
                raise IllegalAction.from_refusal(refusal)
        return super().apply(action, at_ms)

    def advance(self, now_ms: int) -> tuple[Event, ...]:
        self.clock_ms = max(self.clock_ms, now_ms)
        due = self.next_deadline()
        if due is not None and due <= now_ms:
            return tuple(self._close_defense(due))
        return ()

    def next_deadline(self) -> int | None:
        if self.defense is not None and self.defense.window is not None and self.phase == "defense":
            return self.defense.window.next_deadline()
        return None

    # --- the end ----------------------------------------------------------------------------
    def total_power(self, seat: int) -> int:
        side = self.sides[seat]
        return sum(self.power(seat, j) for j in LOCATIONS if side.locations[j] is not None)

    def _finish_by_limit(self) -> list[Event]:
        lives = [len(s.life) for s in self.sides]
        powers = [self.total_power(s) for s in (0, 1)]
        if lives[0] != lives[1]:
            return self.finish(lives.index(max(lives)), "the turn limit: more Life")
        if powers[0] != powers[1]:
            return self.finish(powers.index(max(powers)), "the turn limit: more power in play")
        return self.finish(None, "the turn limit: a draw")

    def finish(self, winner: int | None, reason: str) -> list[Event]:
        self.phase = "over"
        self.defense = None
        self.winner = winner
        self.end_reason = reason
        return [GameOver(() if winner is None else (winner,), reason)]

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        winners = () if self.winner is None else (self.winner,)
        lives = tuple(len(s.life) for s in self.sides)
        return Outcome(winners, lives, self.end_reason)

    # --- copies and records -----------------------------------------------------------------
    def clone(self) -> OmgState:
        other = OmgState.__new__(OmgState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.options = dict(self.options)
        other.sides = [s.copy() for s in self.sides]
        other.defense = self.defense.copy() if self.defense else None
        other.stats = [dict(s) for s in self.stats]
        other.history = list(self.history)
        return other

    def snapshot(self) -> dict[str, Any]:
        return {
            "options": dict(self.options),
            "phase": self.phase,
            "first_player": self.first_player,
            "turn_seat": self.turn_seat,
            "turn_number": self.turn_number,
            "pending_discards": self.pending_discards,
            "defense": self.defense.to_json() if self.defense else None,
            "sides": [dataclasses.asdict(s) for s in self.sides],
            "winner": self.winner,
            "end_reason": self.end_reason,
            "stats": self.stats,
        }

    def census(self) -> Counter[str]:
        cards: Counter[str] = Counter()
        for side in self.sides:
            cards.update(side.deck)
            cards.update(side.hand)
            cards.update(side.life)
            cards.update(side.abyss)
            for stack in side.locations:
                if stack is not None:
                    cards.update(stack.cards)
            cards["gem"] += side.gem_deck + side.gems_active + side.gems_rested
        if self.defense is not None:
            cards.update(self.defense.cards)
        return cards

    def view(self, seat: int | None) -> View:
        from game.omg.view import build_view

        return build_view(self, seat)
