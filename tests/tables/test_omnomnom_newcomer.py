"""The Om Nom Nom table as a newcomer reads it (issue 29): own keys that are never dropped for
another seat's change and are labelled by each hand, a round's last card back in its slot when
the next round starts, and the side seats' titles whole."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.match import Match, Seat  # noqa: E402
from game.core.registry import find_game  # noqa: E402
from game.core.runner import SyncBotRunner  # noqa: E402
from game.omnomnom.cards import ANIMALS, TURNS_PER_ROUND  # noqa: E402
from scenes import theme  # noqa: E402
from scenes.app import App  # noqa: E402
from scenes.omnomnom.table import OmNomNomTable  # noqa: E402
from tests.tables.test_omnomnom import (  # noqa: E402
    own_keys_table,
    press,
    state,
    state_of,
)


@pytest.fixture
def app(app: App) -> App:
    """The tables' app (conftest.py) with bots at the normal pace: they wait for the people."""
    app.settings.bot_pace = "normal"
    return app


def key_down(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def test_with_own_keys_a_pick_in_the_same_instant_as_another_seats_change_is_taken(
    app: App,
) -> None:
    """Dev changes his pick and Amal picks in the same frame: Amal's key counts, and nothing
    on the message line tells that anyone changed."""
    table = own_keys_table(app)
    app.tick(16)
    press(app, pygame.K_w)  # Dev: rabbit
    app.feed([key_down(pygame.K_e), key_down(pygame.K_1)])  # Dev: cat; Amal: wolf, same instant
    app.tick(16)
    assert state(table).picks == ["wolf", "cat", None]
    assert table.message.warning == ""
    assert "reveal" not in table.message.text


def at_round_1s_last_turn(app: App, players: int) -> OmNomNomTable:
    """Bots play round 1 to its last turn; the table is built there, watched by seat 0 (the
    cards already won lie in the seats' fronts), and then shows the rest of the round."""
    seats = [Seat("bot", f"Bot {i}", "random") for i in range(players)]
    match = Match(find_game("omnomnom"), seats, 11, {}, runner=SyncBotRunner(), pace_ms=(0, 0))
    held: list[bool] = []

    def stop(m: Match) -> None:
        if state_of(m).turn_index == TURNS_PER_ROUND - 1 and not held:
            held.append(True)
            m.hold()

    match.listeners.append(stop)
    match.update(100)
    match.listeners.remove(stop)
    match.release()
    table = OmNomNomTable(app, match, watchers=(0,))
    app.push(table)
    for _ in range(400):
        app.tick(16)
        if state_of(match).round_index == 1 and not table.presenter.busy:
            return table
    raise AssertionError("round 2 never started")


def test_at_the_next_rounds_start_the_last_card_of_a_round_lies_in_its_slot(app: App) -> None:
    """Seat 0's card of the round's last turn was on its pick spot: at the next round's start
    it lies in its slot with the others, not on the pick spot."""
    table = at_round_1s_last_turn(app, players=3)
    for slot in range(len(ANIMALS)):
        (sprite,) = table.presenter.zone(f"hand:0:{slot}")
        home = table.g.hand_spot(0, slot)
        assert (round(sprite.x), round(sprite.y)) == (round(home.x), round(home.y)), sprite.card


def test_at_round_2_each_hand_overlaps_left_to_right_so_every_title_shows(app: App) -> None:
    """A hand's cards overlap; each lies over its left neighbour's right edge, so every card's
    title (top left) shows. Cards coming home from a round came in the order they were won."""
    table = at_round_1s_last_turn(app, players=4)
    for seat in range(4):
        drawn = [s.zone for s in table.layer.ordered() if s.zone.startswith(f"hand:{seat}:")]
        assert drawn == [f"hand:{seat}:{slot}" for slot in range(len(ANIMALS))], seat


def printed_by_a_frame(table: OmNomNomTable, app: App, monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """Every text a frame prints (the caches emptied first, so cached layers paint again)."""
    printed: set[str] = set()
    text = theme.text

    def record(content: str, *args: object, **kwargs: object) -> pygame.Surface:
        printed.add(content)
        return text(content, *args, **kwargs)  # type: ignore[arg-type]

    theme.reset_caches()
    monkeypatch.setattr(theme, "text", record)
    table.draw(app.screen)
    monkeypatch.setattr(theme, "text", text)
    return printed


def test_with_own_keys_each_persons_keys_are_labelled_on_their_own_cards(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Amal picks with 1–6, Dev with Q–Y: each key is printed on its card, the picked card's
    too (a missing label would tell which card was picked)."""
    table = own_keys_table(app)
    app.tick(16)
    press(app, pygame.K_w)  # Dev picks his rabbit
    assert state(table).picks == [None, "rabbit", None]
    printed = printed_by_a_frame(table, app, monkeypatch)
    assert {"1", "2", "3", "4", "5", "6"} <= printed, "Amal's keys"
    assert {"Q", "W", "E", "R", "T", "Y"} <= printed, "Dev's keys, W on his picked rabbit too"


def test_with_own_keys_a_change_of_pick_makes_no_sound(app: App) -> None:
    """The first pick sounds with its ✓; a change would tell the table that someone changed."""
    table = own_keys_table(app)
    app.tick(16)
    sounds: list[str] = []
    table.presenter.sound = sounds.append
    press(app, pygame.K_1)  # Amal: wolf
    press(app, pygame.K_2)  # Amal changes to the rabbit
    assert state(table).picks[0] == "rabbit"
    assert sounds == ["play"]
