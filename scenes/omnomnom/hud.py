"""Everything drawn around the Om Nom Nom pieces: the boards as food chains, the counters, the
resolution's arrows and words, the round's score, the solo stacks' remaining animals."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.match import Match
from game.omnomnom.cards import ANIMALS, BOARDS, ROUNDS, TURNS_PER_ROUND, card_id
from game.omnomnom.resolve import BoardStep
from game.omnomnom.state import rank_key
from game.omnomnom.view import OmNomNomView
from scenes import theme
from scenes.omnomnom.faces import BOARD_COLOURS, plural, seat_colour, symbol
from scenes.omnomnom.inputs import OWN_KEYS
from scenes.omnomnom.layout import LEVELS, OTHER_HAND
from scenes.table.hooks import TablePort
from scenes.table.reflex import key_label
from scenes.table.summary import Summary, SummaryPage

if TYPE_CHECKING:
    from scenes.omnomnom.layout import Geometry
    from scenes.table.drag import DragController
    from scenes.table.hud import HudButton
    from scenes.table.reflex import ReflexInput


@dataclass
class Resolving:
    """The board being resolved now, for the HUD's arrows and words."""

    board: int
    step: BoardStep
    picks: tuple[str, ...]


@dataclass
class RoundSummary:
    round: int
    rows: list[tuple[int, int, int, int, int, int]]  # seat, cards, black, red, round, total
    last: bool


@dataclass
class OmNomNomHud:
    """What the table has shown so far (it trails the match while animations run)."""

    round: int = 1
    turn: int = 1
    picked: set[int] = field(default_factory=set)
    round_points: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    resolving: Resolving | None = None


class ShownTable(TablePort, Protocol):
    """What the Om Nom Nom HUD reads of its table (``OmNomNomTable`` is one): the HUD depends on
    this, never on the table's class, so the table imports the HUD and not the reverse."""

    reflex: ReflexInput
    drag: DragController
    replaying: bool
    hud: OmNomNomHud
    buttons: list[HudButton]
    pick_cards: dict[int, str]

    summary: Summary  # its content: the RoundSummary being shown

    @property
    def view(self) -> OmNomNomView: ...

    def draw_summary_panel(self, surface: pygame.Surface) -> None: ...

    @property
    def g(self) -> Geometry: ...

    @property
    def virtual(self) -> tuple[bool, ...]: ...

    @property
    def auto_continue(self) -> bool: ...

    def my_turn(self) -> bool: ...

    def own_keys(self) -> bool: ...

    def showing_reveal(self) -> bool: ...


ARROW = (250, 214, 96)
ARROW_IDLE = (190, 190, 190)


def step_words(step: BoardStep) -> list[str]:
    """The board's split in words: a short line for the board, a longer one for the message."""
    board = step.board.title()
    eaters = f"{len(step.eaters)} {plural(step.eater, len(step.eaters))}"
    parts = []
    if step.prey_cards:
        prey_name = next(b.middle for b in BOARDS if b.name == step.board)
        parts.append(
            f"{len(step.prey_cards)} {prey_name} card{'s' if len(step.prey_cards) != 1 else ''}"
        )
    if step.prey_dice:
        parts.append(f"{step.prey_dice} {step.face} {'die' if step.prey_dice == 1 else 'dice'}")
    prey = f"{step.prey} prey" + (f" ({' + '.join(parts)})" if len(parts) > 1 else "")
    if step.prey == 0:
        return [f"{board}: {eaters},", "nothing to eat."]
    if step.each == 0:
        return [f"{board}: {prey}, {eaters}:", "too few to share, nobody eats."]
    left = f", {step.left} left" if step.left else ""
    return [f"{board}: {prey}, {eaters}:", f"{step.each} each{left}."]


def _level_names(board: int) -> tuple[str, str, str]:
    spec = BOARDS[board]
    return spec.top, spec.middle, spec.bottom


def draw_boards(table: ShownTable, surface: pygame.Surface) -> None:
    """The three boards under the cards: panels, titles and each level's animal."""
    g = table.g
    s = table.layout.scale
    key = ("omn-boards", g.size, g.players)

    def paint(layer: pygame.Surface) -> None:
        for number, spec in enumerate(BOARDS):
            rect = g.board_rect(number).move(-g.board_area.x + 4, -g.board_area.y + 4)
            colour = BOARD_COLOURS[spec.name]
            pygame.draw.rect(layer, (*colour, 215), rect, border_radius=round(12 * s))
            pygame.draw.rect(
                layer, (230, 230, 210, 160), rect, width=2, border_radius=round(12 * s)
            )
            title = theme.text(spec.name.upper(), round(19 * s), theme.INK, bold=True)
            layer.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + round(3 * s))))
            for level, animal in enumerate(_level_names(number)):
                band = g.level_rect(number, level).move(-g.board_area.x + 4, -g.board_area.y + 4)
                if level:
                    pygame.draw.line(
                        layer, (255, 255, 255, 70), (band.x + 6, band.y), (band.right - 6, band.y)
                    )
                icon = symbol(animal, round(g.label_width() * 0.72))
                layer.blit(
                    icon,
                    icon.get_rect(center=(band.x + g.label_width() // 2 + 2, band.centery - 8 * s)),
                )
                words = theme.text(LEVELS[level], round(14 * s), (230, 230, 210))
                layer.blit(
                    words,
                    words.get_rect(
                        midtop=(band.x + g.label_width() // 2 + 2, band.centery + 12 * s)
                    ),
                )
                if level == 2:
                    mark = theme.text("×2 pts", round(14 * s), (255, 190, 190), bold=True)
                    layer.blit(mark, mark.get_rect(bottomright=(band.right - 6, band.bottom - 3)))
                    down = theme.text(
                        "▼", 1, theme.INK
                    )  # (not drawn: no glyph); keeps the cache warm
                    del down
            # The food chain: a thin arrow down the label column, predator over prey.
            x = rect.x + g.label_width() // 2 + 2
            for level in (0, 1):
                band = g.level_rect(number, level).move(-g.board_area.x + 4, -g.board_area.y + 4)
                _arrow(
                    layer,
                    (x, band.bottom - 12 * s),
                    (x, band.bottom + 10 * s),
                    (255, 255, 255, 120),
                    2,
                    6 * s,
                )

    area = g.board_area.inflate(8, 8)
    surface.blit(theme.memo_layer(key, area.size, paint), area.topleft)
    _pick_area(table, surface)


def _pick_area(table: ShownTable, surface: pygame.Surface) -> None:
    seat = table.private
    if seat is None or table.match.seats[seat].is_bot or table.virtual[seat]:
        return
    g, s = table.g, table.layout.scale
    area = g.pick_area()
    dragging = table.drag.dragging and table.drag.sprite is not None
    lit = table.my_turn()
    colour = (236, 196, 92, 90 if dragging else 40) if lit else (0, 0, 0, 40)
    surface.blit(theme.rounded(area.size, colour, round(12 * s), theme.GOLD if lit else None), area)
    if seat not in table.pick_cards:
        theme.blit_text(surface, "your pick", round(18 * s), area.center, theme.INK_DIM, "center")


def _arrow(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: tuple[int, ...],
    width: int,
    head: float,
) -> None:
    pygame.draw.line(surface, colour, start, end, width)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    left = (end[0] - head * math.cos(angle - 0.5), end[1] - head * math.sin(angle - 0.5))
    right = (end[0] - head * math.cos(angle + 0.5), end[1] - head * math.sin(angle + 0.5))
    pygame.draw.polygon(surface, colour, [end, left, right])


def draw_hud(table: ShownTable, surface: pygame.Surface) -> None:
    g, s, hud = table.g, table.layout.scale, table.hud
    width = surface.get_width()
    counter = f"Round {min(hud.round, ROUNDS)} of {ROUNDS}  ·  Turn {min(hud.turn, TURNS_PER_ROUND)} of {TURNS_PER_ROUND}"
    label = theme.text(counter, round(22 * s), theme.INK, bold=True)
    box = label.get_rect(topright=(width - round(12 * s), round(10 * s))).inflate(
        round(18 * s), round(10 * s)
    )
    theme.panel(surface, box, 200, round(10 * s))
    surface.blit(label, label.get_rect(center=box.center))
    if not table.replaying:
        for index, button in enumerate(table.buttons):
            button.rect = pygame.Rect(0, 0, round(130 * s), round(32 * s))
            button.rect.topright = (
                width - round(12 * s),
                box.bottom + round(8 * s) + index * round(40 * s),
            )
            button.draw(surface, s)
    if table.presenter.zone("discard"):
        spot = g.discard_spot(0, 1)
        theme.blit_text(
            surface,
            "Discarded",
            round(16 * s),
            (8, spot.y - g.ch * 0.2),
            theme.INK_DIM,
            "bottomleft",
        )
    _key_hints(table, surface)
    _virtual_hands(table, surface)
    if hud.resolving is not None:
        _resolution(table, surface)
    table.draw_summary_panel(surface)


def _key_hints(table: ShownTable, surface: pygame.Surface) -> None:
    """The key under each card of the acting person: 1–6; with own keys, every person's own."""
    if table.own_keys():
        _own_key_labels(table, surface)
        return
    if not table.my_turn():
        return
    g, s = table.g, table.layout.scale
    seat = table.private
    assert seat is not None
    for slot in range(len(ANIMALS)):
        if table.presenter.zone(f"hand:{seat}:{slot}") and table.pick_cards.get(seat) != card_id(
            ANIMALS[slot], seat
        ):
            spot = g.hand_spot(seat, slot)
            pos = (spot.x, spot.y + g.ch * 0.5 + 2)
            rect = theme.blit_text(
                surface, str(slot + 1), round(18 * s), pos, theme.GOLD, "midtop", bold=True
            )
            del rect


def _own_key_labels(table: ShownTable, surface: pygame.Surface) -> None:
    """With own keys, each person's six keys on their own cards while picks are open: on
    every card left in the hand, the picked one too (a missing label would tell which)."""
    if table.showing_reveal() or table.match.is_over():
        return
    g, s = table.g, table.layout.scale
    for seat in table.humans:
        keys = OWN_KEYS[seat % len(OWN_KEYS)]
        slots = [
            slot for slot in range(len(ANIMALS)) if table.presenter.zone(f"hand:{seat}:{slot}")
        ]
        labels = tuple((slot, key_label(pygame.key.name(keys[slot]))) for slot in slots)
        if table.virtual[seat] or not labels:
            continue
        if g.is_bottom(seat):
            for slot, name in labels:
                spot = g.hand_spot(seat, slot)
                pos = (spot.x, spot.y + g.ch * 0.5 + 2)
                theme.blit_text(surface, name, round(18 * s), pos, theme.GOLD, "midtop", bold=True)
            continue
        first = g.hand_spot(seat, 0)
        step = g.hand_spot(seat, 1).x - first.x
        strip = _keycaps(labels, step, g.cw * OTHER_HAND, max(12, round(16 * s)), s)
        card_h = g.ch * OTHER_HAND
        at = (first.x - g.cw * OTHER_HAND / 2, first.y + card_h / 2 - strip.get_height() - 1)
        surface.blit(strip, (round(at[0]), round(at[1])))


def _keycaps(
    labels: tuple[tuple[int, str], ...], step: float, card_w: float, height: int, s: float
) -> pygame.Surface:
    """A side hand's keys as one cached strip of keycaps: each on its card's bottom edge, in
    the part its right-hand neighbour leaves uncovered."""
    size = (round(step * (len(ANIMALS) - 1) + card_w), height)

    def paint(layer: pygame.Surface) -> None:
        for slot, name in labels:
            label = theme.text(name, round((11 if len(name) > 2 else 13) * s), theme.GOLD, True)
            chip = pygame.Rect(0, 0, label.get_width() + round(8 * s), height)
            chip.center = (round(slot * step + step / 2), height // 2)
            layer.blit(theme.rounded(chip.size, (20, 24, 20, 225), height // 2), chip)
            layer.blit(label, label.get_rect(center=chip.center))

    return theme.memo_layer(("omn-keycaps", labels, round(step, 2), size, s), size, paint)


def _virtual_hands(table: ShownTable, surface: pygame.Surface) -> None:
    """A solo colour's stack is face down; the animals still in it are public: list them."""
    g, s = table.g, table.layout.scale
    view = table.view
    for seat in range(view.players):
        if not view.virtual[seat] or not view.hands[seat]:  # (used up: nothing to list)
            continue
        spot = g.hand_spot(seat, 0)
        x = spot.x + g.cw * 0.55
        size = round(g.ch * 0.16)
        theme.blit_text(
            surface,
            "left in the stack:",
            round(14 * s),
            (x, spot.y - g.ch * 0.17),
            theme.INK_DIM,
            "topleft",
        )
        for index, animal in enumerate(view.hands[seat]):
            col, row = index % 3, index // 3
            icon = symbol(animal, size)
            surface.blit(icon, (x + col * (size + 4), spot.y - g.ch * 0.07 + row * (size + 3)))


def _resolution(table: ShownTable, surface: pygame.Surface) -> None:
    """Arrows from every eater to what it eats; the split in words above the board."""
    g, s = table.g, table.layout.scale
    resolving = table.hud.resolving
    assert resolving is not None
    step, board = resolving.step, resolving.board
    spec = BOARDS[board]
    eats = step.each > 0
    colour = ARROW if eats else ARROW_IDLE
    eater_zone = f"board:{spec.name}:{'top' if step.eater == spec.top else 'middle'}"
    eaters = [
        sp
        for sp in table.presenter.zone(eater_zone)
        if sp.card and sp.card.startswith(step.eater + "/")
    ]
    prey_zone = f"board:{spec.name}:middle"
    targets = [
        (sp.x, sp.y)
        for sp in table.presenter.zone(prey_zone)
        if step.eater == spec.top and sp.card and sp.card.startswith(spec.middle + "/")
    ]
    dice = table.presenter.zone(f"space:{step.face}")
    if dice:
        targets.append((sum(d.x for d in dice) / len(dice), sum(d.y for d in dice) / len(dice)))
    for sprite in eaters:
        for tx, ty in targets:
            start = (sprite.x, sprite.y + g.ch * 0.12)
            _arrow(surface, start, (tx, ty - g.ch * 0.06), colour, max(2, round(4 * s)), 14 * s)
    box, lines = resolution_box(table, surface.get_rect())
    theme.panel(surface, box, 240, round(10 * s))
    y = box.y + round(5 * s)
    for line in lines:
        surface.blit(line, line.get_rect(midtop=(box.centerx, y)))
        y += line.get_height()


def resolution_box(
    table: ShownTable, screen: pygame.Rect
) -> tuple[pygame.Rect, list[pygame.Surface]]:
    """The panel spelling out the board being resolved, above it, and its lines."""
    g, s = table.g, table.layout.scale
    resolving = table.hud.resolving
    assert resolving is not None
    lines = [
        theme.text(line, round(19 * s), theme.INK, bold=True) for line in step_words(resolving.step)
    ]
    rect = g.board_rect(resolving.board)
    height = sum(line.get_height() for line in lines) + round(10 * s)
    wide = max(line.get_width() for line in lines) + round(20 * s)
    box = pygame.Rect(0, 0, max(rect.width, wide), height)
    box.midbottom = (rect.centerx, rect.y + round(22 * s))
    box.clamp_ip(screen)
    return box, lines


def summary_page(table: ShownTable) -> SummaryPage:
    """The round's score in the kit's panel: cards, black dice, red dice (×2), the round and
    the running total of every seat."""
    summary = table.summary.content
    assert isinstance(summary, RoundSummary)
    rows = summary.rows
    columns = [
        ("", 0.04, "midleft"),
        ("cards", 0.44, "center"),
        ("black dice", 0.58, "center"),
        ("red dice ×2", 0.73, "center"),
        ("round", 0.85, "center"),
        ("total", 0.95, "center"),
    ]

    def paint(surface: pygame.Surface, body: pygame.Rect, s: float) -> None:
        y = body.y + 4 * s
        for title, fx, anchor in columns:
            at = (body.x + body.width * fx, y)
            theme.blit_text(surface, title, round(18 * s), at, theme.INK_DIM, anchor)
        best = max(row[5] for row in rows)
        for seat, cards, black, red, points, total in rows:
            y += 36 * s
            colour = theme.GOLD if total == best else theme.INK
            dot = (body.x + body.width * 0.04 - 12 * s, y)
            pygame.draw.circle(surface, seat_colour(seat), dot, 7 * s)
            values = [
                table.seat_name(seat),
                str(cards),
                str(black),
                f"{red}  (={2 * red})",
                str(points),
                str(total),
            ]
            for (_, fx, anchor), value in zip(columns, values, strict=True):
                at = (body.x + body.width * fx, y)
                bold = anchor == "midleft"
                theme.blit_text(surface, value, round(23 * s), at, colour, anchor, bold)

    then = "the results" if summary.last else "the next round"
    title = f"Round {summary.round} of {ROUNDS}: the score"
    return SummaryPage(title, (720, 44 + 36 * len(rows)), paint, then)


def help_lines() -> list[str]:
    """How Om Nom Nom plays and its controls (the kit draws them in its controls panel)."""
    return [
        "Om Nom Nom: everyone picks one animal in secret; then all are revealed.",
        "Each board resolves top down: a top predator eats the middle animals (cards and dice);",
        "with no top predator there, the middle animals eat the bottom dice (2 points each).",
        "Predators share prey evenly; if there are more predators than prey, nobody eats.",
        "Pick: click a card, drag it to your pick spot, or keys 1–6 (Left/Right and Enter).",
        "You may change your pick until the last player has picked. Click or Space skips animations.",
    ]


def results_text(match: Match, view: OmNomNomView) -> list[str]:
    """How the match was decided: the tiebreak spelled out; in solo, the colours to beat."""
    names = [seat.name for seat in match.seats]
    scores = [[r[s] for r in view.round_scores] for s in range(view.players)]
    keys = [rank_key(list(row)) for row in scores]
    if view.solo:
        mine = keys[0]
        beaten = [names[c] for c in range(1, view.players) if mine > keys[c]]
        not_beaten = [f"{names[c]} {keys[c][0]}" for c in range(1, view.players) if mine <= keys[c]]
        first = f"Solo: you win only by beating every colour. You scored {mine[0]}."
        if not not_beaten:
            return [first, f"You beat {', '.join(beaten)}."]
        return [first, f"Not beaten: {', '.join(not_beaten)} (ties go to the colour)."]
    totals = sorted({k[0] for k in keys}, reverse=True)
    top = [s for s in range(view.players) if keys[s][0] == totals[0]]
    if len(top) > 1:
        tied = " and ".join(names[s] for s in top)
        if len({keys[s] for s in top}) == 1:  # the best rounds are equal too: a shared win
            return [
                f"{tied} tied on {totals[0]} points and on their best round ({keys[top[0]][1]}):",
                "they share the win.",
            ]
        bests = ", ".join(f"{names[s]} {keys[s][1]}" for s in top)
        return [
            f"{tied} tied on {totals[0]} points;",
            f"the best single round breaks the tie: {bests}.",
        ]
    return ["Most points over three rounds wins; a tie goes to the best single round."]
