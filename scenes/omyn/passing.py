"""OMYN's reflex windows on the screen: the bar above the piles with what it answers ("Void
Nimal's Void with a 0?"), and with ``close_windows_early`` a Pass button for every person the
window names (it closes once all have passed)."""

from __future__ import annotations

from functools import partial

import pygame

from game.core.windows import Window
from game.omyn.actions import Pass
from game.omyn.narrate import POWER_NAMES
from scenes.omyn.input import OmynTurns
from scenes.table.hud import HudButton


class OmynWindows(OmynTurns):
    def window_caption(self, window: Window) -> str:
        if window.kind == "chain":
            return f"Chain: match a {window.subject}"
        effect = self.view.effect
        if effect is not None and window.subject == "void" and effect.voids:
            # A Void of a Void, after a call or a power: the last Void is what it answers.
            return f"Void {self.possessive(effect.voids[-1])} Void with a 0?"
        if effect is not None and effect.kind == "call":
            return f"Void {self.possessive(effect.seat)} OMYN call with a 0?"
        if effect is not None:
            name = POWER_NAMES.get(effect.power, effect.power.title())
            return f"Void the {name} with a 0?"
        return "Void with a 0?"

    def draw_windows(self, surface: pygame.Surface) -> None:
        """The kit's window bar below the top row's numbers, the race banner under it above the
        piles (``places.py``), and a Pass button for each person it names when windows may
        close early."""
        top = max(0, self.windows_top() - round(10 * self.layout.scale))  # the kit's own margin
        area = pygame.Rect(0, top, surface.get_width(), surface.get_height() - top)
        super().draw_windows(surface.subsurface(area))
        for button in self.pass_buttons().values():
            button.draw(surface, self.layout.scale)

    def pass_buttons(self) -> dict[int, HudButton]:
        return pass_buttons(self)

    def panels_asking(self) -> list[tuple[int, tuple[type, ...]]]:
        return super().panels_asking() + [(seat, (Pass,)) for seat in pass_seats(self)]


def pass_seats(table: OmynWindows) -> list[int]:
    """People at the screen who may let the open window go now: named by it, not passed,
    nobody has claimed in it."""
    if table.curtain.active or table.replaying:
        return []
    if not table.match.options.get("close_windows_early", False):
        return []
    window = table.omyn_view(None).window
    if window is None or window.claimant is not None or not table.open_windows():
        return []
    return [s for s in table.humans if s in window.eligible and s not in window.passed]


def pass_buttons(table: OmynWindows) -> dict[int, HudButton]:
    """In a row under the piles' labels, clear of every row: "Pass" (one person at the screen)
    or "Nimal: pass"."""
    seats = pass_seats(table)
    window = table.omyn_view(None).window
    if not seats or window is None:
        return {}
    s = table.layout.scale
    labels = max(rect.bottom for rect in table.pile_label_rects())
    step = 148 * s
    left = table.layout.size[0] / 2 - (len(seats) * step - 8 * s) / 2
    buttons = {}
    for i, seat in enumerate(seats):
        label = "Pass" if len(table.humans) == 1 else f"{table.seat_name(seat)}: pass"
        button = HudButton(label, partial(table.submit, Pass(seat, window.number)))
        button.rect = pygame.Rect(0, 0, round(140 * s), round(32 * s))
        button.rect.topleft = (round(left + i * step), round(labels + 8 * s))
        buttons[seat] = button
    return buttons
