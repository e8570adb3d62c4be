"""One player's side of the table: Being deck, hand, Life, Abyss, Gems and three locations."""

from __future__ import annotations

import dataclasses

from game.omg.cards import CARDS, CardInfo

LOCATIONS = (0, 1, 2)
LOCATION_NAMES = ("Left", "Center", "Right")
GEM_ZONE_MAX = 8


def in_range(src: int, dst: int) -> bool:
    """Location i faces i and may target i-1, i, i+1."""
    return abs(src - dst) <= 1


@dataclasses.dataclass
class Stack:
    """A Being in play: its cards bottom to top and the state the top card inherits."""

    cards: list[str]
    rested: bool = False
    entered_turn: int = 0  # the turn it was played (summoning sickness)
    evolved_turn: int = -1  # the last turn it evolved (once per turn)
    attacked_turn: int = -1
    turn_mod: int = 0  # "this turn" modifiers (Pele); end at the next Refresh of either player
    equipped: int = 0  # Gems equipped; +1 each until its owner's next Refresh

    @property
    def top(self) -> CardInfo:
        return CARDS[self.cards[-1]]

    @property
    def printed_power(self) -> int:
        return sum(CARDS[c].power for c in self.cards)

    def copy(self) -> Stack:
        return Stack(
            list(self.cards),
            self.rested,
            self.entered_turn,
            self.evolved_turn,
            self.attacked_turn,
            self.turn_mod,
            self.equipped,
        )


@dataclasses.dataclass
class Side:
    beings: tuple[str, ...]  # the 12 Beings of the deck (public: the decks option)
    deck: list[str]  # top = the end of the list
    hand: list[str] = dataclasses.field(default_factory=list)
    life: list[str] = dataclasses.field(default_factory=list)
    abyss: list[str] = dataclasses.field(default_factory=list)
    gem_deck: int = 8
    gems_active: int = 0
    gems_rested: int = 0
    locations: list[Stack | None] = dataclasses.field(default_factory=lambda: [None, None, None])
    known_hand: list[str] = dataclasses.field(default_factory=list)  # seen entering the hand
    mulligan_done: bool = False

    def copy(self) -> Side:
        return Side(
            beings=self.beings,
            deck=list(self.deck),
            hand=list(self.hand),
            life=list(self.life),
            abyss=list(self.abyss),
            gem_deck=self.gem_deck,
            gems_active=self.gems_active,
            gems_rested=self.gems_rested,
            locations=[s.copy() if s else None for s in self.locations],
            known_hand=list(self.known_hand),
            mulligan_done=self.mulligan_done,
        )

    def occupied(self) -> int:
        return sum(1 for s in self.locations if s is not None)

    def gems_in_zone(self) -> int:
        return self.gems_active + self.gems_rested
