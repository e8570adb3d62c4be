"""Every screen's header is one function (issue 31): ``theme.header`` lays the felt and prints
the title (gold, bold, centred, made smaller to fit the width) with its subtitle. The menus
(the replays list, the results, the pauses are menus too), seats, settings, the saved-match
prompt, the rules, the statistics and OMG's deck builder all call it (the replay viewer too,
before its table); no screen module blits the felt or its title itself."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from scenes import selfcheck_scenes as made
from scenes import theme
from scenes.app import App
from scenes.menus import TitleScene
from scenes.omg.builder import DeckBuilderScene
from scenes.scene import Scene
from scenes.settings_menu import SettingsScene

SCENES = Path(__file__).resolve().parents[2] / "scenes"
SIZES = [(800, 480), (1280, 720), (1920, 1080)]

SCREENS: dict[str, Callable[[App, Path], Scene]] = {
    "title": lambda app, data: TitleScene(app),
    "settings": lambda app, data: SettingsScene(app),
    "seats": lambda app, data: made.seats_scene(app, "fomo"),
    "rules": lambda app, data: made.rules_scene(app, "omyn"),
    "statistics": lambda app, data: made.empty_stats_scene(app),
    "saved match": lambda app, data: made.resume_scene(app, "omi", data),
    "deck builder": lambda app, data: DeckBuilderScene(app),
}
# Screens that live in a table's package (a table's own drawing lays the felt as its backdrop).
OTHER_SCREENS = [SCENES / "omg" / "builder_draw.py"]


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_each_screen_draws_its_header_with_the_one_function(
    app: App, tmp_path: Path, screen: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = SCREENS[screen](app, tmp_path)
    scene.resize(app.size)
    titles: list[str] = []
    real = theme.header

    def header(surface: pygame.Surface, title: str, *args: object, **kw: object) -> pygame.Rect:
        titles.append(title)
        return real(surface, title, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "header", header)
    scene.draw(pygame.Surface(app.size))
    assert len(titles) == 1 and titles[0], f"{screen} draws one header through theme.header"


def test_no_screen_lays_the_felt_or_prints_its_title_itself() -> None:
    own = re.compile(r"theme\.felt\(")
    found = [
        f"{path.name}:{n}"
        for path in [*sorted(SCENES.glob("*.py")), *OTHER_SCREENS]
        if path.name != "theme.py"
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if own.search(line)
    ]
    assert not found, f"screens laying their own felt and title: {found}"


@pytest.mark.parametrize("size", SIZES)
def test_a_long_title_fits_the_window(app: App, size: tuple[int, int]) -> None:
    title = "The Worshipful Company of Omnibus Players: seats and rules"
    rect = theme.header_rect(size, title)
    assert pygame.Rect((0, 0), size).contains(rect)
    assert rect.centerx == size[0] // 2 and rect.centery == round(size[1] * 0.12)
