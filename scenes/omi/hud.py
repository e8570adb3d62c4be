"""Everything drawn around the Omi cards: names, scores, trumps, prompts and overlays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game.omi.cards import SUIT_NAMES
from game.omi.events import HandScored, TrickTaken
from scenes import theme
from scenes.table.faces import suit_colour, suit_shape
from scenes.table.hooks import TablePort
from scenes.table.reflex import key_label
from scenes.table.summary import Summary, SummaryPage

if TYPE_CHECKING:
    from game.omi.view import OmiView
    from scenes.table.curtain import Curtain
    from scenes.table.faces import FaceCache
    from scenes.table.hud import ChoiceBar, HudButton, MessageLine
    from scenes.table.zones import Zones


@dataclass
class OmiHud:
    """What the table has shown so far (it trails the match while animations run)."""

    hand_number: int = 0
    dealer: int = 0
    trump_maker: int = 1
    trump: str | None = None
    turn: int | None = None
    tricks: tuple[int, int] = (0, 0)
    score: tuple[int, int] = (0, 0)
    carry: int = 0
    last_trick: TrickTaken | None = None


class ShownTable(TablePort, Protocol):
    """What the Omi HUD reads of its table (``OmiTable`` is one): the HUD depends on this, never
    on the table's class, so the table imports the HUD and not the reverse."""

    zones: Zones
    faces: FaceCache
    curtain: Curtain
    bottom: int
    replaying: bool
    hud: OmiHud
    choice: ChoiceBar | None
    buttons: list[HudButton]
    show_last: bool
    summary: Summary  # its content: the HandScored being summed up
    message: MessageLine

    def message_pos(self) -> tuple[float, float]: ...

    @property
    def view(self) -> OmiView: ...

    @property
    def audience(self) -> frozenset[int] | None: ...

    @property
    def auto_continue(self) -> bool: ...

    def draw_summary_panel(self, surface: pygame.Surface) -> None: ...


RESULT_TEXT = {
    "trump-makers won": "The trump-makers took 5–7 tricks",
    "trump-makers lost": "The trump-makers took 3 or fewer",
    "kapothi": "Kapothi: all eight tricks",
    "4–4 tie": "4–4: no tokens now, a bonus for the next decided hand",
    "kapothi challenge won": "Kapothi challenge made",
    "kapothi challenge failed": "Kapothi challenge failed",
}


def last_hand(table: ShownTable) -> bool:
    """Is the hand summed up the match's last (its end, or ``max_hands``)? No next hand then."""
    return table.match.state.outcome() is not None and table.view.hand_number == (
        table.hud.hand_number
    )


def summary_result(summary: HandScored, last: bool) -> str:
    """How the hand went; a 4–4 in the last hand promises no bonus, as nothing follows it."""
    if last and summary.result == "4–4 tie":
        return "4–4: no tokens, and this was the last hand"
    return RESULT_TEXT.get(summary.result, summary.result)


def team_names(table: ShownTable, team: int) -> str:
    return f"{table.seat_name(team)} & {table.seat_name(team + 2)}"


def draw_omi_hud(table: ShownTable, surface: pygame.Surface) -> None:
    layout, hud = table.layout, table.hud
    s = layout.scale
    width, height = surface.get_size()
    _score_panel(table, surface, s)
    _trump_panel(table, surface, s)
    _place_buttons(table, width, height, s)
    for button in [] if table.replaying else table.buttons:
        button.draw(surface, s)
    if table.choice is not None and not table.curtain.active:
        table.choice.draw(surface)
    if not table.curtain.active:
        table.draw_summary_panel(surface)
    if table.show_last and hud.last_trick is not None:
        _last_trick(table, surface, s)


def line_clear_of_deck(table: ShownTable, pos: tuple[float, float]) -> tuple[float, float]:
    """The message line's place: the kit's, or, while the deck waits in front of the bottom
    seat (you deal), just above it in the empty middle ("Nimal is thinking…" lay over it)."""
    size = table.layer.card_size
    deck = [sprite.rect(size) for sprite in table.presenter.zone("deck")]
    if not deck:
        return pos
    top = min(rect.top for rect in deck)
    if min(rect.bottom for rect in deck) < pos[1] - 48 * table.layout.scale or top > pos[1]:
        return pos  # the deck lies elsewhere (another seat deals)
    return pos[0], top - 8 * table.layout.scale


def _place_buttons(table: ShownTable, width: int, height: int, s: float) -> None:
    """The buttons side by side in the bottom right corner, or stacked there when a row of
    them would cover the bottom seat's cards (a narrow window)."""
    mine = [
        sprite.rect(table.layer.card_size)
        for sprite in table.layer.sprites
        if table.zones.owner(sprite.zone) == table.bottom and not sprite.moving
    ]
    for stacked in (False, True):
        for i, button in enumerate(reversed(table.buttons)):
            button.rect = pygame.Rect(0, 0, round(150 * s), round(34 * s))
            step = i * round(42 * s if stacked else 160 * s)
            button.rect.bottomright = (
                width - round(12 * s) - (0 if stacked else step),
                height - round(12 * s) - (step if stacked else 0),
            )
        if not any(button.rect.collidelist(mine) >= 0 for button in table.buttons):
            return


def _score_panel(table: ShownTable, surface: pygame.Surface, s: float) -> None:
    hud = table.hud
    size = (round(330 * s), round(142 * s))
    mine = table.bottom % 2 if table.audience is not None else None
    key = (
        "score",
        team_names(table, 0),
        team_names(table, 1),
        hud.tricks,
        hud.score,
        hud.carry,
        mine,
        s,
    )
    layer = theme.memo_layer(key, size, lambda target: _paint_scores(table, target, s))
    surface.blit(layer, (round(12 * s), round(12 * s)))


def _paint_scores(table: ShownTable, surface: pygame.Surface, s: float) -> None:
    hud = table.hud
    box = pygame.Rect(0, 0, round(330 * s), round(118 * s))
    theme.panel(surface, box, alpha=210)
    for team in (0, 1):
        y = box.y + round((14 + team * 50) * s)
        mine = table.audience is not None and table.bottom % 2 == team
        theme.blit_text(
            surface,
            team_names(table, team),
            round(21 * s),
            (box.x + 12 * s, y),
            theme.GOLD if mine else theme.INK,
            bold=True,
        )
        theme.blit_text(
            surface,
            f"tricks {hud.tricks[team]}",
            round(21 * s),
            (box.right - 12 * s, y),
            theme.INK,
            "topright",
        )
        for i in range(10):
            centre = (box.x + round((20 + i * 20) * s), y + round(30 * s))
            filled = i < hud.score[team]
            pygame.draw.circle(
                surface,
                theme.GOLD if filled else theme.PANEL_EDGE,
                centre,
                round(7 * s),
                0 if filled else 1,
            )
        theme.blit_text(
            surface,
            f"{hud.score[team]} / 10",
            round(20 * s),
            (box.right - 12 * s, y + 30 * s),
            theme.INK_DIM,
            "midright",
        )
    if hud.carry:
        theme.blit_text(
            surface,
            f"+{hud.carry} waiting from 4–4",
            round(19 * s),
            (box.x + 12 * s, box.bottom + 4 * s),
            theme.GOLD,
        )


def _trump_panel(table: ShownTable, surface: pygame.Surface, s: float) -> None:
    hud = table.hud
    size = (round(230 * s), round(86 * s))
    key = ("trump", hud.trump, hud.hand_number, s)
    layer = theme.memo_layer(key, size, lambda target: _paint_trump(table, target, s))
    surface.blit(layer, (surface.get_width() - round(12 * s) - size[0], round(12 * s)))


def _paint_trump(table: ShownTable, surface: pygame.Surface, s: float) -> None:
    hud = table.hud
    box = surface.get_rect()
    theme.panel(surface, box, alpha=210)
    if hud.trump:
        pip = suit_shape(hud.trump, round(52 * s), suit_colour(hud.trump))
        disc = pygame.Rect(0, 0, round(66 * s), round(66 * s))
        disc.midleft = (box.x + round(10 * s), box.centery)
        pygame.draw.ellipse(surface, theme.CARD_FACE, disc)
        surface.blit(pip, pip.get_rect(center=disc.center))
        theme.blit_text(
            surface, "Trumps", round(20 * s), (disc.right + 10 * s, box.y + 16 * s), theme.INK_DIM
        )
        theme.blit_text(
            surface,
            SUIT_NAMES[hud.trump],
            round(30 * s),
            (disc.right + 10 * s, box.y + 38 * s),
            theme.GOLD,
            bold=True,
        )
    else:
        theme.blit_text(
            surface,
            "Trumps not named yet",
            round(21 * s),
            (box.x + 14 * s, box.y + 22 * s),
            theme.INK_DIM,
        )
    theme.blit_text(
        surface,
        f"Hand {max(1, hud.hand_number)}",
        round(19 * s),
        (box.right - 12 * s, box.bottom - 10 * s),
        theme.INK_DIM,
        "bottomright",
    )


def summary_page(table: ShownTable) -> SummaryPage:
    """The hand's summary in the kit's panel: who named trumps, each team's tricks and the
    tokens they gained, how the hand went, the tokens so far."""
    summary = table.summary.content
    assert isinstance(summary, HandScored)
    last = last_hand(table)
    maker = table.hud.trump_maker
    trump = SUIT_NAMES.get(table.hud.trump or "", "?")

    def paint(surface: pygame.Surface, body: pygame.Rect, s: float) -> None:
        named = f"{table.seat_name(maker)} named {trump}"
        theme.blit_text(
            surface, named, round(24 * s), (body.centerx, body.y + 12 * s), theme.INK_DIM, "center"
        )
        for team in (0, 1):
            count = summary.tricks[team]
            line = f"{team_names(table, team)}: {count} trick{'' if count == 1 else 's'}"
            gained = f"+{summary.tokens[team]}" if summary.tokens[team] else ""
            y = body.y + (57 + team * 36) * s
            size = round(27 * s)
            theme.blit_text(surface, line, size, (body.x + 40 * s, y), theme.INK, "midleft", True)
            at = (body.right - 40 * s, y)
            theme.blit_text(surface, gained, size, at, theme.GOLD, "midright", True)
        said = summary_result(summary, last)
        at = (body.centerx, body.y + 137 * s)
        theme.blit_text(surface, said, round(24 * s), at, theme.INK, "center")
        tokens = f"Tokens {summary.score[0]} – {summary.score[1]}"
        at = (body.centerx, body.y + 170 * s)
        theme.blit_text(surface, tokens, round(26 * s), at, theme.GOLD, "center", True)

    then = "the results" if last else "the next hand"
    return SummaryPage(f"Hand {table.hud.hand_number}", (620, 190), paint, then)


def last_trick_box(table: ShownTable, s: float) -> pygame.Rect:
    """The last trick's panel: wide enough to hide the message line under it whole (a long
    line stuck out at both sides), and never wider than the window."""
    line = table.message.rect(table.message_pos(), table.layout.scale)
    width = min(max(round(520 * s), line.width + round(16 * s)), table.layout.size[0] - 8)
    box = pygame.Rect(0, 0, width, round(420 * s))
    box.center = (round(table.layout.centre[0]), round(table.layout.centre[1]))
    return box


def _last_trick(table: ShownTable, surface: pygame.Surface, s: float) -> None:
    trick = table.hud.last_trick
    assert trick is not None
    layout = table.layout
    box = last_trick_box(table, s)
    theme.panel(surface, box, alpha=255)  # opaque: nothing of the table shows through
    theme.blit_text(
        surface,
        f"Last trick: {table.seat_name(trick.winner)} took it",
        round(28 * s),
        (box.centerx, box.y + 26 * s),
        theme.GOLD,
        "center",
        bold=True,
    )
    size = (round(layout.card_size[0] * 0.85), round(layout.card_size[1] * 0.85))
    for i, card in enumerate(trick.cards):
        seat = (trick.leader + i) % 4
        spot = layout.near_centre(seat)
        cx, cy = layout.centre
        x, y = cx + (spot.x - cx) * 1.35, cy + (spot.y - cy) * 1.35 + 14 * s
        image = table.faces.get(card, size)
        rect = image.get_rect(center=(round(x), round(y)))
        surface.blit(image, rect)
        if seat == trick.winner:
            pygame.draw.rect(surface, theme.FOCUS, rect.inflate(6, 6), width=3, border_radius=8)
        theme.blit_text(
            surface,
            f"{i + 1}. {table.seat_name(seat)}",
            round(18 * s),
            (rect.centerx, rect.bottom + 10 * s),
            theme.INK,
            "center",
        )
    theme.blit_text(
        surface,
        "Any key or click to close",
        round(19 * s),
        (box.centerx, box.bottom - 14 * s),
        theme.INK_DIM,
        "center",
    )


def help_lines(bindings: dict[str, str]) -> list[str]:
    """Every control of the Omi table, with the keys as the player has bound them (the kit
    draws them in its controls panel)."""
    b = {intent: key_label(key) for intent, key in bindings.items()}
    return [
        "Play a card: drag it to the middle, or click it,"
        f" or choose with {b['left']} / {b['right']} and press {b['play']}.",
        "Legal cards are lifted; the others are dimmed.",
        f"Name trumps: S, H, D, C, or {b['left']} / {b['right']} and {b['play']}.",
        f"{b['last_trick']}: the last trick.   {b['ready']}: ready / continue.",
        "Esc: pause (rules, settings, leave).   F11: fullscreen.",
    ]
