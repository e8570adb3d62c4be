"""Om Nom Nom's pieces drawn in code: animal cards in their colour and the dice.

A card is ``"<animal>/<seat>"`` (``"wolf/2"``): the seat's colour in its top band with the
colour's shape (colour is never the only channel), the animal, and what it eats. A die is
``"die:<face>"``: ivory with the face's symbol, black (1 point) or red with a "2" mark (2 points).
Symbols are drawn large and smooth-scaled down, so they stay crisp at any size.
"""

from __future__ import annotations

import math

import pygame

from game.omnomnom.cards import BOARD_OF, BOARDS, DIE_POINTS, RED_FACES, parse_card
from scenes import theme
from scenes.table.faces import SUPERSAMPLE, FaceRenderer

Colour = tuple[int, int, int]

# One colour and one shape per seat (the rules' COLOURS order: green, red, blue, yellow...).
SEAT_COLOURS: tuple[Colour, ...] = (
    (58, 150, 72),
    (204, 60, 52),
    (56, 104, 200),
    (226, 184, 40),
    (142, 78, 176),
    (232, 124, 36),
)
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")
BOARD_COLOURS: dict[str, Colour] = {
    "forest": (38, 92, 48),
    "town": (118, 72, 58),
    "pond": (36, 88, 132),
}
DIE_BODY = (246, 240, 222)
DIE_BLACK = (30, 30, 34)
DIE_RED = (200, 36, 36)
PREY = {b.top: b.middle for b in BOARDS} | {b.middle: b.bottom for b in BOARDS}
PLURAL = {"mouse": "mice", "cheese": "cheese", "fly": "flies", "hedgehog": "hedgehogs"}


def plural(name: str, count: int = 2) -> str:
    """ "1 wolf", "2 wolves", "3 mice": the animals and foods as words."""
    if count == 1:
        return name
    if name == "wolf":
        return "wolves"
    return PLURAL.get(name, name + "s")


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def is_die(piece: str | None) -> bool:
    return piece is not None and piece.startswith("die:")


def die_card(face: str) -> str:
    return f"die:{face}"


def face_of(die: str | None) -> str:
    """The face a die shows (its ``die_card`` name without the prefix)."""
    return (die or "").removeprefix("die:")


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    corners = {"square": 4, "triangle": 3, "diamond": 4, "hexagon": 6, "star": 10}[shape]
    turn = {"square": math.pi / 4, "triangle": -math.pi / 2, "diamond": 0.0}.get(
        shape, -math.pi / 2
    )
    points = []
    for i in range(corners):
        radius = r * (0.45 if shape == "star" and i % 2 else 1.0)
        angle = turn + 2 * math.pi * i / corners
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def draw_shape(surface: pygame.Surface, shape: str, centre: tuple[float, float], r: float) -> None:
    """A seat's shape, white with a dark rim, so colour-blind players can tell seats apart."""
    if shape == "circle":
        pygame.draw.circle(surface, (250, 250, 250), centre, r)
        pygame.draw.circle(surface, (30, 30, 30), centre, r, max(1, round(r / 4)))
        return
    points = shape_points(shape, centre[0], centre[1], r * 1.1)
    pygame.draw.polygon(surface, (250, 250, 250), points)
    pygame.draw.polygon(surface, (30, 30, 30), points, max(1, round(r / 4)))


def symbol(name: str, size: int) -> pygame.Surface:
    """An animal or food symbol ``size`` pixels square, anti-aliased by supersampling."""
    big = max(4, size) * SUPERSAMPLE
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    PAINTERS[name](layer, float(big))
    return pygame.transform.smoothscale(layer, (size, size))


def _eyes(layer: pygame.Surface, s: float, y: float, gap: float, r: float) -> None:
    for x in (s / 2 - gap, s / 2 + gap):
        pygame.draw.circle(layer, (250, 250, 250), (x, y), r * 1.6)
        pygame.draw.circle(layer, (20, 20, 20), (x, y), r)


def _wolf(layer: pygame.Surface, s: float) -> None:
    grey = (110, 114, 124)
    pygame.draw.polygon(
        layer, grey, [(s * 0.18, s * 0.05), (s * 0.42, s * 0.3), (s * 0.2, s * 0.42)]
    )
    pygame.draw.polygon(
        layer, grey, [(s * 0.82, s * 0.05), (s * 0.58, s * 0.3), (s * 0.8, s * 0.42)]
    )
    head = [
        (s * 0.15, s * 0.3),
        (s * 0.85, s * 0.3),
        (s * 0.8, s * 0.6),
        (s * 0.5, s * 0.97),
        (s * 0.2, s * 0.6),
    ]
    pygame.draw.polygon(layer, grey, head)
    pygame.draw.polygon(
        layer, (200, 200, 206), [(s * 0.35, s * 0.62), (s * 0.65, s * 0.62), (s * 0.5, s * 0.95)]
    )
    pygame.draw.circle(layer, (20, 20, 20), (s * 0.5, s * 0.86), s * 0.06)
    _eyes(layer, s, s * 0.48, s * 0.16, s * 0.04)


def _rabbit(layer: pygame.Surface, s: float) -> None:
    fur = (226, 214, 196)
    for x in (0.34, 0.66):
        pygame.draw.ellipse(layer, fur, (s * (x - 0.1), 0, s * 0.2, s * 0.55))
        pygame.draw.ellipse(layer, (236, 170, 180), (s * (x - 0.05), s * 0.06, s * 0.1, s * 0.4))
    pygame.draw.ellipse(layer, fur, (s * 0.2, s * 0.38, s * 0.6, s * 0.58))
    _eyes(layer, s, s * 0.6, s * 0.13, s * 0.04)
    pygame.draw.circle(layer, (220, 110, 130), (s * 0.5, s * 0.76), s * 0.05)


def _cat(layer: pygame.Surface, s: float) -> None:
    fur = (232, 146, 60)
    pygame.draw.polygon(
        layer, fur, [(s * 0.14, s * 0.08), (s * 0.44, s * 0.3), (s * 0.16, s * 0.5)]
    )
    pygame.draw.polygon(
        layer, fur, [(s * 0.86, s * 0.08), (s * 0.56, s * 0.3), (s * 0.84, s * 0.5)]
    )
    pygame.draw.circle(layer, fur, (s * 0.5, s * 0.58), s * 0.38)
    _eyes(layer, s, s * 0.52, s * 0.15, s * 0.045)
    pygame.draw.polygon(
        layer, (220, 110, 130), [(s * 0.45, s * 0.66), (s * 0.55, s * 0.66), (s * 0.5, s * 0.72)]
    )
    for dy in (-0.04, 0.04):
        pygame.draw.line(
            layer,
            (60, 40, 20),
            (s * 0.05, s * (0.72 + dy)),
            (s * 0.35, s * 0.7),
            max(1, round(s * 0.02)),
        )
        pygame.draw.line(
            layer,
            (60, 40, 20),
            (s * 0.95, s * (0.72 + dy)),
            (s * 0.65, s * 0.7),
            max(1, round(s * 0.02)),
        )


def _mouse(layer: pygame.Surface, s: float) -> None:
    grey = (150, 150, 160)
    for x in (0.24, 0.76):
        pygame.draw.circle(layer, grey, (s * x, s * 0.3), s * 0.22)
        pygame.draw.circle(layer, (236, 170, 180), (s * x, s * 0.3), s * 0.13)
    pygame.draw.ellipse(layer, grey, (s * 0.22, s * 0.3, s * 0.56, s * 0.62))
    _eyes(layer, s, s * 0.56, s * 0.11, s * 0.035)
    pygame.draw.circle(layer, (220, 110, 130), (s * 0.5, s * 0.86), s * 0.06)


def _hedgehog(layer: pygame.Surface, s: float) -> None:
    spikes = []
    for i in range(11):
        angle = math.pi + math.pi * i / 10
        radius = s * (0.48 if i % 2 else 0.34)
        spikes.append((s * 0.5 + radius * math.cos(angle), s * 0.72 + radius * math.sin(angle)))
    pygame.draw.polygon(layer, (96, 66, 40), [(s * 0.02, s * 0.75), *spikes, (s * 0.98, s * 0.75)])
    pygame.draw.ellipse(layer, (214, 180, 140), (s * 0.5, s * 0.5, s * 0.46, s * 0.32))
    pygame.draw.circle(layer, (20, 20, 20), (s * 0.94, s * 0.66), s * 0.05)
    pygame.draw.circle(layer, (20, 20, 20), (s * 0.76, s * 0.6), s * 0.04)
    pygame.draw.rect(
        layer, (96, 66, 40), (s * 0.1, s * 0.8, s * 0.8, s * 0.08), border_radius=round(s * 0.04)
    )


def _frog(layer: pygame.Surface, s: float) -> None:
    green = (84, 170, 64)
    for x in (0.28, 0.72):
        pygame.draw.circle(layer, green, (s * x, s * 0.34), s * 0.17)
    pygame.draw.ellipse(layer, green, (s * 0.06, s * 0.34, s * 0.88, s * 0.56))
    for x in (0.28, 0.72):
        pygame.draw.circle(layer, (250, 250, 250), (s * x, s * 0.32), s * 0.11)
        pygame.draw.circle(layer, (20, 20, 20), (s * x, s * 0.32), s * 0.055)
    pygame.draw.arc(
        layer,
        (30, 80, 30),
        (s * 0.22, s * 0.44, s * 0.56, s * 0.34),
        math.pi * 1.1,
        math.pi * 1.9,
        max(1, round(s * 0.04)),
    )


def _carrot(layer: pygame.Surface, s: float) -> None:
    for dx in (-0.12, 0.0, 0.12):
        pygame.draw.ellipse(layer, (60, 150, 50), (s * (0.42 + dx), 0, s * 0.16, s * 0.34))
    pygame.draw.polygon(
        layer, (240, 130, 30), [(s * 0.24, s * 0.26), (s * 0.76, s * 0.26), (s * 0.5, s * 0.98)]
    )
    for y in (0.42, 0.6):
        pygame.draw.line(
            layer, (180, 80, 20), (s * 0.38, s * y), (s * 0.52, s * y), max(1, round(s * 0.03))
        )


def _cheese(layer: pygame.Surface, s: float) -> None:
    pygame.draw.polygon(
        layer, (246, 206, 64), [(s * 0.04, s * 0.8), (s * 0.96, s * 0.8), (s * 0.96, s * 0.3)]
    )
    pygame.draw.polygon(
        layer,
        (250, 224, 110),
        [(s * 0.04, s * 0.8), (s * 0.96, s * 0.3), (s * 0.96, s * 0.2), (s * 0.04, s * 0.7)],
    )
    for x, y, r in ((0.7, 0.6, 0.07), (0.84, 0.48, 0.05), (0.55, 0.7, 0.04)):
        pygame.draw.circle(layer, (206, 160, 30), (s * x, s * y), s * r)


def _fly(layer: pygame.Surface, s: float) -> None:
    for x in (0.28, 0.72):
        pygame.draw.ellipse(layer, (170, 200, 230), (s * (x - 0.2), s * 0.1, s * 0.4, s * 0.42))
    pygame.draw.ellipse(layer, (30, 30, 36), (s * 0.32, s * 0.3, s * 0.36, s * 0.6))
    pygame.draw.circle(layer, (30, 30, 36), (s * 0.5, s * 0.28), s * 0.14)
    pygame.draw.circle(layer, (200, 40, 40), (s * 0.42, s * 0.24), s * 0.05)
    pygame.draw.circle(layer, (200, 40, 40), (s * 0.58, s * 0.24), s * 0.05)


PAINTERS = {
    "wolf": _wolf,
    "rabbit": _rabbit,
    "cat": _cat,
    "mouse": _mouse,
    "hedgehog": _hedgehog,
    "frog": _frog,
    "carrot": _carrot,
    "cheese": _cheese,
    "fly": _fly,
}


class OmNomNomFaces(FaceRenderer):
    def size_for(self, card: str | None, size: tuple[int, int]) -> tuple[int, int]:
        return (size[0], size[0]) if is_die(card) else size

    def face(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        if is_die(card):
            return self.die(card.removeprefix("die:"), size)
        return self.card(card, size)

    def card(self, card: str, size: tuple[int, int]) -> pygame.Surface:
        animal, seat = parse_card(card)
        w, h = size
        colour = seat_colour(seat)
        surface = pygame.Surface(size, pygame.SRCALPHA)
        radius = max(3, w // 10)
        pygame.draw.rect(surface, theme.CARD_FACE, surface.get_rect(), border_radius=radius)
        band = pygame.Rect(0, 0, w, round(h * 0.24))
        pygame.draw.rect(
            surface, colour, band, border_top_left_radius=radius, border_top_right_radius=radius
        )
        ink = (20, 20, 20) if sum(colour) > 420 else (250, 250, 250)
        name = theme.font(max(8, round(h * 0.15)), bold=True).render(animal.title(), True, ink)
        pad = max(2, round(w * 0.06))
        room = round(w - 3 * pad - h * 0.12)  # beside the seat's shape
        if name.get_width() > room:
            name = pygame.transform.smoothscale(name, (room, name.get_height()))
        surface.blit(name, name.get_rect(midleft=(pad, band.centery)))
        draw_shape(surface, SEAT_SHAPES[seat % 6], (w - pad - h * 0.05, band.centery), h * 0.055)
        picture = symbol(animal, round(min(w * 0.82, h * 0.5)))
        surface.blit(picture, picture.get_rect(center=(w // 2, round(h * 0.55))))
        board = BOARD_OF[animal]
        strip = pygame.Rect(0, round(h * 0.82), w, h - round(h * 0.82))
        pygame.draw.rect(
            surface,
            BOARD_COLOURS[board.name],
            strip,
            border_bottom_left_radius=radius,
            border_bottom_right_radius=radius,
        )
        eats = theme.font(max(7, round(h * 0.11))).render(
            f"eats {plural(PREY[animal])}", True, (250, 250, 250)
        )
        if eats.get_width() > w - 2 * pad:
            eats = pygame.transform.smoothscale(eats, (w - 2 * pad, eats.get_height()))
        surface.blit(eats, eats.get_rect(center=strip.center))
        pygame.draw.rect(
            surface, colour, surface.get_rect(), width=max(1, w // 30), border_radius=radius
        )
        return surface

    def die(self, face: str, size: tuple[int, int]) -> pygame.Surface:
        side = min(size)
        surface = pygame.Surface(size, pygame.SRCALPHA)
        body = pygame.Rect(0, 0, side, side)
        body.center = (size[0] // 2, size[1] // 2)
        red = face in RED_FACES
        radius = max(2, side // 5)
        pygame.draw.rect(surface, DIE_BODY, body, border_radius=radius)
        pygame.draw.rect(
            surface,
            DIE_RED if red else DIE_BLACK,
            body,
            width=max(1, side // 14),
            border_radius=radius,
        )
        picture = symbol(face, round(side * 0.7))
        surface.blit(picture, picture.get_rect(center=(body.centerx, body.centery + side * 0.04)))
        if red:  # the "2": points by shape too, not by colour alone
            mark = theme.font(max(8, round(side * 0.5)), bold=True).render(
                str(DIE_POINTS[face]), True, (255, 255, 255)
            )
            badge = pygame.Rect(0, 0, round(side * 0.42), round(side * 0.42))
            badge.topright = (body.right, body.top)
            pygame.draw.rect(surface, DIE_RED, badge, border_radius=max(2, side // 6))
            surface.blit(mark, mark.get_rect(center=badge.center))
        return surface
