"""OMG's moves in words: what a card dropped on a lane means and costs, why a card cannot be
played, what is left to do this turn; the combat's attack preview before confirming and the
defence's running total."""

from __future__ import annotations

import dataclasses

from game.core.actions import Action
from game.core.errors import Refusal
from game.core.narration import counted
from game.omg import moves
from game.omg.abilities import ability_of
from game.omg.actions import Attack, Evolve, PlayBeing, Target
from game.omg.board import LOCATION_NAMES
from game.omg.cards import CARDS, advantage
from game.omg.combat import Defense, beats
from game.omg.state import OmgState
from scenes.omg.hud import ADVANTAGE_WORDS, card_name

Parts = list[tuple[int, str]]  # (amount, what it is): "+2 Zeus attacking"


def power_parts(state: OmgState, seat: int, loc: int) -> Parts:
    """Every modifier in the Being's current power (``state.power``), named: a Gem, this
    turn's (Pele), the Turn abilities of both sides (Agni beside it, Demeter's full line,
    Anubis across)."""
    side, enemy = state.sides[seat], state.sides[1 - seat]
    stack = side.locations[loc]
    assert stack is not None
    parts: Parts = []
    if stack.turn_mod:
        parts.append((stack.turn_mod, "this turn"))
    if stack.equipped:
        parts.append((stack.equipped, "Gem" if stack.equipped == 1 else "Gems"))
    for j, other in enumerate(side.locations):
        if other is None:
            continue
        top = CARDS[other.cards[-1]]
        ability = ability_of(other.cards[-1])
        if j == loc:
            parts.append((ability.self_bonus(top.level, side, loc), f"{top.being}: full line"))
        else:
            parts.append((ability.ally_aura(top.level, j, loc), f"{top.being} beside"))
    for j, other in enumerate(enemy.locations):
        if other is not None:
            top = CARDS[other.cards[-1]]
            amount = ability_of(other.cards[-1]).enemy_aura(top.level, j, loc)
            parts.append((amount, f"{top.being} across"))
    return [(amount, what) for amount, what in parts if amount]


def explained(total: int, printed: int, parts: Parts) -> str:
    """A total with the bonuses that make it: "5 (3 printed, +2 Zeus attacking)"; a bare
    figure when nothing but the printed power goes in."""
    if not parts:
        return str(total)
    named = ", ".join(f"{amount:+d} {what}" for amount, what in parts)
    floor = "; never below 0" if printed + sum(a for a, _ in parts) != total else ""
    return f"{total} ({printed} printed, {named}{floor})"


def attack_words(state: OmgState, seat: int, loc: int, at_life: bool) -> str:
    """The attacker's power as the clash will count it, every bonus named."""
    stack = state.sides[seat].locations[loc]
    assert stack is not None
    parts = power_parts(state, seat, loc)
    bonus = ability_of(stack.cards[-1]).attack_bonus(stack.top.level, at_life)
    if bonus:
        parts.append((bonus, f"{stack.top.being} attacking"))
    total = state.attack_power(seat, loc, at_life)
    return explained(total, stack.printed_power, parts)


def block_words(state: OmgState, seat: int, loc: int, cards: list[str]) -> str:
    """A blocker's power with its block bonus and the cards discarded to it, named."""
    stack = state.sides[seat].locations[loc]
    assert stack is not None
    parts = power_parts(state, seat, loc)
    bonus = ability_of(stack.cards[-1]).block_bonus(stack.top.level)
    if bonus:
        parts.append((bonus, f"{stack.top.being} blocking"))
    if cards:
        parts.append((state.defense_card_power(seat, cards), "discarded"))
    return explained(state.block_power(seat, loc, cards), stack.printed_power, parts)


def discard_words(state: OmgState, seat: int, cards: list[str]) -> str:
    """What cards discarded for defence add, with Anuket's +1 a card named."""
    parts: Parts = [
        (ability_of(s.cards[-1]).defense_card_bonus * len(cards), CARDS[s.cards[-1]].being)
        for s in state.sides[seat].locations
        if s is not None
    ]
    parts = [(amount, what) for amount, what in parts if amount]
    printed = sum(CARDS[c].power for c in cards)
    return explained(state.defense_card_power(seat, cards), printed, parts)


def attack_preview(state: OmgState, seat: int, loc: int, target: int | None) -> str:
    """The combat preview: both powers, the type advantage in words and the likely result."""
    me = state.sides[seat].locations[loc]
    assert me is not None
    attack = state.attack_power(seat, loc, at_life=target is None)
    said = attack_words(state, seat, loc, at_life=target is None)
    name = card_name(me.cards[-1])
    if target is None:
        blockers = state.blockers(Defense(seat, loc))
        lives = len(state.sides[1 - seat].life)
        # "no Being can block or discard to defend" read as if nothing could be discarded
        defend = (
            f"they may block with {len(blockers)} or discard to defend"
            if blockers
            else "no Being can block it, they may discard to defend"
        )
        stake = f"unstopped, they lose a Life ({lives} left now)" if lives else "unstopped, you win"
        return f"{name} {said} at Life: {defend}; {stake}"
    other = state.sides[1 - seat].locations[target]
    assert other is not None
    defense = state.power(1 - seat, target)
    defense_said = explained(defense, other.printed_power, power_parts(state, 1 - seat, target))
    adv = advantage(me.top.type, other.top.type)
    result = beats(attack, defense, adv, state.defender_wins_ties)
    outcome = {
        "attacker": f"{card_name(other.cards[-1])} is destroyed",
        "defender": f"{name} is destroyed",
        "tie": "a tie: nothing is destroyed",
    }[result]
    return (
        f"{name} {said} vs {card_name(other.cards[-1])} {defense_said} · "
        f"{me.top.type} vs {other.top.type}: {ADVANTAGE_WORDS[adv]} · {outcome}"
    )


def defense_summary(state: OmgState, seat: int) -> str:
    """The running total of the defence against the attack."""
    defense = state.defense
    assert defense is not None
    attack = state.attack_power(defense.attacker, defense.location, at_life=True)
    if defense.blocker is not None:
        total = state.block_power(seat, defense.blocker, defense.cards)
        stack = state.sides[seat].locations[defense.blocker]
        attacker = state.sides[defense.attacker].locations[defense.location]
        assert stack is not None and attacker is not None
        adv = advantage(attacker.top.type, stack.top.type)
        shown = f" ({attacker.top.type} vs {stack.top.type}: {ADVANTAGE_WORDS[adv]})" if adv else ""
        result = beats(attack, total, adv, state.defender_wins_ties)
        verdict = {
            "attacker": "your blocker falls",
            "defender": "the attacker falls",
            "tie": "a tie: both stay",
        }[result]
        said = attack_words(state, defense.attacker, defense.location, at_life=True)
        block = block_words(state, seat, defense.blocker, defense.cards)
        return f"Attack {said}{shown} vs your block {block}: {verdict}."
    pool = state.defense_card_power(seat, defense.cards)
    result = beats(attack, pool, 0, state.defender_wins_ties)
    verdict = "your Life is safe" if result != "attacker" else "you lose a Life"
    said = attack_words(state, defense.attacker, defense.location, at_life=True)
    pooled = discard_words(state, seat, defense.cards)
    if state.blockers(defense):
        then = "Block, discard, then Done."
    else:  # no "Block" to look for: why none is lit
        then = "No Being can block it: discard, or Done."
    return f"Attack {said} vs your defence {pooled}: {verdict}. {then}"


# --- plays ---------------------------------------------------------------------------------
def placing(state: OmgState, seat: int, card: str, loc: int) -> tuple[PlayBeing | Evolve, str]:
    """The action a card dropped on a lane means, and what it costs, in words."""
    side = state.sides[seat]
    stack = side.locations[loc]
    where = LOCATION_NAMES[loc]
    if stack is not None and stack.top.being == CARDS[card].being:
        cost = moves.evolve_cost(stack, card)
        return (
            Evolve(seat, card, loc),
            f"Evolve {stack.top.being} to L{CARDS[card].level} at {where} ({counted(cost, 'Gem')})",
        )
    cost = CARDS[card].cost
    if stack is not None:
        return (
            PlayBeing(seat, card, loc),
            f"Displace {card_name(stack.cards[-1])} at {where}: play {card_name(card)} ({counted(cost, 'Gem')})",
        )
    return PlayBeing(seat, card, loc), f"Play {card_name(card)} at {where} ({counted(cost, 'Gem')})"


def play_targets(state: OmgState, action: PlayBeing | Evolve) -> list[Target]:
    """What the play's ability may aim at (none: it has no target to choose)."""
    return moves.play_targets(
        state, action.seat, action.card, action.location, isinstance(action, Evolve)
    )


def check_ignoring_target(state: OmgState, action: PlayBeing | Evolve) -> Refusal | None:
    """The rules' word on a play before its target is chosen (its first target assumed)."""
    targets = play_targets(state, action)
    return state.check(dataclasses.replace(action, target=targets[0] if targets else None))


def why_not_card(state: OmgState, seat: int, card: str) -> str:
    """Why a hand card cannot be played now."""
    side = state.sides[seat]
    cost = CARDS[card].cost
    same = [s for s in side.locations if s is not None and s.top.being == CARDS[card].being]
    if same:
        refusal = state.check(Evolve(seat, card, side.locations.index(same[0])))
        if refusal is not None and refusal.code != "bad_target":
            return f"{card_name(card)}: {refusal.message}"
    if cost > side.gems_active:
        return f"{card_name(card)} needs {counted(cost, 'Gem')}, you have {side.gems_active} active"
    return f"{card_name(card)}: no lane takes it now"


def things_left(legal: tuple[Action, ...]) -> list[str]:
    """What a seat with these legal actions could still do this turn, in words (empty:
    nothing)."""
    cards = {a.card for a in legal if isinstance(a, PlayBeing | Evolve)}
    attackers = {a.location for a in legal if isinstance(a, Attack)}
    left = []
    if cards:
        left.append(f"play or evolve {len(cards)} card{'s' if len(cards) != 1 else ''}")
    if attackers:
        left.append(f"attack with {len(attackers)} Being{'s' if len(attackers) != 1 else ''}")
    return left
