"""Drawing what the person at the OMG table may do: buttons (End turn glowing when nothing is
left), the focused pick, lines from an attacker to its legal targets, the combat preview, Gaia's
choices, the Abyss browser and confirmations."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.narration import sentence
from scenes import theme
from scenes.table.hooks import TablePort
from scenes.table.reflex import key_label

if TYPE_CHECKING:
    from scenes.omg.board import BoardLayout
    from scenes.omg.focus import FocusRing
    from scenes.omg.hud import OmgHud
    from scenes.omg.play import OmgPlay
    from scenes.table.faces import FaceCache

LINE = (255, 214, 102)
PREVIEW_WIDTH = 8.4  # the attack preview's width in card widths (two lines for most)


class DrawnTable(TablePort, Protocol):
    """What the play layer's drawing reads of its table (``OmgTable`` is one)."""

    replaying: bool
    hud: OmgHud
    board: BoardLayout
    bottom: int
    faces: FaceCache

    def acting(self) -> int | None: ...

    def possessive(self, seat: int) -> str: ...


def draw_play(table: DrawnTable, play: OmgPlay, surface: pygame.Surface, s: float) -> None:
    if table.replaying:
        return
    _attack_on_life(table, surface, s)
    picker = play.picker
    if table.acting() is not None:  # the choices are the acting person's alone (not a curtain's)
        _buttons(play, surface, s)
        _lines(table, play, surface, s)
        _focus(play.ring, surface, s)
        _abyss_choices(table.faces, play.ring, surface, s)
        _preview(table.board, play, surface, s)
    if picker.browse is not None:
        _browser(table, play, surface, s)
    if picker.choice is not None:
        picker.choice.draw(surface)
    elif table.acting() is not None:
        _pick_label(table.board, play, surface, s)


def _buttons(play: OmgPlay, surface: pygame.Surface, s: float) -> None:
    ring = play.ring
    focused = ring.focused()
    glow = play.picker.mode == "main" and not play.picker.things_left()
    for pick in ring.picks:
        if pick.kind != "button":
            continue
        rect = pick.rect
        hovered = rect.collidepoint(ring.hover)
        colour: tuple[int, ...] = theme.BUTTON_HOVER if hovered or pick is focused else theme.BUTTON
        glows = glow and pick.good and pick.label.startswith("End turn")
        if glows:
            # Nothing is left to do (and a lesson's step does not ask for another move): the
            # button breathes gold.
            pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 260)
            colour = tuple(
                round(c + (g - c) * pulse) for c, g in zip(theme.BUTTON, theme.GOLD, strict=True)
            )
        pygame.draw.rect(surface, colour, rect, border_radius=round(8 * s))
        edge = theme.FOCUS if pick is focused else theme.PANEL_EDGE
        pygame.draw.rect(
            surface,
            edge,
            rect,
            width=max(1, round((3 if pick is focused else 1) * s)),
            border_radius=round(8 * s),
        )
        ink = theme.INK if pick.good else theme.INK_DIM
        theme.blit_text(
            surface,
            pick.label,
            round(19 * s),
            rect.center,
            (20, 20, 20) if glows else ink,
            "center",
            bold=pick is focused,
        )


def _arrow(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: tuple[int, int, int],
    s: float,
) -> None:
    pygame.draw.line(surface, colour, start, end, max(2, round(4 * s)))
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    size = 14 * s
    tip = [
        end,
        (end[0] - size * math.cos(angle - 0.45), end[1] - size * math.sin(angle - 0.45)),
        (end[0] - size * math.cos(angle + 0.45), end[1] - size * math.sin(angle + 0.45)),
    ]
    pygame.draw.polygon(surface, colour, tip)


def _attack_on_life(table: DrawnTable, surface: pygame.Surface, s: float) -> None:
    """While a Life attack waits for the defender: which Being attacks, at whose Life."""
    view = table.hud.shown
    if view is None or view.defense is None or table.presenter.busy:
        return
    zone = table.presenter.zone(f"loc:{view.defense.attacker}:{view.defense.location}")
    if not zone:
        return
    target = table.board.life_rect(1 - view.defense.attacker)
    _arrow(surface, (zone[-1].x, zone[-1].y), target.center, theme.WARN, s)


def _pick_label(board: BoardLayout, play: OmgPlay, surface: pygame.Surface, s: float) -> None:
    """What the hovered (or focused) choice does, or why it cannot be picked, just above the
    message line (the attack preview has its own panel; a carried card says nothing of the
    pick the keys point at)."""
    if play.picker.mode in ("idle", "attack") or play.drag.dragging:
        return
    ring = play.ring
    pick = next(
        (p for p in ring.picks if p.kind != "button" and p.rect.collidepoint(ring.hover)), None
    )
    pick = pick or ring.focused()
    if pick is None or pick.kind == "button":
        return
    x, y = board.message_pos()
    size = round(19 * s)
    label = theme.text(pick.label, size, theme.GOLD if pick.good else theme.WARN, bold=True)
    rect = label.get_rect(midbottom=(round(x), round(y - 34 * s)))
    back = rect.inflate(round(16 * s), round(6 * s))
    surface.blit(theme.rounded(back.size, (0, 0, 0, 170), round(8 * s)), back)
    surface.blit(label, rect)


def _lines(table: DrawnTable, play: OmgPlay, surface: pygame.Surface, s: float) -> None:
    """From the attacker to each legal target (while choosing or dragging)."""
    start: tuple[float, float] | None = None
    picker = play.picker
    if picker.mode == "attack" and picker.attacker is not None:
        zone = table.presenter.zone(f"loc:{table.bottom}:{picker.attacker}")
        if zone:
            start = (zone[-1].x, zone[-1].y)
    sprite = play.drag.sprite
    if play.drag.dragging and sprite is not None and sprite.zone.startswith("loc:"):
        start = (sprite.x, sprite.y)
        targets = [rect for rect, good in play.lit_areas() if good]
    else:
        targets = [
            p.rect
            for p in play.ring.picks
            if p.kind in ("enemy", "life") and p.good and picker.mode == "attack"
        ]
    if start is None:
        return
    for rect in targets:
        _arrow(surface, start, rect.center, LINE, s)


def _focus(ring: FocusRing, surface: pygame.Surface, s: float) -> None:
    """The pick the keys point at gets a thick outline (cards show it by their lift)."""
    pick = ring.focused()
    if pick is None or pick.kind in ("button", "hand") or pick.rect.width == 0:
        return
    colour = theme.FOCUS if pick.good else theme.WARN
    pygame.draw.rect(surface, colour, pick.rect.inflate(6, 6), max(2, round(4 * s)), round(12 * s))


def _abyss_choices(faces: FaceCache, ring: FocusRing, surface: pygame.Surface, s: float) -> None:
    row = [p for p in ring.picks if p.kind == "abyss"]
    if not row:
        return
    box = row[0].rect.unionall([p.rect for p in row]).inflate(round(30 * s), round(60 * s))
    theme.panel(surface, box, alpha=235)
    theme.blit_text(
        surface,
        "From your Abyss:",
        round(19 * s),
        (box.centerx, box.y + 4),
        theme.GOLD,
        "midtop",
        bold=True,
    )
    focused = ring.focused()
    for pick in row:
        surface.blit(faces.get(str(pick.payload), pick.rect.size), pick.rect)
        if pick is focused:
            pygame.draw.rect(
                surface, theme.FOCUS, pick.rect.inflate(6, 6), max(2, round(3 * s)), round(8 * s)
            )


def _preview(board: BoardLayout, play: OmgPlay, surface: pygame.Surface, s: float) -> None:
    """In the attack choice, the hovered or focused target's preview; while a Being is carried
    over a target, that attack's. Under the message line (over the hand, which has nothing to
    pick then), clear of the lanes and their labels."""
    shown = _previewed(play)
    if shown is None:
        return
    label, good = shown
    size = round(20 * s)
    lines = _wrapped(label, size, round(board.card_w * PREVIEW_WIDTH) - round(24 * s))
    box = _preview_box(board, len(lines), size, s)
    theme.panel(surface, box, alpha=240)
    y = box.y + round(7 * s)
    for line in lines:
        theme.blit_text(
            surface,
            line,
            size,
            (box.centerx, y),
            theme.GOLD if good else theme.WARN,
            "midtop",
            bold=True,
        )
        y += size + 2


def _previewed(play: OmgPlay) -> tuple[str, bool] | None:
    """The preview to show now, and whether that attack may be made."""
    if play.drag.dragging:
        return play.drag_preview()
    if play.picker.mode != "attack":
        return None
    ring = play.ring
    pick = next(
        (p for p in ring.picks if p.kind in ("enemy", "life") and p.rect.collidepoint(ring.hover)),
        None,
    )
    pick = pick or ring.focused()
    if pick is None or pick.kind not in ("enemy", "life"):
        return None
    return pick.label, pick.good


def _preview_box(board: BoardLayout, lines: int, size: int, s: float) -> pygame.Rect:
    """The preview's band: just under the message line. Between the two rows of lanes (where
    it was) it covered the top row's labels (levels, rested, Life and Abyss counts)."""
    box = pygame.Rect(0, 0, round(board.card_w * PREVIEW_WIDTH), lines * (size + 2) + round(14 * s))
    x, y = board.message_pos()
    box.midtop = (round(x), round(y + 10 * s))
    return box


def play_panels(board: BoardLayout, play: OmgPlay, s: float) -> list[pygame.Rect]:
    """Where the play layer's own panels lie in this mode (a lesson's coach keeps clear): the
    attack preview's band under the message line (room for 3 lines), else the pick's label
    above the message line."""
    mode = play.picker.mode
    if mode == "idle":
        return []
    if mode == "attack" or play.drag_preview() is not None:
        return [_preview_box(board, 3, round(20 * s), s)]
    x, y = board.message_pos()
    band = pygame.Rect(0, 0, round(board.card_w * 6.8), round(32 * s))
    band.midbottom = (round(x), round(y - 31 * s))
    return [band]


@lru_cache(maxsize=64)
def _wrapped(text: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(theme.wrap(text, size, width, bold=True))


def _browser(table: DrawnTable, play: OmgPlay, surface: pygame.Surface, s: float) -> None:
    seat = play.picker.browse
    assert seat is not None
    cards = play.browse_cards()
    width, height = surface.get_size()
    box = pygame.Rect(
        round(width * 0.18), round(height * 0.12), round(width * 0.6), round(height * 0.7)
    )
    theme.panel(surface, box, alpha=245)
    title = f"{sentence(table.possessive(seat))} Abyss: {len(cards)} card{'s' if len(cards) != 1 else ''} · Left/Right: the other Abyss · any key closes"
    theme.blit_text(
        surface,
        title,
        round(20 * s),
        (box.centerx, box.y + round(10 * s)),
        theme.GOLD,
        "midtop",
        bold=True,
    )
    if not cards:
        theme.blit_text(surface, "Empty", round(24 * s), box.center, theme.INK_DIM, "center")
    for rect, card in cards:
        surface.blit(table.faces.get(card, rect.size), rect)


def help_lines(bindings: dict[str, str]) -> list[str]:
    """Every control of the OMG table, with the keys as the player has bound them."""
    b = {intent: key_label(key) for intent, key in bindings.items()}
    arrows = f"{b['left']} / {b['right']} / {b['up']} / {b['down']}"
    return [
        "Play or evolve: drag a hand card to a lane, or click it, then the lane.",
        f"Keys: {arrows} walk the cards, lanes and buttons; {b['play']} picks.",
        "Attack: drag a Being onto a rested enemy Being or onto their Life cards.",
        "G: rest a Gem to draw 1.   Q: equip a Gem (deck empty).   E: end turn.",
        "A: the Abyss (click an Abyss for either).   Y / N: answer a question.",
        f"Defending: block with a Being, discard cards, then {b['ready']}: done.",
        "Backspace or a right click: cancel a choice.   Page Up / Down: the log.",
        "Esc: pause (rules, settings, forfeit, leave).   F11: fullscreen.",
    ]
