"""OMG's actions.

Locations are 0 = Left, 1 = Center, 2 = Right, in one frame for both sides (location i faces i).
A Play ability that needs a target takes it in the play or evolve action (``target``): an enemy
location (int) for Pele, Tefnut, Raijin and Hel, a card of the Abyss (str) for Gaia; it must be
given whenever a valid target exists, and must be None when none does.
"""

from __future__ import annotations

import dataclasses

from game.core.actions import Action, action_type

Target = int | str | None


@action_type("omg.mulligan")
@dataclasses.dataclass(frozen=True)
class Mulligan(Action):
    """Shuffle ``cards`` (sorted, from the opening hand) back and draw as many; () keeps all."""

    cards: tuple[str, ...]


@action_type("omg.play")
@dataclasses.dataclass(frozen=True)
class PlayBeing(Action):
    """Play ``card`` to ``location`` (empty, or displacing when all three are occupied)."""

    card: str
    location: int
    target: Target = None


@action_type("omg.evolve")
@dataclasses.dataclass(frozen=True)
class Evolve(Action):
    card: str
    location: int
    target: Target = None


@action_type("omg.attack")
@dataclasses.dataclass(frozen=True)
class Attack(Action):
    """The Being at ``location`` attacks the rested enemy Being at ``target``, or Life (None)."""

    location: int
    target: int | None = None


@action_type("omg.gem_draw")
@dataclasses.dataclass(frozen=True)
class GemDraw(Action):
    """Rest an active Gem to draw 1."""


@action_type("omg.equip")
@dataclasses.dataclass(frozen=True)
class EquipGem(Action):
    """With the Being deck empty: rest an active Gem for +1 power until your next Refresh."""

    location: int


@action_type("omg.end_turn")
@dataclasses.dataclass(frozen=True)
class EndTurn(Action):
    pass


@action_type("omg.block")
@dataclasses.dataclass(frozen=True)
class Block(Action):
    """The defender's active Being at ``location`` intercepts the Life attack."""

    location: int


@action_type("omg.defend")
@dataclasses.dataclass(frozen=True)
class AddDefense(Action):
    """Discard ``card`` from hand to add its power to the blocker or to the defense pool."""

    card: str


@action_type("omg.resolve")
@dataclasses.dataclass(frozen=True)
class FinishDefense(Action):
    """The defender is done: the Life attack resolves with the defense declared so far."""


@action_type("omg.discard")
@dataclasses.dataclass(frozen=True)
class Discard(Action):
    """Apollo's 'then discard 1'."""

    card: str


@action_type("omg.forfeit")
@dataclasses.dataclass(frozen=True)
class Forfeit(Action):
    """Quit: the other player wins. Accepted from either seat at any time (not listed as legal)."""
