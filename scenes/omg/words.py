"""OMG's combat in words: the attack preview before confirming, the defence's running total."""

from __future__ import annotations

from game.omg.cards import advantage
from game.omg.combat import Defense, beats
from game.omg.state import OmgState
from scenes.omg.hud import ADVANTAGE_WORDS, card_name


def attack_preview(state: OmgState, seat: int, loc: int, target: int | None) -> str:
    """The combat preview: both powers, the type advantage in words and the likely result."""
    me = state.sides[seat].locations[loc]
    assert me is not None
    attack = state.attack_power(seat, loc, at_life=target is None)
    name = card_name(me.cards[-1])
    if target is None:
        blockers = state.blockers(Defense(seat, loc))
        lives = len(state.sides[1 - seat].life)
        block = f"they may block with {len(blockers)}" if blockers else "no Being can block"
        stake = f"unstopped, they lose a Life ({lives} left now)" if lives else "unstopped, you win"
        return f"{name} {attack} at Life: {block} or discard to defend; {stake}"
    other = state.sides[1 - seat].locations[target]
    assert other is not None
    defense = state.power(1 - seat, target)
    adv = advantage(me.top.type, other.top.type)
    result = beats(attack, defense, adv, state.defender_wins_ties)
    outcome = {
        "attacker": f"{card_name(other.cards[-1])} is destroyed",
        "defender": f"{name} is destroyed",
        "tie": "a tie: nothing is destroyed",
    }[result]
    return (
        f"{name} {attack} vs {card_name(other.cards[-1])} {defense} · "
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
        return f"Attack {attack}{shown} vs your block {total}: {verdict}."
    pool = state.defense_card_power(seat, defense.cards)
    result = beats(attack, pool, 0, state.defender_wins_ties)
    verdict = "your Life is safe" if result != "attacker" else "you lose a Life"
    return f"Attack {attack} vs your defence {pool}: {verdict}. Block, discard, then Done."
