"""OMYN's 54 game cards. A physical card is an int id (0–53); its face is a short string.

Faces: ``"0"``–``"12"`` and the Omens ``"GO"`` (Good Omen) and ``"BO"`` (Bad Omen). Ids exist only
inside the state (to follow knowledge as cards move); views and events carry faces, never ids.
"""

from __future__ import annotations

GOOD_OMEN = "GO"
BAD_OMEN = "BO"
OMENS = (GOOD_OMEN, BAD_OMEN)
REGULAR = tuple(range(1, 6))
POWERS = {
    0: "void",
    6: "hex",
    7: "insight",
    8: "spy",
    9: "foresee",
    10: "switch",
    11: "skip",
    12: "draw",
}
# Powers that name another player (Spy may also name yourself).
TARGETED = ("hex", "spy", "switch", "skip", "draw")

FACES: tuple[str, ...] = (
    GOOD_OMEN,
    BAD_OMEN,
    *(str(n) for n in REGULAR for _ in range(4)),
    *(str(n) for n in POWERS for _ in range(4)),
)
DECK_SIZE = len(FACES)  # 54
ALL_FACES: tuple[str, ...] = tuple(sorted(set(FACES), key=lambda f: (f in OMENS, f.zfill(2))))


def is_omen(face: str) -> bool:
    return face in OMENS


def number(face: str) -> int | None:
    """The printed number, or None for an Omen (its value is set only at scoring)."""
    return None if face in OMENS else int(face)


def power_of(face: str) -> str | None:
    """The power name of a power card (``"void"`` for 0), else None."""
    value = number(face)
    return POWERS.get(value) if value is not None else None


def same_value(a: str, b: str) -> bool:
    """Equal for Pair Up and chains: equal numbers. Good and Bad Omen are never equal."""
    return not is_omen(a) and not is_omen(b) and a == b


def card_name(face: str) -> str:
    if face == GOOD_OMEN:
        return "Good Omen"
    if face == BAD_OMEN:
        return "Bad Omen"
    power = power_of(face)
    return f"{face} ({power.title()})" if power else face
