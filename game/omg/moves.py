"""What may be done now: ``check`` (the reason an action is refused) and ``legal_actions``.

Both read the state and change nothing; ``legal_actions`` lists exactly the actions ``check``
accepts, except ``Forfeit``, which is accepted from either seat at any time but not listed (a bot
choosing among legal moves should not resign at random).
"""

from __future__ import annotations

import dataclasses
import itertools

from game.core.actions import Action
from game.core.errors import Refusal
from game.core.narration import counted
from game.omg.abilities import ability_of
from game.omg.actions import (
    AddDefense,
    Attack,
    Block,
    Discard,
    EndTurn,
    EquipGem,
    Evolve,
    FinishDefense,
    Forfeit,
    GemDraw,
    Mulligan,
    PlayBeing,
    Target,
)
from game.omg.board import LOCATION_NAMES, LOCATIONS, Stack, in_range
from game.omg.cards import CARDS
from game.omg.state_port import OmgStatePort

_TURN_ACTIONS = (PlayBeing, Evolve, Attack, GemDraw, EquipGem, EndTurn)
_DEFENSE_ACTIONS = (Block, AddDefense, FinishDefense)


def evolve_cost(stack: Stack, card: str) -> int:
    """Evolving costs the difference between the new card's cost and the top card's."""
    return max(0, CARDS[card].cost - stack.top.cost)


def play_targets(
    state: OmgStatePort, seat: int, card: str, loc: int, evolving: bool
) -> list[Target]:
    """Valid targets of ``card``'s Play ability if it entered at ``loc`` now.

    The card is put in place for the look (a displaced stack already in the Abyss, an evolved
    stack with its new top), since the ability triggers once the card has entered.
    """
    ability = ability_of(card)
    if not ability.targeted:
        return []
    side = state.sides[seat]
    before = side.locations[loc]
    abyss_len = len(side.abyss)
    try:
        if evolving:
            assert before is not None
            side.locations[loc] = dataclasses.replace(before, cards=before.cards + [card])
        else:
            if before is not None:
                side.abyss.extend(before.cards)
            side.locations[loc] = Stack([card], entered_turn=state.turn_number)
        return ability.targets(state, seat, loc, CARDS[card].level)
    finally:
        side.locations[loc] = before
        del side.abyss[abyss_len:]


def _target_refusal(
    state: OmgStatePort, seat: int, card: str, loc: int, evolving: bool, target: Target
) -> Refusal | None:
    targets = play_targets(state, seat, card, loc, evolving)
    if targets and target not in targets:
        return Refusal("bad_target", f"{card}'s ability needs one of these targets: {targets}")
    if not targets and target is not None:
        return Refusal("no_target", f"{card}'s ability has no target now")
    return None


def check(state: OmgStatePort, action: Action) -> Refusal | None:
    seat = action.seat
    if seat not in (0, 1):
        return Refusal("no_such_seat", f"there is no seat {seat}")
    if state.phase == "over":
        return Refusal("game_over", "the match is over")
    if isinstance(action, Forfeit):
        return None
    if isinstance(action, Mulligan):
        return _check_mulligan(state, action)
    if state.phase == "mulligan":
        return Refusal("mulligan", "both players first keep or mulligan their opening hand")
    if isinstance(action, _DEFENSE_ACTIONS):
        return _check_defense(state, action)
    if state.phase == "defense":
        return Refusal("defending", f"seat {state.defender} is answering a Life attack")
    if seat != state.turn_seat:
        return Refusal("not_your_turn", f"it is seat {state.turn_seat}'s turn")
    if isinstance(action, Discard):
        if state.phase != "discard":
            return Refusal("no_discard", "there is nothing to discard now")
        if action.card not in state.sides[seat].hand:
            return Refusal("not_in_hand", f"{action.card} is not in your hand")
        return None
    if state.phase == "discard":
        return Refusal("discard_first", "first discard 1 card (Apollo)")
    if isinstance(action, _TURN_ACTIONS):
        return _check_turn(state, action)
    return Refusal("unknown_action", f"OMG has no action {type(action).__name__}")


def _check_mulligan(state: OmgStatePort, action: Mulligan) -> Refusal | None:
    side = state.sides[action.seat]
    if state.phase != "mulligan":
        return Refusal("no_mulligan", "the mulligan is only before the first turn")
    if side.mulligan_done:
        return Refusal("mulligan_done", "you have already kept or mulliganed")
    if list(action.cards) != sorted(set(action.cards)):
        return Refusal("bad_cards", "name each card to shuffle back once, in sorted order")
    missing = [c for c in action.cards if c not in side.hand]
    if missing:
        return Refusal("not_in_hand", f"{', '.join(missing)} is not in your hand")
    return None


def _check_defense(state: OmgStatePort, action: Action) -> Refusal | None:
    defense = state.defense
    if state.phase != "defense" or defense is None:
        return Refusal("no_attack", "no Life attack is waiting for an answer")
    if action.seat != state.defender:
        return Refusal("not_defender", f"seat {state.defender} is the defender")
    if isinstance(action, Block):
        if defense.blocker is not None:
            return Refusal("already_blocked", "you have already declared a blocker")
        stack = _location(state, action.seat, action.location)
        if stack is None:
            return Refusal("no_being", "there is no Being of yours there")
        if stack.rested:
            return Refusal("rested", "only an active Being can block")
        if action.location not in state.blockers(defense):
            return Refusal("out_of_range", "that Being is not in range of the attacker")
    if isinstance(action, AddDefense) and action.card not in state.sides[action.seat].hand:
        return Refusal("not_in_hand", f"{action.card} is not in your hand")
    return None


def _location(state: OmgStatePort, seat: int, loc: int) -> Stack | None:
    if loc not in LOCATIONS:
        return None
    return state.sides[seat].locations[loc]


def _check_turn(state: OmgStatePort, action: Action) -> Refusal | None:
    seat = action.seat
    side = state.sides[seat]
    if isinstance(action, EndTurn):
        return None
    if isinstance(action, GemDraw):
        if not side.gems_active:
            return Refusal("no_gem", "you have no active Gem")
        if not side.deck:
            return Refusal("deck_empty", "your Being deck is empty")
        return None
    if isinstance(action, EquipGem):
        if side.deck:
            return Refusal(
                "deck_not_empty", "Gems can be equipped only once your Being deck is empty"
            )
        if not side.gems_active:
            return Refusal("no_gem", "you have no active Gem")
        if _location(state, seat, action.location) is None:
            return Refusal("no_being", "there is no Being of yours there")
        return None
    if isinstance(action, Attack):
        return _check_attack(state, action)
    assert isinstance(action, PlayBeing | Evolve)
    if action.card not in side.hand:
        return Refusal("not_in_hand", f"{action.card} is not in your hand")
    if action.location not in LOCATIONS:
        return Refusal("no_location", f"there is no location {action.location}")
    stack = side.locations[action.location]
    name = LOCATION_NAMES[action.location]
    if isinstance(action, PlayBeing):
        if stack is not None and side.occupied() < 3:
            return Refusal(
                "must_use_empty", "you may displace only when all three locations are occupied"
            )
        cost = CARDS[action.card].cost
        if cost > side.gems_active:
            return Refusal(
                "cannot_afford",
                f"{action.card} costs {cost}; you have {counted(side.gems_active, 'active Gem')}",
            )
        return _target_refusal(state, seat, action.card, action.location, False, action.target)
    if stack is None:
        return Refusal("no_being", f"there is no Being of yours at {name} to evolve")
    card = CARDS[action.card]
    if card.being != stack.top.being:
        return Refusal(
            "not_same_being", f"{action.card} is not a higher level of {stack.top.being}"
        )
    if card.level <= stack.top.level:
        return Refusal("not_higher", "a Being never evolves backwards or to the same level")
    if stack.evolved_turn == state.turn_number:
        return Refusal("evolved_already", "each Being may evolve only once per turn")
    cost = evolve_cost(stack, action.card)
    if cost > side.gems_active:
        return Refusal(
            "cannot_afford",
            f"evolving costs {cost}; you have {counted(side.gems_active, 'active Gem')}",
        )
    return _target_refusal(state, seat, action.card, action.location, True, action.target)


def _check_attack(state: OmgStatePort, action: Attack) -> Refusal | None:
    seat = action.seat
    stack = _location(state, seat, action.location)
    if stack is None:
        return Refusal("no_being", "there is no Being of yours there")
    if state.turn_number == 1:
        return Refusal("first_turn", "the first player cannot attack on turn 1")
    if stack.attacked_turn == state.turn_number:
        return Refusal("attacked_already", "this Being has already attacked this turn")
    if stack.rested:
        return Refusal("rested", "only an active Being can attack")
    if not state.may_attack_now(seat, stack):
        return Refusal("summoning_sick", "a Being cannot attack the turn it is played")
    if action.target is None:
        return None
    target = _location(state, 1 - seat, action.target)
    if target is None:
        return Refusal("no_target", "there is no enemy Being there")
    if not target.rested:
        return Refusal("target_active", "only a rested enemy Being can be attacked")
    if not ability_of(stack.cards[-1]).ignores_range and not in_range(
        action.location, action.target
    ):
        return Refusal("out_of_range", "that location is out of range")
    return None


def legal_actions(state: OmgStatePort, seat: int) -> tuple[Action, ...]:
    if seat not in state.to_act():
        return ()
    side = state.sides[seat]
    if state.phase == "mulligan":
        hand = sorted(side.hand)
        return tuple(
            Mulligan(seat, combo)
            for size in range(len(hand) + 1)
            for combo in itertools.combinations(hand, size)
        )
    if state.phase == "defense":
        return _defense_actions(state, seat)
    if state.phase == "discard":
        return tuple(Discard(seat, c) for c in side.hand)
    return _turn_actions(state, seat)


def _defense_actions(state: OmgStatePort, seat: int) -> tuple[Action, ...]:
    defense = state.defense
    assert defense is not None
    actions: list[Action] = []
    if defense.blocker is None:
        actions += [Block(seat, j) for j in state.blockers(defense)]
    actions += [AddDefense(seat, c) for c in state.sides[seat].hand]
    actions.append(FinishDefense(seat))
    return tuple(actions)


def _turn_actions(state: OmgStatePort, seat: int) -> tuple[Action, ...]:
    side = state.sides[seat]
    enemy = state.sides[1 - seat]
    actions: list[Action] = []
    full = side.occupied() == 3
    for card in side.hand:
        info = CARDS[card]
        if info.cost <= side.gems_active:
            for loc in LOCATIONS:
                if side.locations[loc] is None or full:
                    for t in play_targets(state, seat, card, loc, False) or [None]:
                        actions.append(PlayBeing(seat, card, loc, t))
        for loc, stack in enumerate(side.locations):
            if (
                stack is not None
                and stack.top.being == info.being
                and info.level > stack.top.level
                and stack.evolved_turn != state.turn_number
                and evolve_cost(stack, card) <= side.gems_active
            ):
                for t in play_targets(state, seat, card, loc, True) or [None]:
                    actions.append(Evolve(seat, card, loc, t))
    if state.turn_number > 1:
        for loc, stack in enumerate(side.locations):
            if (
                stack is None
                or stack.rested
                or stack.attacked_turn == state.turn_number
                or not state.may_attack_now(seat, stack)
            ):
                continue
            anywhere = ability_of(stack.cards[-1]).ignores_range
            for j, other in enumerate(enemy.locations):
                if other is not None and other.rested and (anywhere or in_range(loc, j)):
                    actions.append(Attack(seat, loc, j))
            actions.append(Attack(seat, loc, None))
    if side.gems_active:
        if side.deck:
            actions.append(GemDraw(seat))
        else:
            actions += [EquipGem(seat, j) for j in LOCATIONS if side.locations[j] is not None]
    actions.append(EndTurn(seat))
    return tuple(actions)
