"""The Statistics screen says how many matches each person played with hints (issue 30, item 2):
a "With hints" column once any match had one, laid out like the rest at the smallest and usual
window sizes; none where nobody took a hint."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest

from game.core.match import Match, Seat
from game.core.runner import SyncBotRunner
from game.store.stats import Statistics
from scenes import theme
from scenes.stats import StatsScene
from tests.scenes.test_stats_layout import SAVES, NoApp, overlaps


@pytest.fixture(autouse=True)
def fresh_fonts() -> None:
    pygame.font.init()
    theme.reset_caches()


def om_nom_nom_stats(hinted: bool) -> Statistics:
    """Four finished Om Nom Nom matches of Amal against bots, the last two with a hint."""
    data = json.loads((SAVES / "omnomnom_over.json").read_text())
    match = Match.from_json(data, runner=SyncBotRunner())
    seats = [Seat("human", "Amal"), *(Seat("bot", f"B{i}", "hard") for i in range(1, 4))]
    seats = seats[: len(match.seats)]
    stats = Statistics()
    for n in range(4):
        with_hints = (0,) if hinted and n >= 2 else ()
        stats.record(f"m{n}", match.game, match.state, seats, 1.7e9 + n, hinted=with_hints)
    return stats


def texts_drawn(
    stats: Statistics, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> list[tuple[pygame.Rect, str]]:
    drawn: list[tuple[pygame.Rect, str]] = []
    real = theme.blit_text

    def blit_text(target: pygame.Surface, content: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(target, content, *args, **kw)
        drawn.append((rect, content))
        return rect

    monkeypatch.setattr(theme, "blit_text", blit_text)
    scene = StatsScene(NoApp(), stats, "omnomnom")  # type: ignore[arg-type]
    scene.draw(pygame.Surface(size))
    for rect, box, text in scene.drawn:
        assert box.contains(rect), (text, rect, box)
    return drawn


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_matches_with_hints_are_counted_in_their_own_column(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    stats = om_nom_nom_stats(hinted=True)
    assert stats.game("omnomnom").kinds["amal"].hinted == 2
    drawn = texts_drawn(stats, size, monkeypatch)
    texts = [t for _, t in drawn]
    assert "With hints" in texts
    assert not overlaps([(r, t) for r, t in drawn if t])


def test_no_column_where_nobody_took_a_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = texts_drawn(om_nom_nom_stats(hinted=False), (1280, 720), monkeypatch)
    assert "With hints" not in [t for _, t in drawn]
