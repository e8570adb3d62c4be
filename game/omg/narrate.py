"""OMG's moves in the table's words: "Nimal evolves Hel to L2 at Center", "You attack Amal's
Life with Zeus L2 from Left".

Read from the state before the move, so a displaced Being, an attacked Being or a Play
ability's target is named as it lay. Cards put back in a mulligan and cards an ability draws
(Njord, Apollo, Hades) are named only to their owner (or with all cards open); every other card
named here is face up on the table.

``Story`` tells the table's log: each move in these same words, then what came of it (a clash,
a Being destroyed, a Life card lost, a new turn), read off the move's events. The live log and
a log rebuilt after a resume are the same lines, because both are told from the record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from game.core.actions import Action
from game.core.events import CardMoved, Event, GameOver, TurnStarted
from game.core.game import State
from game.core.narration import Narrating, Voice, fallback, listing, name_seats, sentence
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
from game.omg.board import LOCATION_NAMES
from game.omg.events import AbilityUsed, Clash, LifeLost, RestChanged

# What a Play ability does to the enemy Being it aims at.
AIMED = {"Pele": "weakening", "Tefnut": "resting", "Raijin": "resting", "Hel": "destroying"}
TOLD_IN_THE_MOVE = frozenset({*AIMED, "Gaia"})  # the move's own words say what these did


def card_name(card: str) -> str:
    """ "Surtr:2" -> "Surtr L2"."""
    being, _, level = card.partition(":")
    return f"{being} L{level}" if level else being


def place(location: int) -> str:
    return LOCATION_NAMES[location] if 0 <= location < len(LOCATION_NAMES) else "a lane"


def _top(state: Any, seat: int, location: int) -> str | None:
    """The top card of ``seat``'s Being at ``location`` (None: the lane is empty)."""
    sides = getattr(state, "sides", None)
    if sides is None or not 0 <= location < len(sides[seat].locations):
        return None
    stack = sides[seat].locations[location]
    return str(stack.cards[-1]) if stack is not None and stack.cards else None


def _being(voice: Voice, state: Any, actor: int, seat: int, location: int) -> str:
    """ "Amal's Zeus L1 at Left" in a sentence about ``actor``."""
    top = _top(state, seat, location)
    whose = voice.whose_from(actor, seat).replace(" own", "")
    return f"{whose} {card_name(top) if top else 'Being'} at {place(location)}"


def _aimed(voice: Voice, state: Any, seat: int, card: str, target: Target) -> str:
    being = card.partition(":")[0]
    if isinstance(target, int):
        verb = AIMED.get(being, "aiming at")
        return f", {verb} {_being(voice, state, seat, 1 - seat, target)}"
    if isinstance(target, str):
        return f", returning {card_name(target)} from the Abyss to {voice.own(seat)} hand"
    return ""


def narrate(state: State, action: Action, names: Sequence[str], viewer: int | None = None) -> str:
    """``action`` as the table says it, read from ``state`` before it is applied."""
    voice = Voice(names)
    seat = action.seat
    says = voice.says
    text: str
    if isinstance(action, Mulligan):
        if not action.cards:
            text = f"{says(seat, 'keeps')} {voice.own(seat)} hand"
        else:
            count = len(action.cards)
            shown = (
                listing([card_name(c) for c in action.cards])
                if viewer is None or viewer == seat
                else f"{count} card{'s' if count > 1 else ''}"
            )
            text = f"{says(seat, 'puts')} back {shown} and {voice.verb(seat, 'draws')} {count} new"
    elif isinstance(action, PlayBeing):
        text = f"{says(seat, 'plays')} {card_name(action.card)} at {place(action.location)}"
        old = _top(state, seat, action.location)
        if old is not None:
            text += f", displacing {card_name(old)}"
        text += _aimed(voice, state, seat, action.card, action.target)
    elif isinstance(action, Evolve):
        being, _, level = action.card.partition(":")
        old = _top(state, seat, action.location)
        if old is None or old.partition(":")[0] == being:
            text = f"{says(seat, 'evolves')} {being} to L{level} at {place(action.location)}"
        else:
            text = f"{says(seat, 'evolves')} {card_name(old)} into {card_name(action.card)} at {place(action.location)}"
        text += _aimed(voice, state, seat, action.card, action.target)
    elif isinstance(action, Attack):
        mine = _top(state, seat, action.location)
        attacker = f"{card_name(mine) if mine else 'a Being'} from {place(action.location)}"
        if action.target is None:
            text = f"{says(seat, 'attacks')} {voice.whose(1 - seat)} Life with {attacker}"
        else:
            enemy = _being(voice, state, seat, 1 - seat, action.target)
            text = f"{says(seat, 'attacks')} {enemy} with {attacker}"
    elif isinstance(action, GemDraw):
        text = f"{says(seat, 'rests')} a Gem to draw a card"
    elif isinstance(action, EquipGem):
        mine = _top(state, seat, action.location)
        text = f"{says(seat, 'equips')} a Gem to {card_name(mine) if mine else 'the Being'} at {place(action.location)}"
    elif isinstance(action, EndTurn):
        text = f"{says(seat, 'ends')} {voice.own(seat)} turn"
    elif isinstance(action, Block):
        text = f"{says(seat, 'blocks')} with {_being(voice, state, seat, seat, action.location)}"
    elif isinstance(action, AddDefense):
        text = f"{says(seat, 'discards')} {card_name(action.card)} to defend"
    elif isinstance(action, FinishDefense):
        text = f"{says(seat, 'is')} done defending"
    elif isinstance(action, Discard):
        text = f"{says(seat, 'discards')} {card_name(action.card)}"
    elif isinstance(action, Forfeit):
        text = f"{says(seat, 'forfeits')} the match"
    else:
        return fallback(action, names)
    return sentence(text)


Line = tuple[str, bool]  # a log line, and whether it heads a turn
OUTCOME = {"attacker": "the attack wins", "defender": "the defence holds", "tie": "a tie"}
ADVANTAGE = {1: " (×2)", 0: "", -1: " (×½)"}


class Story:
    """The log of a match as the table tells it: ``tell`` each move of the record in turn
    (a fresh state follows the record; each move is read before it is applied)."""

    def __init__(
        self,
        game: Narrating,
        seed: int,
        options: Mapping[str, Any],
        names: Sequence[str],
        viewer: int | None,
    ) -> None:
        self.game = game
        self.state = game.new_state(len(names), seed, options)
        self.names = list(names)
        self.voice = Voice(names)
        self.viewer = viewer
        self.lost = False  # a move its state refused: the table was changed by hand (a test)

    def tell(self, at_ms: int, action: Action) -> list[Line]:
        state = self.state
        state.advance(at_ms)
        tops = {
            (seat, loc): _top(state, seat, loc) for seat in (0, 1) for loc in range(3)
        }  # the Beings as they lay: those destroyed are named by these
        lines: list[Line] = [(self.game.narrate(state, action, self.names, self.viewer), False)]
        if state.check(action) is not None:
            self.lost = True  # only the move is told; its caller hands over the state as it is
            return lines
        fighters = self._fighters(action, tops)
        events = state.apply(action, at_ms)
        lines += self._outcome(action, events, tops, fighters)
        return lines

    def _fighters(self, action: Action, tops: dict[tuple[int, int], str | None]) -> list[str]:
        """The two sides of a clash this move may bring, by name (before it is made)."""
        seat, loc, target = action.seat, getattr(action, "location", 0), None
        if isinstance(action, Attack):
            target = action.target
        elif isinstance(action, FinishDefense):
            defense = getattr(self.state, "defense", None)
            if defense is None:
                return []
            seat, loc, target = defense.attacker, defense.location, defense.blocker
        else:
            return []
        mine = tops.get((seat, loc))
        theirs = tops.get((1 - seat, target)) if target is not None else None
        defence = card_name(theirs) if theirs else f"{self.voice.whose(1 - seat)} defence"
        return [card_name(mine) if mine else "the attack", defence]

    def _outcome(
        self,
        action: Action,
        events: Sequence[Event],
        tops: dict[tuple[int, int], str | None],
        fighters: list[str],
    ) -> list[Line]:
        voice, lines = self.voice, []
        gone: set[str] = set()
        drawing: Drawing | None = None  # the last ability that draws, and the cards it drew
        draws: list[Drawing] = []
        for event in events:
            if isinstance(event, TurnStarted):
                drawing = None  # the turn's own draw is no ability's
                turn = getattr(self.state, "turn_number", 0)
                lines.append((f"Turn {turn}: {voice.name(event.seat)}", True))
            elif isinstance(event, Clash):
                lines.append((_clash(event, fighters), False))
            elif isinstance(event, AbilityUsed) and event.being not in TOLD_IN_THE_MOVE:
                # What an untargeted Play ability did ("Njord draws 1"); an aimed one is
                # told in the move's own words ("…, destroying Amal's Zeus L1 at Left").
                lines.append(
                    (f"{sentence(voice.whose(event.seat))} {event.being} {event.text}", False)
                )
                drawing = Drawing(len(lines) - 1, event.seat)
                draws.append(drawing)
            elif _drawn(event):
                seat = int(event.src.split(":")[1])
                if drawing is None and fighters and isinstance(action, Attack | FinishDefense):
                    # Hades' draw: its attack destroyed a Being (told just before)
                    lines.append((f"{sentence(voice.whose(seat))} {fighters[0]} draws 1", False))
                    drawing = Drawing(len(lines) - 1, seat)
                    draws.append(drawing)
                if drawing is not None and drawing.seat == seat:
                    drawing.cards.append(str(event.card))
            elif isinstance(event, CardMoved) and event.src.startswith("loc:"):
                if event.src in gone or isinstance(action, PlayBeing | Evolve):
                    continue  # a displaced Being, or one an ability destroyed: said already
                gone.add(event.src)
                seat, loc = (int(part) for part in event.src.split(":")[1:])
                top = tops.get((seat, loc))
                being = card_name(top) if top else "Being"
                lines.append((f"{sentence(voice.whose(seat))} {being} is destroyed", False))
            elif isinstance(event, CardMoved) and event.src.startswith("life:") and event.card:
                whose = sentence(voice.whose(int(event.src.split(":")[1])))
                lines.append(
                    (f"{whose} Life card {card_name(event.card)} goes to the Abyss", False)
                )
            elif isinstance(event, LifeLost):
                lines.append(
                    (f"{voice.says(event.seat, 'has')} {event.remaining} Life left", False)
                )
            elif (
                isinstance(event, RestChanged)
                and not event.rested
                and isinstance(action, FinishDefense)
            ):
                top = card_name(tops.get((event.seat, event.location)) or "Being")
                lines.append((f"{sentence(voice.whose(event.seat))} {top} is active again", False))
            elif isinstance(event, GameOver):
                reason = event.summary
                if "seat" in reason:  # "seat 0 forfeited": the seat by its name
                    reason = name_seats(reason, self.names)
                if event.winners:
                    said = f"{voice.says(event.winners[0], 'wins')} ({reason})"
                else:
                    said = f"A draw ({reason})"
                lines.append((said, True))
        for told in draws:  # the cards drawn, to eyes that may see them
            if told.cards and self.viewer in (None, told.seat):
                text, heading = lines[told.line]
                lines[told.line] = (_naming(text, told.cards), heading)
        return lines


@dataclass
class Drawing:
    """An ability's line in the log (``line``) that draws for ``seat``, and the cards drawn."""

    line: int
    seat: int
    cards: list[str] = field(default_factory=list)


def _drawn(event: Event) -> TypeGuard[CardMoved]:
    """A card drawn from a deck to its owner's hand (in a move's outcome: by an ability)."""
    return (
        isinstance(event, CardMoved)
        and event.src.startswith("deck:")
        and event.dst == event.src.replace("deck:", "hand:")
    )


def _naming(text: str, cards: list[str]) -> str:
    """ "Your Njord draws 1" → "Your Njord draws 1: Zeus L1" (Apollo's: before "then")."""
    named = listing([card_name(c) for c in cards])
    head, then, rest = text.partition(", then ")
    return f"{head}: {named}" + (f"; then {rest}" if then else "")


def _clash(event: Clash, fighters: list[str]) -> str:
    """ "Zeus L2 5 (×2) against Geb L1 3: the attack wins"."""
    attacker, defender = fighters if len(fighters) == 2 else ("the attack", "the defence")
    return sentence(
        f"{attacker} {event.attack_power}{ADVANTAGE[event.advantage]} against {defender}"
        f" {event.defense_power}: {OUTCOME[event.result]}"
    )


def story_lines(
    game: Narrating,
    seed: int,
    options: Mapping[str, Any],
    log: Sequence[tuple[int, Action]],
    names: Sequence[str],
    viewer: int | None,
) -> list[Line]:
    """A whole record's log, as ``Story`` tells it move by move."""
    story = Story(game, seed, options, names, viewer)
    return [line for at, action in log for line in story.tell(at, action)]
