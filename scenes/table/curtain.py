"""The privacy curtain for same-screen play.

When a person must take a private turn while others share the screen, the table covers itself
with "Pass to <name> — press Space when ready" until that person says they are ready (the kit's
``TableScene`` decides when). With one person (or none) there is never a curtain.
"""

from __future__ import annotations

import pygame

from scenes import theme
from scenes.table.reflex import key_label

SHADE_ALPHA = 215  # dark enough that a back is all one sees of a hand; public cards go on top


class Curtain:
    def __init__(self) -> None:
        self.seat: int | None = None
        self.name = ""

    @property
    def active(self) -> bool:
        return self.seat is not None

    def show(self, seat: int, name: str) -> None:
        self.seat, self.name = seat, name

    def lift(self) -> int | None:
        """The player is ready: returns the seat that now sees its cards."""
        seat, self.seat = self.seat, None
        return seat

    def message(self, ready_key: str = "space") -> str:
        return f"Pass to {self.name} — press {key_label(ready_key)} when ready"

    def draw(self, surface: pygame.Surface, ready_key: str = "space") -> pygame.Rect:
        """Cover the whole table with the shade and the hand-over note."""
        self.shade(surface)
        return self.note(surface, ready_key)

    def shade(self, surface: pygame.Surface) -> None:
        """Darken the table (the kit then draws the public cards again on top)."""
        surface.blit(theme.rounded(surface.get_size(), (*theme.CURTAIN, SHADE_ALPHA)), (0, 0))

    def note(
        self, surface: pygame.Surface, ready_key: str = "space", centre_y: float | None = None
    ) -> pygame.Rect:
        """ "Pass to Nimal": at ``centre_y``, by default along the top edge, so the public
        cards in the middle stay in sight and nothing bright lies where a hand was."""
        width, height = surface.get_size()
        scale = theme.scale_for((width, height))
        box = pygame.Rect(0, 0, round(760 * scale), round(170 * scale))
        box.centerx = width // 2
        if centre_y is None:
            box.top = round(8 * scale)
        else:
            box.centery = round(centre_y)
        theme.panel(surface, box, alpha=255)
        theme.blit_text(
            surface,
            f"Pass to {self.name}",
            round(56 * scale),
            (box.centerx, box.y + 52 * scale),
            theme.GOLD,
            "center",
            bold=True,
        )
        note = (
            f"{self.name}: press {key_label(ready_key)} (or click) when you are ready."
            " Everyone else, look away."
        )
        theme.blit_text(
            surface,
            note,
            round(24 * scale),
            (box.centerx, box.y + 116 * scale),
            theme.INK,
            "center",
        )
        return box
