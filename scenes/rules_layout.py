"""A rules page laid out for a width: rows of text and pictures, each a whole unit of scrolling.

The reader scrolls by rows and draws only rows that lie wholly inside its window, so no line is
ever cut at an edge; every row is narrower than the width and shorter than the window.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from scenes import theme
from scenes.rules_pages import PICTURES, Page
from scenes.rules_pictures import Pictures

# Sizes at 1280×720, multiplied by the window's scale; never below the floor (640×480 halves
# the scale, and 12-pixel text cannot be read).
SIZES = {"title": (34, 20), "h2": (28, 18), "body": (24, 16), "word": (26, 17)}
CARD_HEIGHT = (128, 90)
FIGURE_HEIGHT = (106, 76)  # a card beside its text
LEAD = re.compile(r"^([A-Z][\w' -]{0,24}): ")  # "Hex: choose a player": the card's name
LINE_SPACING = 1.12
BULLET = "•"
BIG = 1.4  # a [big card: X] (one to read closely) against a row's card


def text_size(style: str, scale: float) -> int:
    size, floor = SIZES[style]
    return max(floor, round(size * scale))


def card_height(scale: float, figure: bool = False) -> int:
    size, floor = FIGURE_HEIGHT if figure else CARD_HEIGHT
    return max(floor, round(size * scale))


@dataclass(frozen=True)
class Part:
    """Text (``card`` empty) or a picture at ``x, dy`` within its row."""

    x: int
    dy: int
    text: str = ""
    size: int = 0
    bold: bool = False
    colour: tuple[int, int, int] = theme.INK
    card: str = ""
    card_height: int = 0
    width: int = 0
    height: int = 0


@dataclass
class Row:
    y: int
    height: int
    parts: list[Part] = field(default_factory=list)


@dataclass
class Layout:
    rows: list[Row]
    width: int

    @property
    def height(self) -> int:
        return self.rows[-1].y + self.rows[-1].height if self.rows else 0


def text_rows(
    text: str,
    size: int,
    width: int,
    x: int = 0,
    bold: bool = False,
    colour: tuple[int, int, int] = theme.INK,
) -> list[tuple[int, Part]]:
    """Wrapped lines as (line height, part)."""
    step = round(theme.font(size, bold).get_linesize() * LINE_SPACING)
    out: list[tuple[int, Part]] = []
    for line in theme.wrap(text, size, width - x, bold):
        w = theme.font(size, bold).size(line)[0]
        out.append((step, Part(x, 0, line, size, bold, colour, width=w, height=step)))
    return out


def picture_parts(
    pieces: tuple[tuple[str, str], ...], pictures: Pictures, height: int, scale: float, width: int
) -> list[list[Part]]:
    """Pictures and the words between them, left to right, wrapped into lines of ``width``."""
    gap = max(6, round(10 * scale))
    word_size = text_size("word", scale)
    lines: list[list[Part]] = [[]]
    x = 0
    for kind, value in pieces:
        if kind in PICTURES:
            tall = round(card_height(scale) * BIG) if kind == "big" else height
            w, h = pictures.size(value, tall)
            part = Part(x, 0, card=value, card_height=tall, width=w, height=h)
        else:
            w, h = theme.font(word_size, True).size(value)
            part = Part(x, 0, value, word_size, True, theme.GOLD, width=w, height=h)
        if lines[-1] and x + w > width:
            lines.append([])
            x = 0
        lines[-1].append(replace(part, x=x))
        x += w + gap
    return lines


def figure_text(text: str, scale: float, width: int, x: int) -> list[tuple[int, Part]]:
    """A figure's text: its lead ("Hex:") as a gold heading line, then the rest wrapped."""
    body = text_size("body", scale)
    found = LEAD.match(text)
    if not found:
        return text_rows(text, body, width, x)
    head = text_rows(found.group(1), text_size("h2", scale), width, x, True, theme.GOLD)
    rest = text[found.end() :]
    return head + text_rows(rest[:1].upper() + rest[1:], body, width, x)


def centred(parts: list[Part], height: int) -> list[Part]:
    """Parts of a line centred on its middle."""
    return [replace(p, dy=(height - p.height) // 2) for p in parts]


def lay_out(page: Page, pictures: Pictures, width: int, view_height: int, scale: float) -> Layout:
    rows: list[Row] = []
    y = 0
    body = text_size("body", scale)
    pic_h = card_height(scale)

    def add(height: int, parts: list[Part], before: int = 0) -> None:
        nonlocal y
        y += before if rows else 0
        rows.append(Row(y, height, parts))
        y += height

    def add_text(lines: list[tuple[int, Part]], before: int) -> None:
        for i, (step, part) in enumerate(lines):
            add(step, [part], before if i == 0 else 0)

    previous = ""
    for block in page.blocks:
        # A heading keeps close to what it heads.
        para_gap = round(body * (0.15 if previous == "h2" else 0.55))
        previous = block.kind
        if block.kind == "h2":
            add_text(
                text_rows(block.text, text_size("h2", scale), width, 0, True, theme.GOLD), body
            )
        elif block.kind == "text":
            add_text(text_rows(block.text, body, width), para_gap)
        elif block.kind == "bullet":
            indent = round(body * 1.2)
            lines = text_rows(block.text, body, width, indent)
            add_text(lines, round(para_gap * 0.6))
            dot = text_rows(BULLET, body, width, round(body * 0.3), True, theme.GOLD)[0][1]
            rows[-len(lines)].parts.insert(0, dot)
        elif block.kind == "row":
            for line in picture_parts(block.pieces, pictures, pic_h, scale, width):
                height = max(p.height for p in line)
                shift = (width - (line[-1].x + line[-1].width)) // 2
                parts = [replace(p, x=p.x + shift) for p in centred(line, height)]
                add(height, parts, para_gap)
        else:  # figure: pictures beside the text, or above it when the text would be too narrow
            figure = picture_parts(block.pieces, pictures, card_height(scale, True), scale, width)
            fig_w = max(line[-1].x + line[-1].width for line in figure)
            gap = max(10, round(18 * scale))
            lines = figure_text(block.text, scale, width, fig_w + gap)
            fig_h = sum(max(p.height for p in line) for line in figure)
            text_h = sum(step for step, _ in lines)
            beside = width - fig_w - gap >= width * 0.45 and max(fig_h, text_h) <= view_height
            if beside and len(figure) == 1:
                parts = centred(figure[0], fig_h)
                ty = max(0, (fig_h - text_h) // 2)
                for step, part in lines:
                    parts.append(replace(part, dy=ty))
                    ty += step
                add(max(fig_h, text_h), parts, para_gap)
            else:
                for i, line in enumerate(figure):
                    height = max(p.height for p in line)
                    add(height, centred(line, height), para_gap if i == 0 else 0)
                add_text(figure_text(block.text, scale, width, 0), round(para_gap * 0.6))
    return Layout(rows, width)


def stops(layout: Layout, view_height: int) -> list[int]:
    """The scroll positions: each row's top, up to the first one that shows the page's end."""
    end = layout.height
    out: list[int] = []
    for row in layout.rows:
        out.append(row.y)
        if end - row.y <= view_height:
            break
    return out or [0]


def visible(layout: Layout, top: int, view_height: int) -> list[Row]:
    """Rows wholly inside the window from ``top``: a row cut at an edge is not drawn."""
    return [row for row in layout.rows if row.y >= top and row.y + row.height <= top + view_height]
