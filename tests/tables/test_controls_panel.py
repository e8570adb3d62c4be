"""Every table's controls (its help key) are the kit's one panel (issue 31): the table gives its
lines, the kit draws them (``help_lines`` → ``scenes/table/hud.draw_controls``). The panel fits
the window from 800×480 to 1920×1080, its lines inside it and none over another; and no scene
outside the kit draws a controls panel of its own."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import re  # noqa: E402
from itertools import combinations  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.registry import find_game  # noqa: E402
from scenes import theme  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.table.base import TableScene  # noqa: E402
from scenes.table.hud import controls_layout, draw_controls  # noqa: E402
from scenes.tables import TABLES, table_class  # noqa: E402
from tests.tables.test_conformance import bot_match  # noqa: E402

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080)]
SCENES = Path(__file__).resolve().parents[2] / "scenes"


def seated_table(app: App, game_id: str) -> TableScene:
    match = bot_match(game_id, find_game(game_id).info.min_players, 0)
    return table_class(game_id)(app, match, watchers=(0,))


def open_help(table: TableScene) -> None:
    """Press the help key, as a player would (each table keeps its panel where it likes)."""
    key = pygame.key.key_code(table.app.settings.bindings["help"])
    table.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_each_tables_controls_fit_the_window_line_by_line(app: App, game_id: str) -> None:
    lines = seated_table(app, game_id).help_lines()
    assert lines, f"{game_id} lists its controls"
    for size in SIZES:
        at = controls_layout(size, theme.scale_for(size), lines)
        window = pygame.Rect((0, 0), size)
        assert window.contains(at.box), (size, at.box)
        parts = [at.title, *(rect for _, rect in at.lines), at.closes]
        for rect in parts:
            assert at.box.contains(rect), (size, rect, at.box)
        for a, b in combinations(parts, 2):
            assert not a.colliderect(b), (size, a, b)
        words = " ".join(line for line, _ in at.lines).split()
        assert words == " ".join(theme.printable(line) for line in lines).split(), "all shown"


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_the_help_key_opens_the_kits_panel_over_the_table(app: App, game_id: str) -> None:
    table = seated_table(app, game_id)
    table.update(0)
    screen = pygame.Surface(app.size)
    table.draw(screen)
    open_help(table)
    assert table.help_open()
    table.draw(screen)
    alone = pygame.Surface(app.size)
    draw_controls(alone, table.layout.scale, table.help_lines())
    box = controls_layout(app.size, table.layout.scale, table.help_lines()).box
    inner = box.inflate(-30, -30)  # inside the rounded corners: the panel is opaque
    assert pygame.image.tobytes(screen.subsurface(inner), "RGB") == pygame.image.tobytes(
        alone.subsurface(inner), "RGB"
    ), f"{game_id} shows the kit's controls panel, and nothing over it"


def test_no_scene_draws_a_controls_panel_of_its_own() -> None:
    """The kit's ``draw_controls`` is called by the kit alone; a table gives ``help_lines``."""
    own = re.compile(r"def (_help|draw_help|_draw_help|help_panel)\(|\bdraw_controls\(")
    found = [
        f"{path.relative_to(SCENES)}:{n}"
        for path in sorted(SCENES.rglob("*.py"))
        if path.parent.name != "table"
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if own.search(line)
    ]
    assert not found, f"controls panels drawn outside the kit: {found}"
