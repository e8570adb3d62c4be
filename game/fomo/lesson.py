"""Learn FOMO: one short game on a fixed deal, walking through Seen, Canceled, Plot Twist, Swap,
Throwback, Ghosted, placing a number and the FOMO! call (issue 30; the shape:
game/core/lesson.py).

Seed 7674, three players: Raj deals, so You start. Your hidden set is 0 0 0 and a Plot Twist
(in slot 4); you hold Throwback, a 0 and two Seen. The scripted game:
1. You play Seen on your own set (you draw the Canceled).
2. Mia plays Plot Twist on you and her: you block it with Canceled.
3. Raj plays Swap between Mia and himself (you are not named); it goes through.
4. You play Throwback and take your Canceled back from the pile.
5. Mia plays Seen on herself; Raj plays Ghosted: your next turn is lost.
6. You put your 0 over the Plot Twist, then call FOMO! with four 0s and win.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.actions import Action
from game.core.lesson import BotMove, Lesson, Step
from game.core.views import View
from game.fomo.actions import (
    CallFomo,
    Discard,
    PassCancel,
    PlaceCard,
    PlayCanceled,
    PlayGhosted,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
    PlayThrowback,
    TakeThrowback,
)
from game.fomo.cards import CANCELED, GHOSTED, SWAP, card_name
from game.fomo.view import FomoView

YOU, MIA, RAJ = 0, 1, 2
NAMES = ("You", "Mia", "Raj")
GOAL = "0"  # the number your set collects
SLOT = 3  # where the odd card of your set lies (slot 4 on the table)


def is_(kind: type[Action]) -> Callable[[Action], bool]:
    return lambda action: isinstance(action, kind)


def bot(kind: type[Action], delay_ms: int = 0) -> BotMove:
    return BotMove(is_(kind), delay_ms)


def _set_told(view: View) -> str:
    """What your Seen showed, read off your view."""
    assert isinstance(view, FomoView)
    faces = ", ".join(card_name(card) for card in view.sets[YOU])
    return (
        f"Your hidden set, slot by slot: {faces}. Three 0s: with your 0 in slot {SLOT + 1} it"
        " would be four. (Hold the Look button to see it again.) Every turn ends with a draw"
        " back to 4 cards."
    )


def _pending_is(card: str) -> Callable[[View], bool]:
    return lambda view: (
        isinstance(view, FomoView) and view.pending is not None and view.pending.card == card
    )


def _ghosted_played(view: View) -> bool:
    """Raj's Ghosted lies on the pile and your turn went by: Mia is to play."""
    return isinstance(view, FomoView) and view.discard_top == GHOSTED and view.turn == MIA


def _set_now(view: View) -> str:
    assert isinstance(view, FomoView)
    moved = card_name(view.discard_top or "")
    return (
        f"The {moved} from slot {SLOT + 1} went face up onto the pile, and you drew a card."
        " Your set is four 0s now: wait for your turn."
    )


def _look_first(action: Action, view: View) -> str:
    if isinstance(action, PlaceCard | Discard):
        return "Look first: play Seen on your own set, so you know what lies where."
    if isinstance(action, PlaySeen):
        return "Look at your own set this time: click your Seen, then your set."
    return "Not yet: play Seen on your own set first."


LESSON = Lesson(
    game_id="fomo",
    title="Learn FOMO",
    seed=7674,
    players=3,
    names=NAMES,
    steps=(
        Step(
            "FOMO: collect four equal numbers in your hidden set (the four cards face down"
            " before you), then shout FOMO! Nobody may look at a hidden set, not even its owner.",
            name="welcome",
        ),
        Step(
            "A turn is one move, then a draw. Play your Seen on your own set to look at it:"
            " drag the Seen onto your set, or click it and then your set.",
            expect=lambda action: action == PlaySeen(YOU, YOU),
            why=_set_told,
            wrong=_look_first,
            name="seen",
        ),
        Step(
            "Mia plays Plot Twist: she would trade her whole hidden set for yours, and your"
            " three 0s with it. You just drew a Canceled: click Canceled! on the panel to"
            " block her.",
            expect=is_(PlayCanceled),
            why="Blocked: the Plot Twist is spent and your set stays yours. Canceled works only"
            " against Seen, Swap or Plot Twist played on you; you drew a card to refill.",
            wrong="Passing lets Mia take your three 0s: play Canceled.",
            name="canceled",
        ),
        Step(
            "Raj plays Swap: one hidden card of his and one of Mia's change places, unseen."
            " Only the players it names may cancel it (Mia here); you just watch.",
            when=_pending_is(SWAP),
            name="swap",
        ),
        Step(
            "Your turn. Your Canceled lies in the discard pile: play Throwback, which takes"
            " any one card from the pile into your hand.",
            expect=is_(PlayThrowback),
            wrong="Keep your 0 in hand for now: play Throwback to get your Canceled back.",
            name="throwback",
        ),
        Step(
            "Pick the Canceled from the pile: your set will need protecting again.",
            expect=lambda action: action == TakeThrowback(YOU, CANCELED),
            why="Throwback takes a card instead of the draw. The others saw a card leave the"
            " pile, but not which one.",
            wrong="Take the Canceled: it is the card that protects your set.",
            name="take back",
        ),
        Step(
            "Raj played Ghosted: the player after him (you) loses the next turn, and yours just"
            " went by. Ghosted cannot be canceled. (Before that, Mia played Seen on her own set.)",
            when=_ghosted_played,
            name="ghosted",
        ),
        Step(
            f"Your turn again. Put your 0 into slot {SLOT + 1}, over the Plot Twist: drag it"
            f" there, or select it and press {SLOT + 1}.",
            expect=lambda action: action == PlaceCard(YOU, GOAL, SLOT),
            why=_set_now,
            wrong=f"Put the 0 into slot {SLOT + 1}: the other three slots already hold 0s.",
            name="place",
        ),
        Step(
            "Four equal numbers: shout FOMO! first thing in your turn: the FOMO!"
            " button. Your set is turned up; anything but four equal numbers puts you out.",
            expect=is_(CallFomo),
            why="FOMO! Four 0s: you win at once.",
            wrong="You hold four 0s in your set: call FOMO! now.",
            name="fomo",
        ),
    ),
    bot_scripts={
        MIA: (
            BotMove(lambda action: action == PlayPlotTwist(MIA, YOU, MIA)),
            bot(PassCancel, 600),
            BotMove(lambda action: action == PlaySeen(MIA, MIA)),
            *(bot(Discard) for _ in range(4)),
        ),
        RAJ: (
            BotMove(lambda action: isinstance(action, PlaySwap) and YOU not in (action.first,)),
            bot(PlayGhosted),
            *(bot(Discard) for _ in range(4)),
        ),
    },
    ending="That is FOMO: look with Seen, block with Canceled, steal with Swap and Plot Twist,"
    " dig with Throwback, skip with Ghosted, and shout FOMO! on four equal numbers."
    " Play a real game against the bots, or go back.",
)
