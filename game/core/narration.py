"""Moves in words: the grammar every game's ``narrate`` shares.

A seat is spoken of by its name, and a seat named "You" takes the second person: "Nimal plays"
but "You play", "Nimal's set" but "your set". Seats are numbered from 1 where a number is shown.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from game.core.actions import Action

# Third-person verbs whose plain form is not the verb less its final "s".
_IRREGULAR = {"has": "have", "is": "are", "does": "do", "goes": "go", "was": "were"}


def is_you(name: str) -> bool:
    return name.strip().lower() == "you"


def plain_verb(verb: str) -> str:
    """ "plays" -> "play", "passes" -> "pass", "carries" -> "carry", "has" -> "have"."""
    head, _, tail = verb.partition(" ")
    if head in _IRREGULAR:
        plain = _IRREGULAR[head]
    elif head.endswith("ies") and len(head) > 3:
        plain = head[:-3] + "y"
    elif re.search(r"(ss|sh|ch|x|z)es$", head):
        plain = head[:-2]
    else:
        plain = head.removesuffix("s")
    return f"{plain} {tail}".strip()


class Voice:
    """The seats' names, and sentences about them that agree with "You"."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.names) and self.names[seat].strip():
            return self.names[seat]
        return f"Seat {seat + 1}"

    def you(self, seat: int) -> bool:
        return is_you(self.name(seat))

    def obj(self, seat: int) -> str:
        """The seat as an object: "Nimal", "you"."""
        return "you" if self.you(seat) else self.name(seat)

    def verb(self, seat: int, verb: str) -> str:
        """The verb agreeing with the seat: "plays" but (You) "play"."""
        return plain_verb(verb) if self.you(seat) else verb

    def says(self, seat: int, verb: str) -> str:
        """ "Nimal plays" but "You play"."""
        return f"{self.name(seat)} {self.verb(seat, verb)}"

    def whose(self, seat: int) -> str:
        """ "Nimal's" but "your"."""
        return "your" if self.you(seat) else f"{self.name(seat)}'s"

    def own(self, seat: int) -> str:
        """The actor's own: "their" but "your"."""
        return "your" if self.you(seat) else "their"

    def whose_from(self, actor: int, seat: int) -> str:
        """``seat``'s, said in a sentence about ``actor``: "their own" for the actor itself."""
        return f"{self.own(actor)} own" if seat == actor else self.whose(seat)

    def obj_from(self, actor: int, seat: int) -> str:
        """``seat`` as an object in a sentence about ``actor``: "themselves"/"yourself"."""
        if seat == actor:
            return "yourself" if self.you(actor) else "themselves"
        return self.obj(seat)


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def counted(count: int, noun: str) -> str:
    """ "1 Gem", "2 Gems", "0 Gems": a number with its noun agreeing."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def listing(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def article(word: str) -> str:
    """ "a 7", "an 8", "an Ace"."""
    return f"an {word}" if re.match(r"(?i)[aeio]|8|11\b|18\b", word) else f"a {word}"


# "seat 3", with a possessive "'s" or the verb that follows it (a "You" takes "your", "win").
SEAT_WORD = re.compile(r"\b[Ss]eat (\d+)(?:('s)\b| (is|has|was|does|[a-z]+s)\b)?")


def name_seats(text: str, names: Sequence[str]) -> str:
    """A rules-layer sentence ("seat 3 called FOMO!": seats 0-based) with the seats named."""
    voice = Voice(names)

    def named(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        if not 0 <= seat < len(names):
            return match.group(0)
        if match.group(2):  # "your turn", but "not yours" where no noun follows
            noun_follows = re.match(r"\s+\w", match.string[match.end() :]) is not None
            return voice.whose(seat) if noun_follows or not voice.you(seat) else "yours"
        if match.group(3):
            return voice.says(seat, match.group(3))
        return voice.name(seat)

    return sentence(SEAT_WORD.sub(named, text))


def fallback(action: Action, names: Sequence[str]) -> str:
    """A plain sentence for an action a game has no words for: never a repr."""
    words = re.sub(r"(?<!^)([A-Z])", r" \1", type(action).__name__).lower()
    return f"{Voice(names).says(action.seat, 'makes')} a move: {words}"


class Narrating(Protocol):
    """What ``narrate_log`` needs of a ``Game`` (game.py imports this module: no circle)."""

    def new_state(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> Any:
        """A fresh match."""

    def narrate(
        self, state: Any, action: Action, names: Sequence[str], viewer: int | None = None
    ) -> str:
        """``action`` in words, read from ``state`` before it is applied."""


def narrate_log(
    game: Narrating,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    log: Sequence[tuple[int, Action]],
    names: Sequence[str],
    viewer: int | None = None,
) -> list[str]:
    """Every move of a match's log in words, one sentence a move (the log replayed from its
    seed: each sentence reads the state its move was made in)."""
    state = game.new_state(players, seed, options)
    lines = []
    for at, action in log:
        state.advance(at)  # deadlines due before the move fire first, as when it was played
        lines.append(game.narrate(state, action, names, viewer))
        state.apply(action, at)
    return lines
