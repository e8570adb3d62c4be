"""An Omen played lies face up on the pile for everyone before the same move shuffles it away: every
seat's view says which Omens were played this game (the table's screen referee knows them from it),
and a new game starts with none."""

from __future__ import annotations

from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import SyncBotRunner
from game.omyn.view import OmynView


def test_every_seat_sees_the_omens_played_this_game_and_a_new_game_starts_with_none() -> None:
    game = find_game("omyn")
    seen_omen = False
    for seed in range(40):
        seats = [Seat("bot", f"Bot {i}", "normal") for i in range(3)]
        match = Match(game, seats, seed, {}, runner=SyncBotRunner())
        games_before = 0
        for _ in range(3000):
            if match.is_over():
                break
            match.update(250)
            views = [match.view(seat) for seat in range(3)]
            assert all(isinstance(v, OmynView) for v in views)
            played = {v.omens_played for v in views}  # type: ignore[attr-defined]
            assert len(played) == 1, "every seat sees the same Omens"
            omens = played.pop()
            assert all(face in ("GO", "BO") for face in omens)
            number = views[0].game_number  # type: ignore[attr-defined]
            if number != games_before:
                games_before = number
                assert omens == (), "a new game starts with no Omen played"
            seen_omen = seen_omen or bool(omens)
        if seen_omen:
            break
    assert seen_omen, "no Omen was played in 40 seeded matches"
