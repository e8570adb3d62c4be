"""OMYN's cards drawn in code: a big number, its power named in words (colour is never the only
sign), the Omens as suns."""

from __future__ import annotations

import pygame

from game.omyn.cards import BAD_OMEN, GOOD_OMEN, power_of
from scenes import theme
from scenes.table.faces import FaceRenderer

POWER_COLOURS = {
    "void": (70, 70, 90),
    "hex": (128, 52, 140),
    "insight": (40, 110, 170),
    "spy": (30, 130, 120),
    "foresee": (60, 90, 170),
    "switch": (180, 110, 30),
    "skip": (170, 60, 50),
    "draw": (150, 40, 80),
}
PLAIN_COLOUR = (40, 40, 40)
POWER_WORDS = {"draw": "12-Draw"}


class OmynFaces(FaceRenderer):
    def face(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, w // 12)
        omen = card in (GOOD_OMEN, BAD_OMEN)
        paper = (40, 30, 60) if card == BAD_OMEN else theme.CARD_FACE
        pygame.draw.rect(surface, paper, surface.get_rect(), border_radius=radius)
        pygame.draw.rect(
            surface, theme.CARD_EDGE, surface.get_rect(), width=1, border_radius=radius
        )
        if omen:
            good = card == GOOD_OMEN
            colour = (226, 170, 40) if good else (200, 190, 230)
            centre = (w // 2, round(h * 0.42))
            pygame.draw.circle(surface, colour, centre, max(3, round(w * 0.22)))
            for i in range(12):
                v = pygame.math.Vector2(0, 1).rotate(i * 30)
                start = (centre[0] + v.x * w * 0.27, centre[1] + v.y * w * 0.27)
                end = (centre[0] + v.x * w * 0.38, centre[1] + v.y * w * 0.38)
                pygame.draw.line(surface, colour, start, end, max(1, w // 30))
            for i, word in enumerate(("Good" if good else "Bad", "Omen")):
                theme.blit_text(
                    surface,
                    word,
                    max(8, round(h * 0.12)),
                    (w // 2, round(h * (0.72 + 0.12 * i))),
                    colour,
                    "center",
                    bold=True,
                )
            return surface
        power = power_of(card)
        colour = POWER_COLOURS.get(power or "", PLAIN_COLOUR)
        if power:
            band = pygame.Rect(0, round(h * 0.76), w, round(h * 0.17))
            pygame.draw.rect(surface, colour, band)
            word = POWER_WORDS.get(power, power.title())
            theme.blit_text(
                surface, word, max(7, round(h * 0.1)), band.center, (250, 246, 236), "center", True
            )
        big = theme.font(max(10, round(h * 0.46)), bold=True).render(card, True, colour)
        surface.blit(big, big.get_rect(center=(w // 2, round(h * 0.42))))
        corner = theme.font(max(8, round(h * 0.14)), bold=True).render(card, True, colour)
        pad = max(2, round(w * 0.07))
        surface.blit(corner, (pad, pad // 2))
        return surface
