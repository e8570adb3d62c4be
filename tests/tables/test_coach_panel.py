"""The coach's panel at the table (scenes/table/coach.py): its buttons fit their labels, and
while it holds the match for a note the message line does not say a bot is thinking."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.core.runner import SyncBotRunner
from scenes import theme
from scenes.app import App
from scenes.lesson import start_lesson
from scenes.settings import SettingsFile
from scenes.table.hud import HudButton
from tests.tables.test_lessons import lesson_at


def test_while_a_note_is_read_nobody_is_said_to_be_thinking(app: App) -> None:
    table = lesson_at(app, "trumped")  # Nimal leads next: the table waits for the Next
    coach = table.coach
    assert coach is not None and coach.holds and coach.tutor.wants_next
    assert table.match.seats[next(iter(table.match.state.to_act()))].is_bot
    table.refresh_interaction()
    assert "thinking" not in table.message.prompt
    assert table.message.prompt == "Read the note, then Next (Enter)"


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
@pytest.mark.parametrize("where", ["a note", "a move", "the ending"])
def test_each_coach_button_holds_its_label(
    tmp_path: Path, size: tuple[int, int], where: str
) -> None:
    app = App(SettingsFile(tmp_path), size=size, data_dir=tmp_path)
    app.settings.animation = "instant"
    app.store = None
    app.runner_factory = SyncBotRunner
    table = start_lesson(app, "omi")
    coach = table.coach
    assert coach is not None
    tutor = coach.tutor
    app.tick(16, lively=False)
    if where == "a move":
        tutor.next()  # the welcome read: the trumps step asks a move
        app.tick(16, lively=False)
    elif where == "the ending":
        tutor.index = len(tutor.lesson.steps)
    coach.settle()
    surface = pygame.Surface(size)
    coach.draw(table, surface)
    assert coach.buttons
    scale = table.layout.scale * 0.9  # the coach draws its buttons at 0.9 of the table's scale
    font = theme.font(round(HudButton.TEXT * scale))  # as HudButton.draw writes a label
    for button in coach.buttons:
        w, h = font.size(theme.printable(button.label))
        assert w < button.rect.width and h <= button.rect.height, (button.label, button.rect)
        assert coach.box.contains(button.rect), (button.label, button.rect, coach.box)
    rects = [button.rect for button in coach.buttons]
    assert all(a.clip(b).width == 0 for i, a in enumerate(rects) for b in rects[i + 1 :])
    for scene in list(reversed(app.stack.scenes)):
        scene.exit()
