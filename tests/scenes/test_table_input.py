"""Playing Omi on the table from synthetic mouse and key events, as a person would."""

from __future__ import annotations

from typing import cast

import pygame
import pytest

from game.omi.actions import NameTrump, PlayCard
from game.omi.state import OmiState
from scenes.app import App
from scenes.omi.table import OmiTable
from scenes.table.sprites import CardSprite
from tests.scenes.conftest import click, keys, omi_table, run_until


@pytest.fixture
def fast(app: App) -> App:
    app.settings.animation = "instant"
    app.settings.bot_pace = "instant"
    return app


def settled_turn(table) -> bool:  # type: ignore[no-untyped-def]
    """The human's turn to play a card, the table settled and offering the legal cards."""
    if table.my_turn() and not table.presenter.busy and table.view.phase == "trump":
        table.app.feed(keys(pygame.K_s))  # name spades whenever asked
        return False
    return table.my_turn() and not table.presenter.busy and bool(table.legal_cards)


def hand_sprite(table: OmiTable, card: str | None) -> CardSprite:
    return next(s for s in table.presenter.zone(f"hand:{table.viewer}") if s.card == card)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
    for i in range(1, steps + 1):
        pos = (
            start[0] + (end[0] - start[0]) * i // steps,
            start[1] + (end[1] - start[1]) * i // steps,
        )
        events.append(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.feed(events)


def test_drag_to_the_middle_plays_the_card(fast: App) -> None:
    table = omi_table(fast, humans=(0,), seed=11)
    run_until(fast, lambda: settled_turn(table))
    card = table.legal_cards[-1]
    sprite = hand_sprite(table, card)
    before = len(table.match.log)
    drag(fast, sprite.rect(table.layer.card_size).center, table.layout.trick_area().center)
    assert len(table.match.log) == before + 1
    assert table.match.log[-1][1] == PlayCard(0, card)
    fast.tick(16)
    assert sprite.zone == "trick:0"


def test_a_refused_drop_says_why_and_flies_back(app: App) -> None:
    app.settings.bot_pace = "instant"
    app.settings.animation = "fast"
    table = omi_table(app, humans=(0,), seed=11)
    # Play the first legal card until a turn comes where some card may not be played.
    for _ in range(40):
        run_until(app, lambda: settled_turn(table), max_frames=20000)
        hand = [s.card for s in table.presenter.zone("hand:0")]
        illegal = [c for c in hand if c not in table.legal_cards]
        if illegal:
            break
        app.feed(keys(pygame.K_RETURN))
    else:
        pytest.fail("never held a card that could not be played")
    sprite = hand_sprite(table, illegal[0])
    home = (sprite.x, sprite.y)
    before = list(table.match.log)
    drag(app, sprite.rect(table.layer.card_size).center, table.layout.trick_area().center)
    assert table.match.log == before
    assert "follow suit" in table.message.text
    assert (sprite.x, sprite.y) != home  # it was dropped in the middle...
    for _ in range(60):
        app.tick(16)
    assert (sprite.x, sprite.y) == pytest.approx(home, abs=0.5)  # ...and flew back home
    assert sprite.zone == "hand:0"


def test_a_drop_outside_the_middle_plays_nothing(fast: App) -> None:
    table = omi_table(fast, humans=(0,), seed=12)
    run_until(fast, lambda: settled_turn(table))
    sprite = hand_sprite(table, table.legal_cards[0])
    before = len(table.match.log)
    start = sprite.rect(table.layer.card_size).center
    drag(fast, start, (start[0] + 30, start[1] - 40))
    assert len(table.match.log) == before


def test_click_plays_a_legal_card(fast: App) -> None:
    table = omi_table(fast, humans=(0,), seed=13)
    run_until(fast, lambda: settled_turn(table))
    card = table.legal_cards[0]
    fast.feed(click(hand_sprite(table, card).rect(table.layer.card_size).center))
    assert table.match.log[-1][1] == PlayCard(0, card)


def test_keyboard_alone_plays_a_whole_hand(fast: App) -> None:
    """Trumps by Left/Right and Enter, then eight cards chosen with Right and played with Enter."""
    table = omi_table(fast, humans=(0,), seed=21)
    played: list[str] = []
    named = False
    while len(played) < 8:
        run_until(
            fast,
            lambda: (
                table.my_turn()
                and not table.presenter.busy
                and (table.choice is not None or bool(table.legal_cards))
            ),
        )
        if table.choice is not None:
            fast.feed(keys(pygame.K_RIGHT, pygame.K_RETURN))
            assert table.match.log[-1][1] == NameTrump(0, "H")  # focus moved from S to H
            named = True
            continue
        wanted = table.legal_cards[1 % len(table.legal_cards)]
        fast.feed(keys(pygame.K_RIGHT, pygame.K_RETURN))
        assert table.match.log[-1][1] == PlayCard(0, wanted)
        played.append(wanted)
    assert len(set(played)) == 8
    # Seat 0 names trumps only when it is the trump-maker; either way the hand was played by keys.
    assert named == (cast(OmiState, table.match.state).history[0]["trump_maker"] == 0)


def test_last_trick_can_be_reviewed(fast: App) -> None:
    table = omi_table(fast, humans=(0,), seed=11)

    def trick_done() -> bool:
        if settled_turn(table):
            fast.feed(keys(pygame.K_RETURN))
        return table.hud.last_trick is not None and not table.presenter.busy

    run_until(fast, trick_done)
    fast.feed(keys(pygame.K_l))
    assert table.show_last
    fast.tick(16)
    drawn = fast.screen.copy()
    fast.feed(keys(pygame.K_l))
    assert not table.show_last
    fast.tick(16)
    assert pygame.image.tobytes(drawn, "RGB") != pygame.image.tobytes(fast.screen, "RGB")


def test_the_middle_lights_up_while_a_legal_card_is_dragged(fast: App) -> None:
    table = omi_table(fast, humans=(0,), seed=11)
    run_until(fast, lambda: settled_turn(table))
    sprite = hand_sprite(table, table.legal_cards[0])
    area = table.layout.trick_area()
    corner = (area.x + 6, area.bottom - 30)  # felt inside the drop area, away from trick cards
    fast.tick(16)
    before = fast.screen.get_at(corner)
    start = sprite.rect(table.layer.card_size).center
    fast.feed(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(
                pygame.MOUSEMOTION, pos=(start[0], start[1] - 60), rel=(0, -60), buttons=(1, 0, 0)
            ),
        ]
    )
    fast.draw()
    lit = fast.screen.get_at(corner)
    assert lit.r > before.r + 20  # gold over green
    fast.feed([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] - 60), button=1)])


def test_a_whole_match_by_keyboard_alone(fast: App) -> None:
    """One person, Enter alone (trumps, cards, summaries): the match reaches the results."""
    from scenes.results import ResultsScene

    table = omi_table(fast, humans=(0,), seed=31)

    def over() -> bool:
        if isinstance(fast.stack.top, ResultsScene):
            return True
        if table.summary_open() or (table.my_turn() and not table.presenter.busy):
            fast.feed(keys(pygame.K_RETURN))
        return False

    run_until(fast, over, max_frames=60000)
    outcome = table.match.state.outcome()
    assert outcome is not None and max(outcome.scores) == 10
    cards_played = [a for _, a in table.match.log if a.seat == 0 and isinstance(a, PlayCard)]
    assert (
        len(cards_played) == 8 * cast(OmiState, table.match.state).hand_number
    )  # every card of every hand


def test_a_whole_match_by_mouse_alone(fast: App) -> None:
    """Clicks alone: a suit to name trumps, a lifted card to play, anywhere to close a summary."""
    from scenes.results import ResultsScene

    table = omi_table(fast, humans=(0,), seed=32)

    def over() -> bool:
        if isinstance(fast.stack.top, ResultsScene):
            return True
        if table.summary_open():
            fast.feed(click((20, 400)))
        elif table.my_turn() and not table.presenter.busy:
            if table.choice is not None:
                fast.feed(click(table.choice.rects[2].center))  # Diamonds
            elif table.legal_cards:
                sprite = hand_sprite(table, table.legal_cards[-1])
                fast.feed(click(sprite.rect(table.layer.card_size).center))
        return False

    run_until(fast, over, max_frames=60000)
    outcome = table.match.state.outcome()
    assert outcome is not None and max(outcome.scores) == 10
