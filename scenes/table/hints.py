"""Hints at the table (issue 30, item 2): a key (``hint``, "/") and a small button (bottom
left) ask for the hard bot's move in the person's position, thought where the bots think (the
match's runner: a worker process at the real table, so the frame never stalls; "Thinking…"
meanwhile), then shown with the card to play ringed and tagged, its target lit, and the
search's sentence of why where the person looks. It goes when the person moves.

A hint is private: it is given only to a person alone with bots (one human seat), on their own
turn or choice, never in a reflex window (the rules' ``hint`` says None there), never in a lesson
(the coach's notes are its hints) or a replay, and only while the Hints setting is on. A hint
shown is noted in the match (``note_hint``): statistics count the match "with hints".

Every game that has ``game/<name>/hint.py`` gets this with nothing of its own: the hint names
the card (``Hint.lift``) and the target zones (``Hint.light``) in the rules' zone names, which
the tables use for their zones (a table that splits a zone, as ``hand:0:3``, is matched by
prefix).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.hint import Hint, find_hint, hint_seed, note_hint
from game.core.match import Match
from game.core.narration import name_seats
from scenes import theme
from scenes.table.curtain import Curtain
from scenes.table.hud import HudButton
from scenes.table.layout import Spot, TableLayout, card_box
from scenes.table.reflex import key_label
from scenes.table.sprites import CardSprite, SpriteLayer

if TYPE_CHECKING:
    from scenes.scene import AppPort

GIVE_UP_MS = 10_000  # real ms: a hint not back by then (a worker gone) is dropped, and said
LIT = (*theme.GOLD, 70)


class HintedTable(Protocol):
    """What the hints read of the table (the kit's ``TableScene`` is one)."""

    app: AppPort
    match: Match
    layout: TableLayout
    layer: SpriteLayer
    humans: list[int]
    watchers: tuple[int, ...]
    private: int | None
    curtain: Curtain
    replaying: bool

    @property
    def coach(self) -> object | None: ...

    def spot_for(self, zone: str, index: int, count: int) -> Spot: ...

    def scale_for(self, zone: str) -> float: ...

    def message_pos(self) -> tuple[float, float]: ...

    def plate_rects(self) -> dict[int, pygame.Rect]: ...

    def refuse(self, reason: str) -> None: ...


class Hints:
    """The hint key, its button, the hint being thought and the hint on the table."""

    def __init__(self) -> None:
        self.ticket: int | None = None
        self.asked_for: tuple[int, int] | None = None  # (moves made, seat) of the position
        self.asked_ms = 0
        self.dropped: list[int] = []  # tickets asked, then not wanted (the person moved)
        self.shown: Hint | None = None
        self.button = HudButton("Hint", lambda: None)
        self._gives: dict[str, bool] = {}  # game id -> has a hint module (asked every frame)

    @property
    def thinking(self) -> bool:
        return self.ticket is not None

    # --- who may have one -------------------------------------------------------------------
    def offered(self, table: HintedTable) -> bool:
        """Is the hint button at this table at all (a game with hints, one person and bots)?"""
        return (
            not table.replaying
            and table.coach is None
            and self.alone(table)
            and bool(getattr(table.app.settings, "hints", True))
            and self.gives_hints(table.match.game.info.id)
        )

    def help_lines(self, table: HintedTable) -> list[str]:
        """The controls panel's line for the hint key, where the button is offered."""
        if not self.offered(table):
            return []
        key = key_label(table.app.settings.bindings.get("hint", "/"))
        return [f"{key} or the Hint button: the hard bot's move for you, and why."]

    def gives_hints(self, game_id: str) -> bool:
        """Does the game have hints? Found once: looking the module up by name took about a
        tenth of a millisecond, and the button asks every frame."""
        if game_id not in self._gives:
            self._gives[game_id] = find_hint(game_id) is not None
        return self._gives[game_id]

    @staticmethod
    def alone(table: HintedTable) -> bool:
        """One person at the screen, the only human seat (a person who handed their seat to a
        bot still looks on: then a hint would show the others' screen)."""
        return len(table.humans) == 1 and tuple(table.watchers) == tuple(table.humans)

    def refusal(self, table: HintedTable) -> str | None:
        """Why no hint can be asked now (None: it can)."""
        if not getattr(table.app.settings, "hints", True):
            return "Hints are off: turn them on in Settings"
        if table.replaying or table.coach is not None:
            return "No hints here"
        game = table.match.game.info
        if find_hint(game.id) is None:
            return f"{game.title} has no hints yet"
        if not self.alone(table):
            return "Hints are for one person playing against bots: a hint is private"
        seat = table.humans[0]
        if table.match.is_over() or seat not in table.match.state.to_act():
            return "A hint is for your own turn or choice"
        if not table.match.legal_actions(seat):
            return "A hint is for your own turn or choice"
        return None

    # --- asking -----------------------------------------------------------------------------
    def ask(self, table: HintedTable) -> None:
        if self.shown is not None:
            self.shown = None  # the key again puts the hint away
            return
        if self.thinking:
            return
        reason = self.refusal(table)
        if reason is not None:
            table.refuse(reason)
            return
        match, seat = table.match, table.humans[0]
        legal = match.legal_actions(seat)
        seed = hint_seed(match.seed, len(match.log), seat)
        self.asked_for = (len(match.log), seat)
        self.asked_ms = table.app.real_ms()  # frames' dt may jump (a table starting): real time
        # The person's view and legal moves only, as a bot's (never the state).
        self.ticket = match.runner.ask_hint(match.game.info.id, match.view(seat), legal, seed)

    def handle(self, table: HintedTable, event: pygame.event.Event, intent: str | None) -> bool:
        """The hint key, or a click on the button."""
        if intent == "hint" or (self.offered(table) and self.button.handle(event)):
            self.ask(table)
            return True
        return False

    # --- the frame ----------------------------------------------------------------------------
    def update(self, table: HintedTable, dt_ms: float) -> None:
        """Take a hint thought; put it away once the position it was for has gone."""
        match = table.match
        # A hint no longer wanted is still taken when it comes, so the runner keeps nothing.
        self.dropped = [t for t in self.dropped if match.runner.hint_answer(t) is None]
        if self.asked_for is not None:
            moves, seat = self.asked_for
            if len(match.log) != moves or seat not in match.state.to_act() or match.is_over():
                if self.ticket is not None:
                    self.dropped.append(self.ticket)
                self.ticket, self.shown, self.asked_for = None, None, None
                return
        if self.ticket is None:
            return
        answer = match.runner.hint_answer(self.ticket)
        if answer is None:
            if table.app.real_ms() - self.asked_ms > GIVE_UP_MS:
                self.ticket = None
                table.refuse("The hint took too long: try again")
            return
        self.ticket = None
        hint = answer[0]
        if hint is None or hint.action not in match.legal_actions(hint.action.seat):
            table.refuse("No hint for this choice: it is a race, not a move to think over")
            return
        self.shown = hint
        note_hint(match.notes, hint.action.seat)

    def draw(self, table: HintedTable, surface: pygame.Surface) -> None:
        if table.curtain.active or not self.offered(table):
            return
        scale = table.layout.scale
        self._draw_button(table, surface, scale)
        if self.shown is not None:
            self._draw_marks(table, surface, self.shown, scale)
            self._draw_why(table, surface, self.shown, scale)

    def _draw_button(self, table: HintedTable, surface: pygame.Surface, scale: float) -> None:
        key = key_label(table.app.settings.bindings.get("hint", "/"))
        label = "Thinking…" if self.thinking else f"Hint ({key})"
        size = round(21 * scale)
        width = theme.font(size).size(theme.printable(label))[0] + round(28 * scale)
        margin, height = round(10 * scale), round(36 * scale)
        self.button.label = label
        # The bottom-left corner (the tables keep their panels at the top and their buttons
        # at the right), else the top-left: wherever no seat's plate lies.
        plates = list(table.plate_rects().values())
        for y in (surface.get_height() - margin - height, margin):
            self.button.rect = pygame.Rect(margin, y, width, height)
            if self.button.rect.collidelist(plates) < 0:
                break
        self.button.draw(surface, scale)

    def _draw_marks(
        self, table: HintedTable, surface: pygame.Surface, hint: Hint, scale: float
    ) -> None:
        """The target lit, the card to play ringed and tagged "hint"."""
        pad, width = round(6 * scale), max(2, round(4 * scale))
        radius = round(10 * scale)
        for zone in hint.light:
            rect = self._zone_rect(table, zone)
            if rect is not None:
                box = rect.inflate(2 * pad, 2 * pad)
                surface.blit(theme.rounded(box.size, LIT, radius), box)
                pygame.draw.rect(surface, theme.GOLD, box, width, border_radius=radius)
        for zone, card in hint.lift:
            sprite = self._sprite(table, zone, card)
            if sprite is None:
                continue
            rect = sprite.rect(table.layer.card_size).inflate(2 * pad, 2 * pad)
            pygame.draw.rect(surface, theme.GOLD, rect, width, border_radius=radius)
            tag = theme.text("hint", round(18 * scale), theme.GOLD, bold=True)
            surface.blit(tag, tag.get_rect(midbottom=(rect.centerx, rect.top - pad // 2)))

    def _draw_why(
        self, table: HintedTable, surface: pygame.Surface, hint: Hint, scale: float
    ) -> None:
        """The sentence, just above the message line, where the person looks."""
        names = [seat.name for seat in table.match.seats]
        why = name_seats(hint.why, names)
        size = round(20 * scale)
        room = round(min(0.62 * table.layout.size[0], 780 * scale))
        lines = theme.wrap(why, size, room)
        line = theme.font(size).get_linesize()
        pad = round(12 * scale)
        width = max(theme.font(size).size(theme.printable(t))[0] for t in lines) + 2 * pad
        height = (len(lines) + 1) * line + 2 * pad
        box = self._place_why(table, hint, (width, height), surface.get_rect(), scale)
        surface.blit(theme.rounded(box.size, (8, 30, 20, 225), round(10 * scale), theme.GOLD), box)
        theme.blit_text(surface, "Hint", size, (box.x + pad, box.y + pad), theme.GOLD, bold=True)
        for index, text in enumerate(lines, 1):
            theme.blit_text(surface, text, size, (box.x + pad, box.y + pad + index * line))

    def _place_why(
        self,
        table: HintedTable,
        hint: Hint,
        size: tuple[int, int],
        screen: pygame.Rect,
        scale: float,
    ) -> pygame.Rect:
        """Just above the message line, unless it would hide what the hint lights (OMYN's drawn
        card lies there): then just above the lit cards, else at the top of the table."""
        marked = [r for z in hint.light if (r := self._zone_rect(table, z)) is not None]
        marked += [
            s.rect(table.layer.card_size)
            for zone, card in hint.lift
            if (s := self._sprite(table, zone, card)) is not None
        ]
        gap = round(24 * scale)
        x, y = table.message_pos()
        box = pygame.Rect((0, 0), size)
        bottoms = [y - 42 * scale, *(m.top - gap for m in marked), size[1] + 56 * scale]
        for bottom in bottoms:
            box.midbottom = (round(x), round(bottom))
            box.clamp_ip(screen)
            if box.collidelist([m.inflate(gap, gap) for m in marked]) < 0:
                return box
        return box

    @staticmethod
    def _in_zone(sprite: CardSprite, zone: str) -> bool:
        return sprite.visible and (sprite.zone == zone or sprite.zone.startswith(zone + ":"))

    def _sprite(self, table: HintedTable, zone: str, card: str | None) -> CardSprite | None:
        return next(
            (
                s
                for s in table.layer.sprites
                if self._in_zone(s, zone) and (card is None or s.card == card)
            ),
            None,
        )

    def _zone_rect(self, table: HintedTable, zone: str) -> pygame.Rect | None:
        """The cards lying in ``zone``, or where its first card would lie."""
        size = table.layer.card_size
        rects = [s.rect(size) for s in table.layer.sprites if self._in_zone(s, zone)]
        if rects:
            return rects[0].unionall(rects[1:])
        try:
            spot = table.spot_for(zone, 0, 1)
        except (KeyError, ValueError):
            return None  # a zone this table does not lay out
        scale = table.scale_for(zone)
        return card_box(spot, (size[0] * scale, size[1] * scale))
