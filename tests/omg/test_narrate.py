"""OMG's log tells every card an ability draws in the table's words: whose Being drew, and the
cards drawn only to eyes that may see them (their owner's, or an open table's)."""

from __future__ import annotations

from game.core.actions import Action
from game.omg import GAME
from game.omg.actions import Attack, Block, EndTurn, FinishDefense, GemDraw, PlayBeing
from game.omg.narrate import Story
from game.omg.state import OmgState
from tests.omg.positions import position, stack

NAMES = ["Amal", "Nimal"]  # the seat a person plays alone is named "You"


def told(state: OmgState, viewer: int | None, *actions: Action) -> list[str]:
    """The log's lines for ``actions`` made from ``state``, as ``viewer``'s eyes read them."""
    names = ["You" if seat == viewer else name for seat, name in enumerate(NAMES)]
    story = Story(GAME, 1, {"decks": "dawn,dusk"}, names, viewer)
    story.state = state
    return [text for action in actions for text, _ in story.tell(0, action)]


def hades_kills() -> OmgState:
    """Amal's Hades L1 at Center against Nimal's rested Thor L1 across: the attack wins."""
    state = position(boards=({1: stack("Hades:1")}, {1: stack("Thor:1", rested=True)}))
    deck = state.sides[0].deck
    deck.append(deck.pop(deck.index("Zeus:1")))  # the card Hades will draw
    return state


def test_hades_draw_is_told_and_the_card_named_to_its_owner() -> None:
    lines = told(hades_kills(), 0, Attack(0, 1, 1))
    assert "Nimal's Thor L1 is destroyed" in lines
    assert lines[-1] == "Your Hades L1 draws 1: Zeus L1"


def test_hades_draw_is_told_without_the_card_to_the_other_seat_and_a_shared_screen() -> None:
    for viewer in (1, -1):
        assert told(hades_kills(), viewer, Attack(0, 1, 1))[-1] == "Amal's Hades L1 draws 1"


def test_an_open_table_names_the_card_hades_draws() -> None:
    assert told(hades_kills(), None, Attack(0, 1, 1))[-1] == "Amal's Hades L1 draws 1: Zeus L1"


def test_hades_draw_after_destroying_a_blocker_is_told() -> None:
    state = position(
        decks="dusk,dawn", turn=1, boards=({1: stack("Pele:1")}, {1: stack("Hades:2")})
    )
    state.apply(Attack(1, 1, None))  # Nimal's Hades L2 at Amal's Life: Amal blocks with Pele
    lines = told(state, -1, Block(0, 1), FinishDefense(0))
    assert "Amal's Pele L1 is destroyed" in lines  # a shared screen: no "your"
    assert lines[-1] == "Nimal's Hades L2 draws 1"


def test_njords_draw_names_the_card_to_its_owner_only() -> None:
    state = position(hands=(["Njord:1"], []))
    top = state.sides[0].deck[-1]
    mine = told(state.clone(), 0, PlayBeing(0, "Njord:1", 0))
    assert mine[-1] == f"Your Njord draws 1: {top.replace(':', ' L')}"
    theirs = told(state.clone(), 1, PlayBeing(0, "Njord:1", 0))
    assert theirs[-1] == "Amal's Njord draws 1"


def test_a_gem_draw_and_a_turns_draw_tell_no_ability() -> None:
    state = position(hands=(["Zeus:1"], []))
    lines = told(state, 0, GemDraw(0), EndTurn(0))  # Nimal's turn starts with a draw
    assert not any("draws 1" in line for line in lines), lines
