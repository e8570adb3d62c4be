"""OMG: Oh My Gods — two players, Gods at three locations (see RULINGS.md, docs/omg.md)."""

from game.omg.game import GAME, OmgGame

__all__ = ["GAME", "OmgGame"]
