"""What OMG's table has shown so far (``OmgHud``: it trails the match while animations run), what
the HUD's drawing reads of its table (``HudTable``) and the panels painted once on the felt
(``on_felt``). The drawing itself: ``felt.py`` (lanes, badges, counts, Gem zones, whose turn),
``log_panel.py`` (the log) and ``overlay.py`` (the clash, the zoomed card)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.events import GameOver
from game.omg.events import AttackDeclared, Clash
from game.omg.narrate import card_name as card_name  # the tables take it from here
from game.omg.view import OmgView
from scenes import theme
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
    tags: list[pygame.Rect] = field(default_factory=list)  # the felt's labels drawn (chips, counts)
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


def visible_face(
    layer: SpriteLayer, audience: frozenset[int] | None, pos: tuple[int, int]
) -> str | None:
    """The face under the mouse, if the people looking (``audience``) may see it."""
    sprite = layer.hit(pos)
    if sprite is None or not sprite.shows_face or not may_see(sprite, audience):
        return None
    return sprite.card
