"""OMG's Being cards drawn in code at any size: name, type (an icon, its colour and its name:
colour is never the only channel), level, cost, power and the ability in short words.

``ability_text(card)`` is the rules text with N filled in for the card's level; the zoom shows
it in full with every level's cost and power.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

import pygame

from game.omg.cards import BEINGS, CARDS
from scenes import theme
from scenes.table.faces import FaceRenderer

TYPE_COLOURS: dict[str, tuple[int, int, int]] = {
    "Fire": (206, 74, 40),
    "Water": (44, 112, 196),
    "Earth": (120, 92, 44),
    "Light": (214, 170, 40),
    "Dark": (96, 56, 140),
    "Storm": (56, 138, 140),
}
GEM_COLOUR = (90, 200, 220)
SUPERSAMPLE = 4


def ability_text(card: str) -> str:
    """The card's ability with N (and the "L3:" alternatives) read for its level."""
    info = CARDS[card]
    text = BEINGS[info.being].ability
    level = info.level
    # "(L3: 2)" replaces the last figure before it on a level-3 card and is dropped otherwise.
    match = re.search(r" \(L3: ([^)]+)\)", text)
    if match:
        text = text.replace(match.group(0), "")
        if level == 3:
            figure = re.search(r"\+?\d+", match.group(1))
            assert figure is not None, f"cards.json: no figure in {match.group(0)!r}"
            *_, last = re.finditer(r"\+?\d+", text)
            text = text[: last.start()] + figure.group(0) + text[last.end() :]
            text = re.sub(r"\b([2-9]) rested Gem\b", r"\1 rested Gems", text)
    text = text.replace("max(1, N-1)", str(max(1, level - 1)))
    text = text.replace("N+1", str(level + 1))
    text = text.replace("<=", "≤")  # the font has ≤ (not every symbol: no arrows)
    return re.sub(r"\bN\b", str(level), text)


def full_text(card: str) -> list[str]:
    """What the zoom says about a card, line by line (the first is the ability)."""
    info = CARDS[card]
    being = BEINGS[info.being]
    skill = "No ability" if being.skill == "None" else f"{being.skill} ability"
    levels = "  ".join(
        f"L{lvl}: cost {being.cost[lvl - 1]}, power {being.power[lvl - 1]}" for lvl in (1, 2, 3)
    )
    when = {
        "Play": "when this card enters play",
        "Turn": "while it is in play",
        "Attack": "when it attacks",
        "Block": "when it blocks",
        "None": "",
    }[being.skill]
    ability = ability_text(card) if being.skill == "None" else f"{skill}: {ability_text(card)}"
    return [
        ability + (f" ({when})." if when else "."),
        f"{info.type}: strong against {_strong(info.type)}, weak against {_weak(info.type)}.",
        levels,
    ]


def _strong(kind: str) -> str:
    from game.omg.cards import STRONG_AGAINST

    return STRONG_AGAINST[kind]


def _weak(kind: str) -> str:
    from game.omg.cards import STRONG_AGAINST

    return next(t for t, beaten in STRONG_AGAINST.items() if beaten == kind)


@lru_cache(maxsize=256)
def type_icon(kind: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A type's shape ``size`` pixels square, anti-aliased by supersampling: flame, drop,
    mountain, sun, moon, bolt."""
    big = max(4, size) * SUPERSAMPLE
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    w = big
    if kind == "Fire":
        pygame.draw.polygon(
            layer,
            colour,
            [
                (w * 0.5, 0),
                (w * 0.78, w * 0.42),
                (w * 0.86, w * 0.7),
                (w * 0.5, w),
                (w * 0.14, w * 0.7),
                (w * 0.26, w * 0.38),
                (w * 0.38, w * 0.55),
            ],
        )
    elif kind == "Water":
        pygame.draw.circle(layer, colour, (w * 0.5, w * 0.64), w * 0.32)
        pygame.draw.polygon(layer, colour, [(w * 0.5, 0), (w * 0.8, w * 0.55), (w * 0.2, w * 0.55)])
    elif kind == "Earth":
        pygame.draw.polygon(
            layer, colour, [(0, w * 0.95), (w * 0.38, w * 0.15), (w * 0.62, w * 0.6)]
        )
        pygame.draw.polygon(
            layer, colour, [(w * 0.3, w * 0.95), (w * 0.68, w * 0.3), (w, w * 0.95)]
        )
    elif kind == "Light":
        pygame.draw.circle(layer, colour, (w * 0.5, w * 0.5), w * 0.24)
        for i in range(8):
            a = math.pi * i / 4
            x, y = math.cos(a), math.sin(a)
            pygame.draw.line(
                layer,
                colour,
                (w * (0.5 + 0.32 * x), w * (0.5 + 0.32 * y)),
                (w * (0.5 + 0.48 * x), w * (0.5 + 0.48 * y)),
                max(1, w // 12),
            )
    elif kind == "Dark":
        pygame.draw.circle(layer, colour, (w * 0.5, w * 0.5), w * 0.46)
        pygame.draw.circle(layer, (0, 0, 0, 0), (w * 0.7, w * 0.36), w * 0.38)
    elif kind == "Storm":
        pygame.draw.polygon(
            layer,
            colour,
            [
                (w * 0.62, 0),
                (w * 0.18, w * 0.56),
                (w * 0.46, w * 0.56),
                (w * 0.34, w),
                (w * 0.84, w * 0.4),
                (w * 0.54, w * 0.4),
            ],
        )
    return pygame.transform.smoothscale(layer, (size, size))


@lru_cache(maxsize=64)
def gem_shape(size: int, colour: tuple[int, int, int], filled: bool = True) -> pygame.Surface:
    """A Gem: a cut diamond (hollow when rested)."""
    big = max(4, size) * SUPERSAMPLE
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    w = big
    points = [(w * 0.5, w * 0.04), (w * 0.92, w * 0.4), (w * 0.5, w * 0.96), (w * 0.08, w * 0.4)]
    if filled:
        pygame.draw.polygon(layer, colour, points)
        pygame.draw.polygon(layer, (255, 255, 255, 110), points[:2] + [(w * 0.5, w * 0.4)])
    pygame.draw.polygon(layer, (20, 40, 50) if filled else colour, points, max(2, w // 9))
    return pygame.transform.smoothscale(layer, (size, size))


def cost_rect(size: tuple[int, int]) -> pygame.Rect:
    """Where a card of ``size`` shows its cost's gem: top right."""
    w, h = size
    rect = pygame.Rect(0, 0, round(h * 0.17), round(h * 0.17))
    rect.topright = (w - round(w * 0.02), round(h * 0.01))
    return rect


class OmgFaces(FaceRenderer):
    """Being cards. Small sizes keep the essentials (name, type icon, level, cost, power)."""

    def face(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        info = CARDS[card]
        w, h = size
        colour = TYPE_COLOURS[info.type]
        surface = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, w // 12)
        pygame.draw.rect(surface, theme.CARD_FACE, surface.get_rect(), border_radius=radius)
        # The art panel: the type's colour, lightened, with its icon large and faint.
        art = pygame.Rect(round(w * 0.07), round(h * 0.2), round(w * 0.86), round(h * 0.42))
        tint = tuple(round(c + (255 - c) * 0.6) for c in colour)
        pygame.draw.rect(surface, tint, art, border_radius=max(2, w // 20))
        big = type_icon(info.type, round(min(art.width, art.height) * 0.8), colour).copy()
        big.set_alpha(150)  # a copy: the icons are cached
        surface.blit(big, big.get_rect(center=art.center))
        # The name band in the type's colour; the type's icon and name under it.
        band = pygame.Rect(0, 0, w, round(h * 0.18))
        pygame.draw.rect(
            surface,
            colour,
            band,
            border_top_left_radius=radius,
            border_top_right_radius=radius,
        )
        # Cost: a gem with its figure, top right; the name fits in the band to its left
        # ("Amaterasu", "Hephaestus" ran under the gem at the table's sizes).
        gem_rect = cost_rect(size)
        gem = gem_shape(gem_rect.width, GEM_COLOUR)
        name_size = max(8, round(h * 0.13))
        name = theme.font(name_size, bold=True).render(info.being, True, (255, 255, 255))
        room = gem_rect.left - round(w * 0.07) - max(1, w // 40)
        if name.get_width() > room:
            name = pygame.transform.smoothscale(
                name, (room, round(name.get_height() * room / name.get_width()))
            )
        surface.blit(name, name.get_rect(midleft=(round(w * 0.07), band.centery)))
        surface.blit(gem, gem_rect)
        cost = theme.font(max(8, round(h * 0.12)), bold=True).render(
            str(info.cost), True, (10, 30, 40)
        )
        surface.blit(cost, cost.get_rect(center=(gem_rect.centerx, gem_rect.centery + 1)))
        small = type_icon(info.type, max(6, round(h * 0.09)), colour)
        surface.blit(small, (art.x + 2, art.y + 2))
        if w >= 60:
            label = theme.font(max(8, round(h * 0.075)), bold=True).render(info.type, True, colour)
            surface.blit(label, (art.x + small.get_width() + 5, art.y + 2))
        # Level: "L2" and three pips, two filled.
        pip_r = max(2, round(h * 0.022))
        for i in range(3):
            centre = (art.right - pip_r - 3 - i * (2 * pip_r + 3), art.bottom - pip_r - 4)
            pygame.draw.circle(
                surface, theme.SUIT_BLACK, centre, pip_r, 0 if 3 - i <= info.level else 1
            )
        level = theme.font(max(8, round(h * 0.1)), bold=True).render(
            f"L{info.level}", True, theme.SUIT_BLACK
        )
        surface.blit(level, level.get_rect(topright=(art.right - 3, art.y + 2)))
        # Power: a round badge on the art's lower left.
        power_r = round(h * 0.085)
        centre = (art.x + power_r + 2, art.bottom - power_r + round(h * 0.04))
        pygame.draw.circle(surface, theme.SUIT_BLACK, centre, power_r)
        power = theme.font(max(8, round(h * 0.13)), bold=True).render(
            str(info.power), True, (255, 255, 255)
        )
        surface.blit(power, power.get_rect(center=centre))
        # The ability in short words (enough room only from a middling size up).
        if w >= 56:
            text_size = max(9, round(h * 0.075))
            lines = theme.wrap(ability_text(card), text_size, round(w * 0.88))
            y = art.bottom + round(h * 0.05)
            for line in lines[:4]:
                rendered = theme.font(text_size).render(line, True, theme.SUIT_BLACK)
                if y + rendered.get_height() > h - 3:
                    break
                surface.blit(rendered, (round(w * 0.06), y))
                y += rendered.get_height() - 1
        pygame.draw.rect(
            surface, colour, surface.get_rect(), width=max(1, w // 30), border_radius=radius
        )
        return surface
