"""Same-screen play: the curtain hides every private card until the next person is ready, and
between private turns the table shows only what everyone may see."""

from __future__ import annotations

from typing import cast

import pygame

from game.omi.state import OmiState
from scenes.app import App
from tests.scenes.conftest import keys, omi_table, run_until


def faces_in_hands(app: App, table) -> set[str]:  # type: ignore[no-untyped-def]
    table.draw(app.screen)
    return {d.card for d in table.layer.drawn if d.zone.startswith("hand:") and d.card}


def test_two_humans_never_see_each_others_cards(quick_app: App) -> None:
    app = quick_app
    table = omi_table(app, humans=(0, 2), seed=5)
    state = table.match.state
    handovers = 0
    public_frames = 0
    for _ in range(12):

        def ready() -> bool:
            nonlocal public_frames
            if table.curtain.active:
                return True
            if table.private is None:  # a bot's turn: the public table, no hand shown
                public_frames += 1
                assert faces_in_hands(app, table) == set()
            if table.summary_open() or (table.my_turn() and not table.presenter.busy):
                app.feed(keys(pygame.K_RETURN))  # trumps, the selected card, or "continue"
            return False

        run_until(app, ready, max_frames=20000)
        waiting = table.curtain.seat
        assert waiting in (0, 2) and table.private is None
        # While the curtain is down no private card is drawn face up...
        assert faces_in_hands(app, table) == set()
        # ...and nothing bright (a card face) shows where the old viewer's hand lies.
        app.draw()
        hand_area = pygame.Rect(0, 0, 500, 110)
        hand_area.midbottom = (app.size[0] // 2, app.size[1] - 8)
        brightest = max(
            max(app.screen.get_at((x, y))[:3])
            for x in range(hand_area.left, hand_area.right, 7)
            for y in range(hand_area.top, hand_area.bottom, 7)
        )
        assert brightest < 120
        app.feed(keys(pygame.K_SPACE))
        assert table.private == waiting and not table.curtain.active
        app.tick(16)
        shown = faces_in_hands(app, table)
        assert shown and shown <= set(state.hands[waiting])  # only the new viewer's own cards
        handovers += 1
    assert handovers == 12 and public_frames > 0


def test_with_one_human_there_is_no_curtain(quick_app: App) -> None:
    app = quick_app
    table = omi_table(app, humans=(1,), seed=6)
    for _ in range(3000):
        assert not table.curtain.active
        if table.summary_open() or (table.my_turn() and not table.presenter.busy):
            app.feed(keys(pygame.K_RETURN))
        app.tick(16)
        if cast(OmiState, table.match.state).hand_number >= 2:
            break
    assert cast(OmiState, table.match.state).hand_number >= 2
