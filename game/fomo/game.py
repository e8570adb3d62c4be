"""FOMO as a ``Game``: metadata, new matches, determinization, bots, records."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from game.core.actions import Action
from game.core.deal import deal_constrained
from game.core.game import Game, GameInfo, State
from game.core.options import OptionSpec
from game.core.views import View
from game.core.windows import ReactionWindow
from game.fomo import narrate as narration
from game.fomo.cards import DECK, SET_SIZE, is_number
from game.fomo.knowledge import SOME_NUMBER, UNKNOWN, Knowledge, SeatKnowledge
from game.fomo.state import FomoState
from game.fomo.view import FomoView

if TYPE_CHECKING:
    from game.core.bot import Bot

OPTIONS = (
    OptionSpec(
        "cancel_window_ms",
        3000,
        "how long targeted players have to play Canceled (game milliseconds)",
        minimum=300,
        maximum=30000,
    ),
    OptionSpec(
        "close_when_all_passed",
        False,
        "close the Canceled window as soon as every targeted player has passed (fast bot games)",
    ),
)

# A place an unknown card may go in a determinized state.
_Place = tuple[str, int, int]  # ("draw"|"below"|"hand"|"aside"|"slot", seat, slot)


class FomoGame(Game):
    info = GameInfo(
        id="fomo",
        title="FOMO",
        aliases=("fear of missing out",),
        min_players=2,
        max_players=6,
        options=OPTIONS,
        bot_levels=("random", "easy", "normal", "hard"),
        blurb="Collect four equal numbers in a hidden set you may not look at, then shout FOMO!",
        turns="clockwise",
    )

    def narrate(
        self, state: State, action: Action, names: Sequence[str], viewer: int | None = None
    ) -> str:
        return narration.narrate(state, action, names, viewer)

    def new_state(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> FomoState:
        state = FomoState(players, self.check_setup(players, options), random.Random(seed))
        state.deal()
        return state

    def determinize(self, view: View, rng: random.Random) -> FomoState:
        assert isinstance(view, FomoView) and view.seat is not None
        return _Determinizer(view, rng).build()

    def make_bot(self, level: str, seat: int, seed: int, **settings: Any) -> Bot:
        if level in ("easy", "normal"):
            from game.fomo.bot import EasyBot, NormalBot

            return (EasyBot if level == "easy" else NormalBot)(seat, seed)
        if level == "hard":
            from game.fomo.hard import HardBot

            return HardBot(seat, seed, game=self, **settings)
        return super().make_bot(level, seat, seed, **settings)

    def match_stats(self, state: State) -> dict[str, Any]:
        assert isinstance(state, FomoState)
        outcome = state.outcome()
        return {
            "score": list(outcome.scores) if outcome else [0] * state.players,
            "turns": state.turn_number,
            "eliminated": sum(state.out),
            "won_by_call": int(state.won_by_call),
        }

    stat_labels = {
        "turns": "Turns",
        "call_wins": "Wins by a FOMO! call",
        "out": "Out by a wrong FOMO! call",
    }

    def seat_stats(self, state: State) -> dict[str, list[float]]:
        """Each seat's own: FOMO has no score (a win is the Won column)."""
        assert isinstance(state, FomoState)
        seats = range(state.players)
        return {
            "turns": [float(state.turn_number)] * state.players,
            "call_wins": [float(state.won_by_call and state.winner == s) for s in seats],
            "out": [float(state.out[s]) for s in seats],
        }

    def record(self, state: State, seed: int, bots: Sequence[str]) -> dict[str, Any]:
        assert isinstance(state, FomoState)
        outcome = state.outcome()
        return {
            "game": "fomo",
            "seed": seed,
            "players": state.players,
            "options": dict(state.options),
            "bots": list(bots),
            "deal": state.deal_record,
            "actions": [[at, action.to_json()] for at, action in state.actions_log()],
            "reshuffles": [list(pile) for pile in state.reshuffles],
            "end": {
                "sets": [s[:] for s in state.sets],
                "hands": [h[:] for h in state.hands],
                "aside": [a[:] for a in state.aside],
                "out": list(state.out),
                "turns": state.turn_number,
            },
            "winner": state.winner,
            "summary": outcome.summary if outcome else "",
        }


class _Determinizer:
    """Fill every card the seat does not know, honouring all it does know."""

    def __init__(self, view: FomoView, rng: random.Random) -> None:
        assert view.seat is not None
        self.view, self.seat, self.rng = view, view.seat, rng

    def build(self) -> FomoState:
        view, seat = self.view, self.seat
        state = FomoState(view.players, dict(view.options), random.Random(self.rng.getrandbits(64)))
        state.dealer, state.turn, state.turn_number = view.dealer, view.turn, view.turn_number
        state.phase, state.pending, state.winner = view.phase, view.pending, view.winner
        if view.windows:  # the Canceled window: this seat knows only its own pass
            state.window = ReactionWindow.from_public(
                view.windows[0], [seat] if view.passed else []
            )
        state.now_ms = view.now_ms
        state.out = list(view.out)
        state.skip_next = list(view.skip_next)
        mine = self._my_knowledge()
        filled = self._sample_unknowns(mine)
        for s in range(view.players):
            state.hands[s] = list(view.hands[s]) + filled.get(("hand", s, 0), [])
            state.aside[s] = list(view.aside[s]) + filled.get(("aside", s, 0), [])
            self.rng.shuffle(state.aside[s])
            if not view.out[s]:
                state.sets[s] = [
                    card if card not in (UNKNOWN, SOME_NUMBER) else filled[("slot", s, i)][0]
                    for i, card in enumerate(view.sets[s])
                ]
        below = filled.get(("below", 0, 0), [])
        self.rng.shuffle(below)
        state.discard = below + ([view.discard_top] if view.discard_top is not None else [])
        state.draw = filled.get(("draw", 0, 0), [])
        self.rng.shuffle(state.draw)
        state.know = Knowledge(
            [
                mine if s == seat else self._guess_knowledge(s, mine, state)
                for s in range(view.players)
            ]
        )
        return state

    def _my_knowledge(self) -> SeatKnowledge:
        view = self.view
        return SeatKnowledge(
            [list(row) if row else [UNKNOWN] * SET_SIZE for row in view.sets],
            [Counter() if s == self.seat else Counter(h) for s, h in enumerate(view.hands)],
            Counter(view.discard_below),
            [Counter(a) for a in view.aside],
        )

    def _sample_unknowns(self, mine: SeatKnowledge) -> dict[_Place, list[str]]:
        view = self.view
        pool = Counter(DECK)
        located: Counter[str] = Counter()
        for s in range(view.players):
            located.update(view.hands[s])
            located.update(view.aside[s])
            located.update(c for c in view.sets[s] if c not in (UNKNOWN, SOME_NUMBER))
        if view.discard_top is not None:
            located[view.discard_top] += 1
        pool.subtract(located)
        assert min(pool.values(), default=0) >= 0, "the view knows more cards than exist"
        # Under the top lie only cards that may be there; copies are interchangeable, so the first
        # few copies of a card are the ones allowed below.
        below_ok = {card: min(n, pool[card]) for card, n in mine.below.items()}
        cards = [(card, i) for card, n in sorted(pool.items()) for i in range(n)]
        sizes: dict[_Place, int] = {("draw", 0, 0): view.draw_count}
        if view.discard_count > 1:
            sizes[("below", 0, 0)] = view.discard_count - 1
        slot_needs_number: set[_Place] = set()
        for s in range(view.players):
            if view.hand_sizes[s] > len(view.hands[s]):
                sizes[("hand", s, 0)] = view.hand_sizes[s] - len(view.hands[s])
            if view.aside_counts[s] > len(view.aside[s]):
                sizes[("aside", s, 0)] = view.aside_counts[s] - len(view.aside[s])
            for i, card in enumerate(view.sets[s]):
                if card in (UNKNOWN, SOME_NUMBER):
                    sizes[("slot", s, i)] = 1
                    if card == SOME_NUMBER:
                        slot_needs_number.add(("slot", s, i))

        quick = self._quick_fill(pool, below_ok, sizes, slot_needs_number)
        if quick is not None:
            return quick

        def allowed(copy: tuple[str, int], place: _Place) -> bool:
            card, index = copy
            if place[0] == "below":
                return index < below_ok.get(card, 0)
            if place in slot_needs_number:
                return is_number(card)
            return True

        dealt = deal_constrained(cards, sizes, allowed, self.rng)
        return {place: [card for card, _ in copies] for place, copies in dealt.items()}

    def _quick_fill(
        self,
        pool: Counter[str],
        below_ok: dict[str, int],
        sizes: dict[_Place, int],
        needs_number: set[_Place],
    ) -> dict[_Place, list[str]] | None:
        """The common case fast: the pile first, then numbers for "#" slots, then the rest at
        random. None when that greedy order runs short (the full matcher then decides)."""
        rng, left = self.rng, Counter(pool)
        filled: dict[_Place, list[str]] = {}
        below_size = sizes.get(("below", 0, 0), 0)
        if below_size:
            candidates = [c for card, n in sorted(below_ok.items()) for c in [card] * n]
            if len(candidates) < below_size:
                return None
            filled[("below", 0, 0)] = rng.sample(candidates, below_size)
            left.subtract(filled[("below", 0, 0)])
        numbers = [c for card, n in sorted(left.items()) if is_number(card) for c in [card] * n]
        if len(numbers) < len(needs_number):
            return None
        chosen = rng.sample(numbers, len(needs_number))
        for place, card in zip(sorted(needs_number), chosen, strict=True):
            filled[place] = [card]
        left.subtract(chosen)
        rest = [c for card, n in sorted(left.items()) for c in [card] * n]
        rng.shuffle(rest)
        for place, size in sizes.items():
            if place[0] != "below" and place not in needs_number:
                filled[place], rest = rest[:size], rest[size:]
        return filled

    def _guess_knowledge(self, other: int, mine: SeatKnowledge, state: FomoState) -> SeatKnowledge:
        """What another seat plausibly knows: the public facts, and the slots it knows (its
        placements and Seens, ``view.known``) filled from the sample."""
        guess = SeatKnowledge.fresh(self.view.players)
        known = self.view.known
        for s, row in enumerate(mine.slots):
            for i, card in enumerate(row):
                if known:
                    if known[other][s][i]:
                        guess.slots[s][i] = state.sets[s][i]
                    elif card == SOME_NUMBER:
                        guess.slots[s][i] = SOME_NUMBER
                elif card == SOME_NUMBER:
                    guess.slots[s][i] = state.sets[s][i] if s == other else SOME_NUMBER
        guess.below = Counter(state.discard[:-1])
        guess.aside = [Counter(a) for a in mine.aside]
        guess.aside[other] = Counter(state.aside[other])
        return guess
