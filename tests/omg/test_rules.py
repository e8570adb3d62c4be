"""OMG rulings (RULINGS.md, OMG): one scenario per ruling, built position by position."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction, OptionError
from game.omg import GAME
from game.omg.actions import (
    AddDefense,
    Attack,
    Block,
    EndTurn,
    EquipGem,
    Evolve,
    FinishDefense,
    Forfeit,
    GemDraw,
    Mulligan,
    PlayBeing,
)
from game.omg.cards import PRESET_DECKS, parse_decks
from tests.omg.positions import position, stack


def refused(state, action) -> str:  # type: ignore[no-untyped-def]
    refusal = state.check(action)
    assert refusal is not None, f"{action} should be refused"
    with pytest.raises(IllegalAction):
        state.apply(action)
    return refusal.code


# --- setup -----------------------------------------------------------------------------------
def test_setup_deals_six_then_one_mulligan_then_three_life_cards() -> None:
    state = GAME.new_state(2, 7)
    assert state.phase == "mulligan" and state.to_act() == {0, 1}
    assert [len(s.hand) for s in state.sides] == [6, 6]
    back = tuple(sorted(state.sides[0].hand)[:2])
    state.apply(Mulligan(0, back))
    assert len(state.sides[0].hand) == 6 and state.to_act() == {1}
    assert refused(state, Mulligan(0, ())) == "mulligan_done"
    state.apply(Mulligan(1, ()))
    assert [len(s.life) for s in state.sides] == [3, 3]
    assert [len(s.deck) for s in state.sides] == [36 - 9, 36 - 9]
    assert state.phase == "main" and state.turn_number == 1


def test_first_player_skips_the_draw_cannot_attack_and_the_second_gets_three_gems() -> None:
    state = GAME.new_state(2, 3)
    state.apply(Mulligan(0, ()))
    state.apply(Mulligan(1, ()))
    first = state.first_player
    side = state.sides[first]
    assert len(side.hand) == 6 and side.gems_active == 2
    card = min(side.hand, key=lambda c: int(c.split(":")[1]))
    state.sides[first].locations[0] = stack(card)  # a Being from an earlier turn, say
    assert refused(state, Attack(first, 0, None)) == "first_turn"
    state.apply(EndTurn(first))
    second = state.sides[1 - first]
    assert len(second.hand) == 7 and second.gems_active == 3 and second.gem_deck == 5
    state.apply(EndTurn(1 - first))
    assert side.gems_active == 4 and len(side.hand) == 7


def test_refresh_readies_beings_and_gems_and_the_gem_zone_holds_eight() -> None:
    state = position(turn=1, gems=(7, 8), boards=({0: stack("Zeus:1", rested=True)}, {}))
    state.sides[0].gems_active, state.sides[0].gems_rested = 3, 4
    state.apply(EndTurn(1))
    side = state.sides[0]
    assert side.locations[0] is not None and not side.locations[0].rested
    assert side.gems_active == 8 and side.gems_rested == 0 and side.gem_deck == 0
    crowded = position(turn=1, gems=(7, 8))
    crowded.sides[0].gem_deck = 2  # more Gems than a deck has, to see the zone's cap
    crowded.apply(EndTurn(1))
    assert crowded.sides[0].gems_active == 8 and crowded.sides[0].gem_deck == 1


# --- playing and summoning sickness ---------------------------------------------------------
def test_a_being_costs_its_gems_and_cannot_attack_the_turn_it_is_played() -> None:
    state = position(hands=(["Zeus:1"], []), gems=(3, 8))
    state.apply(PlayBeing(0, "Zeus:1", 1))
    assert state.sides[0].gems_active == 0 and state.sides[0].gems_rested == 3
    assert refused(state, Attack(0, 1, None)) == "summoning_sick"
    assert refused(state, PlayBeing(0, "Zeus:1", 0)) == "not_in_hand"


def test_with_zero_life_a_new_being_may_attack_at_once() -> None:
    state = position(hands=(["Zeus:1"], []), life=(0, 3))
    state.apply(PlayBeing(0, "Zeus:1", 1))
    assert state.check(Attack(0, 1, None)) is None


def test_a_being_cannot_be_played_without_enough_gems() -> None:
    state = position(hands=(["Zeus:3"], []), gems=(5, 8))
    assert refused(state, PlayBeing(0, "Zeus:3", 0)) == "cannot_afford"


def test_displacing_only_when_all_three_locations_are_occupied() -> None:
    board = {0: stack("Zeus:1"), 1: stack("Ra:1")}
    state = position(hands=(["Geb:1"], []), boards=(board, {}))
    assert refused(state, PlayBeing(0, "Geb:1", 0)) == "must_use_empty"
    state.sides[0].locations[2] = stack("Hades:1")
    state.apply(PlayBeing(0, "Geb:1", 0))
    side = state.sides[0]
    assert side.locations[0] is not None and side.locations[0].cards == ["Geb:1"]
    assert "Zeus:1" in side.abyss


# --- evolving --------------------------------------------------------------------------------
def test_evolving_pays_the_difference_stacks_power_and_keeps_the_rested_state() -> None:
    board = {0: stack("Surtr:1", rested=True)}
    state = position(hands=(["Surtr:2"], []), boards=(board, {}), gems=(1, 8))
    state.apply(Evolve(0, "Surtr:2", 0))  # costs 3 - 2 = 1
    s = state.sides[0].locations[0]
    assert s is not None and s.cards == ["Surtr:1", "Surtr:2"] and s.rested
    assert state.sides[0].gems_active == 0
    assert state.power(0, 0) == 3 + 3


def test_evolving_one_to_three_skips_two_for_good_and_once_per_turn() -> None:
    board = {0: stack("Zeus:1")}
    state = position(hands=(["Zeus:3", "Zeus:2"], []), boards=(board, {}))
    state.apply(Evolve(0, "Zeus:3", 0))
    assert state.sides[0].gems_active == 8 - (6 - 3)
    assert refused(state, Evolve(0, "Zeus:2", 0)) == "not_higher"
    assert state.power(0, 0) == 3 + 6
    other = position(hands=(["Zeus:2", "Zeus:3"], []), boards=({0: stack("Zeus:1")}, {}))
    other.apply(Evolve(0, "Zeus:2", 0))
    assert refused(other, Evolve(0, "Zeus:3", 0)) == "evolved_already"
    other.apply(EndTurn(0))
    other.apply(EndTurn(1))
    other.apply(Evolve(0, "Zeus:3", 0))
    assert other.power(0, 0) == 3 + 4 + 6


def test_evolving_needs_the_same_being() -> None:
    state = position(hands=(["Ra:2"], []), boards=({0: stack("Zeus:1")}, {}))
    assert refused(state, Evolve(0, "Ra:2", 0)) == "not_same_being"
    assert refused(state, Evolve(0, "Ra:2", 1)) == "no_being"


# --- attacks ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("source", "reachable"), [(0, {0, 1}), (1, {0, 1, 2}), (2, {1, 2})])
def test_range_from_each_location(source: int, reachable: set[int]) -> None:
    enemies = {
        j: stack(card, rested=True) for j, card in enumerate(["Ymir:1", "Baldr:1", "Thor:1"])
    }
    state = position(boards=({source: stack("Zeus:1")}, enemies))
    targets = {a.target for a in state.legal_actions(0) if isinstance(a, Attack)}
    assert targets == reachable | {None}
    for j in {0, 1, 2} - reachable:
        assert refused(state, Attack(0, source, j)) == "out_of_range"


def test_only_rested_beings_can_be_attacked() -> None:
    state = position(boards=({1: stack("Zeus:1")}, {1: stack("Ymir:1")}))
    assert refused(state, Attack(0, 1, 1)) == "target_active"


@pytest.mark.parametrize(
    ("attacker", "defender", "survivor"),
    [
        ("Njord:1", "Surtr:1", "attacker"),  # Water > Fire: 2 counts as 4 against 3
        ("Hephaestus:1", "Njord:1", "defender"),  # Fire < Water: 2 counts as 1 against 2
        ("Baldr:1", "Geb:1", "defender"),  # Light vs Earth: neutral, 2 against 3
    ],
)
def test_type_advantage_both_ways_and_neutral(attacker: str, defender: str, survivor: str) -> None:
    # Njord and Surtr are both in Dawn: give each side a custom deck holding what it needs.
    pool = "+".join
    deck_a = pool(
        [
            "Njord",
            "Surtr",
            "Baldr",
            "Zeus",
            "Ra",
            "Hades",
            "Anubis",
            "Gaia",
            "Geb",
            "Poseidon",
            "Apollo",
            "Hephaestus",
        ]
    )
    state = position(
        decks=f"{deck_a},{deck_a}",
        boards=({1: stack(attacker)}, {1: stack(defender, rested=True)}),
    )
    state.apply(Attack(0, 1, 1))
    mine, theirs = state.sides[0].locations[1], state.sides[1].locations[1]
    if survivor == "attacker":
        assert mine is not None and theirs is None
    else:
        assert mine is None and theirs is not None


def test_a_weaker_attacker_is_destroyed() -> None:
    state = position(boards=({1: stack("Apollo:1")}, {1: stack("Ymir:1", rested=True)}))
    state.apply(Attack(0, 1, 1))
    assert state.sides[0].locations[1] is None and "Apollo:1" in state.sides[0].abyss
    assert state.sides[1].locations[1] is not None


def test_a_being_attacks_once_per_turn() -> None:
    state = position(boards=({1: stack("Zeus:1")}, {}))
    state.apply(Attack(0, 1, None))
    state.apply(FinishDefense(1)) if state.phase == "defense" else None
    assert refused(state, Attack(0, 1, None)) in ("attacked_already", "rested")


# --- Life attacks and defense ----------------------------------------------------------------
def test_an_unanswered_life_attack_destroys_one_life_card() -> None:
    state = position(boards=({1: stack("Apollo:1")}, {}), hands=((), ["Baldr:1"]))
    state.apply(Attack(0, 1, None))
    assert state.phase == "defense" and state.to_act() == {1}
    state.apply(FinishDefense(1))
    assert len(state.sides[1].life) == 2 and len(state.sides[1].abyss) == 1


def test_block_with_defense_cards_destroys_the_weaker_attacker() -> None:
    board = ({1: stack("Zeus:1")}, {0: stack("Demeter:1")})
    state = position(boards=board, hands=((), ["Ymir:1"]))
    state.apply(Attack(0, 1, None))  # Zeus 3 + 1 (its Attack ability) = 4
    state.apply(Block(1, 0))
    state.apply(AddDefense(1, "Ymir:1"))  # Demeter 2 + Ymir's printed 4 = 6 (Storm/Earth: neutral)
    state.apply(FinishDefense(1))
    assert state.sides[0].locations[1] is None
    assert state.sides[1].locations[0] is not None and state.sides[1].locations[0].rested
    assert len(state.sides[1].life) == 3 and "Ymir:1" in state.sides[1].abyss


def test_a_blocker_must_be_active_and_in_range() -> None:
    board = ({0: stack("Zeus:1")}, {2: stack("Baldr:1"), 1: stack("Ymir:1", rested=True)})
    state = position(boards=board, hands=((), ["Thor:1"]))
    state.apply(Attack(0, 0, None))
    assert refused(state, Block(1, 2)) == "out_of_range"
    assert refused(state, Block(1, 1)) == "rested"


def test_an_unblocked_defense_pool_at_least_the_attack_keeps_the_life() -> None:
    state = position(boards=({1: stack("Zeus:1")}, {}), hands=((), ["Ymir:1", "Baldr:1"]))
    state.apply(Attack(0, 1, None))  # 4
    state.apply(AddDefense(1, "Ymir:1"))  # pool 4: a tie keeps the Life by default
    state.apply(FinishDefense(1))
    assert len(state.sides[1].life) == 3 and state.sides[1].hand == ["Baldr:1"]


def test_a_pool_below_the_attack_loses_the_life_and_the_cards() -> None:
    state = position(boards=({1: stack("Zeus:1")}, {}), hands=((), ["Baldr:1"]))
    state.apply(Attack(0, 1, None))
    state.apply(AddDefense(1, "Baldr:1"))
    state.apply(FinishDefense(1))
    assert len(state.sides[1].life) == 2 and "Baldr:1" in state.sides[1].abyss


@pytest.mark.parametrize("defender_wins_ties", [True, False])
def test_ties_under_both_option_values(defender_wins_ties: bool) -> None:
    options = {"defender_wins_ties": defender_wins_ties}
    # A Being attack: Zeus 3 + 1 against Ymir 4, Storm against Earth (neutral).
    board = ({1: stack("Zeus:1")}, {1: stack("Ymir:1", rested=True)})
    state = position(boards=board, options=options)
    state.apply(Attack(0, 1, 1))
    assert (state.sides[1].locations[1] is None) is (not defender_wins_ties)
    assert state.sides[0].locations[1] is not None
    # A block: Zeus 4 against Demeter 2 + a discarded Pele of printed power 2.
    board = ({1: stack("Zeus:1")}, {1: stack("Demeter:1")})
    block = position(boards=board, hands=((), ["Pele:1"]), options=options)
    block.apply(Attack(0, 1, None))
    block.apply(Block(1, 1))
    block.apply(AddDefense(1, "Pele:1"))
    block.apply(FinishDefense(1))
    assert block.sides[0].locations[1] is not None
    assert (block.sides[1].locations[1] is None) is (not defender_wins_ties)
    assert len(block.sides[1].life) == 3
    # A pool: 4 against 4.
    pool = position(boards=({1: stack("Zeus:1")}, {}), hands=((), ["Ymir:1"]), options=options)
    pool.apply(Attack(0, 1, None))
    pool.apply(AddDefense(1, "Ymir:1"))
    pool.apply(FinishDefense(1))
    assert len(pool.sides[1].life) == (3 if defender_wins_ties else 2)


def test_the_winning_attack_lands_on_an_empty_life() -> None:
    state = position(boards=({1: stack("Zeus:1")}, {}), life=(3, 0))
    state.apply(Attack(0, 1, None))  # no blocker, no hand: resolves at once
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert state.to_act() == frozenset()


def test_a_block_saves_even_with_zero_life() -> None:
    state = position(boards=({1: stack("Apollo:1")}, {1: stack("Ymir:1")}), life=(3, 0))
    state.apply(Attack(0, 1, None))
    state.apply(Block(1, 1))
    state.apply(FinishDefense(1))
    assert state.outcome() is None


def test_a_timed_block_window_resolves_when_it_closes() -> None:
    state = position(
        boards=({1: stack("Zeus:1")}, {}),
        hands=((), ["Baldr:1"]),
        options={"block_window_ms": 5000},
    )
    state.apply(Attack(0, 1, None), at_ms=1000)
    assert state.next_deadline() == 6000
    assert state.advance(5999) == ()
    state.advance(6000)
    assert state.phase == "main" and len(state.sides[1].life) == 2


# --- Gems and the empty deck -----------------------------------------------------------------
def test_a_gem_draws_a_card() -> None:
    state = position(gems=(2, 8))
    state.apply(GemDraw(0))
    assert len(state.sides[0].hand) == 1 and state.sides[0].gems_active == 1


def test_deck_out_is_no_loss_and_draws_nothing() -> None:
    state = position(turn=1, deck_size=(0, None))
    assert refused(state, GemDraw(0)) in ("not_your_turn",)
    state.apply(EndTurn(1))
    assert state.outcome() is None and state.sides[0].hand == []
    assert refused(state, GemDraw(0)) == "deck_empty"


def test_equipping_gems_only_with_an_empty_deck_until_the_next_refresh() -> None:
    state = position(boards=({1: stack("Ra:1")}, {}), gems=(3, 8), deck_size=(1, None))
    assert refused(state, EquipGem(0, 1)) == "deck_not_empty"
    state.apply(GemDraw(0))
    state.apply(EquipGem(0, 1))
    state.apply(EquipGem(0, 1))
    assert state.power(0, 1) == 3 + 2 and state.sides[0].gems_active == 0
    state.apply(EndTurn(0))
    assert state.power(0, 1) == 5  # still equipped through the opponent's turn
    state.apply(EndTurn(1))
    assert state.power(0, 1) == 3


# --- the end ---------------------------------------------------------------------------------
def test_forfeit_loses_at_any_time() -> None:
    state = position()
    state.apply(Forfeit(1))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)


def test_the_turn_limit_goes_to_most_life_then_most_power() -> None:
    state = position(turn_number=4, life=(2, 1), options={"turn_limit": 4})
    state.apply(EndTurn(0))
    assert state.outcome() is not None and state.outcome().winners == (0,)  # type: ignore[union-attr]
    state = position(turn_number=4, boards=({}, {0: stack("Ymir:1")}), options={"turn_limit": 4})
    state.apply(EndTurn(0))
    assert state.outcome().winners == (1,)  # type: ignore[union-attr]
    state = position(turn_number=4, options={"turn_limit": 4})
    state.apply(EndTurn(0))
    assert state.outcome().winners == ()  # type: ignore[union-attr]


# --- decks -----------------------------------------------------------------------------------
def test_the_preset_decks_have_two_of_every_type() -> None:
    from game.omg.cards import BEINGS

    for members in PRESET_DECKS.values():
        types = sorted(BEINGS[m].type for m in members)
        assert len(set(members)) == 12 and all(types.count(t) == 2 for t in set(types))


def test_a_custom_deck_of_twelve_different_beings_is_accepted() -> None:
    custom = "Surtr+Pele+Agni+Hephaestus+Poseidon+Njord+Tefnut+Anuket+Geb+Gaia+Demeter+Ymir"
    decks = parse_decks(f"{custom},dusk")
    assert decks[0][0] == "Surtr" and len(decks[0]) == 12
    state = GAME.new_state(2, 1, {"decks": f"{custom.lower()},dawn"})
    assert state.census()["Agni:3"] == 1


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("dawn", "2 seats"),
        ("dawn,noon", "preset"),
        ("Surtr+Pele,dusk", "exactly 12"),
        (
            "Surtr+Surtr+Agni+Hephaestus+Poseidon+Njord+Tefnut+Anuket+Geb+Gaia+Demeter+Ymir,dusk",
            "twice",
        ),
        (
            "Surtr+Odin+Agni+Hephaestus+Poseidon+Njord+Tefnut+Anuket+Geb+Gaia+Demeter+Ymir,dusk",
            "Odin",
        ),
    ],
)
def test_a_deck_that_breaks_the_rules_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(OptionError, match=reason):
        GAME.new_state(2, 1, {"decks": text})
