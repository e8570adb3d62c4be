"""Menus and keys: Esc on the title asks before closing, Enter and the arrows work in every menu
whatever the table's keys are bound to, the keys can be reset, and a key that already means
something at a table is refused with what it means there."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from scenes.app import App
from scenes.menus import GameChoiceScene, TitleScene
from scenes.settings import DEFAULT_BINDINGS
from scenes.settings_menu import KeyBinding, SettingsScene
from tests.scenes.conftest import focus_label, press

SCENES = Path(__file__).resolve().parents[2] / "scenes"


def title(app: App) -> TitleScene:
    scene = TitleScene(app)
    app.push(scene)
    app.tick(16)
    return scene


def test_esc_on_the_title_asks_and_a_second_esc_stays(app: App) -> None:
    title(app)
    press(app, pygame.K_ESCAPE)
    assert app.running and app.stack.top.heading == "Quit Omnibus?"  # type: ignore[union-attr]
    press(app, pygame.K_ESCAPE)
    assert app.running and isinstance(app.stack.top, TitleScene)
    press(app, pygame.K_ESCAPE)
    focus_label(app, "Quit")
    press(app, pygame.K_RETURN)
    assert not app.running


def test_enter_and_the_arrows_still_work_in_menus_after_rebinding_them(app: App) -> None:
    app.settings.bindings.update({"play": "p", "down": "s", "up": "w"})
    title(app)
    press(app, pygame.K_RETURN)  # Play
    assert isinstance(app.stack.top, GameChoiceScene)
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_DOWN)
    assert app.stack.top.form.focused.label == "Learn"  # beside Play
    press(app, pygame.K_w)  # the bound keys work too
    press(app, pygame.K_p)
    assert isinstance(app.stack.top, GameChoiceScene)


def bind(app: App, label: str, code: int) -> KeyBinding:
    focus_label(app, label)
    item = app.stack.top.form.focused  # type: ignore[union-attr]
    assert isinstance(item, KeyBinding)
    press(app, pygame.K_RETURN, code)
    return item


def test_a_key_that_means_something_at_a_table_is_refused_naming_it(app: App) -> None:
    app.push(SettingsScene(app))
    app.tick(16)
    item = bind(app, "Next card / choice", pygame.K_d)
    assert app.settings.bindings["right"] == "right"
    assert "Diamonds in Omi" in item.help and "Discard in FOMO" in item.help
    bind(app, "Next card / choice", pygame.K_k)  # free everywhere
    assert app.settings.bindings["right"] == "k" and "Diamonds" not in item.help
    focus_label(app, "Restore default keys")
    press(app, pygame.K_RETURN)
    assert app.settings.bindings == DEFAULT_BINDINGS


def test_every_letter_a_table_reads_by_itself_is_listed_for_its_game() -> None:
    """The tables' hotkeys and letter commands, read from their code, against GAME_KEYS."""
    from scenes.game_keys import GAME_KEYS

    patterns = (r'hotkey="([a-z0-9])"', r'name == "([a-z0-9])"', r'"([a-z])": (?:self\.|lambda)')
    for game, keys in GAME_KEYS.items():
        for path in (SCENES / game).glob("*.py"):
            text = path.read_text()
            for pattern in patterns:
                for found in re.findall(pattern, text):
                    assert found in keys, f"{path.name} reads {found!r}: add it to GAME_KEYS"
