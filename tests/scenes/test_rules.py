"""The rules reader: every game's rules pages in our own words, drawable in the reader's font,
with pictures of the table's own cards, laid out to fit every window from 640×480 to 1920×1080,
and read page by page and row by row with the keys and the mouse."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from game.core.registry import all_games, find_game
from scenes import theme
from scenes.app import App
from scenes.rules import BUTTON_LABELS, RulesScene, hint
from scenes.rules_layout import visible
from scenes.rules_pages import Page, parse_pages, rules_pages
from scenes.rules_pictures import Pictures
from scenes.settings import DEFAULT_BINDINGS
from tests.scenes.conftest import click, key

GAMES = sorted(game.info.id for game in all_games())
SIZES = [(640, 480), (800, 600), (1280, 720), (1920, 1080)]


def prose(page: Page) -> list[str]:
    """Every piece of text a player reads on ``page`` (not the card names inside markers)."""
    texts = [page.title]
    for block in page.blocks:
        texts.append(block.text)
        texts += [value for kind, value in block.pieces if kind == "word"]
    return [text for text in texts if text]


def test_every_game_has_rules_pages_from_the_goal_to_the_end() -> None:
    assert GAMES == ["fomo", "omg", "omi", "omnomnom", "omyn"]
    for game in GAMES:
        pages = rules_pages(game)
        assert len(pages) >= 5, game
        assert pages[0].title == "The goal", game
        assert "The end" in [page.title for page in pages], game
        assert all(page.blocks for page in pages), game
        assert sum(len(page.cards()) for page in pages) >= 4, f"{game}: pictures"


def test_a_game_without_pages_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A game being added, with no rules file yet, gets one page saying so; no crash."""
    monkeypatch.setattr("scenes.rules_pages.resource_path", lambda *parts: tmp_path / parts[-1])
    pages = rules_pages("omi")
    assert [page.title for page in pages] == ["The rules"]
    assert pages[0].blocks[0].text == "Omi has no rules pages yet."
    assert Pictures("no-such-game").knows("back")


def test_the_format_makes_rows_figures_and_bullets() -> None:
    pages = parse_pages(
        "# One\nA paragraph\nover two lines.\n\n- a bullet\n\n[card: 7] + [card: 7]\n\n"
        "[card: 6] Hex: choose a player; on their next turn their cards have no powers.\n"
        "# Two\n## Heading\n[big card: 5] A big card beside a long enough text to be prose.\n"
    )
    assert [page.title for page in pages] == ["One", "Two"]
    kinds = [block.kind for block in pages[0].blocks]
    assert kinds == ["text", "bullet", "row", "figure"]
    assert pages[0].blocks[0].text == "A paragraph over two lines."
    assert pages[0].blocks[2].pieces == (("card", "7"), ("word", "+"), ("card", "7"))
    assert pages[0].blocks[3].pieces == (("card", "6"),)
    assert pages[1].blocks[1].pieces == (("big", "5"),)
    with pytest.raises(ValueError, match="middle of prose"):
        parse_pages("# P\nSome long words first, then [card: 5] in the middle of a sentence.\n")


@pytest.mark.parametrize("game", GAMES)
def test_every_character_of_every_page_has_a_glyph_in_the_readers_font(game: str) -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 24)  # the font theme.font uses

    def pixels(text: str) -> bytes:
        return pygame.image.tobytes(font.render(text, True, (255, 255, 255)), "RGBA")

    box = pixels("\ue000")  # a private-use character: the font's "no glyph" box
    texts = [text for page in rules_pages(game) for text in prose(page)]
    # The reader's own words around the pages, too.
    texts += [
        *BUTTON_LABELS.values(),
        hint(DEFAULT_BINDINGS),
        f"{find_game(game).info.title}: the rules",
    ]
    chars = {char for text in texts for char in text}
    assert "⌊" not in chars and pixels("⌊") == box  # the check sees a missing glyph
    lacking = sorted(char for char in chars if char != " " and pixels(char) == box)
    assert lacking == []


ORPHAN_LABEL = r"^(top|middle|bottom|level)$"  # the seed's picture labels, left on their own
# Notes for developers and debris from the seed's PDF, none of which a player should read.
NOT_FOR_PLAYERS = [
    r"beside this file",
    r"\.md\b",
    r"\.txt\b",
    r"\.py\b",
    r"RULINGS",
    r"\b[a-z]+_[a-z_]+\b",  # option and code names (chain_window_ms)
    r"[`*|<>{}]",  # markdown, tables, code
    r"\bpicture \d",
    r"\bpage \d",
    r"\bsee pictures?\b",
    ORPHAN_LABEL,
    r"\*option\*|\boption\s+`",
]


@pytest.mark.parametrize("game", GAMES)
def test_no_developer_notes_or_pdf_debris(game: str) -> None:
    for page in rules_pages(game):
        for text in prose(page):
            for pattern in NOT_FOR_PLAYERS:
                assert not re.search(pattern, text, re.IGNORECASE), (game, pattern, text)


def test_the_check_catches_the_old_pages() -> None:
    """The seed's texts, as the reader showed them before, fail the check."""
    old = "# P\nThe card pool is ours: `OMG_CARDS.md` beside this file.\n\ntop\n\nlevel\n"
    texts = [text for page in parse_pages(old) for text in prose(page)]
    assert any(re.search(p, t, re.I) for p in NOT_FOR_PLAYERS for t in texts)
    assert any(re.search(ORPHAN_LABEL, t, re.I) for t in texts)


@pytest.mark.parametrize("game", GAMES)
def test_every_picture_is_a_real_face_of_the_game(app: App, game: str) -> None:
    pictures = Pictures(game)
    cards = {card for page in rules_pages(game) for card in page.cards()}
    assert cards
    for card in sorted(cards):
        assert pictures.knows(card), f"{game}: no such card {card!r}"
        image = pictures.get(card, 100)
        assert image.get_size() == pictures.size(card, 100)
        w, h = image.get_size()
        colours = {image.get_at((x * w // 8, y * h // 8))[:3] for x in range(8) for y in range(8)}
        assert len(colours) > 2, f"{game}: {card} is drawn blank"
    assert not pictures.knows("no-such-card")


@pytest.mark.parametrize("game", GAMES)
def test_no_row_overflows_the_reader_at_any_window_size(app: App, game: str) -> None:
    scene = RulesScene(app, game)
    for size in SIZES:
        scene.resize(size)
        for page, layout in zip(scene.pages, scene.layouts, strict=True):
            assert layout.rows, (game, page.title)
            for row in layout.rows:
                where = (game, size, page.title, [p.text or p.card for p in row.parts])
                assert row.height <= scene.view.height, where
                for part in row.parts:
                    assert part.x >= 0 and part.x + part.width <= scene.view.width, where
                    assert 0 <= part.dy and part.dy + part.height <= row.height, where
                    if part.text:
                        measured = theme.font(part.size, part.bold).size(part.text)[0]
                        assert measured == part.width, where
        # The frame around: heading, buttons and page numbers inside the window, apart.
        window = pygame.Rect((0, 0), size)
        rects = [*scene.buttons.values(), *scene.chips]
        assert all(window.contains(rect) for rect in rects), (game, size)
        assert rects[0].right < min(c.left for c in scene.chips), (game, size)
        assert rects[1].left > max(c.right for c in scene.chips), (game, size)
        assert scene.box.bottom <= min(rect.top for rect in rects)
    scene.draw(pygame.Surface(SIZES[-1]))  # the last size laid out, drawn: nothing is missing


@pytest.mark.parametrize("game", GAMES)
def test_scrolling_shows_every_row_whole(app: App, game: str) -> None:
    """Rows are shown whole or not at all, and reading on (Space) brings each one into view."""
    scene = RulesScene(app, game)
    scene.resize((640, 480))
    for number, layout in enumerate(scene.layouts):
        scene.go(number)
        seen: set[int] = set()
        while True:
            top = scene.stops()[scene.top]
            shown = visible(layout, top, scene.view.height)
            assert shown, (game, number, top)
            seen |= {id(row) for row in shown}
            if not scene.screen_down():
                break
        assert seen == {id(row) for row in layout.rows}, (game, scene.pages[number].title)


def test_the_texts_give_the_games_own_figures() -> None:
    """Numbers in the pages are the ones the rules use: a change of the game is seen here."""
    from game.fomo.cards import DECK as FOMO_DECK
    from game.omi.cards import DECK as OMI_DECK
    from game.omnomnom.cards import DICE_COUNT, ROUNDS
    from game.omyn.cards import DECK_SIZE

    def text(game: str) -> str:
        return " ".join(t for page in rules_pages(game) for t in prose(page))

    def option(game: str, name: str) -> int:
        default = find_game(game).info.option(name).default
        assert isinstance(default, int)
        return default

    assert f"The deck has {DECK_SIZE} cards." in text("omyn")
    assert f"chain window opens ({option('omyn', 'chain_window_ms') / 1000:g} seconds" in text(
        "omyn"
    )
    assert f"Void window opens ({option('omyn', 'void_window_ms') / 1000:g} seconds" in text("omyn")
    assert f"The deck has {len(FOMO_DECK)} cards." in text("fomo")
    assert f"answer ({option('fomo', 'cancel_window_ms') / 1000:g} seconds" in text("fomo")
    assert f"After {option('omg', 'turn_limit')} turns" in text("omg")
    assert f"{len(OMI_DECK)} cards" in text("omi")
    assert f"Roll all {DICE_COUNT} dice" in text("omnomnom")
    assert {3: "three rounds"}[ROUNDS] in text("omnomnom")


def test_each_game_says_its_own_direction_of_play() -> None:
    for game in ("omyn", "fomo", "omi"):
        said = " ".join(t for page in rules_pages(game) for t in prose(page))
        turns = find_game(game).info.turns
        assert f"go {turns}" in said or f"goes {turns}" in said, game
        if turns == "clockwise":
            assert "counter-clockwise" not in said, game


def a_long_page(scene: RulesScene) -> int:
    """The first page that scrolls by more than two rows at this size."""
    for number in range(len(scene.pages)):
        scene.go(number)
        if len(scene.stops()) > 2:
            scene.go(0)
            return number
    raise AssertionError("no page scrolls")


def test_keys_turn_pages_and_scroll(app: App) -> None:
    scene = RulesScene(app, "omyn")
    app.push(scene)
    scene.resize((640, 480))
    long_page = a_long_page(scene)
    scene.handle(key(pygame.K_RIGHT))
    assert scene.page == 1 and scene.top == 0
    scene.handle(key(pygame.K_LEFT))
    assert scene.page == 0
    scene.handle(key(pygame.K_1 + long_page))
    assert scene.page == long_page
    scene.handle(key(pygame.K_DOWN))
    assert scene.top == 1
    scene.handle(key(pygame.K_UP))
    assert scene.top == 0
    scene.handle(key(pygame.K_PAGEDOWN))
    assert scene.top > 0
    scene.handle(key(pygame.K_PAGEUP))
    assert scene.top == 0
    # Space reads on: to the page's end, then the next page.
    while scene.page == long_page:
        scene.handle(key(pygame.K_SPACE))
    assert scene.page == long_page + 1 and scene.top == 0
    scene.handle(key(pygame.K_END))
    assert scene.page == len(scene.pages) - 1
    scene.handle(key(pygame.K_HOME))
    assert scene.page == 0
    scene.handle(key(pygame.K_ESCAPE))
    assert app.stack.top is not scene


def test_the_mouse_turns_pages_and_scrolls(app: App) -> None:
    scene = RulesScene(app, "omyn")
    app.push(scene)
    scene.resize((640, 480))
    for event in click(scene.buttons["next"].center):
        scene.handle(event)
    assert scene.page == 1
    for event in click(scene.buttons["previous"].center):
        scene.handle(event)
    assert scene.page == 0
    long_page = a_long_page(scene)
    for event in click(scene.chips[long_page].center):
        scene.handle(event)
    assert scene.page == long_page
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert scene.top == 2
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert scene.top == 0
    # The scroll bar: a click below the thumb is a screen down; the thumb drags.
    for event in click((scene.bar.centerx, scene.bar.bottom - 2)):
        scene.handle(event)
    assert scene.top > 0
    scene.top = 0
    thumb = scene.thumb()
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    scene.handle(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(thumb.centerx, scene.bar.bottom), rel=(0, 1), buttons=(1, 0, 0)
        )
    )
    scene.handle(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, scene.bar.bottom), button=1)
    )
    assert scene.top == len(scene.stops()) - 1
