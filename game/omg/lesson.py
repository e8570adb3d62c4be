"""Learn OMG: two turns of each side on a fixed deal, walking through the mulligan, playing a
Being, evolving it, a Play ability, the Gems, a block and an attack on Life (issue 30; the shape:
game/core/lesson.py).

Seed 2198: Kamala (Dusk) goes first; You (Dawn) open with Hephaestus L1 and L2, Njord L1 and
L3, Anubis L1 and Surtr L2. The script:
1. You shuffle back Njord L3 (cost 5) and draw Hades L3; Kamala keeps.
2. Kamala plays Baldr L1 (power 2) in the Center and ends her turn.
3. Your turn (3 Gems, the second player's first charge): Hephaestus L1 in the Center (its Play
   ability readies 1 Gem), evolved to L2 (power 2 + 3 = 5, readies another), Njord L1 on the Left
   (Play: draw 1), a Gem rested to draw 1, End turn.
4. Kamala's Baldr attacks your Life: you block with Hephaestus (5 against 2): Baldr is destroyed.
5. Your turn: Hephaestus attacks Kamala's Life; she has no Being to block: she loses a Life card.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.actions import Action
from game.core.lesson import BotMove, Lesson, Step
from game.core.views import View
from game.omg.actions import (
    AddDefense,
    Attack,
    Block,
    EndTurn,
    Evolve,
    FinishDefense,
    GemDraw,
    Mulligan,
    PlayBeing,
)
from game.omg.view import OmgView

YOU, KAMALA = 0, 1
NAMES = ("You", "Kamala")
CENTER = 1


def bot(action: Action) -> BotMove:
    return BotMove(lambda move: move == action)


def omg(view: View) -> OmgView:
    assert isinstance(view, OmgView)
    return view


def turn_of(seat: int, number: int) -> Callable[[View], bool]:
    """The match stands in turn ``number`` (counting both players'), ``seat``'s main phase."""

    def now(view: View) -> bool:
        v = omg(view)
        return v.turn_number >= number and v.turn_seat == seat and v.phase == "main"

    return now


def level(card: str) -> str:
    name, lvl = card.split(":")
    return f"{name} L{lvl}"


def gems(view: View) -> str:
    side = omg(view).sides[YOU]
    return f"{side.gems_active} active Gem{'s' if side.gems_active != 1 else ''}"


# --- the notes written from what happened ----------------------------------------------------
def _opening(view: View) -> str:
    v = omg(view)
    baldr = v.sides[KAMALA].locations[CENTER]
    played = f"{level(baldr.cards[-1])} (power {baldr.power})" if baldr else "a Being"
    return (
        f"Each of you set 3 Life cards aside, face down. Kamala went first and played {played}"
        f" in her Center. Your turn began: Refresh, Draw 1, then Gem Charge gave you"
        f" {gems(v)} (3 on the second player's first turn, 2 after)."
    )


def _played(view: View) -> str:
    return (
        "Hephaestus entered active in your Center, in reach of all three enemy locations. Its"
        f" Play ability readied 1 of the 2 Gems you rested: you have {gems(view)}."
    )


def _evolved(view: View) -> str:
    stack = omg(view).sides[YOU].locations[CENTER]
    power = stack.power if stack else 5
    return (
        f"You paid only the difference, 1 Gem. The stack's power is the sum of its cards:"
        f" {power}, and the new top card's Play ability readied a Gem again ({gems(view)})."
    )


def _drew(view: View) -> str:
    return (
        f"Njord's Play ability drew you a card: you hold {len(omg(view).hand)}."
        f" Play abilities work when the card enters, played or evolved."
    )


def _gem_drawn(view: View) -> str:
    return (
        f"Any Gem you do not spend can buy a card: you hold {len(omg(view).hand)} now. Rested Gems"
        " become active again at your next Refresh."
    )


def _attacked(view: View) -> str:
    d = omg(view).defense
    power = d.attack_power if d else 2
    return (
        f"Kamala's Baldr attacks your Life with power {power}. Block with Hephaestus (power 5):"
        " an active Being in the attacker's range may stand in the way."
    )


def _blocked(view: View) -> str:
    v = omg(view)
    gone = v.sides[KAMALA].locations[CENTER] is None
    result = (
        "Hephaestus had more power, so Baldr was destroyed and went to Kamala's Abyss"
        if gone
        else "Baldr survived the block"
    )
    return (
        f"{result}; your Life stays at {v.sides[YOU].life_count}. A blocker rests, but it is"
        " active again at your Refresh."
    )


def _your_second_turn(view: View) -> str:
    return (
        f"Your turn again: Hephaestus stood up at Refresh, you drew 1 and the Gem Charge gave"
        f" you {gems(view)}. A Being may attack from its second turn in play."
    )


def _life_lost(view: View) -> str:
    v = omg(view)
    side = v.sides[KAMALA]
    lost = f": {level(side.abyss[-1])} went face up to her Abyss" if side.abyss else ""
    return (
        f"Kamala had no Being left to block and kept her cards rather than discard them for"
        f" defence, so she lost a Life card{lost} ({side.life_count} left). Attacking a rested"
        " enemy Being instead is a fight: the weaker one is destroyed."
    )


# --- wrong moves, explained ------------------------------------------------------------------
def _mulligan_wrong(action: Action, view: View) -> str:
    if isinstance(action, Mulligan) and not action.cards:
        return "You may keep, but Njord L3 costs 5 Gems: too dear to start."
    return "Shuffle back only Njord L3: your other cards are cheap."


def _play_wrong(action: Action, view: View) -> str:
    if isinstance(action, PlayBeing) and action.card == "Hephaestus:1":
        return "Center: from there Hephaestus reaches all three lanes."
    if isinstance(action, PlayBeing) and action.card == "Hephaestus:2":
        return "Hephaestus L1 first: its L2 can then evolve it."
    if isinstance(action, EndTurn | GemDraw):
        return "Spend your Gems on Hephaestus L1 first."
    return "Hephaestus L1 first: its L2 can grow it this turn."


def _evolve_wrong(action: Action, view: View) -> str:
    if isinstance(action, PlayBeing | Evolve) and action.card != "Hephaestus:2":
        return "Evolve first: Hephaestus L2 onto your Hephaestus."
    return "Evolve first: Hephaestus L2 onto it (3 - 2 = 1 Gem)."


def _ability_wrong(action: Action, view: View) -> str:
    if isinstance(action, PlayBeing) and action.card == "Njord:1":
        return "Njord on the Left, so your Right stays free."
    return "Play Njord L1 (1 Gem): its ability draws a card."


def _block_wrong(action: Action, view: View) -> str:
    if isinstance(action, Block):
        return "Njord has power 2 only: block with Hephaestus (5)."
    if isinstance(action, AddDefense):
        return "Discarding costs a card: Hephaestus blocks alone."
    return "Letting it through costs a Life: block with Hephaestus."


def _attack_wrong(action: Action, view: View) -> str:
    if isinstance(action, Attack):
        return "Attack with Hephaestus (power 5): Njord is weaker."
    if isinstance(action, EndTurn):
        return "Not yet: attack Kamala's Life first."
    return "This step is the attack: Hephaestus at Kamala's Life."


LESSON = Lesson(
    game_id="omg",
    title="Learn OMG",
    seed=2198,
    players=2,
    names=NAMES,
    steps=(
        Step(
            "OMG: you and Kamala each play Beings from your deck with Gems. Each of you has 3 Life"
            " cards; take all of Kamala's and you win.",
            name="welcome",
        ),
        Step(
            "First, one mulligan: shuffle back cards you do not want and draw as many. Njord L3"
            " costs 5 Gems: mark it and confirm.",
            expect=lambda action: action == Mulligan(YOU, ("Njord:3",)),
            why="Njord L3 was shuffled back into your deck and you drew a card in its place:"
            " Hades L3.",
            wrong=_mulligan_wrong,
            name="mulligan",
        ),
        Step(_opening, when=turn_of(YOU, 2), name="gems"),
        Step(
            "Play a Being: drag Hephaestus L1 to your Center lane. It costs 2 Gems, which rest.",
            expect=lambda action: action == PlayBeing(YOU, "Hephaestus:1", CENTER),
            why=_played,
            wrong=_play_wrong,
            name="play a Being",
        ),
        Step(
            "Evolve: drop Hephaestus L2 onto it. Only the next level can go on top, and you pay"
            " the difference in cost.",
            expect=lambda action: action == Evolve(YOU, "Hephaestus:2", CENTER),
            why=_evolved,
            wrong=_evolve_wrong,
            name="evolve",
        ),
        Step(
            "An ability: Njord's is a Play ability, 'Draw 1'. Play Njord L1 on your Left lane"
            " (1 Gem).",
            expect=lambda action: action == PlayBeing(YOU, "Njord:1", 0),
            why=_drew,
            wrong=_ability_wrong,
            name="an ability",
        ),
        Step(
            "Gems: rest your last one to draw a card (the button, or G).",
            expect=lambda action: isinstance(action, GemDraw),
            why=_gem_drawn,
            wrong="Use the last Gem first: rest it to draw 1.",
            name="a Gem draw",
        ),
        Step(
            "Beings cannot attack on the turn they are played. End your turn (E).",
            expect=lambda action: isinstance(action, EndTurn),
            why="Kamala's turn.",
            name="end turn",
        ),
        Step(
            _attacked,
            expect=lambda action: action == Block(YOU, CENTER),
            why="Hephaestus stands in the way. You could still discard cards to add their power.",
            wrong=_block_wrong,
            name="block",
        ),
        Step(
            "Power 5 against 2 is enough: finish the defense (Done, or Space).",
            expect=lambda action: isinstance(action, FinishDefense),
            why=_blocked,
            wrong="Hephaestus wins this block: keep your cards, press Done.",
            name="the block resolves",
        ),
        Step(_your_second_turn, when=turn_of(YOU, 4), name="refresh"),
        Step(
            "Attack: drag Hephaestus to Kamala's Life cards. Life can always be attacked.",
            expect=lambda action: action == Attack(YOU, CENTER, None),
            why="Hephaestus rests as it attacks. Kamala may block or discard cards to defend.",
            wrong=_attack_wrong,
            name="attack",
        ),
        Step(
            _life_lost,
            when=lambda view: omg(view).sides[KAMALA].life_count < 3,
            name="Life lost",
        ),
    ),
    bot_scripts={
        KAMALA: (
            bot(Mulligan(KAMALA, ())),
            bot(PlayBeing(KAMALA, "Baldr:1", CENTER)),
            bot(EndTurn(KAMALA)),
            bot(Attack(KAMALA, CENTER, None)),
            bot(EndTurn(KAMALA)),
            bot(FinishDefense(KAMALA)),
        )
    },
    ending="That is OMG: Gems pay for Beings, evolving grows them, abilities help, blockers"
    " guard your Life and attacks take the other's. The lesson ends here, before the match"
    " does: play a real match against the bots, or go back.",
)
