"""Omi's scoring table, in one place for the rules and the bots' playouts (RULINGS, Omi)."""

from __future__ import annotations


def normal_award(makers: int, won: list[int]) -> list[int]:
    """Tokens per team for tricks ``won`` when team ``makers`` named trumps, before kapothi and
    carry: 8 tricks 3, makers 5–7 one, makers 3 or fewer two to the others, 4–4 none."""
    award = [0, 0]
    if won[0] == 8 or won[1] == 8:
        award[0 if won[0] == 8 else 1] = 3
    elif 5 <= won[makers] <= 7:
        award[makers] = 1
    elif won[makers] <= 3:
        award[1 - makers] = 2
    return award


def hand_award(makers: int, won: list[int], kapothi_team: int | None, carry: int) -> list[int]:
    """The whole hand's tokens per team: an accepted kapothi challenge (``kapothi_team`` the
    proposers: 5 if they take all 8, else the others get the normal award + 2), and the tokens
    carried from tied hands to whoever scores."""
    normal = normal_award(makers, won)
    award = normal
    if kapothi_team is not None:
        award = [0, 0]
        if won[kapothi_team] == 8:
            award[kapothi_team] = 5
        else:
            award[1 - kapothi_team] = normal[kapothi_team] + 2
    if any(award):
        award[0 if award[0] else 1] += carry
    return award
