"""The app every table test sits at: instant animation and bot pace, a fresh data folder, at the
test module's ``SIZE`` (1280×720 when it names none)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from scenes.app import App
from scenes.settings import SettingsFile


@pytest.fixture
def app(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[App]:
    size = getattr(request.module, "SIZE", (1280, 720))
    application = App(SettingsFile(tmp_path), size=size, data_dir=tmp_path)
    application.settings.animation = "instant"
    application.settings.bot_pace = "instant"
    yield application
    for scene in list(reversed(application.stack.scenes)):
        scene.exit()
    application.stack.scenes.clear()
    pygame.quit()
