"""The 24 Beings' abilities, each implemented once and looked up by Being name (``ABILITIES``).

Only the top card of a stack is live; N is its level. The hooks:
- Play: ``targets`` lists what the ability may aim at (empty: it needs none); ``on_play`` does it.
- Turn: passive power changes (``ally_aura``, ``self_bonus``, ``enemy_aura``) while in play, and
  flags (``haste``, ``defense_card_bonus``).
- Attack: ``attack_bonus``, ``ignores_range``, ``draws_on_kill``.
- Block: ``block_bonus``, ``ready_after_block``.
"""

from __future__ import annotations

from game.core.events import Event
from game.core.narration import counted
from game.omg.actions import Target
from game.omg.board import LOCATIONS, Side, in_range
from game.omg.cards import BEINGS, CARDS
from game.omg.events import AbilityUsed
from game.omg.state_port import OmgStatePort


class Ability:
    haste = False  # may attack the turn it is played
    ignores_range = False  # may attack any location
    ready_after_block = False  # becomes active again after a block it survives
    draws_on_kill = False  # draw 1 when its attack destroys a Being
    defense_card_bonus = 0  # extra power per card its owner discards for defense
    targeted = False  # its Play ability aims at something (``targets``)

    def ally_aura(self, level: int, src: int, dst: int) -> int:
        """Power this Being (at ``src``) gives its owner's Being at ``dst`` (dst != src)."""
        return 0

    def self_bonus(self, level: int, side: Side, loc: int) -> int:
        return 0

    def enemy_aura(self, level: int, src: int, dst: int) -> int:
        """Power this Being (at ``src``) gives the enemy Being at ``dst``."""
        return 0

    def attack_bonus(self, level: int, at_life: bool) -> int:
        return 0

    def block_bonus(self, level: int) -> int:
        return 0

    def targets(self, state: OmgStatePort, seat: int, loc: int, level: int) -> list[Target]:
        return []

    def on_play(
        self, state: OmgStatePort, seat: int, loc: int, level: int, target: Target
    ) -> list[Event]:
        return []


def _used(seat: int, loc: int, level: int, state: OmgStatePort, text: str) -> AbilityUsed:
    being = CARDS[state.sides[seat].locations[loc].cards[-1]].being  # type: ignore[union-attr]
    return AbilityUsed(seat, loc, being, text)


class AttackBonus(Ability):
    """Surtr (at a rested Being), Ra (at Life), Zeus (always): +N when attacking."""

    def __init__(self, when: str) -> None:
        self.when = when  # "being", "life" or "any"

    def attack_bonus(self, level: int, at_life: bool) -> int:
        if self.when == "any" or (self.when == "life") == at_life:
            return level
        return 0


class BlockBonus(Ability):
    """Poseidon, Geb, Indra: +N when blocking."""

    def block_bonus(self, level: int) -> int:
        return level


class ReadyGems(Ability):
    """Hephaestus: ready 1 rested Gem (L3: 2)."""

    def on_play(
        self, state: OmgStatePort, seat: int, loc: int, level: int, target: Target
    ) -> list[Event]:
        count = min(2 if level == 3 else 1, state.sides[seat].gems_rested)
        events: list[Event] = [_used(seat, loc, level, state, f"readies {counted(count, 'Gem')}")]
        return events + state.ready_gems(seat, count)


def _enemy_targets(state: OmgStatePort, seat: int, loc: int, test: object = None) -> list[int]:
    enemy = state.sides[1 - seat]
    return [j for j in LOCATIONS if in_range(loc, j) and enemy.locations[j] is not None]


class Weaken(Ability):
    """Pele: one enemy Being in range gets -N power this turn."""

    targeted = True

    def targets(self, state: OmgStatePort, seat: int, loc: int, level: int) -> list[Target]:
        return list(_enemy_targets(state, seat, loc))

    def on_play(
        self, state: OmgStatePort, seat: int, loc: int, level: int, target: Target
    ) -> list[Event]:
        assert isinstance(target, int)
        stack = state.sides[1 - seat].locations[target]
        assert stack is not None
        stack.turn_mod -= level
        return [_used(seat, loc, level, state, f"-{level} power to the enemy at {target}")]


class RestEnemy(Ability):
    """Tefnut, Raijin: rest one active enemy Being in range with power <= N+1."""

    targeted = True

    def targets(self, state: OmgStatePort, seat: int, loc: int, level: int) -> list[Target]:
        enemy = state.sides[1 - seat]
        return [
            j
            for j in _enemy_targets(state, seat, loc)
            if not enemy.locations[j].rested  # type: ignore[union-attr]
            and state.power(1 - seat, j) <= level + 1
        ]

    def on_play(
        self, state: OmgStatePort, seat: int, loc: int, level: int, target: Target
    ) -> list[Event]:
        assert isinstance(target, int)
        events: list[Event] = [_used(seat, loc, level, state, f"rests the enemy at {target}")]
        return events + state.set_rested(1 - seat, target, True)


class Slay(Ability):
    """Hel: destroy one enemy Being in range with power <= N."""

    targeted = True

    def targets(self, state: OmgStatePort, seat: int, loc: int, level: int) -> list[Target]:
        return [j for j in _enemy_targets(state, seat, loc) if state.power(1 - seat, j) <= level]

    def on_play(
        self, state: OmgStatePort, seat: int, loc: int, level: int, target: Target
    ) -> list[Event]:
        assert isinstance(target, int)
        events: list[Event] = [_used(seat, loc, level, state, f"destroys the enemy at {target}")]
        return events + state.destroy(1 - seat, target)


class DrawCards(Ability):
    """Njord: draw 1 (L3: 2). Apollo (``then_discard``): draw max(1, N-1), then discard 1."""

    def __init__(self, then_discard: bool) -> None:
        self.then_discard = then_discard

    def on_play(
        self, state: OmgStatePort, seat: int, loc: int, level: int, target: Target
    ) -> list[Event]:
        count = max(1, level - 1) if self.then_discard else (2 if level == 3 else 1)
        text = f"draws {count}" + (", then discards 1" if self.then_discard else "")
        events: list[Event] = [_used(seat, loc, level, state, text)]
        events += state.draw(seat, count)
        if self.then_discard and state.sides[seat].hand:
            state.pending_discards += 1
        return events


class Recall(Ability):
    """Gaia: return a Being card of level <= N from your Abyss to your hand."""

    targeted = True

    def targets(self, state: OmgStatePort, seat: int, loc: int, level: int) -> list[Target]:
        return [c for c in dict.fromkeys(state.sides[seat].abyss) if CARDS[c].level <= level]

    def on_play(
        self, state: OmgStatePort, seat: int, loc: int, level: int, target: Target
    ) -> list[Event]:
        assert isinstance(target, str)
        events: list[Event] = [_used(seat, loc, level, state, f"returns {target} to hand")]
        return events + state.return_to_hand(seat, target)


class AdjacentAura(Ability):
    """Agni: your Beings at adjacent locations get +1 (L3: +2)."""

    def ally_aura(self, level: int, src: int, dst: int) -> int:
        return (2 if level == 3 else 1) if abs(src - dst) == 1 else 0


class FullLine(Ability):
    """Demeter: +1 power while your other two locations are occupied."""

    def self_bonus(self, level: int, side: Side, loc: int) -> int:
        return 1 if side.occupied() == 3 else 0


class CurseAcross(Ability):
    """Anubis: the enemy Being directly across gets -1 power."""

    def enemy_aura(self, level: int, src: int, dst: int) -> int:
        return -1 if src == dst else 0


class DefenseCards(Ability):
    """Anuket: each card you discard for defense adds +1 more."""

    defense_card_bonus = 1


class Flag(Ability):
    """Thor (haste), Loki (ignores_range), Amaterasu (ready_after_block), Hades (draws_on_kill)."""

    def __init__(self, flag: str) -> None:
        if not hasattr(Ability, flag):
            raise ValueError(flag)
        setattr(self, flag, True)


ABILITIES: dict[str, Ability] = {
    "Surtr": AttackBonus("being"),
    "Hephaestus": ReadyGems(),
    "Pele": Weaken(),
    "Agni": AdjacentAura(),
    "Poseidon": BlockBonus(),
    "Njord": DrawCards(then_discard=False),
    "Tefnut": RestEnemy(),
    "Anuket": DefenseCards(),
    "Geb": BlockBonus(),
    "Gaia": Recall(),
    "Demeter": FullLine(),
    "Ymir": Ability(),
    "Ra": AttackBonus("life"),
    "Apollo": DrawCards(then_discard=True),
    "Amaterasu": Flag("ready_after_block"),
    "Baldr": Ability(),
    "Hades": Flag("draws_on_kill"),
    "Hel": Slay(),
    "Anubis": CurseAcross(),
    "Loki": Flag("ignores_range"),
    "Zeus": AttackBonus("any"),
    "Thor": Flag("haste"),
    "Raijin": RestEnemy(),
    "Indra": BlockBonus(),
}

if set(ABILITIES) != set(BEINGS):
    raise RuntimeError("every Being in cards.json needs exactly one ability entry")


def ability_of(card: str) -> Ability:
    return ABILITIES[CARDS[card].being]


def _overrides(ability: Ability, hook: str) -> bool:
    return getattr(type(ability), hook) is not getattr(Ability, hook)


# Beings whose Turn ability changes power: only these need looking at for every power query.
_ALLY_AURA = frozenset(n for n, a in ABILITIES.items() if _overrides(a, "ally_aura"))
_SELF_BONUS = frozenset(n for n, a in ABILITIES.items() if _overrides(a, "self_bonus"))
_ENEMY_AURA = frozenset(n for n, a in ABILITIES.items() if _overrides(a, "enemy_aura"))


def passive_modifier(sides: list[Side], seat: int, loc: int) -> int:
    """Turn abilities' effect on the Being at (seat, loc): auras of both sides and its own."""
    own, enemy = sides[seat], sides[1 - seat]
    mod = 0
    for j, stack in enumerate(own.locations):
        if stack is None:
            continue
        top = CARDS[stack.cards[-1]]
        if j == loc:
            if top.being in _SELF_BONUS:
                mod += ABILITIES[top.being].self_bonus(top.level, own, loc)
        elif top.being in _ALLY_AURA:
            mod += ABILITIES[top.being].ally_aura(top.level, j, loc)
    for j, stack in enumerate(enemy.locations):
        if stack is not None:
            top = CARDS[stack.cards[-1]]
            if top.being in _ENEMY_AURA:
                mod += ABILITIES[top.being].enemy_aura(top.level, j, loc)
    return mod
