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
from scenes.table.clear import ClearTable, Weighed, card_rect, message_band, place, shown
from scenes.table.curtain import Curtain
from scenes.table.hud import HudButton
from scenes.table.layout import Spot, card_box
from scenes.table.reflex import key_label
from scenes.table.sprites import CardSprite
from scenes.table.zones import CentrePlace, Zones

if TYPE_CHECKING:
    from scenes.scene import AppPort

GIVE_UP_MS = 10_000  # real ms: a hint not back by then (a worker gone) is dropped, and said
MARKED = 16  # what hiding the hint's own marks costs, per pixel (a plate costs 4: clear.py)
SEEN = 4  # a card the person reads (theirs, or face up), as a plate; another seat's back less
BACK = 1
WHY_WIDTHS = (1.0, 0.72, 0.5, 0.36, 0.28)  # of the widest the sentence runs: narrower, taller
LIT = (*theme.GOLD, 70)


class HintedTable(ClearTable, Protocol):
    """What the hints read of the table (the kit's ``TableScene`` is one)."""

    app: AppPort
    match: Match
    zones: Zones
    bottom: int
    humans: list[int]
    watchers: tuple[int, ...]
    private: int | None
    curtain: Curtain
    replaying: bool

    @property
    def coach(self) -> object | None: ...

    def spot_for(self, zone: str, index: int, count: int) -> Spot: ...

    def scale_for(self, zone: str) -> float: ...

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
        self.why_box = pygame.Rect(0, 0, 0, 0)  # where the sentence's panel lies
        self._why_lines: list[str] = []
        self._why_for: object = None  # what it was placed for (placed once, never chasing)
        self.tag_rects: list[pygame.Rect | None] = []  # each ringed card's "hint" (None: none)
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
        self.tag_rects = []
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
            # Above the ring, else below it: never on the message line (OMG's lifted hand
            # card reached it: "cli[hint]ck cards"); the ring alone where neither fits.
            line, screen = table.message.rect(table.message_pos(), scale), surface.get_rect()
            spots = (
                tag.get_rect(midbottom=(rect.centerx, rect.top - pad // 2)),
                tag.get_rect(midtop=(rect.centerx, rect.bottom + pad // 2)),
            )
            spot = next((r for r in spots if screen.contains(r) and not r.colliderect(line)), None)
            if spot is not None:
                surface.blit(tag, spot)
            self.tag_rects.append(spot)

    def _draw_why(
        self, table: HintedTable, surface: pygame.Surface, hint: Hint, scale: float
    ) -> None:
        """The sentence in a panel where the person looks, clear of what they must read."""
        key = (hint, surface.get_size(), scale, len(table.layer.sprites), table.message.text)
        if self._why_for != key:
            self._why_for = key
            self.why_box, self._why_lines = self._place_why(table, hint, surface.get_rect())
        box, lines = self.why_box, self._why_lines
        size = round(20 * scale)
        line, pad = theme.font(size).get_linesize(), round(12 * scale)
        surface.blit(theme.rounded(box.size, (8, 30, 20, 225), round(10 * scale), theme.GOLD), box)
        theme.blit_text(surface, "Hint", size, (box.x + pad, box.y + pad), theme.GOLD, bold=True)
        for index, text in enumerate(lines, 1):
            theme.blit_text(surface, text, size, (box.x + pad, box.y + pad + index * line))

    def _place_why(
        self, table: HintedTable, hint: Hint, screen: pygame.Rect
    ) -> tuple[pygame.Rect, list[str]]:
        """The panel and its lines: wrapped as wide as fits, at the spot that hides least of
        what the table shows (clear.py: boards, cards, plates, the message line...) and never
        what the hint lights, nearest the message line (where the person reads). Narrower
        panels, taller, are tried for a table with little room (Om Nom Nom's boards)."""
        scale = table.layout.scale
        names = [seat.name for seat in table.match.seats]
        why = name_seats(hint.why, names)
        size = round(20 * scale)
        line, pad = theme.font(size).get_linesize(), round(12 * scale)
        # The hint goes before anything lands in the middle; the words by a card (a pile's
        # count, a slot's number) are kept clear with it.
        weighed = shown(table, middle=False, cards=False)
        weighed += self._cards(table, round(22 * scale))
        weighed.append((message_band(table), MARKED))  # where the person reads what to do
        weighed += [(rect, MARKED) for rect in self._marked(table, hint, scale)]
        coach = getattr(table.coach, "box", None)  # a lesson's note (none gives hints today)
        weighed += [(rect, MARKED) for rect in (coach, self.button.rect) if rect]
        x, y = table.message_pos()
        room = min(0.62 * table.layout.size[0], 780 * scale)
        best: tuple[int, float, pygame.Rect, list[str]] | None = None
        for share in WHY_WIDTHS:
            lines = theme.wrap(why, size, round(room * share))
            width = max(theme.font(size).size(theme.printable(t))[0] for t in lines) + 2 * pad
            height = (len(lines) + 1) * line + 2 * pad
            hidden, distance, box = place(table, (width, height), weighed, (x, y - height / 2))
            distance += height  # of two clear spots, the panel of fewer lines
            if best is None or (hidden, distance) < best[:2]:
                best = (hidden, distance, box.clamp(screen), lines)
        assert best is not None
        return best[2], best[3]

    def _cards(self, table: HintedTable, margin: int) -> Weighed:
        """The cards the person reads (theirs, face-up ones) with the words beside them (a
        pile's count, a slot's number) in a ``margin``, and the piles in the middle even when
        empty. A back of another seat's card weighs least (its count is on the plate): at a
        crowded table the panel hides one first."""
        weighed: Weighed = []
        for sprite in table.layer.sprites:
            owner = table.zones.owner(sprite.zone) if sprite.zone else None
            back = not sprite.shows_face and owner is not None and owner != table.bottom
            if back:
                weighed.append((card_rect(table, sprite), BACK))
            else:
                weighed.append((card_rect(table, sprite).inflate(2 * margin, 2 * margin), SEEN))
        # A pile in the middle has its words beside it (FOMO's "Discard 4 / P: browse") or
        # below (OMYN's "Draw pile (34)"): a card's width each side, a third of its height.
        card_w, card_h = table.layer.card_size
        around = (2 * card_w, round(0.66 * card_h))
        weighed += [(rect.inflate(around), SEEN) for rect in self._piles(table)]
        return weighed

    def _piles(self, table: HintedTable) -> list[pygame.Rect]:
        """The piles in the middle, an empty one where its first card will lie (OMYN's play
        pile before anyone plays: its place and its words)."""
        specs = getattr(table, "ZONES", ())
        middle = [z.family for z in specs if isinstance(z.place, CentrePlace) and not z.owned]
        return [rect for zone in middle if (rect := self._zone_rect(table, zone)) is not None]

    def _marked(self, table: HintedTable, hint: Hint, scale: float) -> list[pygame.Rect]:
        """What the hint lights and rings, with the ring's margin and the "hint" tag above."""
        pad = round(6 * scale)
        tag = round(24 * scale)
        marked = [r for z in hint.light if (r := self._zone_rect(table, z)) is not None]
        marked += [
            s.rect(table.layer.card_size)
            for zone, card in hint.lift
            if (s := self._sprite(table, zone, card)) is not None
        ]
        return [
            pygame.Rect(r.x - 2 * pad, r.y - 2 * pad - tag, r.w + 4 * pad, r.h + 4 * pad + tag)
            for r in marked
        ]

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
