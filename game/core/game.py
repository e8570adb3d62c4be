"""The Game/State contract every game package follows (see DESIGN.md, "The rules layer").

``Game`` is stateless metadata plus factories; ``State`` is one match in progress, changed only by
``apply`` and ``advance``. Hidden information leaves a state only through ``view(seat)`` and the
per-viewer redaction of events.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from game.core.actions import Action
from game.core.errors import IllegalAction, OptionError, Refusal
from game.core.events import Event
from game.core.options import OptionSpec, OptionValue, resolve_options
from game.core.views import View

if TYPE_CHECKING:
    from game.core.bot import Bot


@dataclasses.dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    bot_levels: tuple[str, ...] = ("random",)
    blurb: str = ""
    # The way turns go round the table, from the rules: "counter-clockwise" (to the right),
    # "clockwise" (to the left), "alternate" (two players taking turns) or "together" (nobody
    # takes turns: everyone picks at once). The table seats players in this order.
    turns: str = "counter-clockwise"

    @property
    def clockwise(self) -> bool:
        return self.turns == "clockwise"

    @property
    def default_bot_level(self) -> str:
        """The level a bot gets when nobody chose one, as on the seats screen: ``normal`` (plays
        like a decent human) when the game has it, else its last (strongest) level."""
        return "normal" if "normal" in self.bot_levels else self.bot_levels[-1]

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise OptionError(f"{self.title} has no option {name!r}")


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a finished match ended. ``winners`` are seats (a team's seats in team games)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    summary: str


class State(ABC):
    """One match in progress. Subclasses implement the abstract methods; ``apply`` validates."""

    players: int

    # --- queries (change nothing) ---------------------------------------------------------
    @abstractmethod
    def to_act(self) -> frozenset[int]:
        """Seats that have at least one legal action now (turn or window)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Every action ``seat`` may take now; empty when it may do nothing."""

    @abstractmethod
    def check(self, action: Action) -> Refusal | None:
        """Why ``action`` is refused now, or None if it is legal. Never raises."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (None: everything, for records and open replays)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the match goes on."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain JSON-able data (fingerprints, debugging, records)."""

    @abstractmethod
    def census(self) -> Counter[str]:
        """Every physical component (cards, dice) wherever it lies: conserved through a match."""

    @abstractmethod
    def clone(self) -> State:
        """An independent deep copy (including the random generator's state)."""

    # --- changes ----------------------------------------------------------------------------
    @abstractmethod
    def _apply(self, action: Action, at_ms: int) -> list[Event]:
        """Carry out a legal action (already checked) and return what happened."""

    def apply(self, action: Action, at_ms: int = 0) -> tuple[Event, ...]:
        refusal = self.check(action)
        if refusal is not None:
            raise IllegalAction.from_refusal(refusal)
        return tuple(self._apply(action, at_ms))

    def advance(self, now_ms: int) -> tuple[Event, ...]:
        """Fire every deadline due at or before ``now_ms`` (windows closing). Default: none."""
        return ()

    def next_deadline(self) -> int | None:
        """The game time of the next deadline ``advance`` would fire, or None."""
        return None

    # --- derived ----------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.outcome() is not None

    def fingerprint(self) -> str:
        return fingerprint_of(self.snapshot())

    def matches_saved(self, fingerprint: object, saved_options: Mapping[str, Any]) -> bool:
        """Is this the state a save fingerprinted? A game may add an option after the save was
        written: the replay resolves it to its default, and the snapshot then names one option
        the saved state did not, so the saved options alone are tried too."""
        if fingerprint == self.fingerprint():
            return True
        snapshot = self.snapshot()
        options = snapshot.get("options")
        if not isinstance(options, dict) or set(options) <= set(saved_options):
            return False
        snapshot["options"] = {k: v for k, v in options.items() if k in saved_options}
        return fingerprint == fingerprint_of(snapshot)


def fingerprint_of(snapshot: Mapping[str, Any]) -> str:
    text = json.dumps(snapshot, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class Game(ABC):
    """Stateless: metadata and factories for one game."""

    info: GameInfo

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        return resolve_options(self.info.options, options)

    def check_players(self, players: int) -> None:
        low, high = self.info.min_players, self.info.max_players
        if not low <= players <= high:
            span = f"exactly {low}" if low == high else f"{low}–{high}"
            raise OptionError(f"{self.info.title} is for {span} players, not {players}")

    def check_setup(
        self, players: int, options: Mapping[str, Any] | None = None
    ) -> dict[str, OptionValue]:
        """The resolved options if ``players`` seats with ``options`` can start a match; else
        ``OptionError`` saying why. The one check of a set-up: ``new_state``, the seats screen
        and the command line all ask it. A game adds its own rules in ``setup_refusal``."""
        self.check_players(players)
        resolved = self.resolve_options(options)
        reason = self.setup_refusal(players, resolved)
        if reason is not None:
            raise OptionError(reason)
        return resolved

    def setup_refusal(self, players: int, options: Mapping[str, OptionValue]) -> str | None:
        """Why this seat count and these (valid) options cannot go together; None if they can."""
        return None

    def players_for(self, options: Mapping[str, OptionValue]) -> int | None:
        """The seat count ``options`` fix (a solo variant), or None when the players choose."""
        return None

    def virtual_seats(self, players: int, options: Mapping[str, OptionValue]) -> tuple[int, ...]:
        """Seats the game plays by itself under ``options``: nobody sits there, person or bot."""
        return ()

    def setup_problem(self, players: int, options: Mapping[str, Any] | None = None) -> str | None:
        """``check_setup``'s reason as a sentence for the screen, or None if the set-up is fine."""
        try:
            self.check_setup(players, options)
        except OptionError as exc:
            return str(exc)
        return None

    @abstractmethod
    def new_state(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """A fresh match, shuffled from ``seed``."""

    @abstractmethod
    def determinize(self, view: View, rng: random.Random) -> State:
        """A full state consistent with everything ``view`` knows, unknowns sampled from ``rng``."""

    def make_bot(self, level: str, seat: int, seed: int, **settings: Any) -> Bot:
        """A bot of ``level`` for ``seat``. Games override to add their own levels."""
        from game.core.bot import RandomBot

        if level == "random":
            return RandomBot(seat, seed)
        raise OptionError(
            f"{self.info.title} has no bot level {level!r} (it has: {', '.join(self.info.bot_levels)})"
        )

    def narrate(
        self, state: State, action: Action, names: Sequence[str], viewer: int | None = None
    ) -> str:
        """``action`` in the table's words, read from ``state`` before it is applied: "Nimal
        plays the Ace of Spades". ``names`` are the seats' names; a hidden card is named only
        when ``viewer`` may know it (None: all cards open). Each game points at its own
        ``narrate`` module; this plain sentence is for a game that has none."""
        from game.core.narration import fallback

        return fallback(action, names)

    def teams(self, players: int) -> tuple[tuple[int, ...], ...]:
        """Who wins together. Default: every seat for itself."""
        return tuple((seat,) for seat in range(players))

    def match_stats(self, state: State) -> dict[str, Any]:
        """Figures for ``simulate``'s summary: lists are per team, numbers are per match."""
        outcome = state.outcome()
        return {"score": list(outcome.scores) if outcome else []}

    #: What each figure of ``seat_stats`` counts, in the statistics screen's words ("Calls made").
    stat_labels: ClassVar[Mapping[str, str]] = {}

    def seat_stats(self, state: State) -> dict[str, list[float]]:
        """The statistics' figures: one number per seat, each about that seat (its team's for a
        team figure, the same for every seat for a figure of the match). Labels in
        ``stat_labels``. Default: ``match_stats`` read generically (a list per team or per seat,
        a number for every seat); a game overrides it when a figure is someone's in particular."""
        players = state.players
        teams = self.teams(players)
        team_of = {member: index for index, team in enumerate(teams) for member in team}
        figures: dict[str, list[float]] = {}
        for name, value in self.match_stats(state).items():
            if isinstance(value, list | tuple):
                if len(value) == len(teams) and len(team_of) == players:
                    value = [value[team_of[seat]] for seat in range(players)]
                elif len(value) != players:
                    continue
            else:
                value = [value] * players
            if all(isinstance(v, int | float) for v in value):
                figures[str(name)] = [float(v) for v in value]
        return figures

    def record(self, state: State, seed: int, bots: Sequence[str]) -> dict[str, Any]:
        """A finished match with all cards open, one JSON object (``--record``)."""
        outcome = state.outcome()
        return {
            "game": self.info.id,
            "seed": seed,
            "bots": list(bots),
            "winners": list(outcome.winners) if outcome else [],
        }
