"""The privacy curtain for same-screen play.

When a person must take a private turn while others share the screen, the table covers itself
with "Pass to <name> — press Space when ready" until that person says they are ready (the kit's
``TableScene`` decides when). With one person (or none) there is never a curtain.
"""

from __future__ import annotations

import pygame

from scenes import theme


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

    def message(self) -> str:
        return f"Pass to {self.name} — press Space when ready"

    def draw(self, surface: pygame.Surface, ready_key: str = "space") -> pygame.Rect:
        """Cover the whole table (its public cards show faintly through) with the hand-over note."""
        width, height = surface.get_size()
        scale = theme.scale_for((width, height))
        surface.blit(theme.rounded((width, height), (*theme.CURTAIN, 236)), (0, 0))
        box = pygame.Rect(0, 0, round(760 * scale), round(200 * scale))
        box.center = (width // 2, height // 2)
        theme.panel(surface, box, alpha=255)
        theme.blit_text(
            surface,
            f"Pass to {self.name}",
            round(56 * scale),
            (box.centerx, box.y + 60 * scale),
            theme.GOLD,
            "center",
            bold=True,
        )
        note = f"{self.name}: press {ready_key.title()} (or click) when you are ready. Everyone else, look away."
        theme.blit_text(
            surface,
            note,
            round(24 * scale),
            (box.centerx, box.y + 130 * scale),
            theme.INK,
            "center",
        )
        return box
