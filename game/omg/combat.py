"""Fights: a Being attacking a rested Being, and a Life attack resolved after the defense."""

from __future__ import annotations

from game.core.events import CardMoved, Event
from game.omg.abilities import ability_of
from game.omg.cards import advantage
from game.omg.events import Clash, LifeLost
from game.omg.state_port import Defense as Defense  # re-exported: it lived here
from game.omg.state_port import OmgStatePort


def beats(attack: int, defense: int, adv: int, defender_wins_ties: bool) -> str:
    """Who wins a comparison: "attacker", "defender" or "tie" (nothing happens).

    Type advantage doubles or halves the attacker's power; doubled integers avoid rounding.
    """
    a2 = attack * (4 if adv > 0 else 1 if adv < 0 else 2)
    d2 = defense * 2
    if a2 > d2:
        return "attacker"
    if a2 < d2:
        return "defender"
    return "tie" if defender_wins_ties else "attacker"


def being_combat(state: OmgStatePort, seat: int, loc: int, target: int) -> list[Event]:
    enemy = 1 - seat
    attacker = state.sides[seat].locations[loc]
    defender = state.sides[enemy].locations[target]
    assert attacker is not None and defender is not None
    attack = state.attack_power(seat, loc, at_life=False)
    defense = state.power(enemy, target)
    adv = advantage(attacker.top.type, defender.top.type)
    result = beats(attack, defense, adv, state.defender_wins_ties)
    events: list[Event] = [Clash(seat, attack, defense, adv, False, result)]
    if result == "attacker":
        events += kill(state, seat, loc, enemy, target)
    elif result == "defender":
        events += state.destroy(seat, loc)
    return events


def kill(state: OmgStatePort, seat: int, loc: int, enemy: int, target: int) -> list[Event]:
    """The attacker at (seat, loc) destroys the enemy Being at ``target`` (Hades draws)."""
    events = state.destroy(enemy, target)
    state.stats[seat]["kills"] += 1
    attacker = state.sides[seat].locations[loc]
    if attacker is not None and ability_of(attacker.cards[-1]).draws_on_kill:
        events += state.draw(seat, 1)
    return events


def resolve_defense(state: OmgStatePort) -> list[Event]:
    defense = state.defense
    assert defense is not None
    seat, loc = defense.attacker, defense.location
    enemy = 1 - seat
    attacker = state.sides[seat].locations[loc]
    assert attacker is not None
    attack = state.attack_power(seat, loc, at_life=True)
    events: list[Event] = []
    life_lost = False
    if defense.blocker is not None:
        blocker = state.sides[enemy].locations[defense.blocker]
        assert blocker is not None
        block = state.block_power(enemy, defense.blocker, defense.cards)
        adv = advantage(attacker.top.type, blocker.top.type)
        result = beats(attack, block, adv, state.defender_wins_ties)
        events.append(Clash(seat, attack, block, adv, True, result))
        if result == "attacker":
            events += kill(state, seat, loc, enemy, defense.blocker)
        else:
            if result == "defender":
                events += state.destroy(seat, loc)
            if ability_of(blocker.cards[-1]).ready_after_block:
                events += state.set_rested(enemy, defense.blocker, False)
    else:
        pool = state.defense_card_power(enemy, defense.cards)
        result = beats(attack, pool, 0, state.defender_wins_ties)
        events.append(Clash(seat, attack, pool, 0, False, result))
        life_lost = result == "attacker"
    side = state.sides[enemy]
    for card in defense.cards:
        side.abyss.append(card)
        events.append(CardMoved(card, f"defense:{enemy}", f"abyss:{enemy}", face_up=True))
    state.defense = None
    state.phase = "main"
    if life_lost:
        if not side.life:
            return events + state.finish(seat, "the winning attack on an empty Life")
        card = side.life.pop()
        side.abyss.append(card)
        state.stats[seat]["lives_taken"] += 1
        events.append(CardMoved(card, f"life:{enemy}", f"abyss:{enemy}", face_up=True))
        events.append(LifeLost(enemy, len(side.life)))
    return events
