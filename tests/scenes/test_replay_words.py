"""The replay viewer in the table's words: each move's caption is its narration (through the
chosen seat's eyes), no seat's caption outlives its move, OMG's log follows a jump, and the
Replays and Statistics screens open on the game just played."""

from __future__ import annotations

from typing import cast

import pygame

from game.core.match import Match, Seat
from game.core.narration import narrate_log
from game.core.registry import find_game
from game.core.runner import SyncBotRunner
from game.store.replays import ReplayInfo, ReplayShelf, parse_replay
from scenes.app import App
from tests.scenes.conftest import run_frames

NAMES = ("You", "Nimal", "Amal", "Kamala")


def finished(game_id: str, seed: int = 4, **options: object) -> Match:
    game = find_game(game_id)
    seats = [Seat("bot", NAMES[i], "normal") for i in range(game.info.min_players)]
    match = Match(game, seats, seed, dict(options), runner=SyncBotRunner())
    match.run_to_end()
    return match


def info_of(match: Match) -> ReplayInfo:
    """The match as the replay list reads it from its file."""
    return parse_replay(ReplayShelf.record(match, "m1", 0.0, 1.0))


def said(match: Match, viewer: int | None) -> list[str]:
    names = [seat.name for seat in match.seats]
    return narrate_log(
        match.game, len(match.seats), match.seed, match.options, match.log, names, viewer
    )


def test_each_moves_caption_is_its_narration_through_the_chosen_eyes(app: App) -> None:
    from scenes.replay import ReplayScene

    match = finished("fomo")
    for viewer in (None, 1):
        replay = ReplayScene(app, info_of(match), viewer)
        app.push(replay)
        words = said(match, viewer)
        for index in range(8):
            assert replay.step_forward()
            app.tick(16)
            assert replay.caption == f"Move {index + 1}: {words[index]}"
        app.pop()
    assert said(match, 1) != said(match, None), "Nimal should not see every hidden card"


def test_a_seats_caption_goes_with_its_move(app: App) -> None:
    from scenes.replay import ReplayScene

    match = finished("omi", max_hands=1)
    replay = ReplayScene(app, info_of(match))
    app.push(replay)
    table = replay.table
    assert table is not None
    for _ in range(6):  # the trump call and the first trick: captions beside the seats
        replay.step_forward()
        run_frames(app, 30)
        if table.captions:
            break
    assert table.captions, "a move of this replay should caption a seat"
    run_frames(app, 400)  # paused: a caption fades as at the live table
    assert not table.captions
    replay.step_forward()
    run_frames(app, 20)
    replay.seek(replay.cursor.position + 5)
    assert not table.captions, "a jump leaves no caption of a move before it"


def test_omgs_log_follows_a_jump(app: App) -> None:
    from scenes.omg.table import OmgTable
    from scenes.replay import ReplayScene

    match = finished("omg")
    replay = ReplayScene(app, info_of(match))
    app.push(replay)
    table = replay.table
    assert isinstance(table, OmgTable)
    words = said(match, None)
    for position in (40, 12, 60):
        replay.seek(position)
        app.tick(16)
        # The moves in the replay's words; the other lines tell what came of them.
        lines = [text for text, heading in table.hud.log if not heading and text in words]
        assert lines[-1] == words[position - 1], f"the log at move {position}"
        assert lines == words[:position][-len(lines) :], "the log holds the moves before it"


def test_replays_and_statistics_open_on_the_game_just_played(app: App) -> None:
    from scenes.menus import TitleScene
    from scenes.replay import ReplayListScene
    from scenes.stats import StatsScene

    app.show_results(finished("fomo"))
    app.to_title()
    title = app.stack.top
    assert isinstance(title, TitleScene)
    labels = [item.label for item in title.form.items]
    title.form.items[labels.index("Statistics")].activate()
    stats = app.stack.top
    assert isinstance(stats, StatsScene) and stats.game_id == "fomo"
    app.pop()
    title.form.items[labels.index("Replays")].activate()
    replays = app.stack.top
    assert isinstance(replays, ReplayListScene) and replays.game_id == "fomo"
    pygame.event.clear()


def test_fomos_table_announces_an_action_card_in_the_same_words(app: App) -> None:
    from game.fomo.cards import SEEN, SWAP
    from game.fomo.events import ActionPlayed
    from scenes.fomo.table import FomoTable
    from scenes.tables import table_class

    game = find_game("fomo")
    seats = [Seat("human", "You", "normal")] + [Seat("bot", n, "normal") for n in NAMES[1:]]
    match = Match(game, seats, 4, runner=SyncBotRunner())
    table = cast(FomoTable, table_class("fomo")(app, match))
    assert table.describe(ActionPlayed(0, SEEN, (0,), ())) == "You play Seen on your own set"
    assert table.describe(ActionPlayed(2, SWAP, (0, 1), (2, 0))) == (
        "Amal plays Swap: your slot 3 with Nimal's slot 1"
    )
