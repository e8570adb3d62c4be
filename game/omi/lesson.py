"""Learn Omi: one hand on a fixed deal, walking through trumps, following suit, winning with a
trump and the tokens at the end of the hand (issue 30; the shape: game/core/lesson.py).

Seed 261: Saman deals, so You (seat 0, at the dealer's right) name trumps from AD JD TD JC.
After Diamonds you hold TH 8H · AD JD TD 9D · AC JC (no Spades at all). The scripted tricks:
1. You lead AC; everyone follows with a Club: your Ace wins.
2. You lead JC; Nimal has no Clubs and trumps with 7D: the lowest trump wins.
3. Nimal leads 7H; you must follow with a Heart (play your lowest, 8H): Saman's AH wins.
4. Saman leads AS; you have no Spades: your 9D, a trump, beats the Ace.
Then you play the last four tricks as you like, each explained, and the tokens are counted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.core.actions import Action
from game.core.lesson import BotMove, Lesson, Step
from game.core.views import View
from game.omi.actions import NameTrump, PlayCard
from game.omi.cards import SUIT_NAMES, card_name
from game.omi.view import OmiView

YOU = 0


def plays(seat: int, card: str) -> BotMove:
    return BotMove(lambda action: action == PlayCard(seat, card))


def you_play(*cards: str) -> Callable[[Action], bool]:
    return lambda action: isinstance(action, PlayCard) and action.card in cards


def is_play(action: Action) -> bool:
    return isinstance(action, PlayCard)


def first_of(*cards: str) -> Callable[[Sequence[Action]], Action | None]:
    """``--check``'s card among the moves a step takes: the first of ``cards`` it may play."""

    def pick(moves: Sequence[Action]) -> Action | None:
        playable = {m.card: m for m in moves if isinstance(m, PlayCard)}
        return next((playable[c] for c in cards if c in playable), moves[0] if moves else None)

    return pick


FREE_PLAY = first_of("AD", "JD", "TD", "8H", "TH")


def tricks_done(count: int) -> Callable[[View], bool]:
    return lambda view: isinstance(view, OmiView) and len(view.tricks) >= count


def _card(action: Action) -> str:
    return card_name(action.card) if isinstance(action, PlayCard) else "that"


def _trumps_wrong(action: Action, view: View) -> str:
    if not isinstance(action, NameTrump) or not isinstance(view, OmiView):
        return "Name Diamonds as trumps."
    held = sum(1 for card in view.hand if card[1] == action.suit)
    suit = SUIT_NAMES[action.suit]
    count = {0: f"no {suit}", 1: f"only one {suit[:-1]}"}.get(held, f"only {held} {suit}")
    return f"You hold {count}: name Diamonds, your three with the Ace."


def _keep_trumps(then: str) -> Callable[[Action, View], str]:
    def wrong(action: Action, view: View) -> str:
        if isinstance(action, PlayCard) and action.card[1] == "D":
            return f"Keep your trumps for later: {then}"
        return f"Not the {_card(action)} now: {then}"

    return wrong


NAMES = ("You", "Nimal", "Kamala", "Saman")


def _trick_told(view: View) -> str:
    """Why the last trick went where it did: the highest trump, else the highest card of the
    suit led; and who leads next."""
    assert isinstance(view, OmiView) and view.tricks
    trick = view.tricks[-1]
    winner = trick.winner
    card = trick.cards[(winner - trick.leader) % 4]
    led = trick.cards[0][1]
    whose = "Your" if winner == YOU else f"{NAMES[winner]}'s"
    if card[1] == view.trump and led != view.trump:
        why = f"a trump beats every {SUIT_NAMES[led][:-1]}"
    elif card[1] == view.trump:
        why = "the highest trump played"
    else:
        why = f"the highest {SUIT_NAMES[led][:-1]} played, and nobody trumped"
    if len(view.tricks) == 8:
        then = "That was the last trick."
    else:
        then = "You lead next." if winner == YOU else f"{NAMES[winner]} leads next."
    return f"{whose} {card_name(card)} won: {why}. {then}"


def _tokens(view: View) -> str:
    """The hand's tokens, read off the score (this lesson's first hand starts at 0–0), and why:
    your team named trumps, so it needed 5 of the 8 tricks."""
    assert isinstance(view, OmiView)
    ours, theirs = view.tricks_won
    if view.score[0]:
        tokens = view.score[0]
        result = f"your team wins {tokens} token{'s' if tokens > 1 else ''}"
    elif view.score[1]:
        result = f"Nimal and Saman win {view.score[1]} tokens"
    else:
        result = "nobody wins a token (at 4–4 one is carried to the next hand)"
    return (
        f"Tricks: your team {ours}, theirs {theirs}, so {result}. You named trumps: 5–7 tricks"
        " win 1 token, all 8 win 3, and 3 or fewer give the others 2. First to 10 wins."
    )


LESSON = Lesson(
    game_id="omi",
    title="Learn Omi",
    seed=261,
    players=4,
    names=NAMES,
    steps=(
        Step(
            "Omi is played in teams: you and Kamala, across the table, against Nimal and"
            " Saman. A hand has 8 tricks; the team that takes most of them wins tokens.",
            name="welcome",
        ),
        Step(
            "Saman dealt 4 cards each. You sit at the dealer's right, so you name trumps, from"
            " these 4 only. Choose Diamonds: you hold three, with the Ace.",
            expect=lambda action: action == NameTrump(YOU, "D"),
            why="Diamonds are trumps now: a Diamond beats every card of another suit. Four more"
            " cards each are being dealt.",
            wrong=_trumps_wrong,
            name="trumps",
        ),
        Step(
            "The trump-maker leads the first trick. Lead your Ace of Clubs: the Ace is the"
            " highest card of its suit.",
            expect=you_play("AC"),
            why="Everyone must now play a Club if they have one: that is following suit.",
            wrong=_keep_trumps("lead the Ace of Clubs."),
            name="lead",
        ),
        Step(
            "All three followed with Clubs and nobody trumped, so the highest Club won: your"
            " Ace. Whoever wins a trick leads the next one.",
            when=tricks_done(1),
            name="first trick",
        ),
        Step(
            "Lead again: this time your Jack of Clubs.",
            expect=you_play("JC"),
            why="Watch who still has Clubs.",
            wrong=_keep_trumps("lead the Jack of Clubs."),
            name="second lead",
        ),
        Step(
            "Nimal had no Clubs, so he could play any card: his 7 of Diamonds is a trump, and"
            " even the lowest trump beats the King of Clubs. Nimal leads next.",
            when=tricks_done(2),
            name="trumped",
        ),
        Step(
            "Nimal led Hearts. You hold Hearts, so you must play one (try another card to"
            " see). Saman's Ace wins anyway: play your lowest Heart, the 8.",
            expect=you_play("8H"),
            why="Saman's Ace was the highest Heart and nobody trumped, so Saman takes the trick"
            " and leads next.",
            wrong="The 10 cannot beat Saman's Ace: keep it, and play your lowest Heart.",
            name="follow suit",
        ),
        Step(
            "Saman led the Ace of Spades. You have no Spades, so you may play any card: play"
            " a trump, a Diamond.",
            expect=lambda action: isinstance(action, PlayCard) and action.card[1] == "D",
            answer=first_of("9D"),
            why="Any trump beats every card of another suit, so your Diamond beats the Ace of"
            " Spades unless someone plays a higher trump.",
            wrong="Only a trump beats the Ace of Spades: play a Diamond.",
            name="trump it",
        ),
        Step(
            "You won the trick with a trump. That makes 2 tricks each; you lead.",
            when=tricks_done(4),
            name="won with a trump",
        ),
        Step(
            "Play the last four tricks as you like. Tip: your Ace of Diamonds is the highest"
            " trump, and leading trumps draws out the others' trumps.",
            expect=is_play,
            answer=FREE_PLAY,
            name="free play",
        ),
        Step(_trick_told, when=tricks_done(5), name="trick 5"),
        Step(
            "Your turn: follow suit if you can.", expect=is_play, answer=FREE_PLAY, name="free play"
        ),
        Step(_trick_told, when=tricks_done(6), name="trick 6"),
        Step(
            "Your turn: follow suit if you can.", expect=is_play, answer=FREE_PLAY, name="free play"
        ),
        Step(_trick_told, when=tricks_done(7), name="trick 7"),
        Step("Your last card.", expect=is_play, answer=FREE_PLAY, name="free play"),
        Step(_trick_told, when=tricks_done(8), name="trick 8"),
        Step(_tokens, when=tricks_done(8), name="tokens"),
    ),
    bot_scripts={
        1: (plays(1, "TC"), plays(1, "7D"), plays(1, "7H"), plays(1, "7S")),
        2: (plays(2, "7C"), plays(2, "9C"), plays(2, "QH"), plays(2, "8S")),
        3: (plays(3, "8C"), plays(3, "KC"), plays(3, "AH"), plays(3, "AS"), plays(3, "QD")),
    },
    ending="That is Omi: name trumps, follow suit, trump when you cannot, and count the tricks"
    " for tokens. Play a real match against the bots, or go back.",
)
