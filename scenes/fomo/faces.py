"""FOMO's cards drawn in code: numbers as big numerals (each its own colour, the numeral always
there so colour is never the only channel), actions as a coloured band with the card's name and a
small emblem."""

from __future__ import annotations

import pygame

from game.fomo.cards import CANCELED, GHOSTED, PLOT_TWIST, SEEN, SWAP, THROWBACK, card_name
from scenes import theme
from scenes.table.faces import FaceRenderer

NUMBER_COLOURS = (
    (70, 70, 80),
    (196, 52, 52),
    (222, 128, 30),
    (176, 146, 18),
    (58, 140, 64),
    (36, 140, 150),
    (44, 92, 190),
    (118, 70, 180),
    (190, 60, 140),
)
ACTION_COLOURS = {
    SEEN: (40, 120, 170),
    GHOSTED: (110, 110, 130),
    CANCELED: (190, 40, 40),
    PLOT_TWIST: (150, 70, 170),
    SWAP: (30, 140, 110),
    THROWBACK: (200, 130, 30),
}


class FomoFaces(FaceRenderer):
    def face(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surface = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, w // 12)
        pygame.draw.rect(surface, theme.CARD_FACE, surface.get_rect(), border_radius=radius)
        pygame.draw.rect(surface, theme.CARD_EDGE, surface.get_rect(), 1, border_radius=radius)
        if card.isdigit():
            self._number(surface, int(card), w, h)
        else:
            self._action(surface, card, w, h)
        return surface

    def _number(self, surface: pygame.Surface, n: int, w: int, h: int) -> None:
        colour = NUMBER_COLOURS[n]
        inner = surface.get_rect().inflate(-max(4, w // 8), -max(4, w // 8))
        pygame.draw.rect(surface, colour, inner, max(1, w // 30), border_radius=max(2, w // 14))
        big = theme.font(round(h * 0.62), bold=True).render(str(n), True, colour)
        surface.blit(big, big.get_rect(center=(w / 2, h * 0.53)))
        corner = theme.font(max(9, round(h * 0.17)), bold=True).render(str(n), True, colour)
        pad = max(3, round(w * 0.12))
        surface.blit(corner, (pad, pad * 0.7))
        flipped = pygame.transform.rotate(corner, 180)
        surface.blit(flipped, (w - pad - corner.get_width(), h - pad * 0.7 - corner.get_height()))

    def _action(self, surface: pygame.Surface, card: str, w: int, h: int) -> None:
        colour = ACTION_COLOURS.get(card, (90, 90, 90))
        band = pygame.Rect(max(2, w // 14), round(h * 0.1), w - 2 * max(2, w // 14), round(h * 0.8))
        pygame.draw.rect(surface, colour, band, border_radius=max(3, w // 10))
        _emblem(surface, card, (w / 2, h * 0.4), min(w, h) * 0.24)
        words = card_name(card).split(" ")
        size = max(8, round(h * (0.14 if len(words) == 1 and len(words[0]) <= 6 else 0.12)))
        while size > 8 and max(theme.font(size, True).size(word)[0] for word in words) > w * 0.86:
            size -= 1
        y = h * (0.7 if len(words) == 1 else 0.64)
        for word in words:
            label = theme.font(size, bold=True).render(word, True, theme.CARD_FACE)
            surface.blit(label, label.get_rect(center=(w / 2, y)))
            y += size * 0.85


def _emblem(surface: pygame.Surface, card: str, centre: tuple[float, float], r: float) -> None:
    """A small white sign per action (shapes, not font glyphs: every font draws them)."""
    x, y = centre
    white = theme.CARD_FACE
    width = max(1, round(r * 0.16))
    if card == SEEN:  # an eye
        pygame.draw.ellipse(surface, white, pygame.Rect(x - r, y - r * 0.55, 2 * r, 1.1 * r), width)
        pygame.draw.circle(surface, white, (x, y), r * 0.32)
    elif card == GHOSTED:  # a ghost: round head, wavy hem
        pygame.draw.circle(surface, white, (x, y - r * 0.2), r * 0.62)
        pygame.draw.rect(surface, white, pygame.Rect(x - r * 0.62, y - r * 0.2, r * 1.24, r * 0.8))
        for i in range(3):
            pygame.draw.circle(surface, white, (x - r * 0.41 + i * r * 0.41, y + r * 0.6), r * 0.2)
    elif card == CANCELED:  # a no-entry sign
        pygame.draw.circle(surface, white, (x, y), r * 0.8, width + 1)
        pygame.draw.line(
            surface, white, (x - r * 0.55, y + r * 0.55), (x + r * 0.55, y - r * 0.55), width + 1
        )
    elif card in (PLOT_TWIST, SWAP):  # two arrows crossing (Plot Twist: whole rows)
        for sign in (-1, 1):
            yy = y + sign * r * 0.35
            x0, x1 = (x - r, x + r) if sign < 0 else (x + r, x - r)
            pygame.draw.line(surface, white, (x0, yy), (x1, yy), width + 1)
            tip = -1 if sign > 0 else 1
            pygame.draw.polygon(
                surface,
                white,
                [(x1, yy - r * 0.28), (x1, yy + r * 0.28), (x1 + tip * r * 0.35, yy)],
            )
        if card == PLOT_TWIST:
            pygame.draw.circle(surface, white, (x, y), r * 0.15)
    elif card == THROWBACK:  # an arrow curling back
        rect = pygame.Rect(x - r * 0.7, y - r * 0.7, r * 1.4, r * 1.4)
        pygame.draw.arc(surface, white, rect, 0.3, 4.2, width + 1)
        pygame.draw.polygon(
            surface,
            white,
            [(x + r * 0.9, y - r * 0.05), (x + r * 0.4, y - r * 0.05), (x + r * 0.66, y - r * 0.5)],
        )
