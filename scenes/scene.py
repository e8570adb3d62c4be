"""Scenes and the scene stack (after Tuxemon): enter/exit/pause/resume, input consumed or not,
``update(dt_ms)`` to change things, ``draw`` to show them (drawing changes nothing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from scenes.app import App


class Scene:
    """One screen. ``opaque`` False lets the scene below show through (overlays)."""

    opaque = True
    name = "scene"

    def __init__(self, app: App) -> None:
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
