"""Om Nom Nom's hint counts its playouts in good English: a busy machine's hint was "over 1
playouts of the rest of this round" (seen under Xvfb with the hint key)."""

from __future__ import annotations

from game.core.registry import find_game
from game.omnomnom.hint import hint


def test_one_playout_is_said_in_the_singular() -> None:
    state = find_game("omnomnom").new_state(3, 5, {})
    found = hint(state.view(0), state.legal_actions(0), 3, 0, samples=1)
    assert found is not None and found.figures[0].samples == 1
    assert "over 1 playout of the rest" in found.why, found.why
