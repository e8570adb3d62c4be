"""One scenario per Being's ability (OMG_CARDS.md). Seat 0 plays Dawn, seat 1 Dusk."""

from __future__ import annotations

from game.omg.abilities import ABILITIES
from game.omg.actions import (
    AddDefense,
    Attack,
    Block,
    Discard,
    EndTurn,
    Evolve,
    FinishDefense,
    GemDraw,
    PlayBeing,
)
from game.omg.board import Stack
from game.omg.cards import BEINGS
from tests.omg.positions import position, stack


def test_every_being_has_exactly_one_ability_entry() -> None:
    assert set(ABILITIES) == set(BEINGS) and len(BEINGS) == 24


# --- Fire ------------------------------------------------------------------------------------
def test_surtr_gains_n_attacking_a_rested_being_only() -> None:
    state = position(boards=({1: stack("Surtr:1")}, {1: stack("Thor:1", rested=True)}))
    assert state.attack_power(0, 1, at_life=False) == 4
    assert state.attack_power(0, 1, at_life=True) == 3
    state.apply(Attack(0, 1, 1))  # 4 against Thor's 3 (Fire/Storm neutral): without it, a tie
    assert state.sides[1].locations[1] is None


def test_hephaestus_readies_one_rested_gem_and_two_at_level_three() -> None:
    state = position(hands=(["Hephaestus:1"], []), gems=(2, 8))
    state.apply(PlayBeing(0, "Hephaestus:1", 0))
    assert (state.sides[0].gems_active, state.sides[0].gems_rested) == (1, 1)
    state = position(
        hands=(["Hephaestus:3"], []), boards=({0: stack("Hephaestus:1")}, {}), gems=(3, 8)
    )
    state.apply(Evolve(0, "Hephaestus:3", 0))  # pays 3, readies 2
    assert (state.sides[0].gems_active, state.sides[0].gems_rested) == (2, 1)


def test_pele_gives_one_enemy_in_range_minus_n_this_turn() -> None:
    board: tuple[dict[int, Stack], dict[int, Stack]] = ({0: stack("Zeus:1"), 2: stack("Ra:1")}, {})
    state = position(turn=1, hands=([], ["Pele:1"]), boards=board)
    targets = {
        a.target
        for a in state.legal_actions(1)
        if isinstance(a, PlayBeing) and a.card == "Pele:1" and a.location == 0
    }
    assert targets == {0}  # Right is out of Left's range
    state.apply(PlayBeing(1, "Pele:1", 0, 0))
    assert state.power(0, 0) == 3 - 1
    state.apply(EndTurn(1))
    assert state.power(0, 0) == 3


def test_agni_gives_adjacent_allies_plus_one_and_two_at_level_three() -> None:
    board = {0: stack("Ymir:1"), 1: stack("Agni:1"), 2: stack("Baldr:1")}
    state = position(turn=1, boards=({}, board))
    assert [state.power(1, j) for j in range(3)] == [4 + 1, 2, 2 + 1]
    board[1] = stack("Agni:1", "Agni:3")
    state = position(turn=1, boards=({}, board))
    assert [state.power(1, j) for j in range(3)] == [4 + 2, 8, 2 + 2]


# --- Water -----------------------------------------------------------------------------------
def test_poseidon_gains_n_when_blocking() -> None:
    state = position(turn=1, boards=({1: stack("Poseidon:1")}, {1: stack("Ymir:1")}))
    state.apply(Attack(1, 1, None))  # Ymir 4 (Earth beats Water: counts 8)
    state.apply(Block(0, 1))
    assert state.block_power(0, 1, []) == 3 + 1
    state.apply(FinishDefense(0))
    assert state.sides[0].locations[1] is None  # 8 against 4: Poseidon falls


def test_njord_draws_one_and_two_at_level_three() -> None:
    state = position(hands=(["Njord:1", "Njord:3"], []))
    state.apply(PlayBeing(0, "Njord:1", 0))
    assert len(state.sides[0].hand) == 2
    state.apply(Evolve(0, "Njord:3", 0))  # the new top card's Play ability triggers
    assert len(state.sides[0].hand) == 3


def test_tefnut_rests_an_active_enemy_in_range_with_power_up_to_n_plus_one() -> None:
    board: tuple[dict[int, Stack], dict[int, Stack]] = (
        {0: stack("Hephaestus:1"), 1: stack("Zeus:1")},
        {},
    )
    state = position(turn=1, hands=([], ["Tefnut:1"]), boards=board)
    assert state.check(PlayBeing(1, "Tefnut:1", 0, 1)).code == "bad_target"  # type: ignore[union-attr]
    state.apply(PlayBeing(1, "Tefnut:1", 0, 0))  # Hephaestus 2 <= 1 + 1
    assert state.sides[0].locations[0].rested  # type: ignore[union-attr]


def test_anuket_adds_one_more_per_defense_card() -> None:
    board = ({1: stack("Zeus:1")}, {2: stack("Anuket:1")})
    state = position(boards=board, hands=([], ["Baldr:1", "Pele:1"]))
    state.apply(Attack(0, 1, None))  # 4
    state.apply(AddDefense(1, "Baldr:1"))
    state.apply(AddDefense(1, "Pele:1"))  # 2 + 2 + 1 + 1 = 6
    state.apply(FinishDefense(1))
    assert len(state.sides[1].life) == 3
    assert state.defense_card_power(1, ["Baldr:1"]) == 3


# --- Earth -----------------------------------------------------------------------------------
def test_geb_gains_n_when_blocking() -> None:
    state = position(turn=1, boards=({1: stack("Geb:1", "Geb:2")}, {1: stack("Thor:1", "Thor:2")}))
    state.apply(Attack(1, 1, None))  # Thor 7 (Storm/Earth neutral)
    state.apply(Block(0, 1))  # Geb 3 + 4 + 2 = 9
    state.apply(FinishDefense(0))
    assert state.sides[1].locations[1] is None and state.sides[0].locations[1] is not None


def test_gaia_returns_a_card_of_level_up_to_n_from_the_abyss() -> None:
    state = position(hands=(["Gaia:1"], []), abyss=(["Zeus:1", "Zeus:3"], []))
    targets = {a.target for a in state.legal_actions(0) if isinstance(a, PlayBeing)}
    assert targets == {"Zeus:1"}
    state.apply(PlayBeing(0, "Gaia:1", 0, "Zeus:1"))
    assert state.sides[0].hand == ["Zeus:1"] and state.sides[0].known_hand == ["Zeus:1"]


def test_demeter_gains_one_while_the_other_two_locations_are_occupied() -> None:
    state = position(turn=1, boards=({}, {0: stack("Demeter:1"), 1: stack("Ymir:1")}))
    assert state.power(1, 0) == 2
    state.sides[1].locations[2] = stack("Baldr:1")
    assert state.power(1, 0) == 3


def test_ymir_and_baldr_have_no_ability_only_their_bodies() -> None:
    board = {0: stack("Ymir:1"), 2: stack("Baldr:1", "Baldr:2")}
    state = position(turn=1, boards=({}, board))
    assert state.power(1, 0) == 4 and state.power(1, 2) == 2 + 4
    assert state.attack_power(1, 0, True) == 4 and state.block_power(1, 2, []) == 6


# --- Light -----------------------------------------------------------------------------------
def test_ra_gains_n_attacking_life_only() -> None:
    state = position(boards=({1: stack("Ra:1", "Ra:2")}, {}))
    assert state.attack_power(0, 1, at_life=True) == 3 + 4 + 2
    assert state.attack_power(0, 1, at_life=False) == 7


def test_apollo_draws_then_discards_one() -> None:
    state = position(hands=(["Apollo:1"], []))
    state.apply(PlayBeing(0, "Apollo:1", 0))
    assert state.phase == "discard" and len(state.sides[0].hand) == 1
    assert state.check(GemDraw(0)).code == "discard_first"  # type: ignore[union-attr]
    card = state.sides[0].hand[0]
    state.apply(Discard(0, card))
    assert state.phase == "main" and card in state.sides[0].abyss
    three = position(hands=(["Apollo:3", "Zeus:1"], []), boards=({0: stack("Apollo:1")}, {}))
    three.apply(Evolve(0, "Apollo:3", 0))
    assert len(three.sides[0].hand) == 1 + 2


def test_amaterasu_is_active_again_after_a_block_it_survives() -> None:
    board = ({1: stack("Ra:1")}, {1: stack("Amaterasu:1", "Amaterasu:2")})
    state = position(boards=board)
    state.apply(Attack(0, 1, None))  # Ra 3 + 1 against Amaterasu 2 + 3 (Light against Light)
    state.apply(Block(1, 1))
    state.apply(FinishDefense(1))
    amaterasu = state.sides[1].locations[1]
    assert amaterasu is not None and not amaterasu.rested
    assert state.sides[0].locations[1] is None


# --- Dark ------------------------------------------------------------------------------------
def test_hades_draws_when_it_destroys_a_being() -> None:
    state = position(boards=({1: stack("Hades:1")}, {1: stack("Thor:1", rested=True)}))
    state.apply(Attack(0, 1, 1))  # Dark beats Storm: 6 against 3
    assert state.sides[1].locations[1] is None and len(state.sides[0].hand) == 1


def test_hel_destroys_an_enemy_in_range_with_power_up_to_n() -> None:
    board: tuple[dict[int, Stack], dict[int, Stack]] = (
        {0: stack("Hephaestus:1"), 1: stack("Zeus:1")},
        {},
    )
    state = position(turn=1, hands=([], ["Hel:1"]), boards=board)
    # Hephaestus 2 and Zeus 3 are both above N = 1: nothing to aim at.
    assert state.check(PlayBeing(1, "Hel:1", 1, 0)).code == "no_target"  # type: ignore[union-attr]
    state.sides[0].locations[0].turn_mod = -1  # type: ignore[union-attr]
    state.apply(PlayBeing(1, "Hel:1", 1, 0))  # power 1 <= 1
    assert state.sides[0].locations[0] is None


def test_anubis_gives_the_enemy_directly_across_minus_one() -> None:
    state = position(boards=({1: stack("Anubis:1")}, {0: stack("Ymir:1"), 1: stack("Ymir:2")}))
    assert state.power(1, 1) == 4 - 1 and state.power(1, 0) == 4


def test_loki_may_attack_any_location() -> None:
    state = position(turn=1, boards=({2: stack("Zeus:1", rested=True)}, {0: stack("Loki:1")}))
    assert {a.target for a in state.legal_actions(1) if isinstance(a, Attack)} == {2, None}
    state.apply(Attack(1, 0, 2))  # Loki 1 against Zeus 3: Loki falls, but it could reach
    assert state.sides[1].locations[0] is None


# --- Storm -----------------------------------------------------------------------------------
def test_zeus_gains_n_on_every_attack() -> None:
    state = position(boards=({1: stack("Zeus:1", "Zeus:2")}, {}))
    assert state.attack_power(0, 1, True) == state.attack_power(0, 1, False) == 7 + 2


def test_thor_can_attack_the_turn_it_is_played() -> None:
    state = position(turn=1, hands=([], ["Thor:1"]))
    state.apply(PlayBeing(1, "Thor:1", 1))
    assert state.check(Attack(1, 1, None)) is None


def test_raijin_rests_an_active_enemy_in_range_with_power_up_to_n_plus_one() -> None:
    state = position(hands=(["Raijin:1"], []), boards=({}, {2: stack("Baldr:1")}))
    state.apply(PlayBeing(0, "Raijin:1", 2, 2))
    assert state.sides[1].locations[2].rested  # type: ignore[union-attr]
    # Now it can be attacked (a rested Being) on a later turn.
    assert Attack(0, 2, 2) not in state.legal_actions(0)  # Raijin itself is summoning sick


def test_indra_gains_n_when_blocking() -> None:
    state = position(boards=({1: stack("Zeus:1")}, {1: stack("Indra:1", "Indra:2")}))
    assert state.block_power(1, 1, []) == 2 + 3 + 2
