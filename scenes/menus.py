"""Menus: the title and the game choice (the pause menu: scenes/pause.py; Settings:
scenes/settings_menu.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.registry import all_games
from scenes import ui
from scenes.menu_scene import MenuScene
from scenes.pause import PauseScene as PauseScene  # the app opens it from here
from scenes.resources import app_version
from scenes.resume import offer_resume
from scenes.settings_menu import SettingsScene

if TYPE_CHECKING:
    from scenes.scene import AppPort


class TitleScene(MenuScene):
    name = "title"
    heading = "Omnibus"
    back_pops = False

    def __init__(self, app: AppPort) -> None:
        self.subtitle = f"A card table for five games · version {app_version()}"
        super().__init__(app)

    def build(self) -> list[ui.Item | list[ui.Item]]:
        store = self.app.store
        kept: list[ui.Item] = []
        if store is not None and store.dirs.autosave_file.exists():
            kept.append(
                ui.Button(
                    "Continue the saved match",
                    lambda: offer_resume(self.app, store),
                    "The match you kept for later, exactly where it was.",
                )
            )
        return [
            *kept,
            ui.Button("Play", self.play, "Choose a game, set the seats and sit down."),
            ui.Button("Learn", self.learn, "A guided first match: the table shows you how."),
            ui.Button("Rules", self.rules, "Read the rules of a game, as Omnibus plays them."),
            *self.store_buttons(),
            ui.Button(
                "Settings",
                lambda: self.app.push(SettingsScene(self.app)),
                "Animation speed, bot pace, sound, fullscreen, keys.",
            ),
            ui.Button("Quit", self.app.quit, "Close Omnibus (Esc goes back; here it asks first)."),
        ]

    def play(self) -> None:
        self.app.push(GameChoiceScene(self.app, then="seats"))

    def rules(self) -> None:
        self.app.push(GameChoiceScene(self.app, then="rules"))

    def learn(self) -> None:
        self.app.push(GameChoiceScene(self.app, then="learn"))

    def store_buttons(self) -> list[ui.Item]:
        """Statistics and replays, when there is a store to read them from."""
        store = self.app.store
        if store is None:
            return []
        from scenes.replay import ReplayListScene
        from scenes.stats import StatsScene

        return [
            ui.Button(
                "Statistics",
                lambda: self.app.push(StatsScene(self.app, store.stats, self.app.last_game)),
                "How you and the bots did, game by game.",
            ),
            ui.Button(
                "Replays",
                lambda: self.app.push(ReplayListScene(self.app, store.replays, self.app.last_game)),
                "Watch a finished match again, from any seat or with all cards open.",
            ),
        ]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.app.intent(event) == "back":
            # Esc is "go back" everywhere; on the title that would close the program, which
            # a stray press must never do: it asks first (Quit itself closes at once).
            self.app.push(QuitScene(self.app))
            return True
        return super().handle(event)


class QuitScene(MenuScene):
    """Esc on the title: close Omnibus? Stay is focused, and Esc again stays."""

    name = "quit"
    heading = "Quit Omnibus?"
    subtitle = "Your settings and any saved match are kept."

    def build(self) -> list[ui.Item | list[ui.Item]]:
        return [
            ui.Button("Stay", self.app.pop, "Back to the title."),
            ui.Button("Quit", self.app.quit, "Close Omnibus."),
        ]


class GameChoiceScene(MenuScene):
    name = "choice"
    heading = "Choose a game"

    def __init__(self, app: AppPort, then: str = "seats") -> None:
        self.then = then
        self.subtitle = {
            "seats": "Which game to play?",
            "rules": "Whose rules to read?",
            "learn": "Which game to learn? A guided first match against bots.",
        }[then]
        super().__init__(app)

    def build(self) -> list[ui.Item | list[ui.Item]]:
        from scenes.session import games_with_tables

        # Every game's rules can be read; a game is offered to play once its table exists,
        # to learn once it has a lesson too.
        games = all_games() if self.then == "rules" else games_with_tables()
        if self.then == "learn":
            from scenes.lesson import lessons_with_tables

            learnable = {lesson.game_id for lesson in lessons_with_tables()}
            games = [game for game in games if game.info.id in learnable]
        items: list[ui.Item | list[ui.Item]] = []
        for game in games:
            items.append(ui.Button(game.info.title, self._chooser(game.info.id), game.info.blurb))
        items.append(ui.Button("Back", self.app.pop))
        return items

    def _chooser(self, game_id: str) -> Callable[[], None]:
        def choose() -> None:
            if self.then == "rules":
                from scenes.rules import RulesScene

                self.app.push(RulesScene(self.app, game_id))
            elif self.then == "learn":
                from scenes.lesson import start_lesson

                start_lesson(self.app, game_id)
            else:
                from scenes.seats import SeatsScene

                self.app.push(SeatsScene(self.app, game_id))

        return choose
