"""The kapothi question reaches a human seat as a choice bar, answerable by key or click."""

from __future__ import annotations

import dataclasses
from typing import cast

import pygame

from game.core.match import Match, Seat
from game.core.runner import SyncBotRunner
from game.omi.actions import ProposeKapothi
from game.omi.state import OmiState
from scenes.app import App
from scenes.omi.table import OmiTable
from scenes.session import DEFAULT_NAMES, TableSetup, new_match, table_scene
from tests.scenes.conftest import click, keys


def match_at_kapothi_question(seed: int = 0) -> Match:
    """Bots play until seat 0 may propose kapothi (seed 0: after four tricks at 4–0); then
    seat 0 becomes a person, who must answer."""
    seats = [Seat("bot", DEFAULT_NAMES[i], "normal") for i in range(4)]
    setup = TableSetup("omi", seats, {"kapothi_challenge": True}, seed)
    match = new_match(setup, (10, 10), SyncBotRunner())  # spaced: one action per update
    while not (
        cast(OmiState, match.state).phase == "kapothi_propose" and 0 in match.state.to_act()
    ):
        due = match.next_due_ms()
        assert due is not None and len(match.log) < 200
        match.update(max(1, due - match.now_ms))
    match.set_seat(0, dataclasses.replace(match.seats[0], kind="human", name="You"))
    return match


def test_propose_by_key(app: App) -> None:
    app.settings.animation = "instant"
    match = match_at_kapothi_question()
    table = cast(OmiTable, table_scene(app, match))
    app.push(table)
    app.tick(16)
    assert table.choice is not None and "kapothi" in table.choice.prompt
    app.feed(keys(pygame.K_n))  # "Play on"
    assert match.log[-1][1] == ProposeKapothi(0, False)


def test_propose_by_click(app: App) -> None:
    app.settings.animation = "instant"
    match = match_at_kapothi_question()
    table = cast(OmiTable, table_scene(app, match))
    app.push(table)
    app.tick(16)
    assert table.choice is not None
    app.feed(click(table.choice.rects[0].center))  # "Propose"
    assert match.log[-1][1] == ProposeKapothi(0, True)
    assert cast(OmiState, match.state).phase == "kapothi_answer"
