"""FOMO's action cards and the Canceled window, one ruling per test."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.events import CardMoved, CardRevealed, Event, Looked, WindowOpened
from game.fomo.actions import (
    Discard,
    PassCancel,
    PlayCanceled,
    PlayGhosted,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
    PlayThrowback,
    TakeThrowback,
)
from game.fomo.events import ActionBlocked, TurnSkipped
from game.fomo.state import FomoState
from tests.fomo.helpers import of_type, position, seen

SETS = [["0", "0", "1", "1"], ["2", "2", "3", "3"], ["4", "4", "5", "5"], ["6", "6", "7", "7"]]


def four_players(hand0: list[str], **kw: object) -> FomoState:
    hands = [
        hand0,
        ["8", "8", "canceled", "seen"],
        ["8", "8", "canceled", "2"],
        ["1", "2", "3", "4"],
    ]
    return position(hands=hands, sets=[s[:] for s in SETS], discard=["3"], **kw)  # type: ignore[arg-type]


def close_window(state: FomoState) -> list[Event]:
    deadline = state.next_deadline()
    assert deadline is not None
    return list(state.advance(deadline))


def test_seen_on_yourself_shows_you_your_set_at_once() -> None:
    state = four_players(["seen", "0", "0", "0"])
    events = state.apply(PlaySeen(0, 0))
    assert state.next_deadline() is None  # nobody else is named: no Canceled window
    assert state.view(0).sets[0] == ("0", "0", "1", "1")
    assert [e.card for e in of_type(seen(events, 0), CardRevealed)] == ["0", "0", "1", "1"]
    assert not of_type(seen(events, 1), CardRevealed) and of_type(seen(events, 1), Looked)
    assert state.view(1).sets[0] == ("?", "?", "?", "?")
    assert state.turn == 1 and len(state.hands[0]) == 4


def test_seen_on_another_shows_only_you_their_set_after_the_window() -> None:
    state = four_players(["seen", "0", "0", "0"])
    events = state.apply(PlaySeen(0, 2), at_ms=1000)
    window = of_type(events, WindowOpened)[0]
    assert window.eligible == frozenset({2}) and window.closes_ms == 4000
    assert state.view(0).sets[2] == ("?", "?", "?", "?")
    close_window(state)
    assert state.view(0).sets[2] == ("4", "4", "5", "5")
    assert state.view(2).sets[2] == ("?", "?", "?", "?")  # the owner still may not look
    assert state.sets[2] == SETS[2]  # order unchanged
    assert state.turn == 1 and len(state.hands[0]) == 4


def test_ghosted_in_two_players_gives_the_actor_another_turn() -> None:
    state = position(
        hands=[["ghosted", "0", "0", "0"], ["1", "1", "canceled", "1"]],
        sets=[SETS[0][:], SETS[1][:]],
        discard=["3"],
    )
    events = state.apply(PlayGhosted(0))
    assert state.next_deadline() is None  # Canceled cannot stop Ghosted
    assert state.check(PlayCanceled(1)).code == "no_window"  # type: ignore[union-attr]
    assert of_type(events, TurnSkipped)[0].seat == 1
    assert state.turn == 0


def test_ghosted_in_four_players_skips_only_the_next_player() -> None:
    state = four_players(["ghosted", "0", "0", "0"])
    state.apply(PlayGhosted(0))
    assert state.turn == 2
    state.apply(Discard(2, "8"))
    state.apply(Discard(3, "1"))
    state.apply(Discard(0, "0"))
    assert state.turn == 1  # the skip was used once


def test_plot_twist_without_yourself_exchanges_two_other_sets() -> None:
    state = four_players(["plot_twist", "0", "0", "0"])
    state.apply(PlayPlotTwist(0, 1, 3), at_ms=0)
    assert state.window is not None and state.window.eligible == frozenset({1, 3})
    events = close_window(state)
    assert state.sets[1] == SETS[3] and state.sets[3] == SETS[1]
    assert all(e.seen_by(0).card is None for e in of_type(events, CardMoved) if "set" in e.src)


def test_plot_twist_with_yourself_and_knowledge_follows_the_cards() -> None:
    state = four_players(["plot_twist", "seen", "0", "0"])
    state.apply(PlaySeen(0, 0))  # seat 0 learns its set
    for seat in (1, 2, 3):
        state.apply(Discard(seat, "8" if seat < 3 else "1"))
    state.apply(PlayPlotTwist(0, 0, 2), at_ms=10)
    assert state.window is not None and state.window.eligible == frozenset({2})
    close_window(state)
    assert state.sets[0] == SETS[2] and state.sets[2] == SETS[0]
    assert state.view(0).sets[2] == ("0", "0", "1", "1")  # its old set, now seat 2's
    assert state.view(0).sets[0] == ("?", "?", "?", "?")


def test_swap_exchanges_one_hidden_card_unseen() -> None:
    state = four_players(["swap", "seen", "0", "0"])
    state.apply(PlaySeen(0, 0))
    for seat in (1, 2, 3):
        state.apply(Discard(seat, "8" if seat < 3 else "1"))
    events: Sequence[Event] = state.apply(
        PlaySwap.between(0, 2, 1, 0, 3), at_ms=0
    )  # seat 2 slot 1 <-> seat 0 slot 3
    assert state.window is not None and state.window.eligible == frozenset({2})
    events = close_window(state)
    assert state.sets[0] == ["0", "0", "1", "4"] and state.sets[2] == ["4", "1", "5", "5"]
    assert state.view(0).sets[0] == ("0", "0", "1", "?")
    assert state.view(0).sets[2] == ("?", "1", "?", "?")  # it knows where its 1 went
    for viewer in (0, 1, 2, 3):
        assert all(
            e.card is None
            for e in of_type(seen(tuple(events), viewer), CardMoved)
            if e.dst.startswith("set")
        )


def test_throwback_takes_a_card_from_deep_in_the_pile_seen_only_by_the_taker() -> None:
    state = position(
        hands=[["throwback", "0", "0", "0"], ["1", "1", "1", "1"]],
        sets=[SETS[0][:], SETS[1][:]],
        discard=["swap", "6", "7", "8", "2"],
        draw=["5"],
    )
    state.apply(PlayThrowback(0))
    assert state.phase == "throwback" and state.next_deadline() is None
    assert state.view(0).discard_below == ("2", "6", "7", "8", "swap")
    assert set(state.legal_actions(0)) == {
        TakeThrowback(0, c) for c in ("2", "6", "7", "8", "swap")
    }
    events = state.apply(TakeThrowback(0, "swap"))  # the bottom card
    assert state.discard == ["6", "7", "8", "2", "throwback"]
    assert sorted(state.hands[0]) == ["0", "0", "0", "swap"]
    assert "5" in state.draw  # the taken card replaces the draw
    move = of_type(events, CardMoved)[0]
    assert move.card == "swap" and move.seen_by(1).card is None
    assert state.view(0).discard_below == ("2", "6", "7", "8")
    assert "swap" in state.view(1).discard_below  # the other cannot tell which card left


def test_canceled_by_a_target_blocks_and_costs_the_next_player_its_turn() -> None:
    state = four_players(["swap", "0", "0", "0"], draw=["8", "5"])
    state.apply(PlaySwap(0, 0, 0, 1, 0), at_ms=0)
    assert state.to_act() == frozenset({1})
    events = state.apply(PlayCanceled(1), at_ms=500)
    assert of_type(events, ActionBlocked)[0].by == 1
    assert state.sets[0] == SETS[0] and state.sets[1] == SETS[1]  # blocked
    assert state.discard[-2:] == ["swap", "canceled"]
    assert sorted(state.hands[1]) == ["5", "8", "8", "seen"]  # the canceller refilled
    assert len(state.hands[0]) == 4  # the actor still draws
    assert of_type(events, TurnSkipped)[0].seat == 1
    assert state.turn == 2 and state.next_deadline() is None


def test_canceled_by_a_target_further_round_costs_nothing() -> None:
    state = four_players(["plot_twist", "0", "0", "0"])
    state.apply(PlayPlotTwist(0, 2, 3), at_ms=0)
    state.apply(PlayCanceled(2), at_ms=100)
    assert state.sets[2] == SETS[2] and state.turn == 1


def test_a_player_not_named_may_not_cancel() -> None:
    state = four_players(["seen", "0", "0", "0"])
    state.apply(PlaySeen(0, 3), at_ms=0)
    assert state.check(PlayCanceled(1)).code == "not_targeted"  # type: ignore[union-attr]
    assert state.check(PlayCanceled(0)).code == "not_targeted"  # type: ignore[union-attr]
    assert state.legal_actions(1) == ()


def test_canceled_cannot_stop_throwback() -> None:
    state = four_players(["throwback", "0", "0", "0"])
    state.apply(PlayThrowback(0))
    assert state.next_deadline() is None and state.to_act() == frozenset({0})
    assert state.check(PlayCanceled(1)).code == "no_window"  # type: ignore[union-attr]


def test_canceled_cannot_be_played_as_a_turn_action() -> None:
    state = four_players(["canceled", "0", "0", "0"])
    assert not [a for a in state.legal_actions(0) if isinstance(a, PlayCanceled)]
    assert state.check(PlayCanceled(0)).code == "no_window"  # type: ignore[union-attr]
    assert Discard(0, "canceled") in state.legal_actions(0)


def test_the_window_runs_its_full_length_after_everyone_passed() -> None:
    state = four_players(["seen", "0", "0", "0"])
    state.apply(PlaySeen(0, 2), at_ms=0)
    passed = state.apply(PassCancel(2), at_ms=10)
    assert state.phase == "cancel" and state.next_deadline() == 3000
    assert seen(passed, 1) == []  # nobody else perceives the pass
    assert 2 in state.view(1).to_act and 2 not in state.view(2).to_act
    assert state.advance(2999) == () and state.phase == "cancel"
    state.advance(3000)
    assert state.phase == "turn" and state.view(0).sets[2] == ("4", "4", "5", "5")


def test_the_window_may_close_early_when_everyone_passed_as_an_option() -> None:
    state = four_players(["swap", "0", "0", "0"], options={"close_when_all_passed": True})
    state.apply(PlaySwap(0, 1, 0, 2, 0), at_ms=0)
    state.apply(PassCancel(1), at_ms=5)
    assert state.phase == "cancel"
    state.apply(PassCancel(2), at_ms=9)
    assert state.phase == "turn" and state.sets[1][0] == "4"


def test_the_window_length_is_an_option() -> None:
    state = four_players(["seen", "0", "0", "0"], options={"cancel_window_ms": 800})
    state.apply(PlaySeen(0, 1), at_ms=100)
    assert state.next_deadline() == 900
