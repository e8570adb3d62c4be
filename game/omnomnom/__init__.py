"""Om Nom Nom (2–6 players, and solo): simultaneous secret picks on three predator boards."""

from game.omnomnom.game import GAME, OmNomNomGame
from game.omnomnom.state import OmNomNomState, Pick
from game.omnomnom.view import OmNomNomView

__all__ = ["GAME", "OmNomNomGame", "OmNomNomState", "OmNomNomView", "Pick"]
