"""What OMG's helper modules read of the table: the HUD (``hud.py``), the play layer
(``draw_play.py``), the synthetic person (``inputs.py``) and the interaction mixins (``picks.py``,
``play.py``, whose methods take ``self: OmgPort``). ``OmgTable`` is one; the helpers depend on this
protocol, never on the table's class, so the table imports them and not the reverse."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from scenes.table.hooks import TablePort

if TYPE_CHECKING:
    import pygame

    from game.core.actions import Action
    from game.core.errors import Refusal
    from game.omg.actions import Evolve, PlayBeing, Target
    from game.omg.state import OmgState
    from scenes.omg.board import BoardLayout
    from scenes.omg.hud import OmgHud
    from scenes.table.curtain import Curtain
    from scenes.table.drag import DragController
    from scenes.table.faces import FaceCache
    from scenes.table.hud import ChoiceBar, MessageLine
    from scenes.table.reflex import ReflexInput
    from scenes.table.sprites import CardSprite


@dataclasses.dataclass
class Pick:
    """A thing the person may pick on the table: a card, a lane, a target or a button."""

    rect: pygame.Rect
    label: str  # what picking it does (or why it cannot be picked)
    action: Callable[[], object]
    sprite: CardSprite | None = None
    good: bool = True
    kind: str = ""  # "hand", "lane", "enemy", "life", "abyss", "button"
    payload: Any = None
    risky: bool = False  # the keys never start on it (displacing your own Being)


class OmgPort(TablePort, Protocol):
    # The kit's table state beyond ``TablePort`` (``TableHooks`` declares it).
    bottom: int
    faces: FaceCache
    curtain: Curtain
    message: MessageLine
    reflex: ReflexInput
    replaying: bool
    drag: DragController

    # OMG's own: the table's HUD and board, and the interaction's state (``OmgPlay.setup_play``).
    hud: OmgHud
    board: BoardLayout
    mode: str
    picks: list[Pick]
    focus: int
    chosen: str | None
    attacker: int | None
    pending: PlayBeing | Evolve | None
    mull: set[str]
    choice: ChoiceBar | None
    browse: int | None
    hover: tuple[int, int]
    show_help: bool
    _play_key: tuple[Any, ...] | None

    # --- the kit's methods ---------------------------------------------------------------------
    @property
    def viewer(self) -> int | None: ...

    @property
    def audience(self) -> frozenset[int] | None: ...

    def possessive(self, seat: int) -> str: ...

    def waiting_prompt(self) -> str: ...

    def refuse_rule(self, reason: str) -> None: ...

    # --- OMG's play layer (``play.py``) ------------------------------------------------------
    @property
    def state(self) -> OmgState: ...

    def acting(self) -> int | None: ...

    def _build(self) -> None: ...

    def _mark(self) -> None: ...

    def _key(self, intent: str) -> str: ...

    def cancel(self) -> None: ...

    def gem_draw(self) -> None: ...

    def equip(self) -> None: ...

    def end_turn(self) -> None: ...

    def _confirmed(self, action: Action | None) -> None: ...

    def _centre(self) -> tuple[float, float]: ...

    def open_abyss(self, seat: int) -> None: ...

    def refuse(self, reason: str) -> None: ...

    def submit(self, action: Action) -> bool: ...

    def _key_handle(self, event: pygame.event.Event, intent: str | None) -> bool: ...

    def _walk(self, intent: str) -> None: ...

    def _pick_at(self, pos: tuple[int, int]) -> Pick | None: ...

    def focused(self) -> Pick | None: ...

    def _browse_handle(self, event: pygame.event.Event, intent: str | None) -> bool: ...

    def _can_drag(self, sprite: CardSprite) -> bool: ...

    def _click(self, sprite: CardSprite) -> None: ...

    def _drop(self, sprite: CardSprite, pos: tuple[int, int]) -> bool: ...

    def lit_areas(self) -> list[tuple[pygame.Rect, bool]]: ...

    def _drag_targets(self, sprite: CardSprite) -> list[tuple[pygame.Rect, bool]]: ...

    def zoom_card(self) -> str | None: ...

    def _browse_hover(self) -> str | None: ...

    def browse_cards(self) -> list[tuple[pygame.Rect, str]]: ...

    def draw_play(self, surface: pygame.Surface, s: float) -> None: ...

    # --- OMG's picks (``picks.py``) -----------------------------------------------------------
    def _ask(self, seat: int, text: str) -> None: ...

    def _hand(self) -> list[CardSprite]: ...

    def _card_rect(self, sprite: CardSprite) -> pygame.Rect: ...

    def _button(
        self,
        index: int,
        count: int,
        label: str,
        action: Callable[[], object],
        good: bool = True,
    ) -> Pick: ...

    def _toggle_mull(self, card: str | None) -> None: ...

    def _send_mulligan(self) -> None: ...

    def _main_buttons(self, seat: int, legal: tuple[Action, ...]) -> list[Pick]: ...

    def _main_prompt(self, legal: tuple[Action, ...]) -> str: ...

    def things_left(self, legal: tuple[Action, ...] | None = None) -> list[str]: ...

    def _why_not_card(self, seat: int, card: str) -> str: ...

    def _lane_rect(self, seat: int, loc: int) -> pygame.Rect: ...

    def _choose_card(self, card: str) -> None: ...

    def _placing(self, seat: int, card: str, loc: int) -> tuple[PlayBeing | Evolve, str]: ...

    def _targets(self, action: PlayBeing | Evolve) -> list[Target]: ...

    def _check_ignoring_target(self, action: PlayBeing | Evolve) -> Refusal | None: ...

    def _place(self, action: PlayBeing | Evolve) -> None: ...

    def _confirmed_place(self, action: PlayBeing | Evolve | None) -> None: ...

    def _lay_abyss_picks(self, picks: list[Pick]) -> None: ...

    def _choose_attacker(self, loc: int) -> None: ...
