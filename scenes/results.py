"""The results: who won, the tokens, and what next (play again with the same seats, or the title)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.core.events import GameOver
from game.core.match import Match
from scenes import theme, ui
from scenes.menu_scene import MenuScene
from scenes.session import setup_of, start_table

if TYPE_CHECKING:
    from scenes.app_port import AppPort


class ResultsScene(MenuScene):
    name = "results"
    heading = "Match over"
    back_pops = False

    def __init__(self, app: AppPort, match: Match, game_over: GameOver | None = None) -> None:
        from scenes.tables import table_class

        self.match = match
        self.lines = table_class(match.game.info.id).results_lines(match)
        outcome = match.state.outcome()
        self.outcome = outcome
        seats = match.seats
        if outcome and outcome.winners:
            names = " & ".join(seats[s].name for s in outcome.winners)
            humans_won = any(not seats[s].is_bot for s in outcome.winners)
            one = len(outcome.winners) == 1 and names.lower() != "you"  # "You win", not "wins"
            self.subtitle = f"{names} win{'s' if one else ''}" + (
                "!  Well played." if humans_won else "."
            )
        else:
            self.subtitle = outcome.summary if outcome else "The match was left unfinished."
        super().__init__(app)

    def saving_note(self) -> str | None:
        """What of this match could not be saved (a full disk), as the store says once the
        filing it queued has run; None when all of it is on disk."""
        store = self.app.store
        return store.filing_note(self.match) if store is not None else None

    def build(self) -> list[ui.Item | list[ui.Item]]:
        return [
            ui.Button("Play again", self.again, "Same seats and rules, a new shuffle."),
            ui.Button("Back to the title", self.app.to_title),
        ]

    def again(self) -> None:
        setup = setup_of(self.match)
        setup.seed = random.randrange(2**31)
        self.app.stack.pop()
        start_table(self.app, setup)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        area = self.form.area
        self.form.layout(
            pygame.Rect(area.x, round(size[1] * 0.6), area.width, round(size[1] * 0.3)),
            self.form.scale,
        )

    def handle(self, event: pygame.event.Event) -> bool:
        if self.app.intent(event) == "back":
            self.app.to_title()
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        width, height = surface.get_size()
        scale = theme.scale_for((width, height))
        note = self.saving_note()
        if note is not None:
            for row, line in enumerate(theme.wrap(note, round(22 * scale), width - 80)[:2]):
                theme.blit_text(
                    surface,
                    line,
                    round(22 * scale),
                    (width / 2, height * 0.56 + row * 26 * scale),
                    theme.WARN,
                    "center",
                )
        if self.outcome is None:
            return
        teams = self.match.game.teams(len(self.match.seats))
        y = height * (0.3 if len(teams) <= 4 else 0.24)
        # Rows and lines share the space above the buttons (which start at 0.6 of the height):
        # six seats and a line or two fit without running under them.
        room = height * 0.6 - y - 32 * scale * len(self.lines) - 24 * scale
        step = max(30 * scale, min(56 * scale, room / max(1, len(teams))))
        for index, members in enumerate(teams):
            names = " & ".join(self.match.seats[s].name for s in members)
            score = self.outcome.scores[index] if index < len(self.outcome.scores) else 0
            won = bool(set(members) & set(self.outcome.winners))
            colour = theme.GOLD if won else theme.INK
            theme.blit_text(
                surface,
                names,
                round(min(34 * scale, step * 0.62)),
                (width / 2 - 20 * scale, y),
                colour,
                "midright",
                bold=won,
            )
            theme.blit_text(
                surface,
                str(score),
                round(min(44 * scale, step * 0.8)),
                (width / 2 + 60 * scale, y),
                colour,
                "center",
                bold=True,
            )
            y += step
        for line in self.lines:
            theme.blit_text(
                surface,
                line,
                round(24 * scale),
                (width / 2, y + 10 * scale),
                theme.INK_DIM,
                "center",
            )
            y += 32 * scale
