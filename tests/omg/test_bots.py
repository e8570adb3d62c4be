"""What the issue asks of the normal bot, position by position; the hard bot's search in use."""

from __future__ import annotations

from game.core.actions import Action
from game.core.match import Match, Seat
from game.omg import GAME
from game.omg.actions import Attack, EndTurn, Evolve
from game.omg.board import Stack
from game.omg.events import Clash
from game.omg.state import OmgState
from tests.omg.positions import position, stack


def ask(state: OmgState, seat: int, level: str = "normal", **settings: object) -> Action:
    bot = GAME.make_bot(level, seat, 1, **settings)
    legal = state.legal_actions(seat)
    decision = bot.decide(state.view(seat), legal)
    assert decision is not None and decision.action in legal
    return decision.action


def play_turn(state: OmgState, seat: int, level: str = "normal") -> list[Action]:
    """Let the bot act until its turn ends (answering the defense with the normal bot)."""
    taken: list[Action] = []
    while not state.is_over() and state.turn_seat == seat:
        who = min(state.to_act())
        action = ask(state, who, level if who == seat else "normal")
        state.apply(action)
        taken.append(action)
    return taken


def test_normal_attacks_life_when_nothing_can_stop_it() -> None:
    state = position(boards=({1: stack("Zeus:1")}, {}))
    assert ask(state, 0) == Attack(0, 1, None)


def test_normal_does_not_attack_into_a_blocker_that_would_destroy_it() -> None:
    state = position(boards=({1: stack("Apollo:1")}, {1: stack("Ymir:1")}))
    assert not isinstance(ask(state, 0), Attack)


def test_normal_keeps_a_blocker_back_when_its_life_is_low() -> None:
    # Baldr is out of Zeus's reach (Left against Right) but would attack next turn.
    def board() -> tuple[dict[int, Stack], dict[int, Stack]]:
        return {2: stack("Zeus:1")}, {0: stack("Baldr:1", rested=True)}

    state = position(boards=board(), life=(1, 3), gems=(0, 8))  # nothing else to play
    assert Attack(0, 2, None) in state.legal_actions(0)
    assert Attack(0, 2, None) not in play_turn(state, 0)
    state = position(boards=board(), life=(2, 3), gems=(0, 8))
    assert ask(state, 0) == Attack(0, 2, None)


def test_normal_takes_a_fight_it_wins() -> None:
    state = position(boards=({1: stack("Hades:1")}, {1: stack("Thor:1", rested=True)}))
    assert ask(state, 0) == Attack(0, 1, 1)


def test_normal_defends_with_the_cheapest_cards_that_save_a_life() -> None:
    state = position(
        boards=({1: stack("Zeus:1")}, {}),
        hands=((), ["Baldr:3", "Ymir:1", "Pele:1"]),
        life=(3, 1),
    )
    state.apply(Attack(0, 1, None))  # 4
    while state.phase == "defense":
        state.apply(ask(state, 1))
    assert len(state.sides[1].life) == 1
    assert "Baldr:3" in state.sides[1].hand


def test_normal_evolves_and_spends_its_gems() -> None:
    state = position(hands=(["Zeus:2", "Ra:1"], []), boards=({0: stack("Zeus:1")}, {}), gems=(3, 8))
    actions = play_turn(state, 0)
    assert Evolve(0, "Zeus:2", 0) in actions
    assert state.sides[0].gems_rested >= 2 and isinstance(actions[-1], EndTurn)


def test_hard_searches_within_its_samples_and_answers_legally() -> None:
    state = position(boards=({1: stack("Zeus:1")}, {0: stack("Ymir:1")}), hands=((), ["Baldr:1"]))
    bot = GAME.make_bot("hard", 0, 3, iterations=2)
    legal = state.legal_actions(0)
    decision = bot.decide(state.view(0), legal)
    assert decision is not None and decision.action in legal
    assert len(bot.last_scores) >= 2  # type: ignore[attr-defined]


def test_bots_finish_a_match_with_a_timed_block_window_and_the_other_tie_rule() -> None:
    """Both options take effect: every Life attack opens a 600 ms window that shuts on time (no
    block lands after it), and an equal clash goes to the attacker, never a tie."""
    options = {"block_window_ms": 600, "defender_wins_ties": False, "decks": "dusk,dawn"}
    windows: list[tuple[int, int | None]] = []
    late: list[tuple[int, Action]] = []
    clashes: list[Clash] = []
    for seed in (3, 11):  # 11 has equal clashes
        seats = [Seat("bot", "a", "normal"), Seat("bot", "b", "easy")]
        match = Match(GAME, seats, seed, options, pace_ms=(200, 900))
        match.subscribe(None)

        def watch(match: Match) -> None:
            state = match.state
            assert isinstance(state, OmgState)
            if state.phase == "defense" and state.defense is not None:
                window = state.defense.window
                assert window is not None and window.timed
                windows.append((window.opened_ms, window.closes_ms))
                if match.now_ms > window.closes_ms:
                    late.append(match.log[-1])

        match.listeners.append(watch)
        match.run_to_end()
        assert match.is_over()
        clashes += [e for e in match.drain(None) if isinstance(e, Clash)]
    assert windows and all(closes == opened + 600 for opened, closes in windows)
    assert not late
    assert clashes and not any(c.result == "tie" for c in clashes)
    even = [
        c
        for c in clashes
        if c.attack_power * {1: 4, 0: 2, -1: 1}[c.advantage] == c.defense_power * 2
    ]
    assert even and all(c.result == "attacker" for c in even)


def test_hard_values_lives_by_its_setting_and_by_the_policy_s_table_by_default() -> None:
    from game.omg import policy

    assert GAME.make_bot("hard", 0, 1).life_value == policy.LIFE_VALUE  # type: ignore[attr-defined]
    bot = GAME.make_bot("hard", 0, 1, life_value="0/14/24/32")  # as --set gives it
    assert bot.life_value == (0.0, 14.0, 24.0, 32.0)  # type: ignore[attr-defined]
    state = position(boards=({1: stack("Zeus:1")}, {0: stack("Ymir:1")}), hands=((), ()))
    assert [len(side.life) for side in state.sides] == [3, 3]
    state.sides[1].life.pop()  # seat 1's lost Life: worth 20 - 16 by default, 32 - 24 here
    custom = policy.evaluate(state, 0, bot.life_value)  # type: ignore[attr-defined]
    assert custom - policy.evaluate(state, 0) == (32 - 24) - (20 - 16)
