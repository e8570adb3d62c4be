"""Learn Om Nom Nom: round 1 on a fixed roll, walking through the dice, a secret pick, eating
alone, sharing a board, a predator eating a card, and the round's score (issue 30; the shape:
game/core/lesson.py).

Seed 7, three seats (You, Ana, Ben). Round 1's dice: 4 carrots, 4 cheese, 2 flies (red) and
2 rabbits, 1 mouse, 2 frogs (black). The scripted reveals:
1. You: rabbit, alone and no wolf: all 4 carrots (solo). Ana's cat takes the mouse die, Ben's
   hedgehog the 2 frog dice.
2. You and Ana: mouse: two mice share the 4 cheese, 2 each. Ben's wolf eats the 2 rabbit dice.
3. You: wolf, Ana: rabbit: your wolf eats her rabbit card. Ben's mouse finds no cheese left.
Then you play the round's last three cards as you like (the bots play their own game), each
reveal explained from what happened, and the round is scored. The lesson ends there.
"""

from __future__ import annotations

from collections.abc import Callable

from game.core.actions import Action
from game.core.lesson import BotMove, Lesson, Step
from game.core.views import View
from game.omnomnom.actions import Pick
from game.omnomnom.cards import BOARDS, DIE_POINTS, RED_FACES, TOPS
from game.omnomnom.resolve import BoardStep, resolve_turn
from game.omnomnom.view import OmNomNomView

YOU = 0
NAMES = ("You", "Ana", "Ben")


def picks(seat: int, animal: str) -> BotMove:
    return BotMove(lambda action: action == Pick(seat, animal))


def you_pick(animal: str) -> Callable[[Action], bool]:
    return lambda action: action == Pick(YOU, animal)


def is_pick(action: Action) -> bool:
    return isinstance(action, Pick)


def reveals_done(count: int) -> Callable[[View], bool]:
    """The view's history holds ``count`` reveals (over every round)."""
    return lambda view: isinstance(view, OmNomNomView) and _reveals(view) >= count


def _reveals(view: OmNomNomView) -> int:
    return sum(len(turns) for _dice, turns in view.rounds_log)


def _dice(face: str, count: int) -> str:
    return f"{count} {face} {'die' if count == 1 else 'dice'}"


def _whose(seat: int) -> str:
    return "your" if seat == YOU else f"{NAMES[seat]}'s"


PLURALS = {"mouse": "mice", "cheese": "cheese", "fly": "flies"}


def _many(face: str, count: int) -> str:
    return f"{count} {face if count == 1 else PLURALS.get(face, face + 's')}"


# --- what an animal would eat now ---------------------------------------------------------------
def eats(animal: str, view: OmNomNomView) -> str:
    """What ``animal`` eats on its board, with the dice there now, in a few words: "The wolf
    eats rabbit cards and the 2 rabbit dice"."""
    board = next(b for b in BOARDS if animal in (b.top, b.middle))
    face = board.middle if animal in TOPS else board.bottom
    count = view.space(face)
    if animal in TOPS:
        if not count:
            return f"The {animal} can only catch a {face} card now"
        return f"The {animal} eats {face} cards and the {_dice(face, count)}"
    if not count:
        return f"The {animal} finds no {PLURALS.get(face, face + 's')} left"
    points = count * DIE_POINTS[face]
    return (
        f"The {animal} eats the {_many(face, count)} ({points} points) unless a {board.top} comes"
    )


def other_pick(pointer: str) -> Callable[[Action, View], str]:
    """Why another animal is not this step's: what it would eat now, then what to pick."""

    def wrong(action: Action, view: View) -> str:
        if not isinstance(action, Pick) or not isinstance(view, OmNomNomView):
            return pointer
        return f"{eats(action.animal, view)}. {pointer}"

    return wrong


# --- what happened at the last reveal -------------------------------------------------------------
def last_reveal(view: OmNomNomView) -> tuple[tuple[str, ...], tuple[BoardStep, ...]]:
    """The last reveal's picks and how each board split, replayed by the rules from the round's
    roll (the public history)."""
    dice, turns = next((d, t) for d, t in reversed(view.rounds_log) if t)
    spaces = dict(dice)
    steps: tuple[BoardStep, ...] = ()
    for turn in turns:
        result = resolve_turn(turn, spaces)
        spaces, steps = result.spaces, result.steps
    return turns[-1], steps


def board_told(step: BoardStep) -> str:
    """One board in words: who ate what, shared or alone."""
    board = next(b for b in BOARDS if b.name == step.board)
    eaters = [f"{_whose(seat)} {step.eater}" for seat in step.eaters]
    who = " and ".join(eaters)
    who = who[0].upper() + who[1:]
    prey = [f"{_whose(seat)} {board.middle} card" for seat in step.prey_cards]
    if step.prey_dice:
        prey.append(_dice(step.face, step.prey_dice))
    what = " and ".join(prey)
    if step.prey == 0:
        return f"{who} found nothing to eat."
    if step.each == 0:
        return f"{who} were too many for {what}: nobody ate."
    if len(step.eaters) == 1:
        points = len(step.prey_cards) + step.prey_dice * DIE_POINTS[step.face]
        return f"{who} ate {what} alone ({points} point{'s' if points > 1 else ''})."
    left = f", {step.left} left" if step.left else ""
    return f"{who} shared {what}: {step.each} each{left}."


def reveal_told(lead: str = "") -> Callable[[View], str]:
    """The last reveal, board by board, after ``lead`` (a word on what it showed)."""

    def told(view: View) -> str:
        assert isinstance(view, OmNomNomView)
        _picks, steps = last_reveal(view)
        eaten = [step for step in steps if step.eaters and step.prey]
        eaten.sort(key=lambda step: YOU not in step.eaters + step.prey_cards)  # yours first
        hungry = [
            f"{_whose(s)} {step.eater}" for step in steps if not step.prey for s in step.eaters
        ]
        told = [board_told(step) for step in eaten]
        if hungry:
            who = " and ".join([", ".join(hungry[:-1]), hungry[-1]] if len(hungry) > 1 else hungry)
            told.append(f"{who[0].upper()}{who[1:]} found nothing to eat (a card still scores 1).")
        return " ".join([lead, *told]).strip()

    return told


def dice_told(view: View) -> str:
    assert isinstance(view, OmNomNomView)
    red = ", ".join(_many(f, n) for f, n in view.spaces if n and f in RED_FACES)
    black = ", ".join(_many(f, n) for f, n in view.spaces if n and f not in RED_FACES)
    return (
        f"The 15 dice were rolled onto the boards: {red} (red dice, 2 points each); {black}"
        " (black, 1 point). They stay until someone eats them."
    )


def left_told(view: View) -> str:
    """Before the free picks: what is still on the boards."""
    assert isinstance(view, OmNomNomView)
    dice = [_dice(f, n) for f, n in view.spaces if n]
    left = f"Only {' and '.join(dice)} are left" if dice else "The dice are all eaten"
    return f"{left}; cards can still be caught. Pick any animal you have left."


def score_told(view: View) -> str:
    assert isinstance(view, OmNomNomView) and view.round_scores
    scores = view.round_scores[0]
    others = ", ".join(f"{NAMES[s]} {scores[s]}" for s in range(1, len(scores)))
    return (
        f"Round 1 is scored: you {scores[YOU]}, {others}. Every card in front of you is 1"
        " point, a black die 1, a red die 2. Three rounds make a match: the highest total wins."
    )


LESSON = Lesson(
    game_id="omnomnom",
    title="Learn Om Nom Nom",
    seed=7,
    players=3,
    names=NAMES,
    steps=(
        Step(
            "Three boards, three food chains: the wolf eats rabbits, rabbits eat carrots; the"
            " cat eats mice, mice eat cheese; the hedgehog eats frogs, frogs eat flies.",
            name="welcome",
        ),
        Step(dice_told, name="dice"),
        Step(
            "Everyone picks one animal at once, face down. Pick your rabbit: it eats the 4"
            " carrots if no wolf comes to the forest.",
            expect=you_pick("rabbit"),
            why="Your rabbit lies face down: nobody sees it. Ana and Ben pick now, then all"
            " the cards turn up at once.",
            wrong=other_pick("Pick the rabbit: 8 points of carrots."),
            name="a pick",
        ),
        Step(
            reveal_told("Nobody else picked a rabbit and no wolf came: eating alone pays best."),
            when=reveals_done(1),
            name="solo",
        ),
        Step(
            "Pick your mouse: the 4 cheese dice are red. But Ana still has her mouse, and her"
            " cat is gone: she may want the cheese too.",
            expect=you_pick("mouse"),
            why="Picked. If another mouse comes, the two of you share the board.",
            wrong=other_pick("Pick the mouse."),
            name="share",
        ),
        Step(
            reveal_told("Two mice on one board share its prey evenly."),
            when=reveals_done(2),
            name="sharing",
        ),
        Step(
            "Ana and Ben still hold their rabbits. Pick your wolf: it eats every rabbit card"
            " played. (Try another animal first, to see why not.)",
            expect=you_pick("wolf"),
            why="The wolf is a top predator: when one comes, the rabbit cards are its prey and"
            " no rabbit eats.",
            wrong=other_pick("Pick the wolf."),
            name="wolf",
        ),
        Step(
            reveal_told("A caught card goes in front of its eater: 1 point to the wolf."),
            when=reveals_done(3),
            name="a catch",
        ),
        Step(
            left_told,
            expect=is_pick,
            name="free pick",
        ),
        Step(reveal_told(), when=reveals_done(4), name="reveal 4"),
        Step("Pick again: two cards left.", expect=is_pick, name="free pick"),
        Step(reveal_told(), when=reveals_done(5), name="reveal 5"),
        Step("Your last card of the round.", expect=is_pick, name="free pick"),
        Step(reveal_told(), when=reveals_done(6), name="reveal 6"),
        Step(score_told, when=reveals_done(6), name="the round's score"),
        Step(
            "Alone tonight? Set solo to 2 or 3 on the seats screen to play against virtual"
            " colours: face-down stacks that each turn their top card once you have picked."
            " You win only by beating every colour.",
            name="the solo game",
        ),
    ),
    bot_scripts={
        1: (picks(1, "cat"), picks(1, "mouse"), picks(1, "rabbit")),
        2: (picks(2, "hedgehog"), picks(2, "wolf"), picks(2, "mouse")),
    },
    ending="That is Om Nom Nom: guess what the others pick, eat alone when you can, and"
    " count cards and dice. A match goes on for two more rounds; play one against the bots.",
)
