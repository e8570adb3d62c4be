"""FOMO bots: the normal player's habits, the easy one's forgetting, the hard one's search, and
reaction times; plus ``simulate fomo --record`` and replaying a record."""

from __future__ import annotations

import json
import random
from typing import cast

from game.bots.reaction import FASTEST_HUMAN_MS, reaction_for
from game.core.bot import Bot, Decision
from game.core.match import Match, Seat
from game.fomo import GAME
from game.fomo.actions import (
    CallFomo,
    PassCancel,
    PlaceCard,
    PlayCanceled,
    PlayGhosted,
    PlayPlotTwist,
    PlaySeen,
    PlaySwap,
)
from game.fomo.bot import EasyBot, NormalBot
from game.fomo.policy import Seeing, forgetful
from game.fomo.state import FomoState
from game.simulate import simulate
from tests.fomo.helpers import position


def decide(bot: Bot, state: FomoState, seat: int) -> Decision:
    decision = bot.decide(state.view(seat), state.legal_actions(seat))
    assert decision is not None and decision.action in state.legal_actions(seat)
    return decision


def test_normal_calls_fomo_when_it_knows_four_equal_numbers() -> None:
    state = position(
        hands=[["1", "2", "3", "ghosted"], ["1", "2", "3", "4"]],
        sets=[["6", "6", "6", "6"], ["0", "1", "2", "3"]],
        discard=["3"],
    )
    assert decide(NormalBot(0, 1), state, 0).action != CallFomo(0)  # true, but it does not know
    state.know.of(0).slots[0] = ["6", "6", "6", "6"]
    assert decide(NormalBot(0, 1), state, 0).action == CallFomo(0)


def test_normal_places_its_target_over_a_slot_it_knows_is_wrong() -> None:
    state = position(
        hands=[["6", "2", "3", "ghosted"], ["1", "2", "3", "4"]],
        sets=[["6", "6", "1", "6"], ["0", "1", "2", "3"]],
        discard=["3"],
    )
    state.know.of(0).slots[0] = ["6", "6", "1", "6"]
    assert decide(NormalBot(0, 1), state, 0).action == PlaceCard(0, "6", 2)


def test_normal_learns_its_set_with_seen() -> None:
    state = position(
        hands=[["seen", "2", "3", "ghosted"], ["1", "2", "3", "4"]],
        sets=[["6", "6", "1", "6"], ["0", "1", "2", "3"]],
        discard=["4"],
    )
    assert decide(NormalBot(0, 1), state, 0).action == PlaySeen(0, 0)


def test_normal_steals_a_known_nearly_complete_set_with_plot_twist() -> None:
    state = position(
        hands=[["plot_twist", "2", "3", "ghosted"], ["1", "2", "3", "4"], ["0", "1", "8", "8"]],
        sets=[["0", "1", "2", "3"], ["5", "5", "5", "7"], ["0", "1", "2", "3"]],
        discard=["4"],
    )
    state.know.of(0).slots[0] = ["0", "1", "2", "3"]
    state.know.of(0).slots[1] = ["5", "5", "5", "7"]
    assert decide(NormalBot(0, 1), state, 0).action == PlayPlotTwist(0, 0, 1)


def test_normal_ghosts_a_threatening_next_player() -> None:
    state = position(
        hands=[["ghosted", "2", "3", "4"], ["1", "2", "3", "4"], ["0", "1", "8", "8"]],
        sets=[["0", "1", "2", "3"], ["5", "5", "5", "7"], ["0", "1", "2", "3"]],
        discard=["4"],
    )
    state.know.of(0).slots[0] = ["0", "1", "2", "3"]
    state.know.of(0).slots[1] = ["#", "#", "5", "5"]
    assert decide(NormalBot(0, 1), state, 0).action == PlayGhosted(0)


def swap_against(state: FomoState) -> FomoState:
    state.apply(PlaySwap(0, 0, 0, 1, 2), at_ms=1000)
    return state


def test_normal_cancels_a_swap_that_takes_its_target_after_a_seeded_reaction() -> None:
    def fresh() -> FomoState:
        state = position(
            hands=[["swap", "2", "3", "4"], ["6", "canceled", "3", "4"]],
            sets=[["0", "1", "2", "3"], ["6", "6", "6", "7"]],
            discard=["4"],
        )
        state.know.of(1).slots[1] = ["6", "6", "6", "7"]
        return swap_against(state)

    first = decide(NormalBot(1, 42), fresh(), 1)
    again = decide(NormalBot(1, 42), fresh(), 1)
    assert first.action == PlayCanceled(1) and first.reflex
    normal = reaction_for("normal")
    assert max(FASTEST_HUMAN_MS, normal.low_ms) <= first.delay_ms <= normal.high_ms
    assert first == again  # seeded


def test_normal_lets_a_harmless_swap_through() -> None:
    state = position(
        hands=[["swap", "2", "3", "4"], ["6", "canceled", "3", "4"]],
        sets=[["0", "1", "2", "3"], ["6", "6", "7", "6"]],
        discard=["4"],
    )
    state.know.of(1).slots[1] = ["6", "6", "7", "6"]  # slot 2 holds its wrong card: good riddance
    swap_against(state)
    assert decide(NormalBot(1, 3), state, 1).action == PassCancel(1)


def test_easy_forgets_what_it_saw() -> None:
    state = position(
        hands=[["1", "2", "3", "ghosted"], ["1", "2", "3", "4"]],
        sets=[["6", "6", "6", "6"], ["0", "1", "2", "3"]],
        discard=["3"],
    )
    state.know.of(0).slots[0] = ["6", "6", "6", "6"]
    seeing = Seeing.from_view(state.view(0))
    rng = random.Random(1)
    remembered = sum(forgetful(seeing, rng, EasyBot.recall).rows[0].count("6") for _ in range(200))
    assert 480 < remembered < 640  # about 70% of 800
    calls = sum(
        EasyBot(0, seed).decide(state.view(0), state.legal_actions(0)).action == CallFomo(0)  # type: ignore[union-attr]
        for seed in range(100)
    )
    assert 5 < calls < 60  # it calls only when it recalls all four


def test_normal_bots_never_make_a_wrong_call() -> None:
    for seed in range(6):
        match = Match(GAME, [Seat("bot", str(i), "normal") for i in range(4)], seed)
        match.run_to_end()
        state = cast(FomoState, match.state)
        assert not any(state.out) and state.won_by_call


def test_hard_is_reproducible_with_fixed_iterations_and_plays_legally() -> None:
    state = GAME.new_state(3, 5)
    first = decide(GAME.make_bot("hard", state.turn, 9, iterations=3), state, state.turn)
    again = decide(GAME.make_bot("hard", state.turn, 9, iterations=3), state, state.turn)
    assert first == again
    seats = [Seat("bot", "h", "hard", {"iterations": 2}), Seat("bot", "n", "normal")]
    match = Match(GAME, seats, 4)
    match.run_to_end()
    assert match.is_over()


def test_simulate_records_replay_to_the_same_end(tmp_path: object) -> None:
    path = f"{tmp_path}/fomo.jsonl"
    with open(path, "w", encoding="utf-8") as out:
        summary = simulate(GAME, 3, ["normal", "easy", "random"], {}, 3, 20, record_file=out)
    assert summary["games"] == 3
    with open(path, encoding="utf-8") as lines:
        records = [json.loads(line) for line in lines]
    assert len(records) == 3
    for record in records:
        assert len(record["deal"]["draw"]) == 86 - 3 * 8 - 1
        state = GAME.new_state(record["players"], record["seed"], record["options"])
        assert state.deal_record["sets"] == record["deal"]["sets"]
        from game.core.actions import Action

        for at, data in record["actions"]:
            state.advance(at)
            state.apply(Action.from_json(data), at)
        assert state.winner == record["winner"]
        assert [list(s) for s in state.sets] == record["end"]["sets"]


def test_the_hard_bots_heuristic_takes_its_target_off_the_pile_before_placing() -> None:
    from game.fomo.policy import Policy
    from game.fomo.sharp import SharpPolicy

    state = position(
        hands=[["6", "2", "3", "ghosted"], ["1", "2", "3", "4"]],
        sets=[["6", "6", "1", "0"], ["0", "1", "2", "3"]],
        discard=["4", "6"],
    )
    state.know.of(0).slots[0] = ["6", "6", "1", "0"]
    seeing = Seeing.from_view(state.view(0))
    assert isinstance(Policy(random.Random(1)).turn(seeing), PlaceCard)
    taken = SharpPolicy(random.Random(1)).turn(seeing)
    assert taken.seat == 0 and taken in state.legal_actions(0)
    assert type(taken).__name__ == "TakeDiscard"


def test_the_hard_bots_heuristic_breaks_a_set_built_from_unseen_placements() -> None:
    from game.fomo.sharp import SharpPolicy

    state = position(
        hands=[["swap", "2", "3", "7"], ["1", "2", "3", "4"]],
        sets=[["0", "1", "2", "3"], ["5", "5", "5", "5"]],
        discard=["4"],
    )
    state.know.of(0).slots[0] = ["0", "1", "2", "3"]
    state.know.of(0).slots[1] = ["#", "#", "#", "?"]
    action = SharpPolicy(random.Random(1)).turn(Seeing.from_view(state.view(0)))
    assert isinstance(action, PlaySwap) and action in state.legal_actions(0)
    assert (action.second, action.second_slot) == (1, 0)


def test_the_table_s_hard_bot_searches_the_measured_number_of_samples() -> None:
    from game.fomo.hard import DEFAULT_ITERATIONS, HardBot

    assert cast(HardBot, GAME.make_bot("hard", 0, 1)).iterations == DEFAULT_ITERATIONS == 12
    timed = cast(
        HardBot, GAME.make_bot("hard", 0, 1, budget_ms=100)
    )  # a caller's time budget instead
    assert timed.iterations is None and timed.budget_ms == 100
