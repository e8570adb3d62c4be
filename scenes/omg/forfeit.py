"""Giving up an OMG match asks first, and asks the right person: alone at the screen, a
question whose first answer is "Keep playing"; with two people at one screen, the person giving
up presses their own key (their reflex key), so neither can give up for the other."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes import ui
from scenes.pause import OverlayMenu
from scenes.table.reflex import key_label

if TYPE_CHECKING:
    from scenes.scene import AppPort


class ForfeitScene(OverlayMenu):
    name = "forfeit"
    heading = "Give up?"

    def __init__(
        self,
        app: AppPort,
        name: str,
        winner: str,
        own_key: str | None,
        give_up: Callable[[], None],
    ) -> None:
        """``own_key``: the key the person giving up must press (several people at the screen);
        None: one person, who answers with the buttons."""
        self.own_key = own_key
        self.give_up = give_up
        if own_key is None:
            self.subtitle = f"{winner} wins the match."
        else:
            self.subtitle = (
                f"{name}: press your key ({key_label(own_key)}) to give up. {winner} wins."
            )
        super().__init__(app)

    def build(self) -> list[ui.Item | list[ui.Item]]:
        keep = ui.Button("Keep playing", self.app.pop, "Back to the match.")
        if self.own_key is not None:
            return [keep]
        return [keep, ui.Button("Give up", self._give_up, "The match ends; the other seat wins.")]

    def _give_up(self) -> None:
        self.app.pop()
        self.give_up()

    def handle(self, event: pygame.event.Event) -> bool:
        if (
            self.own_key is not None
            and event.type == pygame.KEYDOWN
            and pygame.key.name(event.key) == self.own_key
        ):
            self._give_up()
            return True
        return super().handle(event)
