"""Menus: the title, the game choice, the pause overlay and the settings form."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes import theme, ui
from scenes.menu_scene import MenuScene
from scenes.resources import app_version
from scenes.settings import ANIMATION_SPEEDS, BOT_PACES, DEFAULT_BINDINGS, INTENT_NAMES

if TYPE_CHECKING:
    from scenes.app_port import AppPort


class TitleScene(MenuScene):
    name = "title"
    heading = "Omnibus"
    back_pops = False

    def __init__(self, app: AppPort) -> None:
        self.subtitle = f"A card table for five games · version {app_version()}"
        super().__init__(app)

    def build(self) -> list[ui.Item | list[ui.Item]]:
        return [
            ui.Button("Play", self.play, "Choose a game, set the seats and sit down."),
            ui.Button("Rules", self.rules, "Read the rules of a game, as Omnibus plays them."),
            *self.store_buttons(),
            ui.Button(
                "Settings",
                lambda: self.app.push(SettingsScene(self.app)),
                "Animation speed, bot pace, sound, fullscreen, keys.",
            ),
            ui.Button("Quit", self.app.quit, "Close Omnibus (Esc on any other screen goes back)."),
        ]

    def play(self) -> None:
        self.app.push(GameChoiceScene(self.app, then="seats"))

    def rules(self) -> None:
        self.app.push(GameChoiceScene(self.app, then="rules"))

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
                lambda: self.app.push(StatsScene(self.app, store.stats)),
                "How you and the bots did, game by game.",
            ),
            ui.Button(
                "Replays",
                lambda: self.app.push(ReplayListScene(self.app, store.replays)),
                "Watch a finished match again, from any seat or with all cards open.",
            ),
        ]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.app.intent(event) == "back":
            self.app.quit()
            return True
        return super().handle(event)


class GameChoiceScene(MenuScene):
    name = "choice"
    heading = "Choose a game"

    def __init__(self, app: AppPort, then: str = "seats") -> None:
        self.then = then
        self.subtitle = "Which game to play?" if then == "seats" else "Whose rules to read?"
        super().__init__(app)

    def build(self) -> list[ui.Item | list[ui.Item]]:
        from scenes.session import games_with_tables

        items: list[ui.Item | list[ui.Item]] = []
        for game in games_with_tables():
            items.append(ui.Button(game.info.title, self._chooser(game.info.id), game.info.blurb))
        items.append(ui.Button("Back", self.app.pop))
        return items

    def _chooser(self, game_id: str) -> Callable[[], None]:
        def choose() -> None:
            if self.then == "rules":
                from scenes.rules import RulesScene

                self.app.push(RulesScene(self.app, game_id))
            else:
                from scenes.seats import SeatsScene

                self.app.push(SeatsScene(self.app, game_id))

        return choose


class PauseScene(MenuScene):
    """Esc at the table: the table stays drawn underneath and its clock is held."""

    name = "pause"
    heading = "Paused"
    opaque = False

    def __init__(self, app: AppPort, on_leave: Callable[[], None], game_id: str) -> None:
        self.on_leave = on_leave
        self.game_id = game_id
        super().__init__(app)

    def build(self) -> list[ui.Item | list[ui.Item]]:
        from scenes.rules import RulesScene

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
            *self.extra_buttons(),
            ui.Button(
                "Leave the table", self.on_leave, "Stop this match and go back to the title."
            ),
        ]

    def extra_buttons(self) -> list[ui.Item]:
        """The table's own pause buttons (OMG's Forfeit): the table is the scene below."""
        table = getattr(self.on_leave, "__self__", None)
        items = table.pause_items() if hasattr(table, "pause_items") else []
        return [ui.Button(label, action, help) for label, action, help in items]

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        area, scale = self.form.area, self.form.scale
        height = len(self.form.items) * (round(ui.ROW_HEIGHT * scale) + round(8 * scale))
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


class SettingsScene(MenuScene):
    name = "settings"
    heading = "Settings"
    form_width = 640

    def build(self) -> list[ui.Item | list[ui.Item]]:
        s = self.app.settings
        rows: list[ui.Item | list[ui.Item]] = [
            ui.Choice(
                "Animation speed",
                [(k, k) for k in ANIMATION_SPEEDS],
                s.animation,
                self._set("animation"),
                "How fast cards move. Instant shows every move at once.",
            ),
            ui.Choice(
                "Bot pace",
                [(k, f"{k} ({lo / 1000:g}–{hi / 1000:g} s)") for k, (lo, hi) in BOT_PACES.items()],
                s.bot_pace,
                self._set("bot_pace"),
                "How long a bot pauses before its card appears.",
            ),
            ui.Slider(
                "Sound volume",
                0,
                100,
                10,
                s.volume,
                self._set("volume"),
                "%",
                "Deal, play, trick and match sounds.",
            ),
            ui.Toggle("Mute", s.muted, self._set("muted"), "Silence every sound."),
            ui.Toggle(
                "Fullscreen (F11)",
                s.fullscreen,
                self.app.set_fullscreen,
                "F11 toggles it anywhere.",
            ),
            ui.Label("Keys (Enter, then press the new key)"),
        ]
        for intent in DEFAULT_BINDINGS:
            rows.append(KeyBinding(self.app, intent))
        rows.append(ui.Button("Restore default keys", self._default_keys))
        rows.append(ui.Button("Back", self.app.pop))
        return rows

    def _set(self, field: str) -> Callable[[object], None]:
        def apply(value: object) -> None:
            setattr(self.app.settings, field, value)
            self.app.save_settings()

        return apply

    def _default_keys(self) -> None:
        self.app.settings.bindings = dict(DEFAULT_BINDINGS)
        self.app.save_settings()
        self.rebuild()

    def handle(self, event: pygame.event.Event) -> bool:
        focused = self.form.focused
        if isinstance(focused, KeyBinding) and focused.listening and event.type == pygame.KEYDOWN:
            focused.capture(event.key)
            return True
        return super().handle(event)


class KeyBinding(ui.Item):
    """One intent's key; Enter starts listening, the next key press (not Esc) becomes the binding."""

    def __init__(self, app: AppPort, intent: str) -> None:
        super().__init__(
            INTENT_NAMES[intent], "Enter or click, then press the key to use. Esc cancels."
        )
        self.app = app
        self.intent = intent
        self.listening = False

    def activate(self) -> None:
        self.listening = True

    def capture(self, key: int) -> None:
        self.listening = False
        if key in (pygame.K_ESCAPE, pygame.K_F11, pygame.K_TAB):
            return
        name = pygame.key.name(key)
        bindings = self.app.settings.bindings
        for other, bound in bindings.items():
            if bound == name and other != self.intent:
                bindings[other] = bindings[self.intent]  # swap so no intent is left without a key
        bindings[self.intent] = name
        self.app.save_settings()

    def value_text(self) -> str:
        return "press a key…" if self.listening else self.app.settings.bindings[self.intent]
