"""OMG's card pool, read from ``cards.json`` (the data file), and deck building.

A Being card is named ``"<Being>:<level>"`` (``"Surtr:2"``). A deck is 12 different Beings, each
bringing its three levels (36 cards), plus 8 identical Gems. Decks are chosen per seat with the
option ``decks``: a preset name (``dawn``, ``dusk``) or 12 Being names joined by ``+``, the seats
separated by a comma: ``"dawn,Surtr+Pele+Agni+..."``.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path

from game.core.decks import DeckRules
from game.core.errors import OptionError

DATA_FILE = Path(__file__).with_name("cards.json")
LEVELS = (1, 2, 3)
DECK_BEINGS = 12
SKILLS = ("Play", "Turn", "Attack", "Block", "None")


@dataclasses.dataclass(frozen=True)
class Being:
    name: str
    type: str
    cost: tuple[int, int, int]  # per level 1, 2, 3
    power: tuple[int, int, int]
    skill: str
    ability: str  # the rules text shown to players

    def card(self, level: int) -> str:
        return f"{self.name}:{level}"


@dataclasses.dataclass(frozen=True)
class CardInfo:
    """One card's printed face: what the rules look up many times a turn."""

    card: str
    being: str
    level: int
    cost: int
    power: int
    type: str


def _load() -> tuple[dict[str, Being], dict[str, str], dict[str, tuple[str, ...]], int]:
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    beings: dict[str, Being] = {}
    for row in data["beings"]:
        being = Being(
            name=row["name"],
            type=row["type"],
            cost=tuple(row["cost"]),
            power=tuple(row["power"]),
            skill=row["skill"],
            ability=row["ability"],
        )
        if len(being.cost) != 3 or len(being.power) != 3 or being.skill not in SKILLS:
            raise ValueError(f"cards.json: bad record for {being.name}")
        beings[being.name] = being
    presets = {name: tuple(members) for name, members in data["decks"].items()}
    return beings, dict(data["strong_against"]), presets, int(data["gems_per_deck"])


BEINGS, STRONG_AGAINST, PRESET_DECKS, GEMS_PER_DECK = _load()
TYPES = tuple(STRONG_AGAINST)
CARDS: dict[str, CardInfo] = {
    b.card(level): CardInfo(
        b.card(level), b.name, level, b.cost[level - 1], b.power[level - 1], b.type
    )
    for b in BEINGS.values()
    for level in LEVELS
}


def info(card: str) -> CardInfo:
    return CARDS[card]


def advantage(attacker_type: str, defender_type: str) -> int:
    """+1 if the attacker is strong against the defender, -1 if weak, 0 if neutral."""
    if STRONG_AGAINST[attacker_type] == defender_type:
        return 1
    if STRONG_AGAINST[defender_type] == attacker_type:
        return -1
    return 0


def deck_cards(beings: tuple[str, ...]) -> list[str]:
    """The 36 Being cards of a deck, in pool order (shuffled by the state)."""
    return [BEINGS[name].card(level) for name in beings for level in LEVELS]


def _being_named(text: str) -> str:
    for name in BEINGS:
        if name.lower() == text.strip().lower():
            return name
    raise OptionError(f"there is no Being called {text.strip()!r} (the pool: {', '.join(BEINGS)})")


def parse_deck(text: str) -> tuple[str, ...]:
    """One seat's deck: a preset name or 12 different Being names joined by '+'."""
    key = text.strip().lower()
    if key in PRESET_DECKS:
        return PRESET_DECKS[key]
    if "+" not in key:
        presets = ", ".join(PRESET_DECKS)
        raise OptionError(
            f"a deck is a preset ({presets}) or 12 Beings joined by '+', not {text.strip()!r}"
        )
    names = tuple(_being_named(part) for part in text.split("+"))
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise OptionError(f"a deck has 12 different Beings; {', '.join(twice)} appears twice")
    if len(names) != DECK_BEINGS:
        raise OptionError(f"a deck has exactly {DECK_BEINGS} Beings, this one has {len(names)}")
    return names


def parse_decks(text: str, players: int = 2) -> tuple[tuple[str, ...], ...]:
    """The ``decks`` option: one deck per seat, separated by commas."""
    parts = [p for p in text.split(",") if p.strip()]
    if len(parts) != players:
        raise OptionError(f"decks names {len(parts)} decks for {players} seats: {text!r}")
    return tuple(parse_deck(p) for p in parts)


def deck_text(beings: tuple[str, ...]) -> str:
    """The option text for a deck: its preset name if it is one, else the names joined by '+'."""
    for name, members in PRESET_DECKS.items():
        if tuple(members) == tuple(beings):
            return name
    return "+".join(beings)


def _check_deck(beings: Sequence[str]) -> tuple[str, ...]:
    return parse_deck("+".join(beings))


# A player's own decks, as the store keeps them (game/store/decks.py).
DECK_RULES = DeckRules(
    kind="omg-deck",
    size=DECK_BEINGS,
    cards="Beings",
    reserved=frozenset(PRESET_DECKS),
    check=_check_deck,
)
