"""The seats form: each seat human or bot (with level and name), the game's rule options with
their defaults and a one-line explanation, then Start."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.match import Seat
from game.core.options import OptionSpec
from game.core.registry import find_game
from scenes import ui
from scenes.menu_scene import MenuScene
from scenes.session import DEFAULT_NAMES, TableSetup, default_setup, start_table
from scenes.tables import table_class

if TYPE_CHECKING:
    from scenes.app_port import AppPort

INT_STEPS = (0, 1, 2, 3, 5, 10, 20, 50)


def seat_place(seat: int, players: int) -> str:
    """Where a seat sits when seat 0 is at the bottom and play goes to the right."""
    if players == 4:
        return ("bottom", "right", "top", "left")[seat]
    return "bottom" if seat == 0 else f"seat {seat + 1}"


class SeatsScene(MenuScene):
    name = "seats"
    form_width = 900

    def __init__(self, app: AppPort, game_id: str, seed: int | None = None) -> None:
        self.game = find_game(game_id)
        self.heading = f"{self.game.info.title}: seats and rules"
        remembered = app.settings.last_setup.get(game_id)
        self.setup: TableSetup = default_setup(game_id, remembered, seed)
        super().__init__(app)

    def build(self) -> list[ui.Item | list[ui.Item]]:
        rows: list[ui.Item | list[ui.Item]] = [
            ui.Label("Seats (play goes to the right; partners sit opposite)")
        ]
        table = table_class(self.game.info.id)  # a table may ask options per seat
        teams = self.game.teams(len(self.setup.seats))
        for index, seat in enumerate(self.setup.seats):
            team = next((t for t, members in enumerate(teams) if index in members), index)
            label = ui.Label(
                f"{index + 1}. {seat_place(index, len(self.setup.seats))}"
                + (f" · team {team + 1}" if len(teams) < len(self.setup.seats) else ""),
                (236, 236, 220),
            )
            kind = ui.Choice(
                "",
                [("human", "Human"), ("bot", "Bot")],
                seat.kind,
                self._seat_field(index, "kind"),
                "Human: a person at this screen. Bot: the computer plays this seat.",
            )
            level_values = (
                [(lvl, lvl) for lvl in self.game.info.bot_levels]
                if seat.is_bot
                else [(seat.level, "—")]
            )
            level = ui.Choice(
                "",
                level_values,
                seat.level,
                self._seat_field(index, "level"),
                "Bot level: random (any legal card), normal (a decent club player), hard (searches).",
            )
            name = ui.TextField(
                "", seat.name, self._seat_field(index, "name"), help="Type a name for this seat."
            )
            extras = table.seat_items(self.app, self.setup.options, index, len(self.setup.seats))
            rows.append([label, kind, level, name, *extras])
        rows += table.setup_items(self.app, self.setup.options, self.rebuild)
        rows.append(ui.Label("Rules"))
        for spec in self.game.info.options:
            if spec.name in table.SEAT_OPTIONS:
                continue
            rows.append(self._option_item(spec))
        rows.append(
            [
                ui.Button("Start", self.start, "Sit down at the table."),
                ui.Button("Back", self.app.pop),
            ]
        )
        return rows

    def resize(self, size: tuple[int, int]) -> None:
        self.form.weights = {4: (1.3, 1.0, 1.0, 1.4), 5: (1.1, 0.9, 0.9, 1.1, 1.4), 2: (1.0, 1.0)}
        super().resize(size)
        # The form starts higher than a plain menu: it has many rows.
        area = self.form.area
        top = round(size[1] * 0.2)
        self.form.scroll = 0
        self.form.layout(
            pygame.Rect(area.x, top, area.width, size[1] - top - round(80 * self.form.scale)),
            self.form.scale,
        )

    def _seat_field(self, index: int, field: str) -> Callable[[Any], None]:
        def change(value: Any) -> None:
            seat = self.setup.seats[index]
            if field == "kind":
                name = seat.name
                if value == "bot" and name == DEFAULT_NAMES[0]:
                    name = DEFAULT_NAMES[index % len(DEFAULT_NAMES)] if index else "Amal"
                elif value == "human" and index == 0 and name == "Amal":
                    name = DEFAULT_NAMES[0]
                level = seat.level if seat.level in self.game.info.bot_levels else "normal"
                self.setup.seats[index] = dataclasses.replace(
                    seat, kind=value, name=name, level=level
                )
                self.rebuild()
            else:
                self.setup.seats[index] = dataclasses.replace(seat, **{field: value})

        return change

    def _option_item(self, spec: OptionSpec) -> ui.Item:
        current = self.setup.options.get(spec.name, spec.default)
        label = spec.name.replace("_", " ")

        def change(value: Any) -> None:
            self.setup.options[spec.name] = value

        if isinstance(spec.default, bool):
            return ui.Toggle(label, bool(current), change, spec.help)
        if isinstance(spec.default, int):
            low = spec.minimum if spec.minimum is not None else 0
            high = spec.maximum if spec.maximum is not None else 50
            steps = sorted(
                {v for v in INT_STEPS if low <= v <= high} | {int(current), int(spec.default)}
            )
            return ui.Choice(label, [(v, str(v)) for v in steps], current, change, spec.help)
        return ui.Choice(label, [(c, c) for c in spec.choices], current, change, spec.help)

    def start(self) -> None:
        for index, seat in enumerate(self.setup.seats):
            if not seat.name.strip():
                self.setup.seats[index] = dataclasses.replace(seat, name=f"Seat {index + 1}")
        seats = [
            Seat(s.kind, s.name.strip() or f"Seat {i + 1}", s.level if s.is_bot else "normal")
            for i, s in enumerate(self.setup.seats)
        ]
        self.setup.seats = seats
        self.app.settings.last_setup[self.game.info.id] = self.setup.to_json()
        self.app.save_settings()
        start_table(self.app, self.setup)
