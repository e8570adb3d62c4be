"""Everything drawn around OMG's cards: stack badges (levels, summed power, rested, equipped
Gems, this turn's modifiers), the Gem zones, counts, whose turn and which step, the log, the
clash as it resolves, lines to legal targets, the combat preview and the zoomed card."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.events import GameOver
from game.core.narration import sentence
from game.omg.board import LOCATION_NAMES
from game.omg.cards import CARDS
from game.omg.events import AttackDeclared, Clash
from game.omg.narrate import card_name as card_name  # the tables take it from here
from game.omg.view import OmgView
from scenes import theme
from scenes.omg.faces import GEM_COLOUR, full_text, gem_shape
from scenes.surface_cache import MIB, SurfaceCache
from scenes.table.sprites import may_see

if TYPE_CHECKING:
    from scenes.omg.board import BoardLayout
    from scenes.table.faces import FaceCache
    from scenes.table.layout import TableLayout
    from scenes.table.presenter import Presenter
    from scenes.table.sprites import SpriteLayer

STEPS = ("Refresh", "Draw", "Gem Charge", "Advancement")
LOG_LIMIT = 400
ADVANTAGE_WORDS = {1: "×2", 0: "×1", -1: "×½"}


def readable(text: str) -> str:
    """Card ids in a text as the table shows them: "Zeus:3" → "Zeus L3"."""
    return re.sub(r"\b([A-Z][a-z]+):([123])\b", r"\1 L\2", text)


def rested_in(view: OmgView) -> set[tuple[int, int]]:
    """The (seat, location) of every rested Being the view shows."""
    return {
        (s, j)
        for s, side in enumerate(view.sides)
        for j, loc in enumerate(side.locations)
        if loc is not None and loc.rested
    }


@dataclass
class OmgHud:
    """What the table has shown so far (it trails the match while animations run)."""

    turn_seat: int | None = None
    turn_number: int = 0
    phase: str = "mulligan"
    step: str = ""
    charging: bool = False
    gems: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    rested: set[tuple[int, int]] = field(default_factory=set)
    shown: OmgView | None = None  # the view as of the last settled frame (badges, counts)
    attack: AttackDeclared | None = None
    blocker: int | None = None
    clash: Clash | None = None
    clash_ms: float = 0.0
    clash_names: tuple[str, str] = ("", "")
    log: list[tuple[str, bool]] = field(default_factory=list)
    log_scroll: int = 0  # lines scrolled back from the newest
    dying: dict[str, int] = field(default_factory=dict)  # lane -> its cards gone to the Abyss
    badged: dict[str, tuple[str, ...]] = field(default_factory=dict)  # zone -> chips drawn
    wrap_cache: dict[str, Any] = field(default_factory=dict)
    game_over: GameOver | None = None

    def from_view(self, view: OmgView) -> None:
        self.turn_seat = view.turn_seat if view.turn_number else None
        self.turn_number = view.turn_number
        self.phase = view.phase
        self.step = "Advancement" if view.phase in ("main", "defense", "discard") else ""
        self.charging = False
        self.gems = {
            s: (side.gems_active, side.gems_rested, side.gem_deck)
            for s, side in enumerate(view.sides)
        }
        self.rested = rested_in(view)
        self.shown = view
        self.dying.clear()
        if view.phase != "defense":
            self.attack = None

    def settled(self, view: OmgView) -> set[tuple[int, int]]:
        """Nothing moves: the shown state catches up with the match. The rested marks are the
        view's (events only move them while cards fly: a rested stack that dies sends none);
        returns the lanes whose mark changed."""
        rested = rested_in(view)
        changed = rested ^ self.rested
        self.rested = rested
        self.shown = view
        self.phase = view.phase
        if view.phase == "main" and self.turn_number:
            self.step = "Advancement"
        if view.phase == "over":
            self.step = ""
        return changed

    def log_line(self, text: str, heading: bool = False) -> None:
        self.log.append((readable(text), heading))
        del self.log[:-LOG_LIMIT]
        self.log_scroll = 0  # something new: show the newest


# --- drawing -------------------------------------------------------------------------------
# Within a byte budget: a new panel is painted for each new log line or step. Kept by count (120,
# ~0.2 MiB each) they held up to ~26 MiB before a wholesale clear: OMG's climb over an evening.
_panels: SurfaceCache[tuple[object, ...]] = SurfaceCache(4 * MIB)


class HudTable(Protocol):
    """What the HUD reads of its table (``OmgTable`` is one): the HUD depends on this, never on
    the table's class, so the table imports the HUD and not the reverse."""

    hud: OmgHud
    board: BoardLayout
    presenter: Presenter
    layout: TableLayout
    layer: SpriteLayer
    faces: FaceCache
    bottom: int

    def seat_name(self, seat: int) -> str: ...


def on_felt(
    surface: pygame.Surface,
    rect: pygame.Rect,
    key: tuple[object, ...],
    paint: Callable[[pygame.Surface], None],
) -> None:
    """A panel painted once over its piece of felt and kept opaque: the felt under the panels
    never changes, and an opaque copy is far cheaper per frame than blending."""
    full_key = (key, tuple(rect), surface.get_size())
    layer = _panels.get(full_key)
    if layer is None:
        layer = pygame.Surface(rect.size)
        layer.blit(theme.felt(surface.get_size()), (0, 0), rect)
        paint(layer)
        layer = _panels.put(full_key, theme.display_format(layer, alpha=False))
    surface.blit(layer, rect)


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
    _badges(table, surface, s)
    _counts(table, surface, s)
    _status(table, surface, s)
    _log(table, surface, s)


def draw_omg_hud(table: HudTable, surface: pygame.Surface, zoom: str | None) -> None:
    """Over the cards (after the play layer): the clash as it resolves, the ``zoom`` card."""
    s = table.layout.scale
    _clash(table, surface, s)
    _zoom(table, surface, s, zoom)


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
            cy = y + half_h + 9 * s
            for chip in chips:
                back = _blit_tag(surface, chip, (x, cy), size, 170, (8, 2), s)
                cy += back.height + 1
            table.hud.badged[f"loc:{seat}:{loc}"] = tuple(chips)


def _counts(table: HudTable, surface: pygame.Surface, s: float) -> None:
    board = table.board
    size = round(17 * s)
    for seat in (0, 1):
        deck = len(table.presenter.zone(f"deck:{seat}"))
        life = len(table.presenter.zone(f"life:{seat}"))
        abyss = len(table.presenter.zone(f"abyss:{seat}"))
        hand = len(table.presenter.zone(f"hand:{seat}"))
        row = board.row(seat)
        below = row + board.card_h * 0.48
        deck_spot = board.deck(seat, 0)
        _tag(surface, f"Deck {deck}", (deck_spot.x, below), size, s)
        _tag(surface, f"Life {life}", (board.life(seat, 1, 3).x, below), size, s)
        _tag(surface, f"Abyss {abyss}", (board.abyss(seat, 0).x, below), size, s)
        if seat != table.bottom:
            spot = board.hand(seat, 0, 1)
            _tag(surface, f"{hand} in hand", (spot.x + board.card_w * 2.6, spot.y), size, s)
        _gems(table, surface, seat, s)


def _tag(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int, s: float) -> None:
    _blit_tag(surface, text, pos, size, 150, (10, 4), s)


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
        theme.blit_text(layer, title, round(22 * s), (x, y), theme.GOLD, bold=True)
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


def _log(table: HudTable, surface: pygame.Surface, s: float) -> None:
    """The match log, newest at the bottom; the wheel or Page Up/Down scroll it back."""
    hud = table.hud
    rect = table.board.log_rect()
    size = round(16 * s)
    inner_w = rect.width - round(14 * s)
    wrapped = _wrapped_log(hud, size, inner_w)
    rows = max(1, (rect.height - round(12 * s) - round(20 * s)) // size)
    hud.log_scroll = max(0, min(hud.log_scroll, len(wrapped) - rows))
    end = len(wrapped) - hud.log_scroll
    shown = tuple(wrapped[max(0, end - rows) : end])

    def paint(layer: pygame.Surface) -> None:
        theme.panel(layer, layer.get_rect(), alpha=200)
        inner = layer.get_rect().inflate(-round(14 * s), -round(12 * s))
        title = "Log (wheel, PgUp/PgDn)"
        theme.blit_text(layer, title, round(15 * s), inner.topleft, theme.GOLD, bold=True)
        y = inner.y + round(20 * s)
        for line, heading in shown:
            colour = theme.GOLD if heading else theme.INK
            theme.blit_text(layer, line, size, (inner.x, y), colour, bold=heading)
            y += size
        if hud.log_scroll:
            more = f"{hud.log_scroll} newer lines below"
            theme.blit_text(
                layer, more, round(14 * s), inner.bottomright, theme.WARN, "bottomright"
            )

    on_felt(surface, rect, ("omg-log", shown, hud.log_scroll, s), paint)


def _wrapped_log(hud: OmgHud, size: int, width: int) -> list[tuple[str, bool]]:
    """The log broken into screen lines (kept between frames: only new entries are wrapped)."""
    cache = hud.wrap_cache
    if cache.get("key") != (size, width):
        cache.clear()
        cache["key"] = (size, width)
        cache["lines"] = []
        cache["count"] = 0
        cache["first"] = None
    lines: list[tuple[str, bool]] = cache["lines"]
    first = hud.log[0] if hud.log else None
    if cache["first"] != first or cache["count"] > len(hud.log):
        lines.clear()  # the oldest entries were dropped: wrap afresh
        cache["count"] = 0
        cache["first"] = first
    for text, heading in hud.log[cache["count"] :]:
        lines.extend((line, heading) for line in theme.wrap(text, size, width, bold=heading))
    cache["count"] = len(hud.log)
    return lines


def _clash(table: HudTable, surface: pygame.Surface, s: float) -> None:
    """A clash resolving: the powers, then the type advantage, then who is destroyed."""
    hud = table.hud
    event = hud.clash
    if event is None:
        return
    board = table.board
    box = pygame.Rect(0, 0, round(430 * s), round(112 * s))
    box.center = (round(board.cx), round((board.row_y[0] + board.row_y[1]) / 2))
    theme.panel(surface, box, alpha=240)
    stage = 3 if table.presenter.time_scale == 0 else 1 + int(hud.clash_ms // 450)
    attacker, defender = hud.clash_names
    lines = [f"{attacker} {event.attack_power}  vs  {defender} {event.defense_power}"]
    if stage >= 2:
        adv = event.advantage
        if event.blocked or table.hud.attack and table.hud.attack.target is not None:
            lines.append(
                f"Type: {ADVANTAGE_WORDS[adv]}"
                + (" (strong)" if adv > 0 else " (weak)" if adv < 0 else " (neutral)")
            )
        else:
            lines.append("A defence pool: no type advantage")
    if stage >= 3:
        lines.append(
            {
                "attacker": f"{attacker} wins",
                "defender": sentence(f"{defender} holds"),
                "tie": "A tie: nothing is destroyed",
            }[event.result]
        )
    y = box.y + round(10 * s)
    for i, line in enumerate(lines):
        theme.blit_text(
            surface,
            line,
            round((24 if i == 0 else 21) * s),
            (box.centerx, y),
            theme.GOLD if i == 2 else theme.INK,
            "midtop",
            bold=i != 1,
        )
        y += round(32 * s)


def _zoom(table: HudTable, surface: pygame.Surface, s: float, card: str | None) -> None:
    """The hovered or selected card, large, with its full text."""
    if card is None:
        return
    rect = table.board.zoom_rect()
    surface.blit(table.faces.get(card, rect.size), rect)
    size = round(15 * s)
    lines = _zoom_lines(card, size, rect.width - 8)
    box = pygame.Rect(rect.x, rect.bottom + 6, rect.width, len(lines) * (size - 1) + 10)
    box.bottom = min(box.bottom, surface.get_height() - 4)

    def paint(layer: pygame.Surface) -> None:
        theme.panel(layer, layer.get_rect(), alpha=235, radius=round(8 * s))
        y = 5
        for line in lines:
            theme.blit_text(layer, line, size, (5, y), theme.INK)
            y += size - 1

    surface.blit(theme.memo_layer(("omg-zoom", card, s), box.size, paint), box)


@lru_cache(maxsize=64)
def _zoom_lines(card: str, size: int, width: int) -> tuple[str, ...]:
    return tuple(part for line in full_text(card) for part in theme.wrap(line, size, width))


def visible_face(
    layer: SpriteLayer, audience: frozenset[int] | None, pos: tuple[int, int]
) -> str | None:
    """The face under the mouse, if the people looking (``audience``) may see it."""
    sprite = layer.hit(pos)
    if sprite is None or not sprite.shows_face or not may_see(sprite, audience):
        return None
    return sprite.card
