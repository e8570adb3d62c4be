"""Giving up an OMG match asks first, and asks the right person: alone at the screen, a
question whose first answer is "Keep playing"; with two people at one screen, the person giving
up presses their own key (their reflex key), so neither can give up for the other."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from game.omg.actions import Forfeit
from scenes import ui
from scenes.pause import OverlayMenu
from scenes.table.hooks import TablePort
from scenes.table.reflex import key_label

if TYPE_CHECKING:
    from game.core.actions import Action
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


class GivingUp(TablePort, Protocol):
    """What the forfeit question reads of its table (``OmgTable`` is one)."""

    replaying: bool

    def says(self, seat: int, verb: str, plain: str | None = None) -> str: ...

    def refuse(self, reason: str) -> None: ...

    def submit(self, action: Action) -> bool: ...


class ForfeitQuestion:
    """The table's part that offers a Forfeit in the pause menu, for each person at the table,
    and asks before it gives up (``ForfeitScene``); the other seat wins."""

    def __init__(self, table: GivingUp) -> None:
        self.table = table

    def pause_items(self) -> list[tuple[str, Callable[[], object], str]]:
        t = self.table
        items: list[tuple[str, Callable[[], object], str]] = []
        if t.match.is_over() or t.replaying:
            return items
        for seat in t.humans:
            other = t.seat_name(1 - seat)
            label = "Forfeit" if len(t.humans) == 1 else f"Forfeit for {t.seat_name(seat)}"
            items.append((label, partial(self.ask, seat), f"Give up: {other} wins."))
        return items

    def ask(self, seat: int) -> None:
        """Asks first; with several people, the one giving up answers with their own key."""
        t = self.table
        t.app.pop()  # the pause menu: the question stands over the table
        keys = t.app.settings.reflex_keys
        own_key = keys[seat] if len(t.humans) > 1 and seat < len(keys) else None
        t.app.push(
            ForfeitScene(
                t.app,
                t.seat_name(seat),
                t.seat_name(1 - seat),
                own_key,
                partial(self.give_up, seat),
            )
        )

    def give_up(self, seat: int) -> None:
        t = self.table
        if t.match.seats[seat].is_bot:  # handed to a bot since the menu was made
            t.refuse(f"{t.says(seat, 'is')} played by a bot now: nobody gave up")
            return
        t.submit(Forfeit(seat))
