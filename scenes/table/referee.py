"""The screen referee: after every drawn frame of a match, does the screen tell the truth?

It reads only what is drawn (the sprites as the layer blitted them: face, visibility, place,
turn, lift, selection; the table's per-card marks; the message line and panels) and the views,
never the history of events, and says what is wrong:

- *completeness*: whenever nothing moves, every card the viewer's view puts on the table is
  drawn, visible, on its zone's spot, face up exactly when the view shows its face to the people
  who may see the screen, with the per-card marks the view gives; nothing else is drawn;
- *privacy*: no face is drawn that the people at the screen may not all know. The screen is one
  person's only after that person lifted a curtain shown for them (or when they are the only
  person ever at it), and only while they act: a person who stopped acting, or a reflex window
  open to another person at the screen, makes it the public table again. Under the curtain no
  card is lifted or framed (a keyboard cursor would say which card was chosen);
- *no stale words*: the message line and every action panel ask a seat only for what the match
  still asks of it.

People at the screen are everyone who has sat there this match: a person who handed their seat to
a bot is still looking.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scenes.table.sprites import CardSprite, may_see

if TYPE_CHECKING:
    from scenes.table.base import TableScene

NEAR_PX = 1.0  # a card at rest this close to its spot lies on it


@dataclass(frozen=True)
class Fault:
    """One untruth on the screen, with what a person would have seen."""

    kind: str  # "complete", "privacy" or "stale"
    text: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.text}"


class ScreenReferee:
    """Watches one table; ``check()`` after each frame that drew it returns what is wrong."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.present: set[int] = set(table.watchers)
        self.owner: int | None = None  # whose private view the screen may show
        self._curtain_for: int | None = None
        self._seats = tuple(info.kind for info in table.match.seats)
        self.known: dict[int, Counter[str]] = {}  # faces each person has known so far
        self._known_key: tuple[int, float, frozenset[int]] | None = None
        self.frames = 0
        self.checked_at_rest = 0
        # What the people know as the referee starts watching: a replay's first step may take
        # cards out of every view (OMG's opening mulligan) while they still fly on screen.
        self._grow_knowledge()

    # --- who may see the screen ----------------------------------------------------------------
    def _open(self) -> bool:
        table = self.table
        return table.open_cards or not (self.present or table.watchers)

    def follow(self) -> None:
        """Who sits at the screen, and whether one of them owns it now (every frame, also one
        in which the table is hidden under another scene and nothing of it is checked)."""
        table = self.table
        self.present |= set(table.watchers)
        seats = tuple(info.kind for info in table.match.seats)
        if self.owner is not None and seats[self.owner] != self._seats[self.owner]:
            self.owner = self._curtain_for = None  # their seat changed hands: a curtain first
        self._seats = seats
        if len(self.present) == 1:
            self.owner = next(iter(self.present))
            return
        if table.curtain.active:
            self.owner = None
            self._curtain_for = table.curtain.seat
            return
        if self._curtain_for is not None and table.private == self._curtain_for:
            self.owner, self._curtain_for = self._curtain_for, None
        if self.owner is not None and not self._may_keep(self.owner):
            self.owner = None

    def _may_keep(self, seat: int) -> bool:
        """Does ``seat`` still act alone: its move, its private look, no window open to another
        person at the screen?"""
        table = self.table
        others = self.present - {seat}
        for window in table.open_windows():
            if window.kind in table.REFLEX_WINDOWS and window.eligible & others:
                return False
        if table.match.seats[seat].is_bot and table.forced_watchers is None:
            return False  # their seat went to a bot: it is not their move any more
        return seat in table.match.state.to_act() or seat in table.private_requests()

    def audience(self) -> frozenset[int] | None:
        """The people the screen may show faces to now (None: an open table)."""
        if self._open():
            return None
        if self.owner is not None:
            return frozenset({self.owner})
        return frozenset(self.present)

    # --- knowledge -------------------------------------------------------------------------------
    def _grow_knowledge(self) -> None:
        """What each person has known so far (a face once seen stays known, as many at once)."""
        match = self.table.match
        key = (len(match.log), float(match.now_ms), frozenset(self.present))
        if key == self._known_key:
            return
        self._known_key = key
        for seat in self.present:
            now = self.table.known_faces(self.table.view_of(seat))
            known = self.known.setdefault(seat, Counter())
            for face, count in now.items():
                known[face] = max(known[face], count)

    def _allowed(self, audience: frozenset[int]) -> Counter[str]:
        seats = iter(audience)
        allowed = Counter(self.known.get(next(seats), Counter()))
        for seat in seats:
            allowed &= self.known.get(seat, Counter())
        return allowed

    # --- the check ---------------------------------------------------------------------------------
    def check(self) -> list[Fault]:
        """What the frame just drawn shows that is not so."""
        self.frames += 1
        table = self.table
        self.follow()
        audience = self.audience()
        faults: list[Fault] = []
        drawn = self._drawn_faces()
        if audience is not None:
            self._grow_knowledge()
            faces = Counter(face for _, face in drawn if face is not None)
            unknown = faces - self._allowed(audience)
            if unknown:
                faults.append(
                    Fault(
                        "privacy",
                        f"drawn to {sorted(audience)} who never knew {sorted(unknown.elements())}",
                    )
                )
            if table.curtain.active:
                marked = [s for s in table.layer.sprites if s.visible and (s.selected or s.lift)]
                if marked:
                    zones = sorted({s.zone for s in marked})
                    faults.append(Fault("privacy", f"lifted or framed under the curtain: {zones}"))
        if not table.presenter.busy:
            self.checked_at_rest += 1
            faults += self._complete(audience, dict((id(s), f) for s, f in drawn))
            faults += self._asked()
        return faults

    def _drawn_faces(self) -> list[tuple[CardSprite, str | None]]:
        """Each visible sprite with the face the layer drew for it (None: its back)."""
        table = self.table
        shown = [s for s in table.layer.ordered() if s.visible]
        if len(shown) == len(table.layer.drawn):
            return [(s, d.card) for s, d in zip(shown, table.layer.drawn, strict=True)]
        # Not drawn since it changed: what the layer would draw now.
        audience = table.audience
        return [(s, s.card if s.shows_face and may_see(s, audience) else None) for s in shown]

    def _complete(
        self, audience: frozenset[int] | None, faces: dict[int, str | None]
    ) -> list[Fault]:
        table = self.table
        view = table.view_of(table.viewer)
        expected = table.zone_cards(view)
        views = {seat: table.zone_cards(table.view_of(seat)) for seat in audience or ()}
        # Under a dialog (the pause menu, its Seats) the table may keep one person's cards down
        # already: the screen is theirs to see, not theirs to act on.
        scenes = table.app.stack.scenes
        covered = table in scenes and scenes[-1] is not table and audience is not None
        faults: list[Fault] = []
        held: set[int] = set()
        in_hand = {id(s) for s in table.held_cards()}  # a person holds them off their spot
        for zone, cards in expected.items():
            sprites = table.presenter.zones.get(zone, [])
            held.update(id(s) for s in sprites)
            if len(sprites) != len(cards):
                faults.append(
                    Fault("complete", f"{zone}: the view has {len(cards)}, {len(sprites)} drawn")
                )
                continue
            # An open table shows every known card but a squared face-down pile's (zones.py).
            shows_known = table.zones.shows_known_faces(zone, audience is None)
            for index, (card, sprite) in enumerate(zip(cards, sprites, strict=True)):
                where = f"{zone}[{index}]"
                if not sprite.visible:
                    faults.append(Fault("complete", f"{where} is not drawn"))
                    continue
                spot = table.spot_for(zone, index, len(cards))
                if id(sprite) not in in_hand and (
                    abs(sprite.x - spot.x) > NEAR_PX
                    or abs(sprite.y - spot.y) > NEAR_PX
                    or round(sprite.angle - spot.angle) % 360
                    or abs(sprite.scale - table.scale_for(zone)) > 1e-6
                ):
                    faults.append(Fault("complete", f"{where} is not on its spot"))
                rank = cards[:index].count(card)  # (views may list a hand in other orders)
                face_up = (
                    card is not None
                    and all(views[seat].get(zone, []).count(card) > rank for seat in views)
                    and (shows_known or table.turned_up(zone, index, view))
                )
                drawn = faces.get(id(sprite))
                if (
                    face_up
                    and drawn is None
                    and covered
                    and len(audience or ()) < len(self.present)
                ):
                    pass
                elif face_up and drawn != card:
                    faults.append(
                        Fault("complete", f"{where} shows {drawn or 'its back'}, not {card}")
                    )
                elif not face_up and drawn is not None:
                    faults.append(Fault("complete", f"{where} shows {drawn}, the view a back"))
        stray = [s.zone for s in table.layer.sprites if s.visible and id(s) not in held]
        if stray:
            faults.append(Fault("complete", f"drawn in no zone of the view: {sorted(set(stray))}"))
        marks, drawn_marks = table.card_marks(view), table.drawn_marks()
        for zone in sorted(set(marks) | set(drawn_marks)):
            want, got = marks.get(zone, frozenset()), drawn_marks.get(zone, frozenset())
            if want != got:
                faults.append(
                    Fault("complete", f"{zone} marked {sorted(got)}, the view {sorted(want)}")
                )
        return faults

    def _asked(self) -> list[Fault]:
        table = self.table
        state = table.match.state
        asks = list(table.panels_asking())
        if table.message.asking is not None and not table.message.warning:
            asks.append(table.message.asking)
        faults = []
        for seat, kinds in asks:
            if kinds and not any(isinstance(a, kinds) for a in state.legal_actions(seat)):
                names = "/".join(kind.__name__ for kind in kinds)
                text = table.message.prompt if (seat, kinds) == table.message.asking else "a panel"
                faults.append(Fault("stale", f"{text!r} asks seat {seat} for {names}"))
        return faults
