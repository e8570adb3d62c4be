"""Every OMYN move made the way a person makes it (``person_inputs``), by mouse and by keys,
through the real App: the events reach the match as the move meant."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.actions import Action  # noqa: E402
from game.omyn.actions import (  # noqa: E402
    Arrange,
    CallOmyn,
    Claim,
    DeclinePower,
    Draw,
    Drop,
    PairDrawn,
    PairSlots,
    PickSlot,
    Swap,
    UsePower,
)
from scenes.app import App  # noqa: E402
from scenes.omyn.table import OmynTable  # noqa: E402
from tests.tables.omyn_positions import seen, settle, table_at  # noqa: E402

ROWS = [["9", "5", "9", "8", "1"], ["4", "2", "3", "8", "1"], ["6", "6", "2", "4", "3"]]


class Way:
    """A stand-in rng: ``mouse`` below 0.5, the keys above; choices take the first."""

    def __init__(self, mouse: bool) -> None:
        self.value = 0.1 if mouse else 0.9

    def random(self) -> float:
        return self.value

    def choice(self, options):  # type: ignore[no-untyped-def]
        return options[0]


def make(app: App, table: OmynTable, action: Action, mouse: bool) -> None:
    """The person's inputs for ``action``, a frame or more apart, until the match has it."""
    for _ in range(6):
        events = table.person_inputs(action, Way(mouse))  # type: ignore[arg-type]
        assert events, (action, table.stage())
        for event in events:
            pygame.event.post(event)
        app.feed(pygame.event.get())
        settle(app, 3)
        if any(a == action for _, a in table.match.log):
            return
    raise AssertionError(f"{action} not reached ({table.stage()})")


@pytest.mark.parametrize("mouse", [True, False], ids=["mouse", "keys"])
def test_draw_then_swap_pair_and_drop(app: App, mouse: bool) -> None:
    table = table_at(app, ROWS, draw=["5", "9", "4", "1"])
    make(app, table, Draw(0), mouse)
    make(app, table, Swap(0, 4), mouse)  # the 5 into slot 5 (the 1 to the pile)
    settle(app, 300)  # the chain window, then the bots
    for _ in range(600):
        if table.stage() == "start" and not table.presenter.busy:
            break
        settle(app, 1)
    make(app, table, Draw(0), mouse)
    make(app, table, PairSlots(0, 1, 4, 4), mouse)  # slots 2 and 5 (both 5s)
    assert len(seen(table, 0).rows[0]) == 4


@pytest.mark.parametrize("mouse", [True, False], ids=["mouse", "keys"])
def test_a_pair_with_the_drawn_card_and_a_drop(app: App, mouse: bool) -> None:
    table = table_at(app, ROWS, draw=["9"])
    make(app, table, Draw(0), mouse)
    make(app, table, PairDrawn(0, 2), mouse)
    make(app, table, DeclinePower(0), mouse)  # the 9s' Foresee, played plain


@pytest.mark.parametrize("mouse", [True, False], ids=["mouse", "keys"])
def test_powers_and_their_targets(app: App, mouse: bool) -> None:
    table = table_at(app, ROWS, draw=["10"])  # Switch: my slot, then theirs
    make(app, table, Draw(0), mouse)
    make(app, table, Drop(0), mouse)
    make(app, table, UsePower(0, target=2, slot=1, other_slot=3), mouse)


@pytest.mark.parametrize("mouse", [True, False], ids=["mouse", "keys"])
def test_a_player_named_and_the_foresee_order(app: App, mouse: bool) -> None:
    table = table_at(app, ROWS, draw=["11"])  # Skip: a player
    make(app, table, Draw(0), mouse)
    make(app, table, Drop(0), mouse)
    make(app, table, UsePower(0, target=2), mouse)
    table = table_at(app, ROWS, draw=["9", "1", "2", "3"])  # Foresee
    make(app, table, Draw(0), mouse)
    make(app, table, Drop(0), mouse)
    make(app, table, UsePower(0), mouse)
    settle(app, 300)  # its Void window runs out
    make(app, table, Arrange(0, (2, 0, 1)), mouse)


@pytest.mark.parametrize("mouse", [True, False], ids=["mouse", "keys"])
def test_a_call_and_a_claim(app: App, mouse: bool) -> None:
    table = table_at(app, ROWS, humans=(0, 1), draw=["8"])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
    app.feed(pygame.event.get())
    settle(app, 2)
    make(app, table, CallOmyn(0), mouse)
    number = seen(table, 1).window.number  # type: ignore[union-attr]
    if mouse:
        make(app, table, Claim(1, 1, number), mouse)  # a click on its own card
    else:
        make(app, table, Claim(1, None, number), mouse)  # its key, then the slot
        make(app, table, PickSlot(1, 1), mouse)
