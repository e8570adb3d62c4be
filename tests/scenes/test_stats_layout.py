"""The Statistics screen lays out at every window size (issue 29): no text overprints another or
runs off its panel, with many people, long names and a full history. Measured from the drawn
rectangles the scene records."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.match import Match, Seat
from game.core.runner import SyncBotRunner
from game.store.stats import KindTotals, Statistics
from scenes import theme
from scenes.stats import StatsScene

SAVES = Path(__file__).parents[1] / "store" / "saves"
GAMES = ("omi", "omyn", "fomo", "omg", "omnomnom")
PEOPLE = ("You", "Amal", "Dilani Wickramasinghe-Perera of Kandy", "Saman", "Dev", "Ruwan")
SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080)]


def crowded(matches: int = 60) -> Statistics:
    """Every game played ``matches`` times by six people (one name very long) and every bot
    level, each seat winning in turn: seeded."""
    rng = random.Random(29)
    stats = Statistics()
    for game_id in GAMES:
        data = json.loads((SAVES / f"{game_id}_over.json").read_text())
        match = Match.from_json(data, runner=SyncBotRunner())
        levels = match.game.info.bot_levels
        people = itertools.cycle(PEOPLE)
        for n in range(matches):
            seats = [
                Seat("human", next(people))
                if rng.random() < 0.5
                else Seat("bot", f"B{i}", rng.choice(levels))
                for i in range(len(match.seats))
            ]
            stats.record(f"{game_id}{n}", match.game, match.state, seats, 1_700_000_000.0 + 600 * n)
    return stats


class NoApp:
    def intent(self, event: pygame.event.Event) -> str | None:
        return None


@pytest.fixture(scope="module")
def stats() -> Statistics:
    return crowded()


@pytest.fixture(autouse=True)
def fresh_fonts() -> None:
    """These tests draw without an App (which resets the fonts): a test before them in the same
    worker may have quit pygame, and a font made before that quit cannot be used."""
    pygame.font.init()
    theme.reset_caches()


def overlaps(rects: list[tuple[pygame.Rect, str]]) -> list[tuple[str, str]]:
    return [(a, b) for (ra, a), (rb, b) in itertools.combinations(rects, 2) if ra.colliderect(rb)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_text_overprints_or_runs_off_its_panel(
    stats: Statistics, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.font.init()
    drawn: list[tuple[pygame.Rect, str]] = []  # every text as it reaches the screen
    real = theme.blit_text

    def blit_text(target: pygame.Surface, content: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(target, content, *args, **kw)
        drawn.append((rect, content))
        return rect

    monkeypatch.setattr(theme, "blit_text", blit_text)
    surface = pygame.Surface(size)
    screen = surface.get_rect()
    scene = StatsScene(NoApp(), stats)  # type: ignore[arg-type]
    for index, who in itertools.product(range(len(GAMES)), (0, 3)):
        scene.index, scene.who_index = index, who
        drawn.clear()
        scene.draw(surface)
        where = f"{scene.game_id} at {size}"
        assert len(drawn) > 20, where
        assert not overlaps([(r, t) for r, t in drawn if t]), where
        assert all(screen.contains(r) for r, _ in drawn), where
        for rect, box, text in scene.drawn:  # and inside its own panel, column or tab
            assert box.contains(rect), (where, text, rect, box)
        assert all(screen.contains(p) for p in scene.panels), where
        assert not overlaps([(p, str(p)) for p in scene.panels]), where
        shown = " ".join(t for _, t in drawn)
        assert "Latest results" in shown or "latest results" in shown, where


def test_fomo_shows_no_score_and_each_figure_in_the_games_words(stats: Statistics) -> None:
    pygame.font.init()
    surface = pygame.Surface((1280, 720))
    scene = StatsScene(NoApp(), stats, "fomo")  # type: ignore[arg-type]
    scene.draw(surface)
    texts = [t for _, _, t in scene.drawn]
    assert not any("Score" in t for t in texts)
    assert {"Wins by a FOMO! call", "Out by a wrong FOMO! call"} <= set(texts)


def test_tab_and_a_click_choose_whose_figures(stats: Statistics) -> None:
    pygame.font.init()
    surface = pygame.Surface((1280, 720))
    scene = StatsScene(NoApp(), stats, "omi")  # type: ignore[arg-type]
    scene.draw(surface)
    assert scene.charted_kind() == "you"
    tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)
    assert scene.handle(tab) and scene.charted_kind() == scene.kinds()[1]
    rect, index = scene.row_rects[3]
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)
    assert scene.handle(click) and scene.charted_kind() == scene.kinds()[index]


def test_you_first_then_people_by_matches_played_then_bots_by_level() -> None:
    from scenes.stats import kind_order

    game = Statistics().game("omi")
    for kind, played in [("bot:hard", 9), ("amal", 2), ("dev", 12), ("you", 1), ("bot:easy", 3)]:
        game.kinds[kind] = KindTotals(played=played)
    assert kind_order(game, ("random", "easy", "normal", "hard")) == [
        "you",
        "dev",
        "amal",
        "bot:easy",
        "bot:hard",
    ]


def test_opened_from_the_title_it_shows_the_game_of_the_latest_match() -> None:
    """No match played since the program started: not Omi's empty tab, but the game last played."""
    data = json.loads((SAVES / "omyn_over.json").read_text())
    match = Match.from_json(data, runner=SyncBotRunner())
    stats = Statistics()
    seats = [Seat("human", "You"), *[Seat("bot", f"B{i}", "easy") for i in range(1, 4)]]
    stats.record("m1", match.game, match.state, seats[: len(match.seats)], 1_700_000_000.0)
    assert StatsScene(NoApp(), stats).game_id == "omyn"  # type: ignore[arg-type]
    assert StatsScene(NoApp(), Statistics()).game_id == "omi"  # type: ignore[arg-type]
    assert StatsScene(NoApp(), stats, "fomo").game_id == "fomo"  # type: ignore[arg-type]


def test_the_chosen_rows_name_is_drawn_whole_in_the_win_rate_bars() -> None:
    """The chosen row's name is bold: measured in the regular face, "Normal bot" was cut to
    "Normal…" beside its bar at 1280x720 with room to spare. A level's chart says its figure is
    per bot (each match's point is its bots' average)."""
    pygame.font.init()
    data = json.loads((SAVES / "omnomnom_over.json").read_text())
    match = Match.from_json(data, runner=SyncBotRunner())
    stats = Statistics()
    seats = [Seat("human", "You"), *[Seat("bot", f"B{i}", "normal") for i in range(1, 4)]]
    stats.record("m1", match.game, match.state, seats[: len(match.seats)], 1_700_000_000.0)
    scene = StatsScene(NoApp(), stats, "omnomnom")  # type: ignore[arg-type]
    scene.who_index = 1  # the normal bots' figures
    scene.draw(pygame.Surface((1280, 720)))
    texts = [t for _, _, t in scene.drawn]
    assert texts.count("Normal bot") == 2, texts  # its row and its bar
    assert any(t.startswith("Points per bot · Normal bot · last match") for t in texts), texts


def test_a_person_typed_at_two_seats_reads_as_two_seats_not_two_bots() -> None:
    pygame.font.init()
    data = json.loads((SAVES / "omi_over.json").read_text())
    match = Match.from_json(data, runner=SyncBotRunner())
    stats = Statistics()
    seats = [Seat("human", "You"), Seat("bot", "B1", "normal"), Seat("human", "You")]
    stats.record("m1", match.game, match.state, [*seats, Seat("bot", "B3", "normal")], 1.7e9)
    scene = StatsScene(NoApp(), stats, "omi")  # type: ignore[arg-type]
    scene.draw(pygame.Surface((1280, 720)))
    latest = [t for _, _, t in scene.drawn if t.startswith("2 ")]
    assert latest and latest[0].startswith("2 seats,"), latest
