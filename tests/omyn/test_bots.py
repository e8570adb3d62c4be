"""OMYN bots: they claim only cards they believe they hold, after a seeded human reaction time,
Void what hurts them, and finish games through the Match."""

from __future__ import annotations

import pytest

from game.bots.reaction import FASTEST_HUMAN_MS
from game.core.events import WindowOpened
from game.core.match import Match, Seat
from game.omyn import GAME
from game.omyn.actions import CallOmyn, Claim, Draw, Drop, UsePower
from game.omyn.bot import OmynBot
from game.omyn.events import Claimed
from game.omyn.state import OmynState
from tests.omyn.positions import position

REACTION = {"easy": (1200, 2000), "normal": (700, 1200), "hard": (450, 800)}


def chain_window(known: bool) -> OmynState:
    rows = [["9", "9", "9", "8", "1"], ["4", "2", "3", "8", "1"]]
    state = position(rows, draw=["3"], known={1: [2]} if known else {})
    state.apply(Draw(0), 0)
    state.apply(Drop(0), 1000)
    return state


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_chains_a_card_it_knows_after_its_reaction_time(level: str) -> None:
    state = chain_window(known=True)
    bot = GAME.make_bot(level, 1, seed=5)
    decision = bot.decide(state.view(1), state.legal_actions(1))
    assert (
        decision is not None
        and decision.action == Claim(1, 2, state.windows_opened)
        and decision.reflex
    )
    low, high = REACTION[level]
    assert max(low, FASTEST_HUMAN_MS) <= decision.delay_ms <= high
    again = GAME.make_bot(level, 1, seed=5).decide(state.view(1), state.legal_actions(1))
    assert again == decision  # seeded


def test_the_reaction_counts_from_the_moment_the_card_was_shown() -> None:
    state = chain_window(known=True)
    bot = OmynBot(1, 5)
    first = bot.decide(state.view(1), state.legal_actions(1))
    state.advance(1300)  # asked again later in the same window: less left to wait
    state.clock_ms = 1300
    later = bot.decide(state.view(1), state.legal_actions(1))
    assert first is not None and later is not None
    assert later.delay_ms == max(0, first.delay_ms - 300)


def test_a_bot_does_not_chain_a_card_it_has_not_seen() -> None:
    state = chain_window(known=False)
    assert OmynBot(1, 5).decide(state.view(1), state.legal_actions(1)) is None


def test_an_easy_bot_forgets_what_it_saw_long_ago() -> None:
    state = chain_window(known=True)
    state.known[state.rows[1][2]][1] = -200  # learned 200 turns ago
    easy = OmynBot(1, 5, level="easy")
    normal = OmynBot(1, 5, level="normal")
    assert easy.decide(state.view(1), state.legal_actions(1)) is None
    assert normal.decide(state.view(1), state.legal_actions(1)) is not None


def test_a_normal_bot_voids_a_power_aimed_at_it_and_a_call_it_would_lose() -> None:
    rows = [["9", "9", "9", "8", "1"], ["4", "0", "3", "8", "12"]]
    state = position(rows, draw=["12"], known={1: [1, 4]})
    state.apply(Draw(0), 0)
    state.apply(Drop(0), 10)
    state.apply(UsePower(0, target=1), 20)
    decision = OmynBot(1, 5).decide(state.view(1), state.legal_actions(1))
    assert decision is not None and decision.action == Claim(1, 1, state.windows_opened)
    calling = position([["1", "1", "2", "2", "3"], rows[1]], known={1: [1, 4]})
    calling.apply(CallOmyn(0), 0)
    decision = OmynBot(1, 5).decide(calling.view(1), calling.legal_actions(1))
    assert decision is not None and decision.action == Claim(1, 1, calling.windows_opened)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_bot_matches_end_and_every_bot_claim_waits_at_least_a_quick_human(players: int) -> None:
    levels = ["easy", "normal", "hard", "normal", "easy", "normal"][:players]
    seats = [Seat("bot", f"bot {i}", level, {"budget_ms": 2}) for i, level in enumerate(levels)]
    match = Match(GAME, seats, seed=players, options={})
    match.subscribe(None)
    match.run_to_end()
    assert match.state.is_over()
    window_opened, claims = None, 0
    for event in match.drain(None):  # in order: each claim answers the last window opened
        if isinstance(event, WindowOpened):
            window_opened = event.opened_ms
        elif isinstance(event, Claimed) and match.seats[event.seat].level != "random":
            assert window_opened is not None
            assert event.at_ms - window_opened >= FASTEST_HUMAN_MS
            claims += 1


def test_foresee_gives_the_opponent_the_bad_omen_and_keeps_the_strong_card_for_itself() -> None:
    rows = [["9", "8", "7", "6", "5"], ["4", "2", "3", "8", "1"]]
    state = position(rows, draw=["9", "12", "3", "BO"])
    state.apply(Draw(0), 0)
    state.apply(Drop(0), 10)
    state.apply(UsePower(0), 20)
    state.advance(20 + 3000)
    decision = OmynBot(0, 5).decide(state.view(0), state.legal_actions(0))
    assert decision is not None
    state.apply(decision.action, 4000)
    # The opponent draws next (the Bad Omen scrambles its row), then this seat (the 12).
    assert [state.face(c) for c in state.draw[:3]] == ["BO", "12", "3"]
