"""What a scene may ask of the app: the narrow interface below ``scenes.app``.

Scenes, tables and the kit type their ``app`` as ``AppPort`` and never import ``scenes.app``, so
the scenes read top down (the app on top, the scenes below it, the tables and the kit below them).
A scene that leads to a higher screen (the title, the pause menu, the results) asks the app to
open it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

if TYPE_CHECKING:
    from game.core.match import Match
    from game.core.runner import BotRunner
    from game.store.store import Store
    from scenes.display_path import DisplayPath
    from scenes.scene import Scene, SceneStack
    from scenes.settings import Settings
    from scenes.sound import SoundBoard


class AppPort(Protocol):
    settings: Settings
    store: Store | None  # autosave, statistics, replays (None: in memory)
    notice: str | None  # one line the menus show at the bottom
    sound: SoundBoard
    stack: SceneStack
    runner_factory: Callable[[], BotRunner] | None  # tests: bots think in-process
    gamepads: dict[int, str]  # connected joysticks: instance id -> name
    gamepad_seats: dict[int, int]  # joystick instance id -> the seat its buttons act for
    display_path: DisplayPath  # how frames reach the screen, chosen as the window opened
    last_game: str | None  # the game of the last match shown to its end (menus open on it)

    @property
    def size(self) -> tuple[int, int]: ...

    def intent(self, event: pygame.event.Event) -> str | None: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def to_title(self) -> None: ...

    def open_pause(self, table: Scene) -> None: ...

    def show_results(self, match: Match) -> None: ...

    def save_settings(self) -> None: ...

    def set_fullscreen(self, on: bool) -> None: ...

    def quit(self) -> None: ...
