"""The results screen as a newcomer reads it: places best first (Om Nom Nom with each round),
a shared win said as one, seats by name, no log lines, Omi's last hand promising nothing, and
keys pressed as the match ends kept off "Play again"."""

from __future__ import annotations

from typing import cast

import pygame

from game.core.match import Match, Seat
from game.core.registry import find_game
from game.core.runner import SyncBotRunner
from game.omg.actions import Forfeit
from game.omnomnom.view import OmNomNomView
from scenes.app import App
from scenes.results import QUIET_MS, ResultsScene
from tests.scenes.conftest import key, keys, omi_table, run_until

NAMES = ("You", "Nimal", "Kamala", "Saman")


def finished(game_id: str, players: int, seed: int, options: dict | None = None) -> Match:
    seats = [Seat("bot", name, "random") for name in NAMES[:players]]
    match = Match(find_game(game_id), seats, seed, options or {}, runner=SyncBotRunner())
    while match.state.outcome() is None:
        match.update(500)
    return match


def results(app: App, match: Match) -> ResultsScene:
    scene = ResultsScene(app, match)
    app.push(scene)
    return scene


def test_om_nom_nom_lists_places_best_first_with_each_rounds_score(app: App) -> None:
    match = finished("omnomnom", 4, 5)  # Kamala 41, Saman 33, You 32, Nimal 30
    scene = results(app, match)
    assert [(place, names, score) for place, names, score, _, _ in scene.rows] == [
        (
            1,
            "Kamala",
            41,
        ),
        (2, "Saman", 33),
        (3, "You", 32),
        (4, "Nimal", 30),
    ]
    rounds = cast(OmNomNomView, match.view(None)).round_scores
    kamala = scene.rows[0][3]
    assert kamala == "rounds " + " · ".join(str(r[2]) for r in rounds)
    app.tick(16)
    pygame.image.save(app.screen, "/tmp/x/results_omnomnom.png")


def test_a_shared_win_is_not_said_to_be_broken_by_the_best_round(app: App) -> None:
    match = finished("omnomnom", 3, 79)  # You and Kamala: 43 points, best round 19 each
    scene = results(app, match)
    assert [row[0] for row in scene.rows] == [1, 1, 3]
    text = " ".join(scene.lines)
    assert "breaks the tie" not in text and "share the win" in text
    assert scene.subtitle.startswith("You & Kamala win")


def test_a_forfeit_names_the_seat_and_no_log_lines_follow(app: App) -> None:
    match = Match(
        find_game("omg"),
        [Seat("human", n) for n in NAMES[:2]],
        3,
        {},
        runner=SyncBotRunner(),
    )
    match.submit(Forfeit(1))
    scene = results(app, match)
    assert scene.lines[-1].endswith("Nimal forfeited")
    assert len(scene.lines) == 2  # Life left, and how it ended
    assert "seat" not in " ".join(scene.lines).lower()


def test_the_keys_of_the_last_move_do_not_press_play_again(app: App) -> None:
    scene = results(app, finished("omyn", 2, 5))
    app.tick(16)
    app.feed(keys(pygame.K_RETURN))  # pressed as the match ended
    app.tick(16)
    assert app.stack.top is scene
    for _ in range(QUIET_MS // 16 + 1):
        app.tick(16)
    app.feed([key(pygame.K_DOWN)])  # a fresh press, after a moment: the buttons answer
    assert scene.form.focused.label == "Back to the title"


def test_omis_last_hand_at_4_4_promises_no_bonus(quick_app: App) -> None:
    from game.omi.events import HandScored
    from scenes.omi.hud import last_hand, summary_page, summary_result
    from scenes.table.summary import summary_note

    table = omi_table(quick_app, humans=(), seed=14, options={"max_hands": 1})
    run_until(quick_app, lambda: table.summary_open(), max_frames=5000)
    assert last_hand(table)  # max_hands=1: the first hand's summary is the last
    tie = HandScored(tricks=(4, 4), tokens=(0, 0), score=(0, 0), carry=1, result="4–4 tie")
    said = summary_result(tie, last=True)
    assert "4–4" in said and "bonus" not in said and "next" not in said
    assert "next" in summary_result(tie, last=False)
    page = summary_page(table)
    assert "next" not in summary_note("Space", True, page.then).lower()
    assert "next" not in summary_note("Space", False, page.then).lower()
