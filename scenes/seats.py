"""The seats form: how many players (every count the game allows; a solo variant fixes it), each
seat human or bot (with level and name), the game's rule options with their defaults and a
one-line explanation, then Start. The game's own ``check_setup`` judges the set-up: a refused one
says why on this screen and does not start. When the table has reflex windows, each person is
asked to press their seat's reflex key (or a button of the gamepad given to the seat) before
sitting down, so nobody finds out mid-race that their key is elsewhere."""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.errors import OptionError
from game.core.match import Seat
from game.core.options import OptionSpec
from game.core.registry import find_game
from scenes import theme, ui
from scenes.menu_scene import MenuScene
from scenes.session import DEFAULT_NAMES, TableSetup, default_setup, start_table
from scenes.table.layout import TableLayout
from scenes.table.reflex import key_label
from scenes.tables import table_class

if TYPE_CHECKING:
    from scenes.scene import AppPort

# A whole-number option offers these mantissas times each power of ten inside its own range (with
# its ends, its default and the value set), so 0..20 and 300..20000 ms both get a handful of steps.
STEP_MANTISSAS = (1, 2, 3, 5)
UNBOUNDED_MAX = 50  # an option with no maximum offers steps up to here

# What each bot level does, said per game where the games differ (docs/<game>.md, Bots).
LEVELS_SAID: dict[str, str] = {
    "random": "random plays any legal move",
    "easy": "easy plays plausibly but weakly",
    "normal": "normal plays by a sound heuristic",
    "hard": "hard searches ahead over the cards it cannot see",
}
GAME_LEVELS_SAID: dict[str, dict[str, str]] = {
    "omyn": {
        "easy": "easy plays like normal but forgets cards it saw and reacts slowly",
        "normal": "normal lowers its expected total, calls OMYN with a safe margin",
    },
    "fomo": {
        "easy": "easy forgets hidden cards it saw, sometimes plays at random, reacts slowly",
        "normal": "normal chases one number, calls FOMO! only when sure",
    },
    "omg": {
        "easy": "easy plays and attacks mostly at random, blocks half the time",
        "normal": "normal plays by value per Gem and attacks when it is safe",
    },
    "omi": {"normal": "normal plays like a decent club player (trumps, second hand low...)"},
    "omnomnom": {
        "easy": "easy often picks any card, else the card that pays against random picks",
        "normal": "normal guesses what the others want and picks for its advantage",
        "hard": "hard learns each player's style from their picks and plays the rounds out",
    },
}


def level_help(game_id: str, levels: tuple[str, ...], current: str) -> str:
    """The bot-level choice's help: what this game's chosen level does, then the others."""
    said = {**LEVELS_SAID, **GAME_LEVELS_SAID.get(game_id, {})}
    first = said.get(current, current)
    rest = "; ".join(said.get(level, level) for level in levels if level != current)
    return f"Bot level: {first[0].upper()}{first[1:]}. Others: {rest}."


def int_steps(low: int, high: int) -> list[int]:
    """Round values from ``low`` to ``high``, both included."""
    steps = {low, high}
    power = 1
    while power <= high:
        steps |= {m * power for m in STEP_MANTISSAS if low <= m * power <= high}
        power *= 10
    return sorted(steps)


# How the seats screen says the way play goes round, by ``GameInfo.turns``.
TURNS_SAID = {
    "counter-clockwise": "Play goes to the right",
    "clockwise": "Play goes to the left",
    "alternate": "Two players take turns",
    "together": "Everyone picks at once",
}


PLACES = (
    "right",
    "lower right",
    "bottom",
    "lower left",
    "left",
    "upper left",
    "top",
    "upper right",
)


BOT_AT_SEAT_ONE = "Amal"  # a bot in the first seat ("You" is a person's name)


def default_name(index: int, human: bool, people: int) -> str:
    """A seat's name until someone types one: the one person at the screen is "You" (a screen
    that speaks to you: "Your turn"); several people are "Player 1", "Player 2"... by their
    seats' numbers on this screen (a shared screen that said "You" would say "Pass to You");
    a bot has a name of its own."""
    if human:
        return "You" if people == 1 else f"Player {index + 1}"
    return DEFAULT_NAMES[index % len(DEFAULT_NAMES)] if index else BOT_AT_SEAT_ONE


def is_default_name(name: str) -> bool:
    """Was ``name`` given by this screen rather than typed (so a new seating may rename it)?"""
    name = name.strip()
    return (
        name in DEFAULT_NAMES
        or name == BOT_AT_SEAT_ONE
        or re.fullmatch(r"Player \d", name) is not None
    )


def seat_place(seat: int, players: int, clockwise: bool = False) -> str:
    """Where a seat sits at the table when seat 0 is at the bottom, in the game's direction of
    play: the nearest of eight places round the table, read off the table's own layout."""
    degrees = math.degrees(TableLayout((1280, 720), players, 0, clockwise).direction(seat)) % 360
    return PLACES[round(degrees / 45) % 8]


class SeatsScene(MenuScene):
    name = "seats"
    form_width = 900
    pin_last_row = True  # Start and Back in view however many seats and rules there are

    def __init__(self, app: AppPort, game_id: str, seed: int | None = None) -> None:
        self.game = find_game(game_id)
        self.heading = f"{self.game.info.title}: seats and rules"
        remembered = app.settings.last_setup.get(game_id)
        self.setup: TableSetup = default_setup(game_id, remembered, seed)
        self.table = table_class(self.game.info.id)
        self.problem: str | None = None  # why the game refuses this set-up (shown, Start waits)
        self.pressed: set[int] = set()  # human seats whose reflex key was pressed here
        self.spare: list[Seat] = []  # seats a lower player count set aside, first the nearest
        self._name_people()  # a set-up remembered from before several people shared a screen
        super().__init__(app)
        self._fit_seats()

    # --- the form -----------------------------------------------------------------------------
    def build(self) -> list[ui.Item | list[ui.Item]]:
        game, count = self.game.info, len(self.setup.seats)
        fixed = self.game.players_for(self._options())
        if fixed is not None or game.min_players == game.max_players:
            players: ui.Item = ui.Label(f"{count} players", theme.INK)
        else:
            players = ui.Choice(
                "Players",
                [(n, str(n)) for n in range(game.min_players, game.max_players + 1)],
                count,
                self._set_players,
                f"{game.title} is for {game.min_players} to {game.max_players} players.",
            )
        rows: list[ui.Item | list[ui.Item]] = [[ui.Label(TURNS_SAID[game.turns]), players]]
        table = self.table  # a table may ask options per seat
        virtual = self.game.virtual_seats(count, self._options())
        teams = self.game.teams(count)
        for index, seat in enumerate(self.setup.seats):
            if index in virtual:
                rows.append(
                    [
                        ui.Label(f"{index + 1}. {seat.name}", (236, 236, 220)),
                        ui.Label("a virtual colour: the game plays it", theme.INK_DIM),
                    ]
                )
                continue
            team = next((t for t, members in enumerate(teams) if index in members), index)
            label = ui.Label(
                f"{index + 1}. {seat_place(index, len(self.setup.seats), game.clockwise)}"
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
                level_help(game.id, game.bot_levels, seat.level)
                if seat.is_bot
                else "A person plays this seat: no bot level.",
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
        self.problem = self.setup_problem()
        return rows

    def _options(self) -> dict[str, Any]:
        try:
            return dict(self.game.resolve_options(self.setup.options))
        except OptionError:
            return dict(self.game.resolve_options(None))

    def _set_players(self, count: Any) -> None:
        """Seats beyond the count wait in ``spare`` (a lower count and back keeps them as they
        were); a seat added afresh is a bot at the level of the last bot seat."""
        seats, count = self.setup.seats, int(count)
        self.spare = seats[count:] + self.spare[max(0, len(seats) - count) :]
        seats = seats[:count]
        levels = self.game.info.bot_levels
        while len(seats) < count:
            index = len(seats)
            back = self.spare.pop(0) if self.spare else None
            if back is not None and not back.name.startswith("Colour "):
                seats.append(back)
                continue
            bots = [s.level for s in seats if s.is_bot and s.level in levels]
            level = bots[-1] if bots else "normal" if "normal" in levels else levels[-1]
            seats.append(Seat("bot", default_name(index, False, 1), level))
        self.setup.seats = seats
        self._name_people()
        self.rebuild()

    def _fit_seats(self) -> None:
        """Follow the options: a solo variant fixes the seat count and plays its own seats."""
        options = self._options()
        fixed = self.game.players_for(options)
        count = fixed if fixed is not None else len(self.setup.seats)
        virtual = self.game.virtual_seats(count, options)
        seats = list(self.setup.seats)
        was_virtual = [i for i, s in enumerate(seats) if s.name.startswith("Colour ")]
        if fixed is not None or was_virtual:
            self._set_players(count)
            seats = self.setup.seats
        for index in range(len(seats)):
            if index in virtual:
                seats[index] = Seat("bot", f"Colour {index}", self.game.info.bot_levels[0])
            elif index in was_virtual:
                level = seats[index].level if seats[index].level != "random" else "normal"
                level = level if level in self.game.info.bot_levels else "random"
                seats[index] = Seat("bot", default_name(index, False, 1), level)
        self._name_people()
        self.rebuild()

    def rebuild(self) -> None:
        super().rebuild()
        self.pressed &= set(self.humans())

    def enter(self) -> None:
        super().enter()
        self.form.focus = self.form.items.index(self.form.rows[1][1])  # seat 1's human/bot

    # --- press your key -----------------------------------------------------------------------
    def humans(self) -> list[int]:
        virtual = self.game.virtual_seats(len(self.setup.seats), self._options())
        return [i for i, s in enumerate(self.setup.seats) if not s.is_bot and i not in virtual]

    def key_check(self) -> list[tuple[str, bool]]:
        """Each person's seat and its reflex key, and whether it was pressed here."""
        if not self.table.REFLEX_WINDOWS:
            return []
        keys = self.app.settings.reflex_keys
        pads = {seat: pad for pad, seat in self.app.gamepad_seats.items()}
        return [
            (
                f"{self.setup.seats[seat].name or f'Seat {seat + 1}'}: {key_label(keys[seat])}"
                + (" or gamepad" if seat in pads else ""),
                seat in self.pressed,
            )
            for seat in self.humans()
            if seat < len(keys)
        ]

    def _reflex_seat(self, event: pygame.event.Event) -> int | None:
        humans = self.humans()
        if event.type == pygame.JOYBUTTONDOWN:
            seat = self.app.gamepad_seats.get(getattr(event, "instance_id", -1))
            return seat if seat in humans else None
        if event.type != pygame.KEYDOWN:
            return None
        name = pygame.key.name(event.key)
        if len(name) == 1 and isinstance(self.form.focused, ui.TextField):
            return None  # a letter typed into a name is not a reflex press
        keys = self.app.settings.reflex_keys
        return next((seat for seat in humans if seat < len(keys) and keys[seat] == name), None)

    def handle(self, event: pygame.event.Event) -> bool:
        seat = self._reflex_seat(event)
        if seat is not None and self.table.REFLEX_WINDOWS:
            self.pressed.add(seat)
            if event.type == pygame.JOYBUTTONDOWN:
                return True
        return super().handle(event)

    # --- where things go: the heading, then the status line, then the form (never touching) ---
    def heading_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """Where MenuScene draws the heading."""
        return theme.header_rect(size, self.heading)

    def status_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The line under the heading: why the set-up is refused, or each person's reflex key."""
        scale = theme.scale_for(size)
        height = theme.font(round(22 * scale), True).get_linesize()
        top = self.heading_rect(size).bottom + round(4 * scale)
        return pygame.Rect(0, top, size[0], height)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        width, height = surface.get_size()
        scale = theme.scale_for((width, height))
        size = round(22 * scale)
        y = self.status_rect((width, height)).centery
        if self.problem:
            text = f"Cannot start: {self.problem.rstrip('.')}."
            theme.blit_text(surface, text, size, (width / 2, y), theme.WARN, "center", bold=True)
            return
        check = self.key_check()
        if not check:
            return
        parts = [("Press your reflex key:", theme.INK_DIM, False)] + [
            (f"{label} {'(ready)' if ok else ''}".rstrip(), theme.GOLD if ok else theme.INK, ok)
            for label, ok in check
        ]
        gap = round(24 * scale)
        widths = [theme.font(size, bold).size(text)[0] for text, _, bold in parts]
        x = (width - sum(widths) - gap * (len(parts) - 1)) / 2
        for (text, colour, bold), w in zip(parts, widths, strict=True):
            theme.blit_text(surface, text, size, (x, y), colour, "midleft", bold=bold)
            x += w + gap

    def resize(self, size: tuple[int, int]) -> None:
        self.form.weights = {4: (1.3, 1.0, 1.0, 1.4), 5: (1.1, 0.9, 0.9, 1.1, 1.4), 2: (1.0, 1.0)}
        super().resize(size)
        # The form starts higher than a plain menu (it has many rows), below the status line.
        area = self.form.area
        top = self.status_rect(size).bottom + round(8 * self.form.scale)
        self.form.scroll = 0
        self.form.layout(
            pygame.Rect(area.x, top, area.width, size[1] - top - round(80 * self.form.scale)),
            self.form.scale,
        )

    def setup_problem(self) -> str | None:
        """Why this set-up cannot start: the game's own reason, or two people with one name
        (statistics count each person by name, so their matches would be one person's)."""
        problem = self.game.setup_problem(len(self.setup.seats), self.setup.options)
        if problem is not None:
            return problem
        seen: dict[str, str] = {}
        for seat in self.setup.seats:
            key = " ".join(seat.name.split()).casefold()
            if seat.is_bot or not key:
                continue
            if key in seen:
                return f"two people are named {seen[key]}: give each person their own name"
            seen[key] = seat.name.strip()
        return None

    def _seat_field(self, index: int, field: str) -> Callable[[Any], None]:
        def change(value: Any) -> None:
            seat = self.setup.seats[index]
            if field == "kind":
                level = seat.level if seat.level in self.game.info.bot_levels else "normal"
                self.setup.seats[index] = dataclasses.replace(seat, kind=value, level=level)
                self._name_people()
                self.rebuild()
            else:
                self.setup.seats[index] = dataclasses.replace(seat, **{field: value})
                if field == "name":
                    self.problem = self.setup_problem()
                    return  # typing goes on in the same field: no rebuild
                self.rebuild()

        return change

    def _name_people(self) -> None:
        """Every seat still under a name this screen gave takes the default for who sits now
        (one person "You", several "Player N", a bot its own); a typed name stays."""
        seats = self.setup.seats
        virtual = self.game.virtual_seats(len(seats), self._options())
        people = sum(1 for i, s in enumerate(seats) if not s.is_bot and i not in virtual)
        for index, seat in enumerate(seats):
            if index not in virtual and is_default_name(seat.name):
                name = default_name(index, not seat.is_bot, people)
                seats[index] = dataclasses.replace(seat, name=name)

    def _option_item(self, spec: OptionSpec) -> ui.Item:
        current = self.setup.options.get(spec.name, spec.default)
        label = spec.name.replace("_", " ")

        def change(value: Any) -> None:
            self.setup.options[spec.name] = value
            self._fit_seats()  # a solo variant sets the seats; the set-up is judged again

        if isinstance(spec.default, bool):
            return ui.Toggle(label, bool(current), change, spec.help)
        if isinstance(spec.default, int):
            low = spec.minimum if spec.minimum is not None else 0
            high = spec.maximum if spec.maximum is not None else max(UNBOUNDED_MAX, low)
            steps = int_steps(low, high) + [int(spec.default)]
            offered = {v for v in steps if self._playable(spec.name, v)} | {int(current)}
            # A 0 that means "no limit" says so (the option keeps its number).
            said = [(v, spec.zero if v == 0 and spec.zero else str(v)) for v in sorted(offered)]
            return ui.Choice(label, said, current, change, spec.help)
        return ui.Choice(label, [(c, c) for c in spec.choices], current, change, spec.help)

    def _playable(self, name: str, value: Any) -> bool:
        """Can some seat count start with option ``name`` at ``value`` (the others as set)? A
        value the game refuses at every count is not offered."""
        options = {**self.setup.options, name: value}
        try:
            fixed = self.game.players_for(self.game.resolve_options(options))
        except OptionError:
            return False
        info = self.game.info
        counts = [fixed] if fixed is not None else range(info.min_players, info.max_players + 1)
        return any(self.game.setup_problem(n, options) is None for n in counts)

    def start(self) -> None:
        for index, seat in enumerate(self.setup.seats):
            if not seat.name.strip():
                self.setup.seats[index] = dataclasses.replace(seat, name=f"Seat {index + 1}")
        seats = [
            Seat(s.kind, s.name.strip() or f"Seat {i + 1}", s.level if s.is_bot else "normal")
            for i, s in enumerate(self.setup.seats)
        ]
        self.setup.seats = seats
        self.problem = self.setup_problem()
        if self.problem is not None:
            return  # said on the screen; nothing starts
        self.app.settings.last_setup[self.game.info.id] = self.setup.to_json()
        self.app.save_settings()
        try:
            start_table(self.app, self.setup)
        except OptionError as exc:  # a table's own refusal (a deck, say): on this screen too
            self.problem = str(exc).rstrip(".")
