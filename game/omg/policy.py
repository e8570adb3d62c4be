"""Heuristic play for OMG, on a State the bot may see (its own view, determinized).

The functions read only public information and the acting seat's own hand, so running them on a
determinized state reveals nothing: hidden cards there are samples. The normal bot uses them for
every decision; the hard bot uses them for its playouts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.core.actions import Action
from game.omg.abilities import ABILITIES, ability_of
from game.omg.actions import (
    AddDefense,
    Attack,
    Block,
    Discard,
    EndTurn,
    EquipGem,
    Evolve,
    FinishDefense,
    GemDraw,
    Mulligan,
    PlayBeing,
)
from game.omg.board import in_range
from game.omg.cards import CARDS, advantage
from game.omg.combat import beats
from game.omg.state import OmgState

PRESENCE = 1.5  # a Being in play is worth its power plus this (it can block, threaten, hold a spot)
LIFE_LOSS_COST = {0: 1000.0, 1: 14.0, 2: 8.0, 3: 6.0}  # what losing a Life now is worth avoiding


def card_worth(card: str) -> float:
    """How much a card in hand is worth keeping (for defense cards and discards)."""
    info = CARDS[card]
    return 1.0 + 0.35 * info.cost


def stack_value(state: OmgState, seat: int, loc: int) -> float:
    return state.power(seat, loc) + PRESENCE


def choose_mulligan(hand: Sequence[str], seat: int) -> Mulligan:
    """Keep a curve: shuffle back the expensive cards unless the hand is already cheap enough."""
    cheap = [c for c in hand if CARDS[c].cost <= 2]
    back = [c for c in hand if CARDS[c].cost >= 5] if len(cheap) < 4 else []
    return Mulligan(seat, tuple(sorted(back)))


def choose_discard(hand: Sequence[str], seat: int) -> Discard:
    return Discard(seat, min(hand, key=lambda c: (CARDS[c].power + 0.3 * CARDS[c].level, c)))


# --- defense ---------------------------------------------------------------------------------
def _cheapest_cards(
    state: OmgState, seat: int, declared: list[str], need: Callable[[list[str]], bool]
) -> list[str]:
    """The fewest, least worthy hand cards that make ``need(cards)`` true, or [] if none do."""
    hand = sorted(state.sides[seat].hand, key=lambda c: (card_worth(c) / (CARDS[c].power + 1), c))
    chosen: list[str] = []
    for card in hand:
        if need(declared + chosen):
            return chosen
        chosen.append(card)
    return chosen if need(declared + chosen) else []


def defense_plan(state: OmgState, seat: int) -> tuple[int | None, list[str]]:
    """(blocker, cards to add) that costs the defender least, counting a lost Life by its worth."""
    defense = state.defense
    assert defense is not None
    attacker_seat, loc = defense.attacker, defense.location
    attacker = state.sides[attacker_seat].locations[loc]
    assert attacker is not None
    attack = state.attack_power(attacker_seat, loc, at_life=True)
    ties = state.defender_wins_ties
    life = len(state.sides[seat].life)
    declared = list(defense.cards)
    options: list[tuple[float, int | None, list[str]]] = []
    blockers = [defense.blocker] if defense.blocker is not None else state.blockers(defense)
    attacker_value = stack_value(state, attacker_seat, loc)
    for j in blockers:
        blocker = state.sides[seat].locations[j]
        assert blocker is not None
        adv = advantage(attacker.top.type, blocker.top.type)

        def holds(cards: list[str], j: int = j, adv: int = adv) -> bool:
            return beats(attack, state.block_power(seat, j, cards), adv, ties) != "attacker"

        cards = _cheapest_cards(state, seat, declared, holds)
        if holds(declared + cards):
            kills = beats(attack, state.block_power(seat, j, declared + cards), adv, ties)
            bonus = attacker_value if kills == "defender" else 0.0
            options.append((sum(card_worth(c) for c in cards) - bonus - 0.5, j, cards))
        # A chump block: the blocker falls but the Life is safe.
        options.append((stack_value(state, seat, j), j, []))
    if defense.blocker is None:

        def pool_holds(cards: list[str]) -> bool:
            return beats(attack, state.defense_card_power(seat, cards), 0, ties) != "attacker"

        cards = _cheapest_cards(state, seat, declared, pool_holds)
        if pool_holds(declared + cards):
            options.append((sum(card_worth(c) for c in cards), None, cards))
        options.append((LIFE_LOSS_COST[min(life, 3)], None, []))
    _, chosen, cards = min(options, key=lambda o: (o[0], o[1] is None, len(o[2])))
    return chosen, cards


def choose_defense(state: OmgState, seat: int) -> Action:
    defense = state.defense
    assert defense is not None
    blocker, cards = defense_plan(state, seat)
    if blocker is not None and defense.blocker is None:
        return Block(seat, blocker)
    if cards:
        return AddDefense(seat, cards[0])
    return FinishDefense(seat)


# --- the Advancement phase -------------------------------------------------------------------
def _threatened(state: OmgState, seat: int, loc: int, power: int) -> bool:
    """Could an enemy Being beat the Being at (seat, loc) with ``power`` if it stood rested?"""
    enemy = 1 - seat
    mine = state.sides[seat].locations[loc]
    assert mine is not None
    for j, other in enumerate(state.sides[enemy].locations):
        if other is None:
            continue
        if not (ability_of(other.cards[-1]).ignores_range or in_range(j, loc)):
            continue
        attack = state.attack_power(enemy, j, at_life=False)
        adv = advantage(other.top.type, mine.top.type)
        if beats(attack, power, adv, state.defender_wins_ties) == "attacker":
            return True
    return False


def _ability_value(state: OmgState, seat: int, card: str, target: object) -> float:
    info = CARDS[card]
    name, level = info.being, info.level
    enemy = state.sides[1 - seat]
    if name == "Hel" and isinstance(target, int):
        return stack_value(state, 1 - seat, target) + 1.0
    if name in ("Tefnut", "Raijin") and isinstance(target, int):
        return 1.0 + 0.3 * state.power(1 - seat, target)
    if name == "Pele" and isinstance(target, int):
        return 0.5 * level
    if name == "Gaia" and isinstance(target, str):
        return 0.8 + 0.2 * CARDS[target].power
    if name == "Njord":
        return 0.8 * (2 if level == 3 else 1)
    if name == "Apollo":
        return 0.6 * max(1, level - 1)
    if name == "Hephaestus":
        return 0.9 * min(2 if level == 3 else 1, state.sides[seat].gems_rested + info.cost)
    if name == "Anubis":
        return 0.5 * sum(1 for s in enemy.locations if s is not None)
    return 0.0


def _play_score(state: OmgState, action: PlayBeing | Evolve) -> float:
    seat = action.seat
    side = state.sides[seat]
    info = CARDS[action.card]
    score = info.power + _ability_value(state, seat, action.card, action.target)
    if isinstance(action, PlayBeing):
        score += PRESENCE + (0.3 if action.location == 1 else 0.0)
        if side.locations[action.location] is not None:
            score -= stack_value(state, seat, action.location) + 0.5
        if info.being == "Agni":
            neighbours = [j for j in (action.location - 1, action.location + 1) if 0 <= j <= 2]
            score += sum(1 for j in neighbours if side.locations[j] is not None)
        cost = info.cost
    else:
        stack = side.locations[action.location]
        assert stack is not None
        cost = max(0, info.cost - stack.top.cost)
        score += 0.5  # a bigger single Being is harder to block and to kill
    return score / max(1, cost)


def _life_attack_ok(state: OmgState, seat: int, loc: int) -> bool:
    enemy = 1 - seat
    mine = state.sides[seat].locations[loc]
    assert mine is not None
    enemy_life = len(state.sides[enemy].life)
    attack = state.attack_power(seat, loc, at_life=True)
    anywhere = ability_of(mine.cards[-1]).ignores_range
    stopped = False
    for j, other in enumerate(state.sides[enemy].locations):
        if other is None or other.rested or not (anywhere or in_range(loc, j)):
            continue
        adv = advantage(mine.top.type, other.top.type)
        result = beats(attack, state.block_power(enemy, j, []), adv, state.defender_wins_ties)
        if result == "defender":
            return False  # a blocker would destroy it
        stopped = stopped or result == "tie"
    my_side = state.sides[seat]
    if len(my_side.life) <= 1:
        others = [
            s
            for j, s in enumerate(my_side.locations)
            if s is not None and j != loc and not s.rested
        ]
        if not others and any(s is not None for s in state.sides[enemy].locations):
            return enemy_life == 0 and not stopped  # keep the last blocker back
    if stopped:
        return False
    exposed = _threatened(state, seat, loc, state.power(seat, loc))
    return not exposed or enemy_life <= 1 or state.power(seat, loc) <= 2


def wins_fight(state: OmgState, action: Attack) -> bool:
    """Would this attack on a rested Being destroy it?"""
    assert action.target is not None
    seat = action.seat
    mine = state.sides[seat].locations[action.location]
    theirs = state.sides[1 - seat].locations[action.target]
    assert mine is not None and theirs is not None
    attack = state.attack_power(seat, action.location, at_life=False)
    adv = advantage(mine.top.type, theirs.top.type)
    defense = state.power(1 - seat, action.target)
    return beats(attack, defense, adv, state.defender_wins_ties) == "attacker"


# --- the clock (issue 30: matches stalled at full boards until the turn limit) -----------
CLOCK_TURNS = 16  # desperate this many turns (both players') before the limit when losing there


def turns_left(state: OmgState) -> int | None:
    """Turns (both players') before the turn limit ends the match; None without a limit."""
    limit = int(state.options.get("turn_limit", 0) or 0)
    return limit - state.turn_number if limit else None


def limit_standing(state: OmgState, seat: int) -> int:
    """+1 if the turn limit, reached now, would make ``seat`` the winner, -1 the loser, 0 a draw."""
    lives = [len(s.life) for s in state.sides]
    if lives[seat] != lives[1 - seat]:
        return 1 if lives[seat] > lives[1 - seat] else -1
    powers = [state.total_power(s) for s in (0, 1)]
    return (powers[seat] > powers[1 - seat]) - (powers[seat] < powers[1 - seat])


def desperate(state: OmgState, seat: int) -> bool:
    """Few turns are left and the limit would not give ``seat`` the match: attack anyway."""
    left = turns_left(state)
    return left is not None and left <= CLOCK_TURNS and limit_standing(state, seat) <= 0


def choose_turn_action(state: OmgState, seat: int, legal: Sequence[Action]) -> Action:
    """Spend the Gems on the best plays, take winning fights, hit Life when it is safe."""
    plays = [a for a in legal if isinstance(a, PlayBeing | Evolve)]
    if plays:
        score, best = max(((_play_score(state, a), i) for i, a in enumerate(plays)))
        if score > 0.3:
            return plays[best]
    fights: list[tuple[float, Action]] = []
    for action in legal:
        if isinstance(action, Attack) and action.target is not None and wins_fight(state, action):
            fights.append((stack_value(state, 1 - seat, action.target), action))
    if fights:
        return max(fights, key=lambda f: f[0])[1]
    life_attacks = [a for a in legal if isinstance(a, Attack) and a.target is None]
    life_attacks.sort(key=lambda a: -state.attack_power(seat, a.location, at_life=True))
    for action in life_attacks:
        assert isinstance(action, Attack)
        if _life_attack_ok(state, seat, action.location):
            return action
    if life_attacks and desperate(state, seat):
        return life_attacks[-1]  # the weakest first: it draws a block
    equips = [a for a in legal if isinstance(a, EquipGem)]
    if equips:
        return max(equips, key=lambda a: state.power(seat, a.location))
    if any(isinstance(a, GemDraw) for a in legal) and len(state.sides[seat].hand) < 7:
        return GemDraw(seat)
    return EndTurn(seat)


def choose(state: OmgState, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """The normal policy for whatever is asked of ``seat`` now."""
    if state.phase == "mulligan":
        return choose_mulligan(state.sides[seat].hand, seat)
    if state.phase == "discard":
        return choose_discard(state.sides[seat].hand, seat)
    if state.phase == "defense":
        return choose_defense(state, seat)
    return choose_turn_action(state, seat, legal)


__all__ = ["ABILITIES", "choose", "choose_defense", "choose_turn_action", "defense_plan"]


# --- evaluation (the hard bot's horizon) ------------------------------------------------------
LIFE_VALUE = (0.0, 10.0, 16.0, 20.0)
HAND_CARD = 1.2  # a card in hand (0.8 before issue 30; hard won 89 of 100 tuning matches, not 85)


def refill_value(state: OmgState, seat: int) -> float:
    """What ``seat``, about to act, gains by filling its empty locations from hand with its
    active Gems (the best affordable Beings, greedily): a Being lost on the last turn is not
    all lost when the hand and Gems can put another in its place."""
    side = state.sides[seat]
    empty = 3 - side.occupied()
    gems = side.gems_active
    gain = 0.0
    for card in sorted(side.hand, key=lambda c: (-CARDS[c].power, CARDS[c].cost, c)):
        if empty == 0:
            break
        info = CARDS[card]
        if info.cost <= gems:
            gems -= info.cost
            empty -= 1
            gain += info.power + PRESENCE - HAND_CARD
    return gain


def evaluate(state: OmgState, seat: int, life_value: Sequence[float] = LIFE_VALUE) -> float:
    """A static score of the position for ``seat``: Life, Beings in play, cards in hand, and
    what the side to act can put in its empty locations now."""
    outcome = state.outcome()
    if outcome is not None:
        return 0.0 if not outcome.winners else (100.0 if outcome.winners == (seat,) else -100.0)
    score = 0.0
    for s in (0, 1):
        side = state.sides[s]
        value = life_value[min(len(side.life), 3)] + HAND_CARD * len(side.hand)
        if s == state.turn_seat and state.phase == "main":
            value += refill_value(state, s)
        for j, stack in enumerate(side.locations):
            if stack is not None:
                power = state.power(s, j)
                value += power + PRESENCE
                if stack.rested and _threatened(state, s, j, power):
                    value -= 0.5 * power
        score += value if s == seat else -value
    return score
