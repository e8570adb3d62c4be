"""What OMG's HUD draws on the felt: under the cards, the lanes (empty ones named) and the lit
drop targets; over the resting cards (in the kit's backdrop), each stack's badges (levels,
summed power, rested, equipped Gems, this turn's modifiers), the counts, the Gem zones, whose
turn and which step, and the log (``log_panel.py``)."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game.omg.board import LOCATION_NAMES
from game.omg.cards import CARDS
from scenes import theme
from scenes.omg.faces import GEM_COLOUR, gem_shape
from scenes.omg.hud import STEPS, HudTable, on_felt
from scenes.omg.log_panel import draw_log


def draw_omg_under(
    table: HudTable, surface: pygame.Surface, lit: list[tuple[pygame.Rect, bool]]
) -> None:
    """The lanes on the felt (empty ones named), and the ``lit`` drop targets and targets."""
    board, s = table.board, table.layout.scale
    for seat in (0, 1):
        for loc in range(3):
            card = pygame.Rect(0, 0, board.card_w + 8, board.card_h + 8)
            card.center = (round(board.lane_x(loc)), round(board.row(seat)))
            surface.blit(theme.rounded(card.size, (0, 0, 0, 40), round(10 * s)), card)
            if not table.presenter.zone(f"loc:{seat}:{loc}"):
                theme.blit_text(
                    surface,
                    LOCATION_NAMES[loc],
                    round(18 * s),
                    card.center,
                    theme.INK_DIM,
                    "center",
                )
    for rect, good in lit:
        colour = (236, 196, 92, 80) if good else (200, 60, 50, 60)
        surface.blit(theme.rounded(rect.size, colour, round(12 * s)), rect)
        pygame.draw.rect(surface, theme.FOCUS if good else theme.WARN, rect, 2, round(12 * s))


def omg_under_key(table: HudTable, lit: list[tuple[pygame.Rect, bool]]) -> Hashable:
    """What ``draw_omg_under`` draws from: the lanes' places, which are empty, the lit areas
    (the key of the kit's backdrop)."""
    board = table.board
    return (
        board.card_w,
        board.card_h,
        tuple(board.lane_x(loc) for loc in range(3)),
        tuple(board.row(seat) for seat in (0, 1)),
        table.layout.scale,
        tuple(not table.presenter.zone(f"loc:{seat}:{loc}") for seat in (0, 1) for loc in range(3)),
        tuple((tuple(rect), good) for rect, good in lit),
    )


def draw_omg_resting_hud(table: HudTable, surface: pygame.Surface) -> None:
    """The parts of the HUD that lie on the felt: the stacks' badges, the counts, the Gem
    zones, whose turn, the log (the kit keeps them in its backdrop while they stay the same)."""
    s = table.layout.scale
    table.hud.tags = []
    _badges(table, surface, s)
    _counts(table, surface, s)
    _status(table, surface, s)
    draw_log(table, surface, s)


def _badges(table: HudTable, surface: pygame.Surface, s: float) -> None:
    """Per stack: its summed power (with modifiers), its levels, rested, Gems and modifiers."""
    view = table.hud.shown
    if view is None:
        return
    board = table.board
    table.hud.badged = {}
    for seat, side in enumerate(view.sides):
        for loc, stack in enumerate(side.locations):
            sprites = table.presenter.zone(f"loc:{seat}:{loc}")
            if stack is None or not sprites or len(sprites) != len(stack.cards):
                continue
            top = sprites[-1]
            if top.moving:
                continue
            printed = sum(CARDS[c].power for c in stack.cards)
            x, y = top.x, top.y
            half_w = (board.card_h if (seat, loc) in table.hud.rested else board.card_w) / 2
            half_h = (board.card_w if (seat, loc) in table.hud.rested else board.card_h) / 2
            # The power badge on the card's lower right: gold when modified up, red when down.
            colour = (
                (60, 150, 60)
                if stack.power > printed
                else (190, 60, 50)
                if stack.power < printed
                else theme.SUIT_BLACK
            )
            r = round(17 * s)
            centre = (round(x + half_w - r * 0.6), round(y + half_h - r * 0.6))
            surface.blit(_power_badge(stack.power, colour, r, s), (centre[0] - r, centre[1] - r))
            chips: list[str] = []
            levels = "+".join(c.partition(":")[2] for c in stack.cards)
            chips.append(f"L{levels}")
            if (seat, loc) in table.hud.rested:
                chips.append("rested")
            if stack.equipped:
                chips.append(f"gem +{stack.equipped}")
            if stack.turn_mod:
                chips.append(f"{stack.turn_mod:+d} this turn")
            aura = stack.power - printed - stack.turn_mod - stack.equipped
            if aura:
                chips.append(f"{aura:+d} aura")
            if seat != table.bottom:  # room is short there: only the levels and rested
                chips = chips[:2] if (seat, loc) in table.hud.rested else chips[:1]
            size = round(16 * s)
            cy = y + board.card_h / 2 + 9 * s  # upright or turned: the same line under the lanes
            for chip in chips:
                back = _blit_tag(surface, chip, (x, cy), size, 170, (8, 2), s)
                table.hud.tags.append(back)
                cy += back.height + 1
            table.hud.badged[f"loc:{seat}:{loc}"] = tuple(chips)


def _counts(table: HudTable, surface: pygame.Surface, s: float) -> None:
    board, tags = table.board, table.hud.tags
    size = round(17 * s)
    for seat in (0, 1):
        deck = len(table.presenter.zone(f"deck:{seat}"))
        life = len(table.presenter.zone(f"life:{seat}"))
        abyss = len(table.presenter.zone(f"abyss:{seat}"))
        hand = len(table.presenter.zone(f"hand:{seat}"))
        row = board.row(seat)
        below = row + board.card_h * 0.48
        deck_spot = board.deck(seat, 0)
        tags.append(_tag(surface, f"Deck {deck}", (deck_spot.x, below), size, s))
        tags.append(_tag(surface, f"Life {life}", (board.life(seat, 1, 3).x, below), size, s))
        tags.append(_tag(surface, f"Abyss {abyss}", (board.abyss(seat, 0).x, below), size, s))
        if seat != table.bottom:
            spot = board.hand(seat, 0, 1)
            at = (spot.x + board.card_w * 2.6, spot.y)
            tags.append(_tag(surface, f"{hand} in hand", at, size, s))
        _gems(table, surface, seat, s)


def _tag(
    surface: pygame.Surface, text: str, pos: tuple[float, float], size: int, s: float
) -> pygame.Rect:
    return _blit_tag(surface, text, pos, size, 150, (10, 4), s)


def _blit_tag(
    surface: pygame.Surface,
    text: str,
    pos: tuple[float, float],
    size: int,
    alpha: int,
    pad: tuple[int, int],
    s: float,
) -> pygame.Rect:
    """A bold label centred below ``pos`` on a dark rounded back, made once as one image (one
    blit a frame, not two); the back's rect on screen."""
    label = theme.text(text, size, theme.INK, bold=True)
    rect = label.get_rect(midtop=(round(pos[0]), round(pos[1])))
    back = rect.inflate(round(pad[0] * s), round(pad[1] * s))

    def paint(layer: pygame.Surface) -> None:
        layer.blit(theme.rounded(back.size, (0, 0, 0, alpha), round(6 * s)), (0, 0))
        layer.blit(label, (rect.x - back.x, rect.y - back.y))

    surface.blit(theme.memo_layer(("omg-tag", text, size, alpha, pad, s), back.size, paint), back)
    return back


def _power_badge(power: int, colour: tuple[int, int, int], r: int, s: float) -> pygame.Surface:
    """A stack's summed power in a ringed disc, ``2r`` across, made once per figure."""

    def paint(layer: pygame.Surface) -> None:
        pygame.draw.circle(layer, colour, (r, r), r)
        pygame.draw.circle(layer, theme.FOCUS, (r, r), r, max(1, round(2 * s)))
        theme.blit_text(layer, str(power), round(26 * s), (r, r), (255, 255, 255), "center", True)

    return theme.memo_layer(("omg-power", power, colour, r, s), (2 * r + 1, 2 * r + 1), paint)


def _gems(table: HudTable, surface: pygame.Surface, seat: int, s: float) -> None:
    """The Gem zone: active Gems filled, rested ones hollow, with the figures in words."""
    active, rested, deck = table.hud.gems.get(seat, (0, 0, 0))
    rect = table.board.gems(seat)

    def paint(layer: pygame.Surface) -> None:
        theme.panel(layer, layer.get_rect(), alpha=170, radius=round(10 * s))
        gem = gem_icon_size(rect.width)
        for i in range(active + rested):
            col, line = i % 4, i // 4
            icon = gem_shape(gem, GEM_COLOUR, filled=i < active)
            layer.blit(icon, (6 + col * (gem + 2), 6 + line * (gem + 3)))
        size = round(15 * s)
        y = 12 + 2 * (gem + 3)
        for text in (f"{active} active", f"{rested} rested", f"{deck} in Gem deck"):
            theme.blit_text(layer, text, size, (7, y), theme.INK)
            y += size - 1

    on_felt(surface, rect, ("omg-gems", active, rested, deck, s), paint)


def gem_icon_size(width: int) -> int:
    """A Gem icon's size: four in a row 2 px apart within 6 px margins (width / 4.4 overflowed)."""
    return max(8, (width - 18) // 4)


def _status(table: HudTable, surface: pygame.Surface, s: float) -> None:
    """Whose turn and which step, always on screen."""
    hud = table.hud
    rect = table.board.status_rect()
    if hud.game_over is not None:
        title = "Match over"
    elif hud.phase == "mulligan":
        title = "Mulligan: keep or shuffle back"
    elif hud.turn_seat is not None:
        title = f"Turn {hud.turn_number}: {table.seat_name(hud.turn_seat)}"
    else:
        title = ""
    steps = hud.phase in ("main", "discard", "defense") and hud.game_over is None
    note = {"defense": "Defending a Life attack", "discard": "Apollo: discard 1"}.get(hud.phase)

    def paint(layer: pygame.Surface) -> None:
        theme.panel(layer, layer.get_rect(), alpha=220)
        x, y = round(10 * s), round(8 * s)
        # Shrunk to fit the panel: "Mulligan: keep or shuffle back" ran past its edge.
        size = theme.fitted(title, round(22 * s), layer.get_width() - 2 * x, bold=True)
        theme.blit_text(layer, title, size, (x, y), theme.GOLD, bold=True)
        y += round(26 * s)
        if not steps:
            return
        for step in STEPS:
            now = step == hud.step
            label = theme.text(
                step, round(17 * s), (20, 20, 20) if now else theme.INK_DIM, bold=now
            )
            box = label.get_rect(topleft=(x, y)).inflate(round(8 * s), round(4 * s))
            if box.right > layer.get_width() - 4:
                x, y = round(10 * s), y + box.height + 2
                box.topleft = (x - round(4 * s), y - round(2 * s))
            if now:
                layer.blit(theme.rounded(box.size, (*theme.FOCUS, 255), round(6 * s)), box)
            layer.blit(label, label.get_rect(center=box.center))
            x = box.right + round(4 * s)
        if note:
            theme.blit_text(
                layer,
                note,
                round(17 * s),
                (round(10 * s), y + round(24 * s)),
                theme.WARN,
                bold=True,
            )

    on_felt(surface, rect, ("omg-status", title, steps, hud.step, note, s), paint)
