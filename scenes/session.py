"""Where every Match the table plays is made (new or resumed).

Keeping this in one place lets autosave, resume and statistics hook in once for every game.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from game.core.game import Game
from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import BotRunner, SyncBotRunner
from scenes.tables import games_with_tables, table_class  # noqa: F401  (menus import it here)

if TYPE_CHECKING:
    from scenes.scene import AppPort, Scene

# Seat names offered by default (Sri Lankan names: Omi is Sri Lanka's card game).
DEFAULT_NAMES = ("You", "Nimal", "Kamala", "Saman", "Dilani", "Ruwan")


@dataclasses.dataclass
class TableSetup:
    game_id: str
    seats: list[Seat]
    options: dict[str, Any]
    seed: int

    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.is_bot]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "seats": [s.to_json() for s in self.seats],
            "options": dict(self.options),
        }


def default_setup(
    game_id: str, remembered: Mapping[str, Any] | None = None, seed: int | None = None
) -> TableSetup:
    """Seat 0 human, the others normal bots; a remembered set-up for this game wins if valid."""
    game = find_game(game_id)
    players = game.info.min_players
    seats = [Seat("human", DEFAULT_NAMES[0])] + [
        Seat("bot", DEFAULT_NAMES[i], _default_level(game)) for i in range(1, players)
    ]
    options = game.resolve_options(None)
    if remembered:
        try:
            loaded = [Seat.from_json(s) for s in remembered.get("seats", [])]
            if game.info.min_players <= len(loaded) <= game.info.max_players and all(
                s.kind == "human" or s.level in game.info.bot_levels for s in loaded
            ):
                seats = loaded
            options = game.resolve_options(remembered.get("options", {}))
        except Exception:  # a stale remembered set-up falls back to the defaults
            options = game.resolve_options(None)
    return TableSetup(
        game_id, seats, dict(options), seed if seed is not None else random.randrange(2**31)
    )


def _default_level(game: Game) -> str:
    levels = game.info.bot_levels
    return "normal" if "normal" in levels else levels[-1]


RunnerFactory = Callable[[], BotRunner]


def process_runner() -> BotRunner:
    """Bots think in a worker process so a searching bot never stalls a frame."""
    from game.bots.process_runner import ProcessBotRunner

    return ProcessBotRunner()


def sync_runner() -> BotRunner:
    return SyncBotRunner()


def new_match(
    setup: TableSetup, pace_ms: tuple[int, int], runner: BotRunner | None = None
) -> Match:
    """A fresh match for the table (the one place matches are created)."""
    game = find_game(setup.game_id)
    return Match(
        game,
        setup.seats,
        setup.seed,
        setup.options,
        runner=runner or process_runner(),
        pace_ms=pace_ms,
    )


def resume_match(
    data: Mapping[str, Any], pace_ms: tuple[int, int], runner: BotRunner | None = None
) -> Match:
    """A saved match replayed to where it was (raises ``SaveError`` if it cannot be)."""
    return Match.from_json(data, runner=runner or process_runner(), pace_ms=pace_ms)


def setup_of(match: Match) -> TableSetup:
    return TableSetup(match.game.info.id, list(match.seats), dict(match.options), match.seed)


def table_scene(app: AppPort, match: Match, **kwargs: Any) -> Scene:
    """The table scene of ``match``'s game."""
    scene: Scene = table_class(match.game.info.id)(app, match, **kwargs)
    return scene


def start_table(app: AppPort, setup: TableSetup, runner: BotRunner | None = None) -> None:
    """Create the match for ``setup`` and put its table on top of the stack."""
    if runner is None and app.runner_factory is not None:
        runner = app.runner_factory()
    match = new_match(setup, app.settings.pace_ms, runner)
    if app.store is not None:
        app.store.follow(match)  # autosaved after every action, filed when it ends
    app.push(table_scene(app, match))
