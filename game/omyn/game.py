"""OMYN: the Game (metadata, options, factories, determinize, records)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from game.core.actions import Action
from game.core.bot import Bot
from game.core.game import Game, GameInfo, State
from game.core.options import OptionSpec
from game.core.views import View
from game.core.windows import ReactionWindow
from game.omyn import narrate as narration
from game.omyn.cards import FACES
from game.omyn.state import OmynState
from game.omyn.view import CardView, OmynView

OPTIONS = (
    OptionSpec(
        "powers_on_swap_out",
        True,
        "A power card played by Swap or Pair Up may be activated too (off: only a Dropped card's).",
    ),
    OptionSpec(
        "chain_window_ms",
        2500,
        "How long players may chain (slap) after a play, in ms.",
        minimum=300,
        maximum=20000,
    ),
    OptionSpec(
        "void_window_ms",
        3000,
        "How long players may Void a power or an OMYN call, in ms.",
        minimum=300,
        maximum=20000,
    ),
    OptionSpec(
        "claim_pick_ms",
        3000,
        "After the claim key, how long to name the slot, in ms.",
        minimum=300,
        maximum=20000,
    ),
    OptionSpec(
        "match_wins",
        1,
        "Games a player must win to take the match (1 = a single game).",
        minimum=1,
        maximum=20,
    ),
    OptionSpec(
        "turn_limit",
        0,
        "A short game: scored (no caller) after this many turns (0 = no limit).",
        minimum=0,
        maximum=1000,
        zero="no limit",
    ),
    OptionSpec(
        "close_windows_early",
        False,
        "Close a window as soon as every eligible player has passed (fast bot-only games).",
    ),
    OptionSpec(
        "memory_aids",
        False,
        "Memory aids: an eye on the slots you have seen, with the turn (off: you remember).",
    ),
)


class OmynGame(Game):
    info = GameInfo(
        id="omyn",
        title="OMYN",
        aliases=("omyn-cards",),
        min_players=2,
        max_players=6,
        options=OPTIONS,
        bot_levels=("random", "easy", "normal", "hard"),
        blurb="Face-down rows, memory and reflexes: lowest total when someone calls OMYN wins.",
        turns="clockwise",
    )

    def narrate(
        self, state: State, action: Action, names: Sequence[str], viewer: int | None = None
    ) -> str:
        return narration.narrate(state, action, names, viewer)

    def new_state(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> OmynState:
        return OmynState(players, seed, self.check_setup(players, options))

    def determinize(self, view: View, rng: random.Random) -> OmynState:
        """A full state that looks exactly like ``view`` to its seat: every card the seat has not
        seen is dealt at random from the cards nobody has shown it."""
        assert isinstance(view, OmynView)
        state = OmynState(
            view.players, rng.getrandbits(64), self.resolve_options(dict(view.options))
        )
        unseen = Counter(FACES)
        places: list[CardView] = [c for row in view.rows for c in row] + list(view.draw)
        if view.drawn is not None:
            places.append(view.drawn)
        for card in places:
            if card.face is not None:
                unseen[card.face] -= 1
        for face in view.pile:
            unseen[face] -= 1
        pool = list(unseen.elements())
        rng.shuffle(pool)
        ids: dict[str, list[int]] = {}
        for card_id, face in enumerate(FACES):
            ids.setdefault(face, []).append(card_id)

        def place(card: CardView) -> int:
            face = card.face if card.face is not None else pool.pop()
            card_id = ids[face].pop()
            state.known[card_id] = {seat: card.since or 0 for seat in card.known_by}
            if card.since is not None and view.seat is not None:
                state.known[card_id][view.seat] = card.since
            return card_id

        state.rows = [[place(c) for c in row] for row in view.rows]
        state.draw = [place(c) for c in view.draw]
        state.drawn = place(view.drawn) if view.drawn is not None else None
        state.pile = [ids[face].pop() for face in view.pile]
        for card_id in state.pile:
            state.publish(card_id)
        assert not pool, "the view's card counts do not add up"
        state.phase, state.game_number, state.wins = view.phase, view.game_number, list(view.wins)
        state.dealer, state.dealer_draws = view.dealer, list(view.dealer_draws)
        previous = dict(view.last_result).get("winner")
        state.last_winner = previous if isinstance(previous, int) else None
        state.peeked, state.turn_seat, state.turn_number = (
            list(view.peeked),
            view.turn_seat,
            view.turn_number,
        )
        state.step, state.called, state.hex_now = view.step, view.called, view.hex_now
        state.skips, state.hexed, state.power = list(view.skips), list(view.hexed), view.power
        state.arranging, state.clock_ms, state.setup_at_ms = (
            view.arranging,
            view.now_ms,
            view.now_ms,
        )
        state.last_result = dict(view.last_result)
        state.windows_opened = view.windows_opened
        state.omens_played = list(view.omens_played)
        if view.effect is not None:
            effect = view.effect
            owner = effect.seat if effect.power in ("insight", "switch") else effect.target
            named = (
                state.rows[owner][effect.slot]
                if owner is not None and effect.slot is not None
                else None
            )
            other = None
            if effect.target is not None and effect.other_slot is not None:
                other = state.rows[effect.target][effect.other_slot]
            state.effect = {
                "kind": effect.kind, "seat": effect.seat, "power": effect.power,
                "target": effect.target, "card": named, "other_card": other,
                "voids": list(effect.voids),
            }  # fmt: skip
        if view.window is not None:
            w = view.window
            state.window = ReactionWindow(
                w.kind, w.opened_ms, w.closes_ms, w.eligible, w.subject, w.number, w.actor,
                w.claimant, w.claim_ms, w.pick_by_ms, sorted(w.passed),
            )  # fmt: skip
        return state

    def make_bot(self, level: str, seat: int, seed: int, **settings: Any) -> Bot:
        if level in ("easy", "normal"):
            from game.omyn.bot import OmynBot

            return OmynBot(seat, seed, level=level, **settings)
        if level == "hard":
            from game.omyn.hard import HardBot

            return HardBot(seat, seed, **settings)
        return super().make_bot(level, seat, seed, **settings)

    def match_stats(self, state: State) -> dict[str, Any]:
        assert isinstance(state, OmynState)
        results = [h.get("result", {}) for h in state.history]
        return {
            "wins": list(state.wins),
            "games": state.game_number,
            "turns": sum(r.get("turns", 0) for r in results),
            "called": sum(1 for r in results if r.get("caller") is not None),
            "empty_row_wins": sum(1 for r in results if r.get("reason") == "empty_row"),
        }

    stat_labels = {
        "wins": "Games won",
        "games": "Games played",
        "turns": "Turns",
        "calls": "OMYN! calls made",
        "calls_won": "Calls that won",
        "row_emptied": "Wins by emptying the row",
    }

    def seat_stats(self, state: State) -> dict[str, list[float]]:
        """Each seat's own calls and wins (``match_stats`` counts anyone's)."""
        assert isinstance(state, OmynState)
        results = [h.get("result", {}) for h in state.history]
        seats = range(state.players)

        def count(test: Any) -> list[float]:
            return [float(sum(1 for r in results if test(r, seat))) for seat in seats]

        turns = float(sum(r.get("turns", 0) for r in results))
        return {
            "wins": [float(w) for w in state.wins],
            "games": [float(state.game_number)] * state.players,
            "turns": [turns] * state.players,
            "calls": count(lambda r, s: r.get("caller") == s),
            "calls_won": count(lambda r, s: r.get("caller") == s == r.get("winner")),
            "row_emptied": count(
                lambda r, s: r.get("winner") == s and r.get("reason") == "empty_row"
            ),
        }

    def record(self, state: State, seed: int, bots: Sequence[str]) -> dict[str, Any]:
        assert isinstance(state, OmynState)
        outcome = state.outcome()
        return {
            "game": "omyn",
            "seed": seed,
            "players": state.players,
            "options": dict(state.options),
            "bots": list(bots),
            "games": [dict(h) for h in state.history],
            "wins": list(state.wins),
            "winners": list(outcome.winners) if outcome else [],
        }


GAME = OmynGame()
