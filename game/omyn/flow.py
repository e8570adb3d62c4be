"""How an OMYN game moves: the deal, turns, plays, powers, windows, Omens and the end.

Every method returns the events it caused, in order. A game can end in the middle of anything
(an emptied row, an empty draw pile), so callers check ``in_game()`` after each step.
"""

from __future__ import annotations

from typing import Any

from game.core.events import (
    CardMoved,
    Event,
    GameOver,
    Shuffled,
    TurnStarted,
)
from game.core.game import Outcome
from game.core.windows import ReactionWindow
from game.omyn.cards import FACES, GOOD_OMEN, is_omen, power_of, same_value
from game.omyn.events import (
    Claimed,
    ClaimResolved,
    DealerDraw,
    GameStarted,
    GameWon,
    Hexed,
    OmenPlayed,
    Penalty,
    PileRecycled,
    PowerResolved,
    SkipQueued,
    SlotClosed,
    Switched,
    TurnSkipped,
)
from game.omyn.scoring import score_game
from game.omyn.state_data import OmynData

ROW_SIZE = 5


def row_zone(seat: int, slot: int) -> str:
    return f"row:{seat}:{slot}"


class Flow(OmynData):
    def in_game(self) -> bool:
        return self.phase in ("peek", "turn")

    # --- a new game -------------------------------------------------------------------------
    def choose_dealer(self) -> tuple[int, list[Event]]:
        """Everyone draws a card face up; highest number deals. An Omen is drawn again; a tie
        for highest redraws among the tied (RULINGS, Setup 1)."""
        events: list[Event] = []
        candidates = list(range(self.players))
        round_number = 0
        while len(candidates) > 1:
            round_number += 1
            deck = list(FACES)
            self.rng.shuffle(deck)
            drawn: dict[int, int] = {}
            for seat in candidates:
                face = deck.pop()
                while is_omen(face):
                    self.dealer_draws.append((round_number, seat, face))
                    events.append(DealerDraw(round_number, seat, face))
                    face = deck.pop()
                self.dealer_draws.append((round_number, seat, face))
                events.append(DealerDraw(round_number, seat, face))
                drawn[seat] = int(face)
            best = max(drawn.values())
            candidates = [s for s in candidates if drawn[s] == best]
        return candidates[0], events

    def start_game(self, now: int) -> list[Event]:
        self.game_number += 1
        events: list[Event] = []
        if self.last_winner is None:
            self.dealer_draws = []
            self.dealer, dealer_events = self.choose_dealer()
            events += dealer_events
        else:
            self.dealer = self.last_winner
        events.append(GameStarted(self.game_number, self.dealer))
        cards = list(range(len(FACES)))
        self.rng.shuffle(cards)
        self.draw, self.pile = cards, []
        self.rows = [[] for _ in range(self.players)]
        self.known = [{} for _ in FACES]
        self.skips = [0] * self.players
        self.hexed = [False] * self.players
        self.drawn, self.power, self.effect, self.window = None, None, None, None
        self.void_card = None
        self.omens_played = []
        self.turn_number, self.arranging, self.called, self.hex_now = 0, 0, False, False
        events.append(Shuffled("draw", len(cards)))
        self.history.append(
            {
                "game": self.game_number,
                "dealer": self.dealer,
                "dealer_draws": [list(d) for d in self.dealer_draws]
                if self.game_number == 1
                else [],
                "order": [self.face(c) for c in cards],
                "actions": [],
                "reveals": [],
            }
        )
        for _ in range(ROW_SIZE):
            for i in range(self.players):
                seat = (self.dealer + 1 + i) % self.players
                card = self.draw.pop(0)
                self.rows[seat].append(card)
                events.append(self.moved(card, "draw", row_zone(seat, len(self.rows[seat]) - 1)))
        self.history[-1]["deal"] = [[self.face(c) for c in row] for row in self.rows]
        self.phase = "peek"
        self.peeked = [False] * self.players
        self.turn_seat = (self.dealer + 1) % self.players
        return events

    # --- turns ------------------------------------------------------------------------------
    def begin_turn(self, seat: int, now: int) -> list[Event]:
        events: list[Event] = []
        limit = int(self.options.get("turn_limit", 0))
        if limit and self.turn_number >= limit:  # a short game: scored as if the cards ran out
            return self.score(None, now)
        while self.skips[seat] > 0:
            self.skips[seat] -= 1
            events.append(TurnSkipped(seat, self.skips[seat]))
            seat = (seat + 1) % self.players
        self.phase = "turn"
        self.turn_seat = seat
        self.turn_number += 1
        self.step = "start"
        self.called = False
        self.hex_now = self.hexed[seat]
        self.hexed[seat] = False
        self.drawn, self.power, self.effect, self.window = None, None, None, None
        self.void_card = None
        events.append(TurnStarted(seat))
        return events

    def end_turn(self, now: int) -> list[Event]:
        self.window = None
        return self.begin_turn((self.turn_seat + 1) % self.players, now)

    def draw_top(self, now: int) -> tuple[int | None, list[Event]]:
        """Take the top card, recycling the play pile (except its top) when the draw pile is
        empty. None (and the game scored with no caller) when there is nothing to draw."""
        events: list[Event] = []
        if not self.draw:
            recycled = self.pile[:-1]
            self.pile = self.pile[-1:]
            for card in recycled:
                self.forget(card)
            self.rng.shuffle(recycled)
            self.draw = recycled
            events.append(PileRecycled(len(recycled)))
            events.append(Shuffled("draw", len(recycled)))
            if not self.draw:
                events += self.score(None, now)
                return None, events
        return self.draw.pop(0), events

    def penalty(self, seat: int, reason: str, now: int) -> list[Event]:
        events: list[Event] = [Penalty(seat, reason)]
        card, drawn_events = self.draw_top(now)
        events += drawn_events
        if card is not None:
            self.rows[seat].append(card)
            events.append(self.moved(card, "draw", row_zone(seat, len(self.rows[seat]) - 1)))
        return events

    def close_slot(self, seat: int, slot: int, now: int) -> list[Event]:
        """The card at ``slot`` went to the pile: the slot closes; an empty row wins at once."""
        card = self.rows[seat].pop(slot)
        self.pile.append(card)
        self.publish(card)
        events: list[Event] = [
            CardMoved(self.face(card), row_zone(seat, slot), "pile", None, True),
            SlotClosed(seat, slot),
        ]
        if not self.rows[seat]:
            events += self.finish_game(seat, "empty_row", (), None, now)
        return events

    def to_pile(self, card: int, src: str) -> Event:
        self.pile.append(card)
        self.publish(card)
        return CardMoved(self.face(card), src, "pile", None, True)

    # --- after a play -----------------------------------------------------------------------
    def after_play(
        self, seat: int, face: str, dropped: bool, power_ok: bool, now: int
    ) -> list[Event]:
        """A card landed on the pile from a turn play: an Omen resolves, a power may be activated,
        otherwise the chain window opens."""
        if is_omen(face):
            return self.omen(seat, face, now)
        power = power_of(face)
        if (
            power_ok
            and power not in (None, "void")
            and not self.hex_now
            and (dropped or bool(self.options["powers_on_swap_out"]))
        ):
            self.step = "power"
            self.power = power
            return []
        return self.open_chain(now)

    def omen(self, seat: int, omen: str, now: int) -> list[Event]:
        row = self.rows[seat]
        count = len(row)
        events: list[Event] = [OmenPlayed(seat, omen, count)]
        self.omens_played.append(omen)
        for slot in reversed(range(count)):
            events.append(self.moved(row[slot], row_zone(seat, slot), "draw"))
        for card in self.pile:
            events.append(CardMoved(self.face(card), "pile", "draw", None, True))
        everything = row + self.pile + self.draw
        for card in everything:
            self.forget(card)
        self.rng.shuffle(everything)
        events.append(Shuffled("draw", len(everything)))
        self.rows[seat] = everything[:count]
        self.draw = everything[count:]
        self.pile = []
        for slot, card in enumerate(self.rows[seat]):
            if omen == GOOD_OMEN:
                self.learn(seat, card)
            events.append(self.moved(card, "draw", row_zone(seat, slot)))
        events += self.end_turn(now)
        return events

    # --- windows (opened, claimed, closed through game/core/windows.py) ---------------------
    def open_window(
        self, kind: str, subject: str, actor: int, eligible: list[int], now: int
    ) -> list[Event]:
        length = self.option_ms("chain_window_ms" if kind == "chain" else "void_window_ms")
        self.step = "window"
        self.windows_opened += 1
        self.window, opened = ReactionWindow.open(
            kind, now, length, eligible, subject, number=self.windows_opened, actor=actor
        )
        assert opened is not None
        return [opened]

    def open_chain(self, now: int) -> list[Event]:
        """The chain window after a turn's play; none when the top card was played by Void
        (RULINGS: a card played by Void opens no chain window): the turn passes."""
        if self.pile and self.pile[-1] == self.void_card:
            return self.end_turn(now)
        top = self.face(self.pile[-1])
        return self.open_window("chain", top, self.turn_seat, self.seats_with_cards(), now)

    def open_void(self, subject: str, actor: int, now: int) -> list[Event]:
        """Every seat with a face-down card may Void, the actor included (RULINGS), except a
        Hexed player during its own turn: its cards are plain numbers all that turn."""
        eligible = self.seats_with_cards()
        if self.hex_now:
            eligible = [s for s in eligible if s != self.turn_seat]
        return self.open_window("void", subject, actor, eligible, now)

    def close_window(self, now: int) -> list[Event]:
        """The window's time is up (or it was spent by a claim): what it answered goes on."""
        assert self.window is not None
        kind, closed = self.window.kind, self.window.closed(now)
        self.window = None
        if kind == "chain":
            return [closed, *self.end_turn(now)]
        return [closed, *self.resolve_effect(now)]

    def claim(self, seat: int, slot: int | None, now: int) -> list[Event]:
        """The first claim of the window (the caller has let later ones know they were late)."""
        assert self.window is not None
        pick_ms = self.option_ms("claim_pick_ms") if slot is None else None
        won = self.window.claim(seat, now, pick_ms)
        assert won
        events: list[Event] = [Claimed(self.window.kind, seat, slot, now)]
        if slot is None:
            return events
        return events + self.resolve_claim(seat, slot, now)

    def resolve_claim(self, seat: int, slot: int, now: int) -> list[Event]:
        assert self.window is not None
        kind = self.window.kind
        card = self.rows[seat][slot]
        face = self.face(card)
        wanted = self.window.subject if kind == "chain" else "0"
        correct = same_value(face, wanted)
        events: list[Event] = [
            self.show(card, row_zone(seat, slot), None),
            ClaimResolved(kind, seat, face, correct),
        ]
        if not correct:
            events += self.penalty(seat, f"wrong_{kind}", now)
            if self.in_game():
                events += self.close_window(now)
            return events
        events += self.close_slot(seat, slot, now)
        if not self.in_game():
            return events
        if kind == "chain":
            return events + self.close_window(now)
        assert self.effect is not None
        self.void_card = self.pile[-1]
        self.effect["voids"].append(seat)
        events.append(self.window.closed(now))
        self.window = None
        return events + self.open_void("void", seat, now)

    def pick_timeout(self, now: int) -> list[Event]:
        """A claim whose slot was never named counts as a wrong claim (nothing is shown)."""
        assert self.window is not None and self.window.claimant is not None
        seat = self.window.claimant
        events = self.penalty(seat, f"no_pick_{self.window.kind}", now)
        if self.in_game():
            events += self.close_window(now)
        return events

    # --- effects ----------------------------------------------------------------------------
    def resolve_effect(self, now: int) -> list[Event]:
        effect = self.effect
        assert effect is not None
        self.effect = None
        voids = len(effect["voids"])
        cancelled = voids % 2 == 1
        events: list[Event] = [PowerResolved(effect["seat"], effect["power"], voids, cancelled)]
        if effect["kind"] == "call":
            if not cancelled:
                return events + self.score(effect["seat"], now)
            self.called = True
            self.step = "start"
            return events
        if not cancelled:
            events += self.power_effect(effect, now)
            if not self.in_game() or self.step == "arrange":
                return events
        return events + self.open_chain(now)

    def power_effect(self, effect: dict[str, Any], now: int) -> list[Event]:
        seat, power, target = effect["seat"], effect["power"], effect["target"]
        mine = self.slot_of(effect["card"]) if effect["card"] is not None else None
        theirs = self.slot_of(effect["other_card"]) if effect["other_card"] is not None else None
        if target is not None and not self.rows[target]:
            return []
        if power == "hex":
            self.hexed[target] = True
            return [Hexed(target, seat)]
        if power == "skip":
            self.skips[target] += 1
            return [SkipQueued(target, seat, self.skips[target])]
        if power == "draw":
            card, events = self.draw_top(now)
            if card is not None:
                self.rows[target].append(card)
                events.append(
                    self.moved(card, "draw", row_zone(target, len(self.rows[target]) - 1))
                )
            return events
        if power in ("insight", "spy"):
            if mine is None:
                return []  # the named card left the row (it was played as a Void)
            return [self.show(self.rows[mine[0]][mine[1]], row_zone(*mine), frozenset({seat}))]
        if power == "foresee":
            count = min(3, len(self.draw))
            events = [self.show(self.draw[i], f"draw:{i}", frozenset({seat})) for i in range(count)]
            if count:
                self.step, self.arranging = "arrange", count
            return events
        assert power == "switch"
        if mine is None or theirs is None:
            return []
        (a, i), (b, j) = mine, theirs
        card_a, card_b = self.rows[a][i], self.rows[b][j]
        self.rows[a][i], self.rows[b][j] = card_b, card_a
        return [
            self.moved(card_a, row_zone(a, i), row_zone(b, j)),
            self.moved(card_b, row_zone(b, j), row_zone(a, i)),
            Switched(a, i, b, j),
        ]

    # --- the end of a game ------------------------------------------------------------------
    def score(self, caller: int | None, now: int) -> list[Event]:
        events, winner, reason, totals = score_game(self, caller)
        return events + self.finish_game(winner, reason, totals, caller, now)

    def finish_game(
        self, winner: int, reason: str, totals: tuple[int, ...], caller: int | None, now: int
    ) -> list[Event]:
        self.wins[winner] += 1
        self.window, self.effect, self.power = None, None, None
        result: dict[str, Any] = {
            "game": self.game_number,
            "winner": winner,
            "reason": reason,
            "caller": caller,
            "totals": list(totals),
            "rows": [[self.face(c) for c in row] for row in self.rows],
            "turns": self.turn_number,
        }
        self.last_result = {k: v for k, v in result.items() if k != "rows"}
        self.last_result["totals"] = tuple(totals)
        if self.history:
            self.history[-1]["result"] = result
        events: list[Event] = [GameWon(winner, reason, totals, caller, tuple(self.wins))]
        self.last_winner = winner
        if self.wins[winner] >= int(self.options["match_wins"]):
            self.phase = "over"
            summary = f"seat {winner} wins the match ({reason.replace('_', ' ')})"
            self._outcome = Outcome((winner,), tuple(self.wins), summary)
            events.append(GameOver((winner,), summary))
        else:
            self.phase = "setup"
            self.setup_at_ms = now
        return events
