"""Learn OMYN: one game against Nimal on a fixed deal, walking through the peek, drawing, Drop,
Swap, Pair Up, a power, a chain, a wrong chain, a Void, an Omen, the call and the count (issue
30; the shape: game/core/lesson.py).

Seed 4773 (found by searching seeds for a deal that fits this script): Nimal deals, you play
first. Your row is 1 0 5 10 8 (slots 1-5); you peek at slots 2 and 5 (the 0 and the 8). The draw
pile gives you 2, 5, 7, 2, 10, 4 and Nimal 2, 1, 3, 8, 11 and then a Good Omen. The script:
1. You draw the 2 and Swap it for your 8; the 8's power (Spy) shows you Nimal's slot 3 (a 12).
2. Nimal drops a 2: you chain your 2 (slot 5).
3. You draw a 5 and Drop it. Nimal drops a 1: you claim slot 4 unseen, wrongly (a 10): penalty.
4. You draw a 7 and Drop it: Insight on slot 1 (a 1).
5. You draw a 2 and Swap it into slot 3 (an unseen 5). Nimal drops an 8 and uses Spy on you:
   you Void it with your 0.
6. You draw a 10 and Pair it Up with the 10 everyone saw; the pair is played plain.
7. You draw a 4 and play it as you like. Nimal draws a Good Omen.
8. You call OMYN, and the rows are counted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.core.actions import Action
from game.core.lesson import BotMove, Lesson, Step
from game.core.views import View
from game.omyn.actions import (
    CallOmyn,
    Claim,
    DeclinePower,
    Draw,
    Drop,
    PairDrawn,
    Peek,
    Swap,
    UsePower,
)
from game.omyn.view import OmynView

YOU, NIMAL = 0, 1
NAMES = ("You", "Nimal")


def exactly(action: Action) -> Callable[[Action], bool]:
    return lambda other: other == action


def claims(slot: int) -> Callable[[Action], bool]:
    """A claim (chain or Void) on your ``slot`` (0-based), in whatever window is open."""
    return lambda action: isinstance(action, Claim) and action.seat == YOU and action.slot == slot


def claim_answer(slot: int) -> Callable[[Sequence[Action]], Action | None]:
    return lambda moves: next((m for m in moves if isinstance(m, Claim) and m.slot == slot), None)


def window(kind: str, top: str | None = None) -> Callable[[View], bool]:
    """A chain or Void window opened by Nimal's play (``top``: the card on the pile) is open."""

    def due(view: View) -> bool:
        if not isinstance(view, OmynView) or view.window is None:
            return False
        w = view.window
        on_top = top is None or (bool(view.pile) and view.pile[-1] == top)
        return w.kind == kind and w.actor == NIMAL and w.claimant is None and on_top

    return due


def knows(seat: int, slot: int) -> Callable[[View], bool]:
    """You see the face of ``seat``'s ``slot`` (a power's look has landed)."""

    def due(view: View) -> bool:
        return isinstance(view, OmynView) and view.rows[seat][slot].face is not None

    return due


def bot(action: Action) -> BotMove:
    return BotMove(exactly(action))


def draws(say: str, why: str) -> Step:
    """A turn's first move: Draw (what was drawn is said after it)."""
    return Step(say, expect=exactly(Draw(YOU)), why=why, wrong="Draw first.", name="draw")


def omen_seen(view: View) -> bool:
    return isinstance(view, OmynView) and bool(view.omens_played)


def counted(view: View) -> bool:
    return isinstance(view, OmynView) and view.phase in ("over", "setup") and view.game_number > 0


def _your_total(view: View) -> str:
    """What you know of your row before the call, read off the view."""
    assert isinstance(view, OmynView)
    faces = [card.face for card in view.rows[YOU]]
    known = [int(face) for face in faces if face is not None and face.isdigit()]
    shown = ", ".join(face or "?" for face in faces)
    unseen = sum(1 for face in faces if face is None)
    rest = f" and {unseen} card{'s' if unseen > 1 else ''} you never saw" if unseen else ""
    return (
        f"Your row: {shown}: {sum(known)} points{rest}. Nimal has {len(view.rows[NIMAL])}"
        " cards. Call OMYN now, first thing in your turn: click OMYN (or press O), then Call (Y)."
    )


def _count(view: View) -> str:
    assert isinstance(view, OmynView)
    result = dict(view.last_result)
    totals = result.get("totals", ())
    mine, theirs = (list(totals) + [0, 0])[:2] if isinstance(totals, tuple) else (0, 0)
    won = result.get("winner") == YOU
    verdict = (
        "the lowest total wins, so you win"
        if won
        else "the caller must be strictly lowest: Nimal wins"
    )
    return (
        f"Every card is turned up and counted: you {mine}, Nimal {theirs}: {verdict}. A caller"
        " who is not strictly lowest loses, so call when you know your row is low."
    )


LESSON = Lesson(
    game_id="omyn",
    title="Learn OMYN",
    seed=4773,
    players=2,
    names=NAMES,
    steps=(
        Step(
            "OMYN: the lowest total of your face-down row wins. You and Nimal each get 5 cards"
            " you cannot see; you will learn some and get rid of others.",
            name="welcome",
        ),
        Step(
            "First, peek at two of your cards: click slots 2 and 5 (or press 2 and 5).",
            expect=exactly(Peek(YOU, 1, 4)),
            why="Slot 2 is a 0 (worth nothing, and a Void: keep it) and slot 5 an 8, a high"
            " card to get rid of. Hold Tab (or the mouse on a card) to look again, Enter when done.",
            wrong="Peek at slots 2 and 5 for this lesson (any two are allowed in a real game).",
            name="peek",
        ),
        Step(
            "Your turn. Draw the top card: click the draw pile or press D.",
            expect=exactly(Draw(YOU)),
            why="You drew a 2: only you can see it. Now you must play it.",
            wrong="Draw first: calling OMYN comes later in this lesson.",
            name="draw",
        ),
        Step(
            "A 2 is low and your slot 5 is an 8. Swap: drag the 2 onto slot 5 (or press 5,"
            " then S). The 8 goes face up on the pile.",
            expect=exactly(Swap(YOU, 4)),
            why="Your row is 6 points lower, and you know slot 5 is a 2 now.",
            wrong="Swap the 2 into slot 5: it replaces your 8, 6 points fewer.",
            name="swap",
        ),
        Step(
            "The 8 you swapped out is a power card: Spy, look at any one card. Choose Use (Y),"
            " then click Nimal's slot 3.",
            expect=exactly(UsePower(YOU, target=NIMAL, slot=2)),
            wrong="Use Spy on Nimal's slot 3 (Plain would play the 8 without its power).",
            name="a power",
        ),
        Step(
            "Nimal's slot 3 is a 12, a card he would like to lose. Powers are the 0 and 6 to 12,"
            " used as the card is played (Nimal could have Voided it with a 0 first).",
            when=knows(NIMAL, 2),
            name="spied",
        ),
        Step(
            "Nimal dropped a 2, and your slot 5 is the 2 you just put there. Chain it: press"
            " your claim key (or click slot 5), quickly, before the window closes.",
            expect=claims(4),
            when=window("chain", "2"),
            answer=claim_answer(4),
            why="A chain is right when your card equals the top card: your 2 stays on the pile"
            " and the slot closes. One card fewer, without using a turn.",
            wrong="Claim slot 5: that is the 2. Any other slot would be a guess.",
            name="a chain",
        ),
        draws("Draw again.", "A 5: not much use to you now."),
        Step(
            "Drop it: drag the 5 to the play pile (or press D). Your row stays as it is.",
            expect=exactly(Drop(YOU)),
            why="Drop is the plain play: the card you drew goes face up on the pile.",
            wrong="Drop the 5: you know no card of yours it would improve.",
            name="drop",
        ),
        Step(
            "Nimal dropped a 1. You never saw your slot 4: claim a chain on it anyway, to see"
            " what a wrong chain costs.",
            expect=claims(3),
            when=window("chain", "1"),
            answer=claim_answer(3),
            why="A chain on a card that is not equal is an incorrect card: it is shown to"
            " everyone and goes back, and you take a penalty card, unseen, at the end of your row.",
            wrong="For this lesson claim slot 4, the card you have not seen.",
            name="a wrong chain",
        ),
        draws(
            "Slot 4 was a 10 (everyone saw it: remember it), and slot 5 is your penalty card."
            " Draw.",
            "A 7: its power is Insight, look at one of your own cards.",
        ),
        Step(
            "Drop the 7 on the pile to play its power.",
            expect=exactly(Drop(YOU)),
            why="",
            wrong="Drop the 7: a power works when its card is played.",
            name="drop a power",
        ),
        Step(
            "Use Insight (Y) on slot 1, a card you have not seen.",
            expect=exactly(UsePower(YOU, slot=0)),
            wrong="Use Insight on slot 1: the others you know already, or are a penalty card.",
            name="insight",
        ),
        Step("Slot 1 is a 1: a card to keep.", when=knows(YOU, 0), name="looked"),
        Step(
            "Nimal chained his own 7 on your 7: anyone may chain, on anyone's play, with a card"
            " they know equals the top card. His row is one card shorter.",
            when=lambda view: isinstance(view, OmynView) and len(view.rows[NIMAL]) < 5,
            name="his chain",
        ),
        draws("Draw.", "Another 2."),
        Step(
            "Swap the 2 into slot 3, a card you never saw: most cards are worth more than 2.",
            expect=exactly(Swap(YOU, 2)),
            why="It was a 5: 3 points saved.",
            wrong="Swap the 2 into slot 3 (keep your 10 in slot 4 for now).",
            name="swap unseen",
        ),
        Step(
            "Nimal played an 8 and uses Spy on your slot 1. Your slot 2 is a 0: claim a Void"
            " on it now (your claim key or a click on slot 2).",
            expect=claims(1),
            when=window("void"),
            answer=claim_answer(1),
            why="A real 0 cancels a power, or an OMYN call: Nimal's Spy shows him nothing, and"
            " your 0 leaves your row.",
            wrong="Void with slot 2, the 0 you peeked at.",
            name="a Void",
        ),
        draws("Draw.", "A 10, and you know slot 3 is a 10 (the wrong chain showed it)."),
        Step(
            "Pair Up: drag slot 3 onto the 10 you drew (or press 3, then P). Two equal cards"
            " go to the pile and the slot closes.",
            expect=exactly(PairDrawn(YOU, 2)),
            why="Both 10s are gone and your row is one card shorter.",
            wrong="Pair the 10 you drew with slot 3, the other 10.",
            name="pair up",
        ),
        Step(
            "Two 10s give one Switch. Play them Plain (N) this time.",
            expect=exactly(DeclinePower(YOU)),
            why="",
            wrong="Play the pair Plain for this lesson.",
            name="plain",
        ),
        draws(
            "Nimal chained his 10 as well: he saw it when he peeked. Draw.",
            "A 4. You know your 1 and your 2; slot 3 is the penalty card you never saw.",
        ),
        Step(
            "Swap the 4 into slot 3: an unseen card is more likely higher than 4.",
            expect=exactly(Swap(YOU, 2)),
            why="It was a 6, and a 6 is a power card too: Hex.",
            wrong="Swap the 4 into slot 3, the penalty card you never saw.",
            name="swap the penalty",
        ),
        Step(
            "Use Hex (Y) on Nimal: his next turn has no powers.",
            expect=exactly(UsePower(YOU, target=NIMAL)),
            why="Unless someone Voids it, Nimal's plate says Hex until his next turn is played.",
            wrong="Use the Hex on Nimal this time.",
            name="hex",
        ),
        Step(
            "Nimal drew a Good Omen, which must be played at once: his face-down cards, both"
            " piles and the Omen were shuffled together and he took as many new cards, seen"
            " (a Bad Omen deals them unseen).",
            when=omen_seen,
            name="an Omen",
        ),
        Step(
            _your_total,
            expect=lambda action: isinstance(action, CallOmyn),
            why="Nimal may Void your call with a 0 in the next 3 seconds; if nobody does, every"
            " card is turned up.",
            wrong="Call OMYN now: your row is low.",
            name="the call",
        ),
        Step(_count, when=counted, name="the count"),
    ),
    bot_scripts={
        NIMAL: (
            bot(Peek(NIMAL, 0, 1)),
            bot(Draw(NIMAL)),
            bot(Drop(NIMAL)),
            bot(Draw(NIMAL)),
            bot(Drop(NIMAL)),
            bot(Draw(NIMAL)),
            bot(Drop(NIMAL)),
            bot(Draw(NIMAL)),
            bot(Drop(NIMAL)),
            bot(UsePower(NIMAL, target=YOU, slot=0)),
            bot(Draw(NIMAL)),
            bot(Drop(NIMAL)),
            bot(DeclinePower(NIMAL)),
            bot(Draw(NIMAL)),
            bot(Drop(NIMAL)),
        ),
    },
    ending="That is OMYN: learn your cards, lower your row with Swaps, Pairs and chains, use"
    " powers, Void what hurts you, and call when you are lowest. Play a real match, or go back.",
)
