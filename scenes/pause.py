"""The pause menu over a table (Esc), and the two questions it leads to: leaving the table (keep
the match for later, or throw it away) and who plays each seat (a person hands their seat to a
bot of a chosen level, or takes a bot's seat back, mid-match; the match goes on from the same
view). The table stays drawn underneath and its clock is held."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.match import Seat
from scenes import theme, ui
from scenes.menu_scene import MenuScene
from scenes.settings_menu import SettingsScene

if TYPE_CHECKING:
    from scenes.scene import AppPort


class OverlayMenu(MenuScene):
    """A menu in a panel over the table, which shows dimmed around it."""

    opaque = False

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        area, scale = self.form.area, self.form.scale
        height = len(self.form.rows) * (round(ui.ROW_HEIGHT * scale) + round(8 * scale))
        self.form.layout(pygame.Rect(area.x, area.y, area.width, height), scale)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(theme.rounded(surface.get_size(), (0, 0, 0, 150)), (0, 0))
        # A panel behind the heading and the buttons, so the table under them does not show through.
        scale = theme.scale_for(surface.get_size())
        area = self.form.area
        box = pygame.Rect(0, 0, area.width + round(60 * scale), 0)
        box.top = round(surface.get_height() * 0.05)
        box.height = area.bottom + round(56 * scale) - box.top
        box.centerx = area.centerx
        theme.panel(surface, box, alpha=245)
        super().draw(surface)


class PauseScene(OverlayMenu):
    """Esc at the table: resume, rules, settings, seats, the table's own buttons, leave."""

    name = "pause"
    heading = "Paused"

    def __init__(self, app: AppPort, on_leave: Callable[..., None], game_id: str) -> None:
        self.on_leave = on_leave
        self.game_id = game_id
        self.table: Any = getattr(on_leave, "__self__", None)  # the table scene below
        super().__init__(app)

    def build(self) -> list[ui.Item | list[ui.Item]]:
        from scenes.rules import RulesScene

        seats: list[ui.Item] = []
        lesson = getattr(self.table, "coach", None) is not None  # its seats are the lesson's
        if self.table is not None and hasattr(self.table, "change_seat") and not lesson:
            seats.append(
                ui.Button(
                    "Seats",
                    lambda: self.app.push(SeatChangeScene(self.app, self.table)),
                    "Hand your seat to a bot, or take a bot's seat back; the match goes on.",
                )
            )
        return [
            ui.Button("Resume", self.app.pop, "Back to the table (Esc)."),
            ui.Button(
                "Rules",
                lambda: self.app.push(RulesScene(self.app, self.game_id)),
                "Read the rules.",
            ),
            ui.Button(
                "Settings", lambda: self.app.push(SettingsScene(self.app)), "Speeds, sound, keys."
            ),
            *seats,
            *self.extra_buttons(),
            ui.Button(
                "Leave the table",
                lambda: self.app.push(LeaveScene(self.app, self.on_leave)),
                "Stop playing: keep the match for later, or throw it away.",
            ),
        ]

    def extra_buttons(self) -> list[ui.Item]:
        """The table's own pause buttons (OMG's Forfeit)."""
        items = self.table.pause_items() if hasattr(self.table, "pause_items") else []
        return [ui.Button(label, action, help) for label, action, help in items]


class LeaveScene(OverlayMenu):
    """Leaving asks first: nothing is lost unless the player says so."""

    name = "leave"
    heading = "Leave the table?"

    def __init__(self, app: AppPort, on_leave: Callable[..., None]) -> None:
        self.on_leave = on_leave
        self.subtitle = "The match is saved up to the last move."
        super().__init__(app)

    def build(self) -> list[ui.Item | list[ui.Item]]:
        return [
            ui.Button(
                "Keep it for later",
                self.keep,
                "Back to the title; Continue there (or at the next start) picks it up.",
            ),
            ui.Button(
                "Throw it away",
                lambda: self.on_leave(keep=False),
                "The match is deleted; it counts in no statistics.",
            ),
            ui.Button("Stay at the table", self.app.pop, "Back to the pause menu (Esc)."),
        ]

    def keep(self) -> None:
        store = self.app.store
        if store is not None:
            store.sync()
            store.autosave.flush()  # on the disk before the title asks whether it is there
        self.on_leave(keep=True)


class SeatChangeScene(OverlayMenu):
    """Who plays each seat now: a person, or a bot of a level. Changes take effect at once."""

    name = "seat-change"
    heading = "Seats"
    form_width = 640

    def __init__(self, app: AppPort, table: Any) -> None:
        self.table = table
        self.subtitle = "Hand a seat to a bot, or take one back."
        super().__init__(app)

    def build(self) -> list[ui.Item | list[ui.Item]]:
        match = self.table.match
        game = match.game
        virtual = game.virtual_seats(len(match.seats), match.options)
        choices = [("human", "a person")] + [(lvl, f"{lvl} bot") for lvl in game.info.bot_levels]
        rows: list[ui.Item | list[ui.Item]] = []
        for seat, info in enumerate(match.seats):
            if seat in virtual:
                continue
            rows.append(
                ui.Choice(
                    info.name,
                    choices,
                    info.level if info.is_bot else "human",
                    self._changer(seat),
                    "Left/Right: who plays this seat from now on.",
                )
            )
        rows.append(ui.Button("Done", self.app.pop, "Back to the pause menu (Esc)."))
        return rows

    def _changer(self, seat: int) -> Callable[[object], None]:
        def change(choice: object) -> None:
            info = self.table.match.seats[seat]
            if choice == "human":
                new = dataclasses.replace(info, kind="human")
            else:
                new = dataclasses.replace(info, kind="bot", level=str(choice))
            self.table.change_seat(seat, Seat(new.kind, new.name, new.level, new.settings))

        return change
