"""The results: who won, the tokens, and what next (play again with the same seats, or the title)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.core.events import GameOver
from game.core.match import Match
from game.core.narration import name_seats
from scenes import theme, ui
from scenes.menu_scene import MenuScene
from scenes.session import setup_of, start_table

if TYPE_CHECKING:
    from scenes.scene import AppPort


# Presses in this long after the results appear are ignored: keys meant for the last move of the
# match must not land on "Play again" before anyone has read the results.
QUIET_MS = 800
PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.JOYBUTTONDOWN, pygame.TEXTINPUT)


def ordinal(place: int) -> str:
    return f"{place}{'st' if place == 1 else 'nd' if place == 2 else 'rd' if place == 3 else 'th'}"


class ResultsScene(MenuScene):
    name = "results"
    heading = "Match over"
    back_pops = False

    def __init__(self, app: AppPort, match: Match, game_over: GameOver | None = None) -> None:
        from scenes.tables import table_class

        self.match = match
        table = table_class(match.game.info.id)
        names = [seat.name for seat in match.seats]
        self.lines = table.results_lines(match)
        outcome = match.state.outcome()
        self.outcome = outcome
        self.quiet_ms = QUIET_MS
        # (place, names, score, detail, won), best first; equal teams share a place.
        self.rows: list[tuple[int, str, int, str, bool]] = []
        if outcome is not None:
            ranked = []
            for index, members in enumerate(match.game.teams(len(match.seats))):
                won = bool(set(members) & set(outcome.winners))
                score = outcome.scores[index] if index < len(outcome.scores) else 0
                tiebreak, detail = table.result_of(match, index)
                team = " & ".join(names[s] for s in members)
                ranked.append(((won, score, tiebreak), team, score, detail, won))
            ranked.sort(key=lambda row: row[0], reverse=True)
            for key, team, score, detail, won in ranked:
                place = 1 + sum(1 for other in ranked if other[0] > key)
                self.rows.append((place, team, score, detail, won))
        seats = match.seats
        if outcome and outcome.winners:
            winners = " & ".join(seats[s].name for s in outcome.winners)
            humans_won = any(not seats[s].is_bot for s in outcome.winners)
            one = len(outcome.winners) == 1 and winners.lower() != "you"  # "You win", not "wins"
            self.subtitle = f"{winners} win{'s' if one else ''}" + (
                "!  Well played." if humans_won else "."
            )
        else:
            summary = name_seats(outcome.summary, names) if outcome else ""
            self.subtitle = summary or "The match was left unfinished."
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

    def _moves_focus(self, event: pygame.event.Event) -> bool:
        """Up and Down only move the focus: harmless, so they work from the start."""
        if event.type != pygame.KEYDOWN:
            return False
        return ui.MENU_KEYS.get(event.key, self.app.intent(event)) in ("up", "down")

    def update(self, dt_ms: int) -> None:
        self.quiet_ms = max(0, self.quiet_ms - dt_ms)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.quiet_ms > 0 and event.type in PRESSES and not self._moves_focus(event):
            return True  # a press meant for the table, as the match ended: not for these buttons
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
        y = height * (0.3 if len(self.rows) <= 4 else 0.24)
        # Rows and lines share the space above the buttons (which start at 0.6 of the height):
        # six seats and a line or two fit without running under them.
        room = height * 0.6 - y - 32 * scale * len(self.lines) - 24 * scale
        step = max(30 * scale, min(56 * scale, room / max(1, len(self.rows))))
        text = round(min(34 * scale, step * 0.62))
        for place, names, score, detail, won in self.rows:
            colour = theme.GOLD if won else theme.INK
            left = width / 2 - 20 * scale
            theme.blit_text(
                surface, ordinal(place), text, (left - 330 * scale, y), theme.INK_DIM, "midleft"
            )
            theme.blit_text(surface, names, text, (left, y), colour, "midright", bold=won)
            theme.blit_text(
                surface,
                str(score),
                round(min(44 * scale, step * 0.8)),
                (width / 2 + 60 * scale, y),
                colour,
                "center",
                bold=True,
            )
            if detail:
                size = round(min(24 * scale, step * 0.5))
                at = (width / 2 + 110 * scale, y)
                theme.blit_text(surface, detail, size, at, theme.INK_DIM, "midleft")
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
