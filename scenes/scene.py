"""Scenes and the scene stack (after Tuxemon): enter/exit/pause/resume, input consumed or not,
``update(dt_ms)`` to change things, ``draw`` to show them (drawing changes nothing).

``AppPort`` is what a scene may ask of the app: scenes, tables and the kit type their ``app``
with it and never import ``scenes.app``, so the scenes read top down (the app on top, the scenes
below it, the tables and the kit below them). It lives here, beside ``Scene`` and ``SceneStack``
which it names, so no import circle (not even a type-only one) runs through it. A scene that
leads to a higher screen (the title, the pause menu, the results) asks the app to open it.
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
    from scenes.settings import Settings
    from scenes.sound import SoundBoard
    from scenes.table.reflex import InputRead


class Scene:
    """One screen. ``opaque`` False lets the scene below show through (overlays)."""

    opaque = True
    name = "scene"

    def __init__(self, app: AppPort) -> None:
        self.app = app

    def enter(self) -> None:
        """Pushed onto the stack."""

    def exit(self) -> None:
        """Popped off the stack for good."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def handle(self, event: pygame.event.Event) -> bool:
        """React to one input event; True if it was consumed."""
        return False

    def update(self, dt_ms: int) -> None:
        """Advance by ``dt_ms`` of real time."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; never changes state."""

    def needs_frame(self) -> bool:
        """Does anything move or count down? False (a still screen: menus, forms, readers) lets
        the app stop redrawing while it waits for a person; input always brings frames, so only
        a scene that changes by itself (a table, a replay playing) says True."""
        return False


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one below is not resumed in between)."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Pop everything and start again from ``scene`` (back to the menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque scene up."""
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                start = index
                break
        return self.scenes[start:]


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
    input_read: InputRead  # when the events being handled were taken off the queue
    drawn_frames: int  # pictures shown so far (a press before a window's first one is early)

    @property
    def size(self) -> tuple[int, int]: ...

    def real_ms(self) -> int:
        """The real clock (ms) while the app runs; the frames' own time when a test ticks it."""
        ...

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
