"""The Settings form: speeds, sound, fullscreen, the intent keys, a reflex key per seat and the
gamepads (each can be given to a seat: its buttons then answer for that seat)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from scenes import ui
from scenes.game_keys import clash
from scenes.menu_scene import MenuScene
from scenes.settings import (
    ANIMATION_SPEEDS,
    BOT_PACES,
    DEFAULT_BINDINGS,
    DEFAULT_REFLEX_KEYS,
    DISPLAY_PATHS,
    INTENT_NAMES,
)
from scenes.table.reflex import key_label

if TYPE_CHECKING:
    from scenes.scene import AppPort

# Keys no binding may take: Esc goes back, F11 is fullscreen, Tab moves the focus in forms.
RESERVED_KEYS = (pygame.K_ESCAPE, pygame.K_F11, pygame.K_TAB)


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
            ui.Toggle(
                "Hints",
                s.hints,
                self._set("hints"),
                "Against bots, the hint key (/) shows the hard bot's move and why.",
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
        rows += [KeyBinding(self.app, intent) for intent in DEFAULT_BINDINGS]
        rows.append(ui.Label("Reflex keys: one per seat, to answer out of turn"))
        rows += [ReflexKey(self.app, seat) for seat in range(len(s.reflex_keys))]
        rows.append(
            ui.Button(
                "Restore default keys",
                self._default_keys,
                "Every key above back to how Omnibus comes.",
            )
        )
        rows.append(ui.Label("Gamepads: give one to a seat"))
        rows += self._gamepad_rows()
        rows.append(ui.Label("Screen: how frames reach it"))
        rows.append(
            ui.Choice(
                "Display path",
                list(DISPLAY_PATHS.items()),
                s.display,
                self._set("display"),
                f"In use: {self.app.display_path.describe()}. A change applies at the next start.",
            )
        )
        rows.append(ui.Button("Back", self.app.pop))
        return rows

    def _gamepad_rows(self) -> list[ui.Item | list[ui.Item]]:
        pads = self.app.gamepads
        if not pads:
            return [ui.Label("No gamepad connected: plug one in to give it to a seat.")]
        seats = [(None, "no seat")] + [
            (s, f"seat {s + 1}") for s in range(len(DEFAULT_REFLEX_KEYS))
        ]
        return [
            ui.Choice(
                f"{name} ({index + 1})",
                seats,
                self.app.gamepad_seats.get(pad),
                self._give_pad(pad),
                "Its buttons answer for that seat, like the seat's reflex key.",
            )
            for index, (pad, name) in enumerate(sorted(pads.items()))
        ]

    def _give_pad(self, pad: int) -> Callable[[object], None]:
        def give(seat: object) -> None:
            gamepads = self.app.gamepad_seats
            for other in [p for p, s in gamepads.items() if s == seat]:
                del gamepads[other]  # one pad per seat
            gamepads.pop(pad, None)
            if isinstance(seat, int):
                gamepads[pad] = seat
            self.rebuild()

        return give

    def _set(self, field: str) -> Callable[[object], None]:
        def apply(value: object) -> None:
            setattr(self.app.settings, field, value)
            self.app.save_settings()

        return apply

    def _default_keys(self) -> None:
        self.app.settings.bindings = dict(DEFAULT_BINDINGS)
        self.app.settings.reflex_keys = list(DEFAULT_REFLEX_KEYS)
        self.app.save_settings()
        self.rebuild()

    def handle(self, event: pygame.event.Event) -> bool:
        focused = self.form.focused
        if isinstance(focused, KeyBinding) and focused.listening and event.type == pygame.KEYDOWN:
            focused.capture(event.key)
            return True
        if event.type == pygame.JOYDEVICEADDED or event.type == pygame.JOYDEVICEREMOVED:
            self.rebuild()  # the app opened or dropped the pad first
        return super().handle(event)


class KeyBinding(ui.Item):
    """One intent's key; Enter starts listening, the next key press (not Esc) becomes the binding."""

    HELP = "Enter or click, then press the key to use. Esc cancels."

    def __init__(self, app: AppPort, intent: str) -> None:
        super().__init__(INTENT_NAMES[intent], self.HELP)
        self.app = app
        self.intent = intent
        self.listening = False

    def activate(self) -> None:
        self.listening = True
        self.help = type(self).HELP  # a refusal said before is old news once it listens again

    def capture(self, key: int) -> None:
        self.listening = False
        if key in RESERVED_KEYS:
            return
        name = pygame.key.name(key)
        if name in self.app.settings.reflex_keys:
            seat = self.app.settings.reflex_keys.index(name) + 1
            self.help = f"{key_label(name)} is seat {seat}'s reflex key: choose another."
            return
        used = clash(name) if name != DEFAULT_BINDINGS[self.intent] else None
        if used is not None:
            self.help = used  # one key, two meanings at one table: refused, said why
            return
        bindings = self.app.settings.bindings
        for other, bound in bindings.items():
            if bound == name and other != self.intent:
                bindings[other] = bindings[self.intent]  # swap so no intent is left without a key
        bindings[self.intent] = name
        self.app.save_settings()

    def value_text(self) -> str:
        return (
            "press a key…" if self.listening else key_label(self.app.settings.bindings[self.intent])
        )


class ReflexKey(KeyBinding):
    """One seat's reflex key: not an intent's key, and two seats never share one (they swap)."""

    HELP = (
        "Enter or click, then press this seat's key. Far apart keys let six people share "
        "one keyboard."
    )

    def __init__(self, app: AppPort, seat: int) -> None:
        ui.Item.__init__(self, f"Seat {seat + 1}" + (" (bottom)" if seat == 0 else ""), self.HELP)
        self.app = app
        self.seat = seat
        self.listening = False

    def capture(self, key: int) -> None:
        self.listening = False
        if key in RESERVED_KEYS:
            return
        name = pygame.key.name(key)
        intent = next((i for i, k in self.app.settings.bindings.items() if k == name), None)
        if intent is not None:
            self.help = f"{key_label(name)} is the key for {INTENT_NAMES[intent]}: choose another."
            return
        keys = self.app.settings.reflex_keys
        if name in keys:
            keys[keys.index(name)] = keys[self.seat]  # swap with the seat that had it
        keys[self.seat] = name
        self.app.save_settings()

    def value_text(self) -> str:
        return (
            "press a key…"
            if self.listening
            else key_label(self.app.settings.reflex_keys[self.seat])
        )
