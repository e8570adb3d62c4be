"""Every move of every game in the table's words (``Game.narrate``): never a repr, slots from 1,
right for a named seat and for a seat named "You", and no hidden card named to other eyes."""

from __future__ import annotations

import functools
import random
import re
from typing import Any

import pytest

from game.core.actions import Action
from game.core.game import Game
from game.core.match import Match, Seat
from game.core.narration import name_seats, narrate_log, plain_verb
from game.core.registry import all_games, find_game
from game.core.runner import SyncBotRunner
from game.fomo.cards import card_name
from tests.playout import random_step

GAMES = [game.info.id for game in all_games()]
NAMES = ("Amal", "Nimal", "Kamala", "Dev", "Ravi", "Sunil")
# Rule options that make the bots' matches show more kinds of move (passes, kapothi), and
# shorter.
OPTIONS: dict[str, dict[str, Any]] = {
    "omi": {"kapothi_challenge": True, "max_hands": 4},
    "omyn": {"close_windows_early": True},
    "fomo": {"close_when_all_passed": True},
}
SEED = 11


@functools.cache
def played(game_id: str, random_moves: bool = False) -> Match:
    """A seeded match of ``game_id`` played to its end by normal bots, or by seeded random
    legal moves (which play what bots rarely do: Swaps, Canceled, late claims)."""
    game = find_game(game_id)
    players = max(game.info.min_players, min(4, game.info.max_players))
    level = "normal" if "normal" in game.info.bot_levels else game.info.bot_levels[-1]
    seats = [Seat("bot", NAMES[i], level) for i in range(players)]
    match = Match(game, seats, SEED, OPTIONS.get(game_id, {}), runner=SyncBotRunner())
    if not random_moves:
        match.run_to_end()
        return match
    state, rng, now = match.state.clone(), random.Random(SEED), 0
    for _ in range(3000):
        if state.is_over():
            break
        now, action = random_step(state, rng, now)
        if action is not None:
            match.log.append((now, action))
    return match


def words(match: Match, names: list[str], viewer: int | None) -> list[str]:
    return narrate_log(
        match.game, len(match.seats), match.seed, match.options, match.log, names, viewer
    )


def names_with_you(match: Match, seat: int) -> list[str]:
    names = [s.name for s in match.seats]
    names[seat] = "You"
    return names


def private(action: Action, viewer: int | None) -> bool:
    """A move only its own seat perceives (FOMO's pass on a Canceled): other eyes are told
    what they saw, which names nobody."""
    return type(action).__name__ == "PassCancel" and viewer not in (None, action.seat)


CAMEL = re.compile(r"\b[A-Z][a-z]+[A-Z]\w*")  # PlayCard, NameTrump: a class name
YOU_WITH_S = re.compile(r"\bYou \w*[^s\W]s\b")  # "You plays", "You is" ("You pass" is right)


@pytest.mark.parametrize("random_moves", [False, True], ids=["bots", "random"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_move_reads_as_a_sentence_for_named_seats(game_id: str, random_moves: bool) -> None:
    match = played(game_id, random_moves)
    names = [s.name for s in match.seats]
    for viewer in (None, *range(len(names))):
        for (_, action), text in zip(match.log, words(match, names, viewer), strict=True):
            assert "seat=" not in text and not re.search(r"\w\(", text), text
            assert not CAMEL.search(text), text
            assert type(action).__name__ + "(" not in text
            assert "slot 0" not in text, f"slots are counted from 1: {text}"
            if not private(action, viewer):
                assert text.startswith(names[action.seat]), text
            slot = getattr(action, "slot", None)
            if isinstance(slot, int) and "slot" in text:
                assert f"slot {slot + 1}" in text, f"{action} said as {text!r}"


@pytest.mark.parametrize("random_moves", [False, True], ids=["bots", "random"])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_named_you_is_spoken_to(game_id: str, random_moves: bool) -> None:
    match = played(game_id, random_moves)
    for you in (0, 1):
        names = names_with_you(match, you)
        for (_, action), text in zip(match.log, words(match, names, you), strict=True):
            assert "You's" not in text and "you's" not in text, text
            assert not YOU_WITH_S.search(text), text
            if action.seat == you:
                assert text.startswith("You "), text
                assert " their " not in text, f"the actor is You: {text}"


def hidden_cards(game_id: str, action: Action) -> list[str]:
    """The cards ``action`` puts face down or takes unseen (in the words a sentence names them)."""
    kind = type(action).__name__
    if game_id == "fomo" and kind == "PlaceCard":
        return [f"a {action.card} in", f"an {action.card} in"]  # type: ignore[attr-defined]
    if game_id == "fomo" and kind == "TakeThrowback":
        return [f"the {card_name(action.card)} from"]  # type: ignore[attr-defined]
    if game_id == "omnomnom":
        return [action.animal.title()]  # type: ignore[attr-defined]
    if game_id == "omg" and kind == "Mulligan":
        return [card.replace(":", " L") for card in action.cards]  # type: ignore[attr-defined]
    return []


@pytest.mark.parametrize("random_moves", [False, True], ids=["bots", "random"])
@pytest.mark.parametrize("game_id", ["fomo", "omnomnom", "omg", "omyn"])
def test_a_hidden_card_is_not_named_through_another_seats_eyes(
    game_id: str, random_moves: bool
) -> None:
    match = played(game_id, random_moves)
    names = names_with_you(match, 0)
    hidden = 0
    for viewer in range(len(names)):
        told = words(match, names, viewer)
        open_words = words(match, names, None)
        for (_, action), text, open_text in zip(match.log, told, open_words, strict=True):
            if action.seat == viewer:
                continue
            if game_id == "omyn":
                if type(action).__name__ == "Peek":  # a look at your own cards
                    hidden += 1
                    assert ":" not in text and ":" in open_text, text
                continue
            if game_id == "omnomnom" and "turn up" in text:
                continue  # the last pick of a turn turns every card up
            cards = hidden_cards(game_id, action)
            hidden += bool(cards)
            for card in cards:
                assert card not in text, f"{names[viewer]} cannot know {card}: {text}"
            if cards:
                assert any(card in open_text for card in cards), open_text
    assert hidden, "the match should hold a hidden card"


def test_a_move_a_game_has_no_words_for_is_still_a_sentence() -> None:
    import dataclasses

    @dataclasses.dataclass(frozen=True)
    class PlaceToken(Action):
        slot: int

    game = find_game("omi")
    state = game.new_state(4, 1)
    text = Game.narrate(game, state, PlaceToken(2, 0), ["You", "Nimal", "Amal", "Kamala"])
    assert text == "Amal makes a move: place token"
    assert Game.narrate(game, state, PlaceToken(0, 0), ["You"]) == "You make a move: place token"


def test_the_words_that_agree_with_you() -> None:
    assert [plain_verb(v) for v in ("plays", "passes", "carries", "has", "is", "touches")] == [
        "play",
        "pass",
        "carry",
        "have",
        "are",
        "touch",
    ]


def test_a_summary_names_its_seats() -> None:
    assert name_seats("seat 3 called FOMO! with four 6s", ["A", "B", "C", "Dev"]) == (
        "Dev called FOMO! with four 6s"
    )
