"""A game's rules pages as written for players (``assets/rules/<game>.txt``), parsed into blocks.

The text is our own, short pages in the table's words. Its format, kept small on purpose:

- ``# Title`` starts a page; ``## Heading`` is a heading on it.
- Lines up to a blank line are one paragraph; a line starting ``- `` is a bullet.
- ``[card: X]`` is a picture of card ``X`` drawn by the game's own face code (the table's), and
  ``[back]`` a card's back; ``[big card: X]`` beside text is drawn at full size, not smaller. A paragraph of pictures with short words between them (``+``,
  ``eats``) is a row of pictures; pictures at the start of a longer paragraph stand beside it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.core.registry import find_game
from scenes.resources import resource_path

MARKER = re.compile(r"\[(big )?card:\s*([^\]\s]+)\s*\]|\[back\]")
PICTURES = ("card", "big")  # kinds of piece that are pictures (a big one stands at row size)
BACK = "back"  # a picture of a card's back
# Words between pictures in a row are short ("+", "eats", "gets"): longer text is prose.
ROW_WORD_LIMIT = 16


@dataclass(frozen=True)
class Block:
    """One piece of a page: ``kind`` "h2", "text", "bullet", "row" (pictures with short words
    between them: ``pieces``) or "figure" (``pieces`` beside ``text``)."""

    kind: str
    text: str = ""
    pieces: tuple[tuple[str, str], ...] = ()  # ("card" or "big", id) or ("word", text)


@dataclass(frozen=True)
class Page:
    title: str
    blocks: tuple[Block, ...]

    def cards(self) -> list[str]:
        return [value for b in self.blocks for kind, value in b.pieces if kind in PICTURES]


def split_pieces(paragraph: str) -> tuple[tuple[str, str], ...]:
    """The paragraph as pictures and the words between them, in order."""
    pieces: list[tuple[str, str]] = []
    at = 0
    for found in MARKER.finditer(paragraph):
        words = paragraph[at : found.start()].strip()
        if words:
            pieces.append(("word", words))
        kind = "big" if found.group(1) else "card"
        pieces.append((kind, found.group(2) or BACK))
        at = found.end()
    rest = paragraph[at:].strip()
    if rest:
        pieces.append(("word", rest))
    return tuple(pieces)


def paragraph_block(paragraph: str) -> Block:
    pieces = split_pieces(paragraph)
    if not any(kind in PICTURES for kind, _ in pieces):
        return Block("text", paragraph)
    if all(kind in PICTURES or len(value) <= ROW_WORD_LIMIT for kind, value in pieces):
        return Block("row", pieces=pieces)
    leading = []
    for kind, value in pieces:
        if kind not in PICTURES:
            break
        leading.append((kind, value))
    rest = pieces[len(leading) :]
    if not leading or any(kind in PICTURES for kind, _ in rest):
        raise ValueError(f"pictures in the middle of prose: {paragraph[:60]!r}")
    return Block("figure", " ".join(value for _, value in rest), tuple(leading))


def parse_pages(source: str) -> list[Page]:
    pages: list[Page] = []
    title: str | None = None
    blocks: list[Block] = []
    paragraph: list[str] = []

    def end_paragraph() -> None:
        if paragraph:
            text = " ".join(paragraph)
            if text.startswith("- "):
                blocks.append(Block("bullet", text[2:].strip()))
            else:
                blocks.append(paragraph_block(text))
            paragraph.clear()

    for raw in source.splitlines():
        line = raw.strip()
        if line.startswith("# "):
            end_paragraph()
            if title is not None:
                pages.append(Page(title, tuple(blocks)))
            title, blocks = line[2:].strip(), []
        elif line.startswith("## "):
            end_paragraph()
            blocks.append(Block("h2", line[3:].strip()))
        elif not line:
            end_paragraph()
        elif line.startswith("- "):
            end_paragraph()
            paragraph.append(line)
        else:
            paragraph.append(line)
    end_paragraph()
    if title is not None:
        pages.append(Page(title, tuple(blocks)))
    return pages


def rules_pages(game_id: str) -> list[Page]:
    """The game's rules pages (``assets/rules/<game>.txt``)."""
    game = find_game(game_id)  # an unknown game fails here, not with a missing file
    path = resource_path("assets", "rules", f"{game_id}.txt")
    if not path.is_file():  # a game being added: the reader says so rather than failing
        return [Page("The rules", (Block("text", f"{game.info.title} has no rules pages yet."),))]
    return parse_pages(path.read_text(encoding="utf-8"))
