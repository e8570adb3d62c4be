"""No-leak and determinize tests over many seeds and 2–6 players.

The no-leak test rebuilds, for one seat, what it may know from nothing but its own redacted
events, checking that every face it is shown has a legitimate source (a public play or reveal,
its own peek, draw, Insight, Spy, Foresee or Good Omen, or a card it already knew that moved),
and that its view shows exactly that knowledge: nothing more, nothing forgotten.
"""

from __future__ import annotations

import random

import pytest

from game.core.events import CardMoved, CardRevealed, Event, Shuffled, TurnStarted
from game.omyn import GAME
from game.omyn.actions import CallOmyn
from game.omyn.events import GameStarted, OmenPlayed, PowerUsed, Rearranged, SlotClosed
from game.omyn.state import OmynState
from tests.playout import play_to_end

CASES = [(players, seed) for players in range(2, 7) for seed in range(6)]


class Knowledge:
    """What ``seat`` may know, rebuilt from its redacted events alone."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.zones: dict[str, str] = {}
        self.draw: list[str | None] = []
        self.power: str | None = None  # the power this seat activated this turn
        self.good_omen = False

    def feed(self, events: list[Event], state: OmynState) -> None:
        i = 0
        while i < len(events):
            event = events[i]
            following = events[i + 1] if i + 1 < len(events) else None
            if (
                isinstance(event, CardMoved)
                and isinstance(following, CardMoved)
                and (event.src, event.dst) == (following.dst, following.src)
            ):  # Switch: both cards move at once
                befores = (self.zones.pop(event.src, None), self.zones.pop(following.src, None))
                self.move(event, befores[0], given=True)
                self.move(following, befores[1], given=True)
                i += 2
                continue
            self.one(event, state)
            i += 1

    def one(self, event: Event, state: OmynState) -> None:
        me = self.seat
        if isinstance(event, GameStarted):
            self.zones, self.draw = {}, []
        elif isinstance(event, TurnStarted):
            self.power, self.good_omen = None, False
        elif isinstance(event, PowerUsed) and event.seat == me:
            self.power = event.power + (f":{event.target}" if event.power == "spy" else "")
        elif isinstance(event, OmenPlayed) and event.seat == me:
            self.good_omen = event.omen == "GO"
        elif isinstance(event, Shuffled) and event.zone == "draw":
            self.draw = []
        elif isinstance(event, SlotClosed):
            prefix = f"row:{event.seat}:"
            moved = {
                int(z[len(prefix) :]): f for z, f in self.zones.items() if z.startswith(prefix)
            }
            for slot in moved:
                del self.zones[f"{prefix}{slot}"]
            for slot, face in moved.items():
                self.zones[f"{prefix}{slot - 1 if slot > event.slot else slot}"] = face
        elif isinstance(event, Rearranged) and event.seat == me:
            foreseen = self.draw[: event.count]
            now = [c.face for c in state.view(me).draw[: event.count]]
            assert sorted(map(str, foreseen)) == sorted(map(str, now))
            self.draw[: event.count] = now
        elif isinstance(event, CardRevealed):
            self.reveal(event)
        elif isinstance(event, CardMoved):
            self.move(event)

    def reveal(self, event: CardRevealed) -> None:
        me, zone = self.seat, event.zone
        if event.known_to is not None:
            assert event.known_to == {me}, "a private reveal reached another seat"
            legit = (
                zone.startswith(f"row:{me}:")
                or (zone.startswith("draw:") and self.power == "foresee")
                or (self.power is not None and zone.startswith(f"row:{self.power[4:]}:"))
            )
            assert legit, f"seat {me} was shown {zone} without a reason"
        if zone.startswith("draw:"):
            index = int(zone[5:])
            self.draw += [None] * (index + 1 - len(self.draw))
            self.draw[index] = event.card
        elif zone.startswith(("row:", "drawn:")):
            self.zones[zone] = event.card

    def move(self, event: CardMoved, known_before: str | None = None, given: bool = False) -> None:
        me = self.seat
        if given:  # both cards of a Switch left their places at once
            before = known_before
        elif event.src == "draw":
            before = self.draw.pop(0) if self.draw else None
        elif event.src == "pile":
            before = event.card
        else:
            before = self.zones.pop(event.src, None)
        if event.card is not None and not event.face_up:
            legit = (
                event.card == before
                or event.dst == f"drawn:{me}"
                or (self.good_omen and event.dst.startswith(f"row:{me}:"))
            )
            assert legit, f"seat {me} saw a {event.card} move {event.src} -> {event.dst} unearned"
        if event.dst in ("draw", "pile"):
            return
        if event.card is not None:
            self.zones[event.dst] = event.card
        else:
            self.zones.pop(event.dst, None)

    def check_view(self, state: OmynState) -> None:
        view = state.view(self.seat)
        for seat, row in enumerate(view.rows):
            for slot, card in enumerate(row):
                assert card.face == self.zones.get(f"row:{seat}:{slot}"), (seat, slot)
        if view.drawn is not None:
            assert view.drawn.face == self.zones.get(f"drawn:{view.turn_seat}")
        for i, card in enumerate(view.draw):
            expected = self.draw[i] if i < len(self.draw) else None
            assert card.face == expected, f"draw pile position {i}"


def random_game_with_events(players: int, seed: int, trackers: list[Knowledge]) -> OmynState:
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    now = 0
    for _ in range(3000):
        if state.is_over():
            break
        now += rng.choice((0, 0, 50, 400))
        events = list(state.advance(now))
        actors = sorted(state.to_act())
        deadline = state.next_deadline()
        if not actors or (deadline is not None and rng.random() < 0.3):
            assert deadline is not None
            now = max(now, deadline)
            events += state.advance(now)
        else:
            seat = rng.choice(actors)
            legal = [a for a in state.legal_actions(seat) if not isinstance(a, CallOmyn)]
            if not legal or rng.random() < 0.04:  # call rarely, so games run long
                legal = list(state.legal_actions(seat))
            events += state.apply(rng.choice(legal), now)
        assert sum(state.census().values()) == 54, "a card appeared or vanished"
        for tracker in trackers:
            seen = [e.seen_by(tracker.seat) for e in events]
            tracker.feed([e for e in seen if e is not None], state)
            tracker.check_view(state)
    return state


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_no_view_or_event_shows_a_seat_a_card_it_has_not_legitimately_seen(
    players: int, seed: int
) -> None:
    trackers = [Knowledge(seat) for seat in range(players)]
    state = random_game_with_events(players, seed, trackers)
    assert state.is_over()
    assert state.turn_number >= 3 or players == 2


@pytest.mark.parametrize(("players", "seed"), CASES[::3])
def test_determinize_keeps_what_the_seat_knows_and_varies_the_rest(players: int, seed: int) -> None:
    state = GAME.new_state(players, seed)
    rng = random.Random(seed)
    state.advance(0)
    for seat in range(players):
        state.apply(state.legal_actions(seat)[seed % 10], 0)
    view = state.view(0)
    samples = [GAME.determinize(view, random.Random(i)) for i in range(8)]
    for sample in samples:
        assert sample.view(0) == view and sample.census() == state.census()
    hidden = {tuple(sample.face(c) for c in sample.rows[1]) for sample in samples}
    assert len(hidden) > 1, "unknown cards should be sampled, not copied"
    play_to_end(samples[0], rng)  # a determinized state plays on to the end


def test_a_determinized_state_keeps_windows_effects_and_who_knows_what() -> None:
    from game.omyn.actions import Draw, Drop, UsePower
    from tests.omyn.positions import position

    state = position(
        [["2", "9", "9", "9", "1"], ["4", "7", "3", "8", "1"]], draw=["10"], known={0: [0], 1: [3]}
    )
    state.apply(Draw(0), 0)
    state.apply(Drop(0), 10)
    state.apply(UsePower(0, target=1, slot=0, other_slot=3), 20)
    view = state.view(0)
    guess = GAME.determinize(view, random.Random(3))
    assert guess.view(0) == view
    guess.advance(20 + 3000)
    state.advance(20 + 3000)
    assert guess.view(0).rows[1][3].face == state.view(0).rows[1][3].face == "2"
