"""What the OMG table shows as the match goes, two parts of the table: ``OmgShow`` turns the
events into animations and the HUD's running state (plays, draws, rests, the turn's steps, the
clash as it resolves; at rest, cards in the order the view lists them), and ``LogTeller`` tells
the log from the record."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from game.core.events import CardMoved, GameOver, Shuffled, TurnStarted
from game.omg.board import LOCATION_NAMES
from game.omg.events import AbilityUsed, AttackDeclared, Clash, GemsChanged, LifeLost, RestChanged
from game.omg.narrate import Story
from game.omg.view import OmgView
from scenes.omg.hud import card_name
from scenes.table.hooks import TablePort
from scenes.table.zones import parse_zone

if TYPE_CHECKING:
    from game.core.views import View
    from scenes.omg.hud import OmgHud
    from scenes.table.base import ZoneCards
    from scenes.table.hud import MessageLine

STEP_MS = 420.0  # Refresh, Draw and Gem Charge each show this long at a turn's start
CLASH_MS = 1500.0  # a clash's powers, advantage and result appear one after another


class ShownTable(TablePort, Protocol):
    """What the animations read of their table (``OmgTable`` is one)."""

    hud: OmgHud
    message: MessageLine

    @property
    def viewer(self) -> int | None: ...

    def caption(self, seat: int, text: str, ms: float = ...) -> None: ...

    def possessive(self, seat: int) -> str: ...

    def zone_cards(self, view: View) -> ZoneCards: ...

    def view_of(self, seat: int | None) -> View: ...


class OmgShow:
    """The events as the table shows them: each handler starts its animations and returns how
    long the next event waits."""

    def __init__(self, table: ShownTable) -> None:
        self.table = table
        self.ordered_for: tuple[int, int | None] | None = None  # (moves, viewer) at rest

    def register(self) -> None:
        on = self.table.presenter.on
        on(CardMoved, self._card_moved)
        on(Shuffled, self._shuffled)
        on(TurnStarted, self._turn_started)
        on(GemsChanged, self._gems_changed)
        on(RestChanged, self._rest_changed)
        on(AttackDeclared, self._attack_declared)
        on(Clash, self._clash)
        on(LifeLost, self._life_lost)
        on(AbilityUsed, self._ability_used)
        on(GameOver, self._game_over)

    def _card_moved(self, event: CardMoved) -> float:
        p = self.table.presenter
        src, dst = parse_zone(event.src), parse_zone(event.dst)
        hud = self.table.hud  # the log is told from the record (``LogTeller``), not events
        if dst.family == "loc" and src.family == "hand" and event.card is not None:
            p.sound("play")
        elif dst.family == "hand" and src.family == "deck" and hud.step == "Refresh":
            hud.step = "Draw"
        # A card known to nobody (a Life card) is a back even on an open table: so its view says.
        card = None if event.known_to == frozenset() else event.card
        sprite = p.move(event.src, event.dst, card, event.known_to)
        sprite.dim, sprite.lift, sprite.selected = False, 0.0, False
        if src.family == "loc" and dst.family == "abyss":
            # A dying stack leaves top card first but lies in the Abyss as it lay in the lane
            # (its top card on top): each card goes under the ones that went before it.
            gone = hud.dying.get(event.src, 0)
            pile = p.zone(event.dst)
            pile.insert(len(pile) - 1 - gone, pile.pop())
            hud.dying[event.src] = gone + 1
        if not p.zone(event.src):
            hud.dying.pop(event.src, None)
            if src.family == "loc":  # a dead stack's rest goes with it (no event says so)
                hud.rested.discard((src.seat or 0, src.slot or 0))
        p.settle(event.src, 240)
        p.settle(event.dst, 380)
        if src.family == "deck" and dst.family in ("hand", "life"):
            return 110.0  # a draw: the next card may already follow
        return 300.0

    def _shuffled(self, event: Shuffled) -> float:
        seat = parse_zone(event.zone).seat
        if seat is not None:
            self.table.caption(seat, "shuffles", 900)
        self.table.presenter.settle(event.zone, 300)
        return 300.0

    def _turn_started(self, event: TurnStarted) -> float:
        hud = self.table.hud
        hud.turn_seat = event.seat
        hud.turn_number += 1
        hud.phase = "main"
        hud.step = "Refresh"
        hud.charging = True
        self.table.message.prompt = ""  # the last turn's prompt is stale from now on
        return STEP_MS

    def _gems_changed(self, event: GemsChanged) -> float:
        hud = self.table.hud
        hud.gems[event.seat] = (event.active, event.rested, event.deck)
        if hud.charging and event.seat == hud.turn_seat:
            hud.charging = False
            hud.step = "Gem Charge"
            return STEP_MS
        return 120.0

    def _rest_changed(self, event: RestChanged) -> float:
        hud = self.table.hud
        key = (event.seat, event.location)
        if event.rested:
            hud.rested.add(key)
            if hud.phase == "defense" and hud.attack is not None and event.seat != hud.attack.seat:
                hud.blocker = event.location
        else:
            hud.rested.discard(key)
        self.table.presenter.settle(f"loc:{event.seat}:{event.location}", 260)
        return 200.0

    def _top_name(self, seat: int, loc: int) -> str:
        zone = self.table.presenter.zone(f"loc:{seat}:{loc}")
        return card_name(zone[-1].card) if zone and zone[-1].card else LOCATION_NAMES[loc]

    def _attack_declared(self, event: AttackDeclared) -> float:
        hud = self.table.hud
        hud.attack = event
        hud.blocker = None
        if event.target is None:
            hud.phase = "defense"
        self.table.presenter.sound("play")
        return 500.0

    def _clash(self, event: Clash) -> float:
        hud = self.table.hud
        hud.clash = event
        hud.clash_ms = 0.0
        hud.clash_names = self.clash_names(event)
        hud.phase = "main"
        return CLASH_MS

    def clash_names(self, event: Clash) -> tuple[str, str]:
        attack = self.table.hud.attack
        if attack is None:
            return ("Attacker", "Defence")
        attacker = self._top_name(event.attacker, attack.location)
        enemy = 1 - event.attacker
        if attack.target is not None:
            return attacker, self._top_name(enemy, attack.target)
        if self.table.hud.blocker is not None:
            return attacker, self._top_name(enemy, self.table.hud.blocker)
        return attacker, f"{self.table.possessive(enemy)} defence"  # "your defence" after "vs"

    def _life_lost(self, event: LifeLost) -> float:
        self.table.caption(event.seat, f"loses a Life ({event.remaining} left)", 1600)
        return 500.0

    def _ability_used(self, event: AbilityUsed) -> float:
        self.table.caption(event.seat, event.being, 1200)
        return 400.0

    def _game_over(self, event: GameOver) -> float:
        self.table.hud.game_over = event
        self.table.presenter.sound("win")
        return 0.0

    def tick(self, dt_ms: int) -> bool:
        """The clash's steps count on; at rest, the shown state catches up with the match.
        Returns whether the table was at rest (nothing moving) as the tick began."""
        t = self.table
        hud = t.hud
        if hud.clash is not None:
            hud.clash_ms += dt_ms / max(0.05, t.presenter.time_scale or 1.0)
            if hud.clash_ms > CLASH_MS + 900 and not t.presenter.busy:
                hud.clash = None
        if t.presenter.busy:
            return False
        for seat, loc in hud.settled(cast(OmgView, t.match.view(t.viewer))):
            t.presenter.settle(f"loc:{seat}:{loc}", 260)
        self._order_as_viewed()
        return True

    def _order_as_viewed(self) -> None:
        """At rest every zone lists its cards in the view's order: a card all have seen goes
        to the front of its hand (as ``hand_order`` lists it for every seat), where the events
        had put it at the end."""
        t = self.table
        key = (len(t.match.log), t.viewer)
        if key == self.ordered_for:
            return
        self.ordered_for = key
        for zone, cards in t.zone_cards(t.view_of(t.viewer)).items():
            sprites = t.presenter.zones.get(zone)
            if not sprites or len(sprites) != len(cards) or [s.card for s in sprites] == cards:
                continue
            pool, ordered = list(sprites), []
            for card in cards:
                same = next((s for s in pool if s.card == card), None)
                if same is None:
                    break
                pool.remove(same)
                ordered.append(same)
            else:
                sprites[:] = ordered
                t.presenter.settle(zone, 260)


class ToldTable(TablePort, Protocol):
    """What the log reads of its table (``OmgTable`` is one)."""

    hud: OmgHud
    open_cards: bool
    watchers: tuple[int, ...]


class LogTeller:
    """The log, told from the record (not from the events), in the words replays use."""

    def __init__(self, table: ToldTable) -> None:
        self.table = table
        self.story: Story | None = None
        self.story_key: tuple[object, ...] = ()
        self.told = 0  # moves of the record in the log so far

    def tell(self) -> None:
        """The log catches up with the record: each move in the words replays use, then what
        came of it (``Story``). Told afresh for a jump back or other eyes, so a resumed match
        shows the very lines the live table wrote."""
        log, names = self.table.match.log, [seat.name for seat in self.table.match.seats]
        key = (self._viewer(), *names)
        if self.story is None or key != self.story_key or len(log) < self.told:
            match = self.table.match
            self.story = Story(match.game, match.seed, match.options, names, self._viewer())
            self.story_key, self.told = key, 0
            self.table.hud.log.clear()
        for at, action in log[self.told :]:
            for text, heading in self.story.tell(at, action):
                self.table.hud.log_line(text, heading)
        if self.story.lost:  # its state no longer follows the record: take the match's
            self.story.state, self.story.lost = self.table.match.state.clone(), False
        self.told = len(log)

    def _viewer(self) -> int | None:
        """Whose eyes the log speaks for: everyone's on an open table (None), the one person at
        the screen, or nobody's hand (-1) for several people sharing it (not the momentary
        audience: a curtain would tell the whole log again, each time)."""
        if self.table.open_cards or not self.table.watchers:
            return None
        return self.table.watchers[0] if len(self.table.watchers) == 1 else -1
