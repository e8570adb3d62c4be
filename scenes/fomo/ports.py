"""What FOMO's table helpers (the turn's choices and input, the panels, the HUD, the synthetic
people) read of the table: ``FomoTable`` satisfies ``FomoTablePort``, and the helpers depend on
this protocol, never on the table's class, so the table imports them and not the reverse."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from scenes.table.hooks import TablePort

if TYPE_CHECKING:
    from collections.abc import Hashable

    import pygame

    from game.core.actions import Action
    from game.core.windows import Window
    from game.fomo.state import FomoState
    from game.fomo.view import FomoView
    from scenes.fomo.show import FomoHud
    from scenes.table.coach import Coach
    from scenes.table.curtain import Curtain
    from scenes.table.faces import FaceCache
    from scenes.table.hud import MessageLine
    from scenes.table.layout import Spot
    from scenes.table.log import LogPanel
    from scenes.table.reflex import Press, ReflexInput

Target = tuple[int, int | None]  # (seat, slot) — slot None: the whole hidden set


class FomoTablePort(TablePort, Protocol):
    reflex: ReflexInput
    message: MessageLine
    curtain: Curtain
    faces: FaceCache
    log: LogPanel
    hud: FomoHud
    bottom: int
    replaying: bool
    blocked: bool
    coach: Coach | None  # a lesson's (scenes/table/coach.py)
    captions: dict[int, tuple[str, float]]  # seat → (its caption, ms left)

    @property
    def state(self) -> FomoState: ...

    @property
    def audience(self) -> frozenset[int] | None: ...

    def open_pause(self) -> None: ...

    def waiting_prompt(self) -> str: ...

    def possessive(self, seat: int) -> str: ...

    def message_pos(self) -> tuple[float, float]: ...

    def message_room(self) -> float | None: ...

    def caption_spot(self, seat: int) -> tuple[float, float]: ...

    def scale_for(self, zone: str) -> float: ...

    def looking(self) -> bool: ...

    def done_looking(self) -> None: ...

    def answer(self, seat: int, cancel: bool, press: Press | None, window: Window) -> None: ...

    def _reflex_press(self, seat: int, source: str, pos: tuple[int, int] | None) -> None: ...

    def view_of(self, seat: int | None) -> FomoView: ...

    def submit(self, action: Action) -> bool: ...

    def refuse(self, reason: str) -> None: ...

    def refuse_rule(self, reason: str) -> None: ...

    def set_peek(self, on: bool) -> None: ...

    def spot_for(self, zone: str, index: int, count: int) -> Spot: ...

    def is_out(self, seat: int) -> bool: ...

    def open_windows(self, seat: int | None = None) -> list[Window]: ...

    def cancel_panels(self) -> list[tuple[int, Window]]: ...

    def plate_rects(self) -> dict[int, pygame.Rect]: ...

    def plates_drawn(self) -> dict[int, pygame.Rect]: ...

    def reflex_label(self, seat: int) -> str: ...

    def window_caption(self, window: Window) -> str: ...

    def offered(self, seat: int) -> tuple[Action, ...]: ...

    def offer_key(self) -> Hashable: ...
