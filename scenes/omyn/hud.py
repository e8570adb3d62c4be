"""Everything drawn around the OMYN cards: slot numbers, the piles' labels, the power under way,
the choice bar, the Foresee panel, a reason beside a dimmed target, the final reveal, help."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

import pygame

from game.omyn.cards import is_omen
from game.omyn.events import GameWon, OmenValue, Tiebreak
from scenes import theme
from scenes.omyn.memory import RememberingTable, draw_memory
from scenes.table.reflex import key_label
from scenes.table.zones import parse_zone

if TYPE_CHECKING:
    from game.omyn.view import OmynView
    from scenes.table.faces import FaceCache
    from scenes.table.hud import ChoiceBar, HudButton
    from scenes.table.layout import Spot
    from scenes.table.reflex import ReflexInput

REASONS = {
    "empty_row": "emptied the row",
    "lowest": "lowest total",
    "caller_tied": "lowest total (the caller tied and loses the tie)",
    "tiebreak": "won the tiebreak",
    "no_cards": "lowest total (the cards ran out)",
}
MIN_NUMBER_PX = 14  # a slot's number stays readable in the smallest window (800x480: 8 px)
OMEN_SOURCES = {
    "pile": "the top card of the play pile",
    "draw": "the card turned from the draw pile",
    "none": "nothing left to turn",
}


@dataclass
class OmynHud:
    """What the table has shown so far (it trails the match while animations run)."""

    game_number: int = 0
    dealer: int = -1
    wins: tuple[int, ...] = ()
    turn: int | None = None
    skips: tuple[int, ...] = ()  # turns each seat will lose (Skips queue up)
    hexed: tuple[bool, ...] = ()  # a Hex waits for each seat's next turn
    hex_now: bool = False  # the turn being played is under a Hex
    top: str | None = None
    effect_text: str = ""
    claimant: int | None = None
    penalty_pending: bool = False
    dealing: bool = False
    revealing: bool = False
    omen_value: OmenValue | None = None
    tiebreaks: list[Tiebreak] = field(default_factory=list)
    won: GameWon | None = None
    over: bool = False
    reveal_ms: float = 0.0
    # (zone, where its card is, the layout) -> the slot number's badge and where it goes
    badge_spots: dict[tuple[object, ...], tuple[pygame.Surface, pygame.Rect]] = field(
        default_factory=dict
    )
    # (layout, bottom seat, each row's length) -> how far apart each seat's slots lie
    slot_steps: dict[tuple[object, ...], dict[str, float]] = field(default_factory=dict)

    def set_skips(self, seat: int, count: int) -> None:
        self.skips = tuple(count if s == seat else n for s, n in enumerate(self.skips))

    def start_game(self, number: int, dealer: int) -> None:
        self.game_number, self.dealer = number, dealer
        self.turn, self.top, self.effect_text, self.claimant = None, None, "", None
        self.won, self.omen_value, self.revealing = None, None, False
        self.tiebreaks = []
        self.dealing = True
        self.skips = tuple(0 for _ in self.skips)
        self.hexed = tuple(False for _ in self.hexed)
        self.hex_now = False


class ShownTable(RememberingTable, Protocol):
    """What the OMYN HUD reads of its table (``OmynTable`` is one): the HUD depends on this,
    never on the table's class, so the table imports the HUD and not the reverse."""

    hud: OmynHud
    bottom: int
    buttons: list[HudButton]
    choice: ChoiceBar | None
    faces: FaceCache
    reflex: ReflexInput
    foresee_rects: list[pygame.Rect]
    order: list[int]
    order_focus: int
    humans: list[int]
    private: int | None
    replaying: bool

    def omyn_view(self, seat: int | None) -> OmynView: ...

    def acting_seat(self) -> int | None: ...

    def stage(self) -> str: ...

    def binding(self, intent: str, fallback: str = "") -> str: ...

    def seat_name(self, seat: int) -> str: ...

    def says(self, seat: int, verb: str, plain: str | None = None) -> str: ...

    def spot_for(self, zone: str, index: int, count: int) -> Spot: ...

    def pile_labels(self) -> list[tuple[pygame.Surface, pygame.Rect]]: ...


def draw_omyn_resting_hud(table: ShownTable, surface: pygame.Surface) -> None:
    """What lies on the felt beside resting cards: the numbers of slots whose cards rest, the
    piles' labels (the kit keeps them in its backdrop while they stay the same)."""
    s = table.layout.scale
    _slot_numbers(table, surface, s, moving=False)
    _pile_labels(table, surface, s)


def draw_omyn_hud(table: ShownTable, surface: pygame.Surface) -> None:
    s = table.layout.scale
    _slot_numbers(table, surface, s, moving=True)
    draw_memory(table, surface, s)
    if table.hud.effect_text:
        theme.blit_text(
            surface, table.hud.effect_text, round(22 * s), (14 * s, 12 * s), theme.GOLD, bold=True
        )
    if table.choice is not None and not table.hud.won:
        table.choice.draw(surface)
    if table.stage() == "arrange" and table.private == table.acting_seat():
        _foresee_panel(table, surface, s)
    if table.hover_reason:
        pos = pygame.mouse.get_pos()
        theme.blit_text(
            surface, table.hover_reason, round(20 * s), (pos[0] + 14, pos[1] + 18), theme.WARN
        )
    width, height = surface.get_size()
    if not table.replaying:
        for i, button in enumerate(reversed(table.buttons)):
            button.rect = pygame.Rect(0, 0, round(130 * s), round(34 * s))
            button.rect.topright = (
                width - round(10 * s) - i * round(140 * s),
                round(10 * s),
            )
            button.draw(surface, s)
    if table.hud.won is not None:
        _reveal_panel(table, surface, s)


def _slot_numbers(table: ShownTable, surface: pygame.Surface, s: float, moving: bool) -> None:
    """Every slot numbered: those whose card is ``moving``, or those whose card rests, all the
    badges in one batch."""
    surface.fblits([(badge, rect) for _, badge, rect in slot_number_spots(table, moving)])


def slot_number_spots(
    table: ShownTable, moving: bool | None = None
) -> list[tuple[str, pygame.Surface, pygame.Rect]]:
    """(zone, badge, where) of every slot's number (1 at each player's left), just inside the
    row towards the centre, over the part of its card that shows (a long row overlaps); only
    those whose card is ``moving`` (or rests) unless None. Where a badge goes is worked out once
    per place of its card (most cards rest)."""
    cx, cy = table.layout.centre
    w, h = table.layout.card_size
    s = table.layout.scale
    spots = table.hud.badge_spots
    if len(spots) > 2048:
        spots.clear()
    rows = [z for z, sprites in table.presenter.zones.items() if sprites and z.startswith("row:")]
    steps: dict[str, float] | None = None
    found = []
    for zone in rows:
        sprite = table.presenter.zones[zone][0]
        if moving is not None and bool(sprite.moving) != moving:
            continue
        # A row's step follows from its length, and its cards' places from both: the place
        # is the key.
        key = (zone, sprite.x, sprite.y, sprite.lift, sprite.scale, cx, cy, h, s)
        spot = spots.get(key)
        if spot is None:
            steps = steps or _row_steps(table, rows)
            # Over the strip that shows: its left part, when the next card lies on the rest.
            along = min(0.0, (steps[zone[: zone.rindex(":")]] - w * sprite.scale) / 2)
            name = parse_zone(zone)
            badge = slot_badge((name.slot or 0) + 1, number_px(s))
            turn = math.radians(sprite.angle)
            x = sprite.x + math.cos(turn) * along
            y = sprite.y - sprite.lift - math.sin(turn) * along
            # Straight in from the card, across its row (the seat's forward): towards the
            # centre would pull the end slots' numbers sideways, under their neighbours.
            facing = math.radians(table.layout.rotation(name.seat or 0))
            clear = max(badge.get_width(), badge.get_height()) / 2 + 2 * s + 2  # off the card
            reach = h * sprite.scale * 0.5 + clear
            pos = (x - math.sin(facing) * reach, y - math.cos(facing) * reach)
            spot = spots[key] = (badge, badge.get_rect(center=(round(pos[0]), round(pos[1]))))
        found.append((zone, *spot))
    return found


def _row_steps(table: ShownTable, rows: list[str]) -> dict[str, float]:
    """How far apart the slots of each row ("row:2") lie, worked out once per set of row
    lengths (a spot asks the zones again)."""
    lengths = Counter(zone[: zone.rindex(":")] for zone in rows)
    known = (table.layout, table.bottom, tuple(sorted(lengths.items())))
    steps = table.hud.slot_steps.get(known)
    if steps is None:
        if len(table.hud.slot_steps) > 64:
            table.hud.slot_steps.clear()
        w = table.layout.card_size[0]
        steps = {row: _slot_step(table, row) if n > 1 else w for row, n in lengths.items()}
        table.hud.slot_steps[known] = steps
    return steps


def _slot_step(table: ShownTable, row: str) -> float:
    """How far apart the slots of ``row`` ("row:2") lie, resting."""
    first, second = (table.spot_for(f"{row}:{slot}", 0, 1) for slot in (0, 1))
    return math.hypot(second.x - first.x, second.y - first.y)


def number_px(scale: float) -> int:
    """How large a slot's number is written."""
    return max(MIN_NUMBER_PX, round(17 * scale))


def numbers_reach(scale: float) -> float:
    """How far beyond its card's edge the far side of a slot's number lies (two digits)."""
    badge = slot_badge(10, number_px(scale))
    return max(badge.get_size()) / 2 + 2 * scale + 2 + badge.get_height() / 2


@lru_cache(maxsize=64)
def slot_badge(number: int, size: int) -> pygame.Surface:
    """A slot's number on a small dark pill (made once per number and size)."""
    label = theme.text(str(number), size, theme.INK, True)
    back = label.get_rect().inflate(10, 2)
    badge = pygame.Surface(back.size, pygame.SRCALPHA)
    badge.blit(theme.rounded(back.size, (0, 0, 0, 150), back.height // 2), (0, 0))
    badge.blit(label, label.get_rect(center=badge.get_rect().center))
    return badge


def _pile_labels(table: ShownTable, surface: pygame.Surface, s: float) -> None:
    for label, rect in table.pile_labels():
        surface.blit(label, rect)


def _foresee_panel(table: ShownTable, surface: pygame.Surface, s: float) -> None:
    """The foreseen cards, large, in the order they will go back (drawn only on the private
    screen of the player who foresaw them)."""
    view = table.omyn_view(table.private)
    cards = [c.face for c in view.draw[: view.arranging]]
    if not table.order or any(face is None for face in cards):
        return
    w, h = (round(x * 1.1) for x in table.layout.card_size)
    gap = round(18 * s)
    total = len(table.order) * w + (len(table.order) - 1) * gap
    box = pygame.Rect(0, 0, total + round(40 * s), h + round(80 * s))
    box.midbottom = (round(table.layout.centre[0]), round(table.layout.centre[1] + h * 0.2))
    theme.panel(surface, box, alpha=240)
    theme.blit_text(
        surface,
        "Top of the draw pile →",
        round(20 * s),
        (box.x + 14 * s, box.y + 8 * s),
        theme.GOLD,
    )
    table.foresee_rects = []
    for i, seen in enumerate(table.order):
        rect = pygame.Rect(box.x + round(20 * s) + i * (w + gap), box.y + round(40 * s), w, h)
        face = cards[seen]
        assert face is not None
        surface.blit(table.faces.get(face, (w, h)), rect)
        if i == table.order_focus:
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(8, 8), width=4, border_radius=10)
        table.foresee_rects.append(rect)


def reveal_box(table: ShownTable, size: tuple[int, int]) -> pygame.Rect:
    """Where the final reveal's panel lies (a lesson's coach keeps clear of it)."""
    s = table.layout.scale
    box = pygame.Rect(0, 0, round(560 * s), round((110 + 30 * len(_reveal_lines(table))) * s))
    box.center = (size[0] // 2, round(size[1] * 0.42))
    return box


def _reveal_lines(table: ShownTable) -> list[str]:
    won = table.hud.won
    assert won is not None
    lines: list[str] = []
    if won.totals:
        order = sorted(range(len(won.totals)), key=lambda seat: won.totals[seat])
        for seat in order:
            marks = " (called OMYN)" if seat == won.caller else ""
            lines.append(f"{table.seat_name(seat)}: {won.totals[seat]}{marks}")
    omen = table.hud.omen_value
    if omen is not None and _omen_shown(table):
        lines.append(f"Omens count {omen.value}: {OMEN_SOURCES.get(omen.source, omen.source)}")
    for tiebreak in table.hud.tiebreaks:
        sums = ", ".join(f"{table.seat_name(seat)} {total}" for seat, total in tiebreak.sums)
        lines.append(f"Tiebreak {tiebreak.round}: five cards each — {sums}")
    return lines


def _omen_shown(table: ShownTable) -> bool:
    """Whether the count shows an Omen (in a row, or in a tiebreak's cards): only then does
    the panel say what Omens count."""
    rows = (
        s.card
        for zone, sprites in table.presenter.zones.items()
        if zone.startswith("row:")
        for s in sprites
    )
    drawn = (face for t in table.hud.tiebreaks for _, cards in t.cards for face in cards)
    return any(face is not None and is_omen(face) for face in (*rows, *drawn))


def _reveal_panel(table: ShownTable, surface: pygame.Surface, s: float) -> None:
    won = table.hud.won
    assert won is not None
    lines = _reveal_lines(table)
    box = reveal_box(table, surface.get_size())
    theme.panel(surface, box, alpha=240)
    title = f"{table.says(won.seat, 'wins')}: {REASONS.get(won.reason, won.reason)}"
    theme.blit_text(
        surface, title, round(28 * s), (box.centerx, box.y + 14 * s), theme.GOLD, "midtop", True
    )
    for i, line in enumerate(lines):
        theme.blit_text(
            surface,
            line,
            round(22 * s),
            (box.centerx, box.y + (58 + 30 * i) * s),
            theme.INK,
            "midtop",
        )
    ready = key_label(table.binding("ready", "space"))
    theme.blit_text(
        surface,
        f"{ready} or click to go on",
        round(18 * s),
        (box.centerx, box.bottom - 26 * s),
        theme.INK,
        "midtop",
    )


def help_lines(table: ShownTable) -> list[str]:
    """Every control of the OMYN table, with the keys as the player has bound them and each
    person's reflex key (the kit draws them in its controls panel)."""
    look = key_label(table.binding("look", "tab"))
    call = key_label(table.binding("call", "o"))
    keys = ", ".join(
        f"{table.seat_name(seat)}: {key_label(table.reflex.key_of(seat) or '')}"
        for seat in table.humans
        if table.reflex.key_of(seat)
    )
    return [
        f"Your turn: D or Enter draws (or click the draw pile); {call} calls OMYN (asks first).",
        "Then D drops; 1–9 choose slots, S swaps, P pairs up — or drag the card.",
        "Powers: Y uses it, N plays it plain; click a lit target, or arrows and Enter.",
        f"Hold {look} (or the mouse on a card) to look at cards just shown to you; Enter: done.",
        f"Chains and Voids: press your own key, then the slot's number. {keys}",
        "Esc: pause (rules, settings, leave).",
    ]
